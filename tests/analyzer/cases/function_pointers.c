/*
 * Calls through function pointers: a call through a struct's field (`.`
 * and `->`), a table of ops made with designated initializers, a global or
 * local pointer variable, or a static array of them, is a call to each
 * function the program stores there, and the argument is checked against
 * what each may-callee needs.  Where two of them need the argument in
 * different spaces (a table of ops per side), which runs decides: quiet.
 * A pointer that anything unknown is stored into, or one no store is seen
 * of, stays quiet.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef struct layer layer;
struct layer {
    float *output;                      /* host */
    float *output_gpu;                  /* device */
    void (*forward)(layer l, float *input);
    void (*forward_gpu)(layer *l, float *input);
};

/* host code: reads its input */
static void forward_sum(layer l, float *input)
{
    l.output[0] = input[0] + input[1];
}

/* copies its input to the device: it must be host memory */
static void forward_sum_gpu(layer *l, float *input)
{
    cudaMemcpy(l->output_gpu, input, 2 * sizeof(float), cudaMemcpyHostToDevice);
}

/* needs nothing of its input */
static void forward_none(layer l, float *input)
{
    (void)input;
    l.output[0] = 0;
}

layer make_sum(void)
{
    layer l;
    l.output = malloc(sizeof(float));
    cudaMalloc((void **)&l.output_gpu, 2 * sizeof(float));
    l.forward = forward_sum;
    return l;
}

void make_sum_at(layer *l)
{
    l->forward_gpu = &forward_sum_gpu;
    l->forward = forward_none;
}

/* `.`: one of the callees reads the input on the host */
void run_dot(layer l)
{
    float *dev;
    cudaMalloc((void **)&dev, 2 * sizeof(float));
    cudaMemset(dev, 0, 2 * sizeof(float));
    l.forward(l, dev); // devcheck: host-deref
    float host[2] = { 0, 0 };
    l.forward(l, host);                 /* the fixed form */
}

/* `->`: the callee copies from the input as host memory */
void run_arrow(layer *l)
{
    float *dev;
    cudaMalloc((void **)&dev, 2 * sizeof(float));
    cudaMemset(dev, 0, 2 * sizeof(float));
    l->forward_gpu(l, dev); // devcheck: memspace-mismatch
    float *host = malloc(2 * sizeof(float));
    host[0] = host[1] = 0;
    l->forward_gpu(l, host);
}

/* A table of ops, with designated initializers. */
struct ops {
    void (*fill)(float *p, int n);
    void (*clear)(float *p, int n);
};

static void host_fill(float *p, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = 1;
}

static void device_clear(float *p, int n)
{
    cudaMemset(p, 0, (size_t)n * sizeof(float));
}

static const struct ops host_ops = { .fill = host_fill, .clear = device_clear };

void run_table(int n)
{
    float *dev;
    cudaMalloc((void **)&dev, (size_t)n * sizeof(float));
    host_ops.clear(dev, n);
    host_ops.fill(dev, n); // devcheck: host-deref
    float *host = malloc((size_t)n * sizeof(float));
    host_ops.fill(host, n);
    host_ops.clear(host, n); // devcheck: memspace-mismatch
}

/* A global function pointer, set in one function, called in another. */
static void (*global_fill)(float *p, int n);

void setup(void)
{
    global_fill = host_fill;
}

void run_global(int n)
{
    float *dev;
    cudaMalloc((void **)&dev, (size_t)n * sizeof(float));
    global_fill(dev, n); // devcheck: host-deref
    float host[4];
    global_fill(host, 4);
}

/* A local one, and a static array of them: a constant index calls its
   element, any other index any element (here they disagree: quiet). */
static void (*const fills[])(float *p, int n) = { host_fill, device_clear };

