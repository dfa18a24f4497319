/*
 * A flag in a field of a struct parameter (darknet's `network_state`,
 * whose `train` a layer tests with `if (!state.train || l.onlyforward)
 * return;` before its host code): a caller that sets the field, by
 * assignment or in the struct's initializer, gets the summary for that
 * value, by value or through a pointer, in a nested struct, passed on
 * through a caller or a function pointer.  Where the field says the host
 * code runs (or may: set the other way, on one path only, changed after,
 * handed to a function that may change it), the device memory it reads
 * is reported at the call.
 */
#include <cuda_runtime_api.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

typedef struct {
    float *input;
    int train;
} state_t;

typedef struct {
    int train;
    bool verbose;
} opts_t;

typedef struct {
    float *input;
    opts_t opts;
} ctx_t;

typedef struct {
    float *input;
    bool on_host;
} job_t;

typedef struct {
    void (*forward)(state_t, float *);
} layer_t;

/* Stores of memory of no known space: the fields say nothing
   program-wide, each call's argument does. */
void point(state_t *s, ctx_t *c, job_t *j, float *p)
{
    s->input = p;
    c->input = p;
    j->input = p;
}

/* darknet's shape: the flag tested in an `||`, by value. */
void layer_forward(state_t s, float *out)
{
    if (!s.train || out == NULL)
        return;
    s.input[0] = out[0];
}

/* Through a pointer, tested against 0. */
void step(state_t *s)
{
    if (s->train != 0)
        s->input[0] = 1.0f;
}

/* A nested field. */
void run(ctx_t *c)
{
    if (c->opts.train == 0)
        return;
    c->input[0] = 1.0f;
}

/* A bool field, tested alone. */
void work(job_t j)
{
    if (j.on_host)
        j.input[0] = 1.0f;
}

/* Passed on: the caller's own flag is the callee's. */
void net_forward(state_t s)
{
    layer_forward(s, s.input);
}

/* Set again before the test: the callee's own value, not the caller's. */
void always(state_t s)
{
    s.train = 1;
    if (!s.train)
        return;
    s.input[0] = 1.0f;
}

void reset(state_t *s);                 /* no body: it may set the flag */

/* Functions of the program that set the flag: to a constant, or not. */
void evaluate(state_t *s)
{
    s->train = 0;
}

void set_train(state_t *s, int train)
{
    s->train = train;
}

/* An integer parameter flag, given a member set to a constant. */
float *alloc_on(size_t n, int on_device)
{
    float *p = NULL;
    if (!on_device)
        return malloc(n * sizeof *p);
    cudaMalloc((void **)&p, n * sizeof *p);
    return p;
}

void assigned(float *h, int chosen)
{
    float *d;
    cudaMalloc((void **)&d, 64);
    state_t s;
    s.input = d;
    s.train = 0;
    layer_forward(s, h);
    step(&s);
    net_forward(s);
    state_t copy = s;
    layer_forward(copy, h);
    s.train = 1;
    layer_forward(s, h); // devcheck: host-deref
    step(&s); // devcheck: host-deref
    net_forward(s); // devcheck: host-deref
    s.train = 0;
    if (chosen)
        s.train = 1;
    layer_forward(s, h); // devcheck: host-deref
    state_t once;
    once.input = d;
    if (chosen)
        once.train = 0;
    layer_forward(once, h); // devcheck: host-deref
    s.train = 0;
    s.train++;
    layer_forward(s, h); // devcheck: host-deref
    s.train = 0;
    reset(&s);
    layer_forward(s, h); // devcheck: host-deref
    s.train = 0;
    always(s); // devcheck: host-deref
    s.train = 1;
    evaluate(&s);
    layer_forward(s, h);
    set_train(&s, chosen);
    layer_forward(s, h); // devcheck: host-deref
    cudaFree(d);
}

void member_argument(void)
{
    opts_t o = { 0, false };
    float *h = alloc_on(16, o.train);
    h[0] = 1.0f;
    o.train = 1;
    float *g = alloc_on(16, o.train);
    g[0] = 1.0f; // devcheck: host-deref
    free(h);
    cudaFree(g);
}

/* The flag set in the initializer (the pointer after it: an
   initializer's pointers are not read). */
void initialized(float *h, int chosen)
{
    float *d;
    cudaMalloc((void **)&d, 64);
    state_t a = { NULL, 0 };
    a.input = d;
    layer_forward(a, h);
    state_t b = { .input = NULL };
    b.input = d;
    layer_forward(b, h);
    state_t c = { .train = 0 };
    c.input = d;
    step(&c);
    state_t on = { NULL, 1 };
    on.input = d;
    layer_forward(on, h); // devcheck: host-deref
    state_t unknown = { .train = chosen };
    unknown.input = d;
    layer_forward(unknown, h); // devcheck: host-deref
    ctx_t quiet = { NULL, { 0, true } };
    quiet.input = d;
    run(&quiet);
    ctx_t zeroed = { 0 };
    zeroed.input = d;
    run(&zeroed);
    ctx_t loud = { .opts = { .train = 1 } };
    loud.input = d;
    run(&loud); // devcheck: host-deref
    ctx_t set;
    set.input = d;
    set.opts.train = 0;
    run(&set);
    set.opts.train = 2;
    run(&set); // devcheck: host-deref
    job_t gpu = { NULL, false };
    gpu.input = d;
    work(gpu);
    job_t host = { NULL, true };
    host.input = d;
    work(host); // devcheck: host-deref
    cudaFree(d);
}

void through_pointer(float *h)
{
    float *d;
    cudaMalloc((void **)&d, 64);
    layer_t l;
    l.forward = layer_forward;
    state_t s = { NULL, 0 };
    s.input = d;
    l.forward(s, h);
    s.train = 1;
    l.forward(s, h); // devcheck: host-deref
    cudaFree(d);
}
