/*
 * A .cu file with one driver call of the wrong arity (a signature that
 * changed between CUDA versions): the call is listed, unread, after the
 * findings, its function walked around it (p, its address taken, unknown
 * after it); the file's launch on host memory found.  Exit 2: not whole.
 */
// devcheck-exit: 2
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdlib.h>

__global__ void scale(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= 2.0f;
}

void scale_on_host(int n)
{
    float *h = (float *)malloc(n * sizeof *h);
    scale<<<(n + 255) / 256, 256>>>(h, n); // devcheck: memspace-mismatch
    free(h);
}

CUdeviceptr allocate(size_t bytes)
{
    CUdeviceptr p;
    cuMemAlloc(&p); // devcheck-error: no matching function // devcheck-unread: 'allocate' read but for the statement at line 29
    return p;
}