void run_local(int n)
{
    float *dev;
    cudaMalloc((void **)&dev, (size_t)n * sizeof(float));
    void (*f)(float *, int) = host_fill;
    f(dev, n); // devcheck: host-deref
    fills[0](dev, n); // devcheck: host-deref
    fills[1](dev, n);
    float host[4];
    f(host, 4);
    fills[0](host, 4);
    fills[1](host, 4); // devcheck: memspace-mismatch
    fills[n % 2](dev, n);
}

/* Stores of something unknown: quiet. */
struct hooks {
    void (*fill)(float *p, int n);
};

void set_hook(struct hooks *h, void (*fn)(float *, int))
{
    h->fill = fn;
}

static void (*chosen)(float *p, int n);

void choose(void (*fn)(float *, int))
{
    chosen = fn;
}

void run_unknown(struct hooks *h, int n)
{
    float *dev;
    cudaMalloc((void **)&dev, (size_t)n * sizeof(float));
    h->fill = host_fill;
    h->fill(dev, n);                    /* set_hook stores something unknown */
    chosen = host_fill;
    chosen(dev, n);                     /* so does choose */
    cudaFree(dev);
}

/* One table per side, of one type: b->zero may call either, and they
   need its argument in different spaces: quiet, here and in a helper
   whose parameter it is. */
struct backend {
    void (*zero)(float *p, int n);
};

static void cpu_zero(float *p, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = 0;
}

static void gpu_zero(float *p, int n)
{
    cudaMemset(p, 0, (size_t)n * sizeof(float));
}

static struct backend cpu_backend = { cpu_zero }, gpu_backend = { gpu_zero };

static void zero_with(struct backend *b, float *p, int n)
{
    b->zero(p, n);
}

void run_backend(int n)
{
    float *dev, *host = malloc((size_t)n * sizeof(float));
    cudaMalloc((void **)&dev, (size_t)n * sizeof(float));
    gpu_backend.zero(dev, n);
    cpu_backend.zero(host, n);
    zero_with(&gpu_backend, dev, n);
    zero_with(&cpu_backend, host, n);
}

/* A parameter: what every call of its function passes.  apply's calls
   pass host_fill alone; apply_either's pass functions that disagree;
   run_hook's function is also named as a value (its address taken), so
   who calls it with what is not known. */
static void apply(void (*fn)(float *, int), float *p, int n)
{
    fn(p, n);
}

static void apply_either(void (*fn)(float *, int), float *p, int n)
{
    fn(p, n);
}

static void run_hook(void (*fn)(float *, int), float *p, int n)
{
    fn(p, n);
}

void (*hook_runner)(void (*)(float *, int), float *, int) = run_hook;

void run_param(int n)
{
    float *dev, *host = malloc((size_t)n * sizeof(float));
    cudaMalloc((void **)&dev, (size_t)n * sizeof(float));
    apply(host_fill, dev, n); // devcheck: host-deref
    apply(host_fill, host, n);
    apply_either(host_fill, host, n);
    apply_either(device_clear, dev, n);
    run_hook(host_fill, dev, n);
}

/* A pointer whose address is handed on may be set through it: quiet. */
static void (*loaded)(float *p, int n) = host_fill;

void load(void (**slot)(float *, int));

void run_loaded(int n)
{
    float *dev;
    cudaMalloc((void **)&dev, (size_t)n * sizeof(float));
    load(&loaded);
    loaded(dev, n);
}

/* A function with no body among those a pointer may call: what it may
   store through its arguments is unknown, as at its direct call. */
void lib_alloc(float **p, int n);

static void dev_alloc(float **p, int n)
{
    cudaMalloc((void **)p, (size_t)n * sizeof(float));
}

static void (*const allocs[])(float **p, int n) = { dev_alloc, lib_alloc };

void run_alloc(int n)
{
    float *p;
    cudaMalloc((void **)&p, (size_t)n * sizeof(float));
    allocs[0](&p, n);
    p[0] = 1; // devcheck: host-deref
    allocs[n % 2](&p, n);
    p[0] = 1;
}
