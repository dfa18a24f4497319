/*
 * Load for the shim's benchmark (bench/shim.sh): a launch-heavy devtensor
 * program, or a stream of raw CUDA calls, timed from inside.
 *
 *   bench_shim_load ops N     N one-element adds on cuda:0: each is an
 *                             allocation, a launch and a free
 *   bench_shim_load calls N   N cudaMemset calls of 4 bytes, the cheapest
 *                             call there is, so the shim's own cost shows
 *
 * Prints the seconds the loop took; what happens at exit (the shim writing
 * its report) is outside it, and bench/shim.sh times the whole process too.
 */
#include <devtensor.h>

#include <cuda_runtime_api.h>
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

int main(int argc, char **argv)
{
    long n = argc > 2 ? atol(argv[2]) : 0;
    if (argc != 3 || n <= 0 || (strcmp(argv[1], "ops") && strcmp(argv[1], "calls"))) {
        fprintf(stderr, "usage: %s ops|calls N\n", argv[0]);
        return 2;
    }
    return strcmp(argv[1], "ops") == 0 ? ops(n) : calls(n);
}
