/*
 * clang checks kernels' bodies in its host-side parse, and some of what
 * nvcc takes there it refuses: a __shared__ object with a constructor
 * (SGEMM_CUDA's cuda::barrier).  devcheck never reads device code, so the
 * error is said as a note and the host side is analyzed.
 */
#include <cuda_runtime.h>
#include <stdlib.h>

struct counter {
    __device__ counter() : n(0) {}
    int n;
};

__global__ void scale(float *p, int n)
{
    __shared__ counter seen;
    if (threadIdx.x < n)
        p[threadIdx.x] *= 2.0f + seen.n;
}

void run(int n)
{
    float *host = (float *)malloc(n * sizeof *host), *dev = NULL;
    cudaMalloc((void **)&dev, n * sizeof *dev);
    scale<<<1, n>>>(dev, n);
    scale<<<1, n>>>(host, n); // devcheck: memspace-mismatch
    cudaFree(dev);
    free(host);
}
