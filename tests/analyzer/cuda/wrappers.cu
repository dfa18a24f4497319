/*
 * Launch wrappers, as projects keep them beside their kernels: each hands
 * its pointers to a <<<>>> launch, so each needs device memory from its
 * callers (caller.c).
 */
#include <cuda_runtime.h>

#include "wrappers.h"

__global__ void fill_kernel(float *x, float value, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = value;
}

__global__ void copy_kernel(float *to, const float *from, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        to[i] = from[i];
}

static int blocks(int n)
{
    return (n + 255) / 256;
}

void fill_gpu(float *x, float value, int n)
{
    fill_kernel<<<blocks(n), 256>>>(x, value, n);
}

void copy_gpu(float *to, const float *from, int n)
{
    copy_kernel<<<blocks(n), 256>>>(to, from, n);
}
