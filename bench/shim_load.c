/*
 * Load for the shim's benchmark (bench/shim.sh): a launch-heavy devtensor
 * program, or a stream of raw CUDA calls, timed from inside.
 *
 *   bench_shim_load ops N     N one-element adds on cuda:0: each is an
 *                             allocation, a launch and a free
 *   bench_shim_load mlp N     N forward passes of a small model (two linear
 *                             layers and a relu, batch 16) on cuda:0
 *   bench_shim_load loop N    N steps of a launch-heavy loop: a small
 *                             model's forward pass, a softmax and a sum, on
 *                             small tensors on cuda:0
 *   bench_shim_load calls N   N cudaMemset calls of 4 bytes, the cheapest
 *                             call there is, so the shim's own cost shows
 *   bench_shim_load pageable N  N host-to-device copies of 4 bytes from
 *                             pageable memory: each a finding's event for
 *                             the shim (pageable_transfer), with its chain
 *   bench_shim_load static N  N 4-byte memsets as a static cudart makes
 *                             them: from a function of the program's own,
 *                             without a frame pointer, to the driver past
 *                             the shim's names, so that the shim sees each
 *                             through CUPTI's callback alone and finds its
 *                             site past frames it cannot walk
 *
 * Prints the seconds the loop took; what happens at exit (the shim writing
 * its report) is outside it, and bench/shim.sh times the whole process too.
 */
#include <devtensor.h>

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int ops(long n)
{
    dt_tensor *x = dt_ones_on(DT_SHAPE(1), dt_cuda(0));
    if (!x) {
        fprintf(stderr, "%s\n", dt_last_error());
        return 1;
    }
    double t0 = now();
    for (long i = 0; i < n; i++)
        dt_release(dt_add(x, x));
    printf("%.6f\n", now() - t0);
    dt_release(x);
    return 0;
}

/* Steps of a two-layer model (IN -> HIDDEN -> OUT, a relu between, a batch
   of BATCH) on cuda:0, N times, timed; with_head adds a softmax and a sum. */
static int model_steps(long n, int64_t in, int64_t hidden, int64_t out, int64_t batch,
                       bool with_head)
{
    dt_module *model = dt_sequential(dt_linear(in, hidden), dt_relu_layer(),
                                     dt_linear(hidden, out), NULL);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x = dt_randn_on(DT_SHAPE(batch, in), dt_cuda(0));
    if (!model || !x) {
        fprintf(stderr, "%s\n", dt_last_error());
        return 1;
    }
    double t0 = now();
    for (long i = 0; i < n; i++) {
        dt_tensor *y = dt_forward(model, x);
        if (with_head) {
            dt_tensor *p = dt_softmax(y, 1), *s = dt_sum(p);
            dt_release(s);
            dt_release(p);
        }
        dt_release(y);
    }
    printf("%.6f\n", now() - t0);
    dt_release(x);
    dt_module_release(model);
    return 0;
}

/* A small model's forward pass: the ops a training loop makes, at sizes
   where the launches still dominate. */
static int mlp(long n)
{
    return model_steps(n, 32, 64, 10, 16, false);
}

/* The loop the shim's cost target is set on: a forward pass, a softmax
   and a sum on small tensors, each step some thirty intercepted calls. */
static int loop(long n)
{
    return model_steps(n, 8, 16, 4, 4, true);
}

static int calls(long n)
{
    void *p;
    if (cudaMalloc(&p, 4) != cudaSuccess)
        return 1;
    double t0 = now();
    for (long i = 0; i < n; i++)
        cudaMemset(p, 0, 4);
    printf("%.6f\n", now() - t0);
    cudaFree(p);
    return 0;
}

static int pageable(long n)
{
    static char host[4];
    void *p;
    if (cudaMalloc(&p, sizeof host) != cudaSuccess)
        return 1;
    double t0 = now();
    for (long i = 0; i < n; i++)
        cudaMemcpy(p, host, sizeof host, cudaMemcpyHostToDevice);
    printf("%.6f\n", now() - t0);
    cudaFree(p);
    return 0;
}

/* cudart_stand_in.c, built without a frame pointer */
typedef CUresult (*memset_fn)(CUdeviceptr p, unsigned int value, size_t n);
CUresult cudaStandInMemset(memset_fn f, CUdeviceptr p);

static int static_calls(long n)
{
    void *p, *driver = dlopen(DRIVER_LIBRARY, RTLD_NOW | RTLD_NOLOAD);
    memset_fn f = driver ? (memset_fn)dlsym(driver, "cuMemsetD32_v2") : NULL;
    if (!f || cudaMalloc(&p, 4) != cudaSuccess)
        return 1;
    double t0 = now();
    for (long i = 0; i < n; i++)
        cudaStandInMemset(f, (CUdeviceptr)p);
    printf("%.6f\n", now() - t0);
    cudaFree(p);
    return 0;
}

int main(int argc, char **argv)
{
    long n = argc > 2 ? atol(argv[2]) : 0;
    static const struct { const char *name; int (*run)(long n); } loads[] = {
        { "ops", ops }, { "mlp", mlp }, { "loop", loop }, { "calls", calls },
        { "pageable", pageable }, { "static", static_calls },
    };
    for (size_t i = 0; argc == 3 && n > 0 && i < sizeof loads / sizeof *loads; i++)
        if (strcmp(argv[1], loads[i].name) == 0)
            return loads[i].run(n);
    fprintf(stderr, "usage: %s ops|mlp|loop|calls|pageable|static N\n", argv[0]);
    return 2;
}
