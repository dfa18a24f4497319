/* Kernels and their launch wrappers. */
#include <cuda_runtime.h>
#include <stdlib.h>

#include "scale.h"

__global__ void scale_kernel(float *x, float by, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= by;
}

void scale_gpu(float *x, float by, int n)
{
    scale_kernel<<<(n + 255) / 256, 256>>>(x, by, n);
}

/* A launch with a buffer of the host's: the kernel cannot reach it. */
void scale_host_buffer(int n)
{
    float *x = (float *)malloc(n * sizeof *x);
    scale_kernel<<<(n + 255) / 256, 256>>>(x, 2.0f, n); // devcheck: memspace-mismatch
    free(x);
}
