/*
 * memspace-mismatch at <<<>>> launches: every pointer argument of a
 * __global__ function must be device (or managed) memory.  A wrapper that
 * launches with its parameter is checked at each of its calls, and so is
 * one inside extern "C" { }.  scale's `x[i] *= by` reads what it is
 * given: fresh cudaMalloc memory is uninitialized-read.
 */
#include <cuda_runtime.h>
#include <stdlib.h>

/* A project's own cuda.h, beside this file: it must not shadow the toolkit's. */
#define OWN_CUDA_H_ALLOWED
#include "cuda.h"

__global__ void scale(float *x, float by, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= by;     /* device code: never read as the host's */
}

void scale_gpu(float *x, int n)
{
    scale<<<(n + 255) / 256, 256>>>(x, 2.0f, n);
}

extern "C" {
void scale_twice_gpu(float *x, int n)
{
    scale_gpu(x, n);
    scale_gpu(x, n);
}
}

void launches(int n)
{
    float *host = (float *)malloc(n * sizeof *host), stack_buf[64];
    float *dev = NULL;
    cudaMalloc((void **)&dev, n * sizeof *dev);

    scale<<<1, 64>>>(host, 2.0f, n); // devcheck: memspace-mismatch
    scale<<<1, 64>>>(stack_buf, 2.0f, 64); // devcheck: memspace-mismatch
    scale<<<1, 64>>>(dev, 2.0f, n); // devcheck: uninitialized-read
#ifdef cudaMemAttachGlobal  /* the toolkit's: the emulated device has no managed memory */
    float *managed = NULL;
    cudaMallocManaged((void **)&managed, n * sizeof *managed, cudaMemAttachGlobal);
    scale<<<1, 64>>>(managed, 2.0f, n);
    cudaFree(managed);
#endif
    scale_gpu(host, n); // devcheck: memspace-mismatch
    scale_gpu(dev, n);
    scale_twice_gpu(host, n); // devcheck: memspace-mismatch
    scale_twice_gpu(dev, n);

    cudaFree(dev);
    free(host);
}
