/*
 * memcpy-direction through a struct a helper returns by value, holding a
 * copy's pointers and its kind: assigned to a variable declared earlier
 * or to a member, and with the kind the call gave the helper, which it
 * stores into the struct (a designated initializer, or a member set), or
 * the struct of another helper it returns.  The copy is made where the
 * struct is used, in the caller or in a helper given its address.  The
 * fixed calls are quiet.
 */
#include <cuda_runtime_api.h>
#include <stddef.h>

#define N 64

static float *device_floats(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMemset(d, 0, N * sizeof *d);
    return d;
}

struct transfer {
    void *dst;
    const void *src;
    size_t bytes;
    enum cudaMemcpyKind kind;
};

struct job {
    int id;
    struct transfer t;
};

static struct transfer make_up(void *dst, const void *src, size_t bytes)
{
    struct transfer t = { dst, src, bytes, cudaMemcpyHostToDevice };
    return t;
}

static struct transfer make_as(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind)
{
    struct transfer t = { .kind = kind, .dst = dst, .src = src, .bytes = bytes };
    return t;
}

/* The struct another helper returned, with a kind of its own choosing. */
static struct transfer make_down(void *dst, const void *src, size_t bytes)
{
    return make_as(dst, src, bytes, cudaMemcpyDeviceToHost);
}

static void run_transfer(const struct transfer *t)
{
    cudaMemcpy(t->dst, t->src, t->bytes, t->kind);
}

void assigned(struct job *p)
{
    float host[N] = { 0 }, *dev = device_floats();
    struct transfer t;
    t = make_up(host, dev, sizeof host);
    cudaMemcpy(t.dst, t.src, t.bytes, t.kind); // devcheck: memcpy-direction
    t = make_up(dev, host, sizeof host);
    cudaMemcpy(t.dst, t.src, t.bytes, t.kind);
    p->t = make_up(host, dev, sizeof host);
    run_transfer(&p->t); // devcheck: memcpy-direction
    p->t = make_up(dev, host, sizeof host);
    run_transfer(&p->t);
}

void kind_given(int k)
{
    float host[N] = { 0 }, *dev = device_floats();
    struct job j;
    j.t = make_as(host, dev, sizeof host, cudaMemcpyHostToDevice);
    run_transfer(&j.t); // devcheck: memcpy-direction
    struct transfer down = make_as(dev, host, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(down.dst, down.src, down.bytes, down.kind); // devcheck: memcpy-direction
    j.t = make_as(dev, host, sizeof host, cudaMemcpyHostToDevice);
    run_transfer(&j.t);
    struct transfer fixed = make_as(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(fixed.dst, fixed.src, fixed.bytes, fixed.kind);
    struct transfer back = make_down(dev, host, sizeof host);
    run_transfer(&back); // devcheck: memcpy-direction
    back = make_down(host, dev, sizeof host);
    run_transfer(&back);
    struct transfer unknown = make_as(host, dev, sizeof host, (enum cudaMemcpyKind)k);
    run_transfer(&unknown);     /* a kind not known: quiet */
}
