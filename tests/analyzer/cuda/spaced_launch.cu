/*
 * Launches spaced as Visual Studio's formatter spaces them, which nvcc
 * reads and clang does not: `k << <grid, block >> > (args)`, in the file
 * and in a header it includes.  devcheck reads them as launches (every line
 * and column where it was), finds a host pointer passed to one, directly
 * and through the header's wrapper, and leaves a comment's and a string's
 * `<< <` alone.  scale's `x[i] *= by` reads the fresh `d` it is first
 * given (uninitialized-read).
 */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "spaced_launch.cuh"

__global__ void scale(float *x, float by, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= by;
}

/* not a launch: `a << <b` */
int run(int n)
{
    float *d = NULL, *h = (float *)malloc(n * sizeof *h);
    cudaMalloc((void **)&d, n * sizeof *d);
    scale << <(n + 255) / 256, 256 >> > (d, 2.0f, n); // devcheck: uninitialized-read
    scale << <1, 64 >> > (h, 2.0f, n); // devcheck: memspace-mismatch
    fill_gpu(d, n);
    fill_gpu(h, n); // devcheck: memspace-mismatch
    scale<<<1, 64 >> >(d, 0.5f, n);
    int said = printf("a << <b >> > c\n");
    cudaFree(d);
    free(h);
    return said;
}
