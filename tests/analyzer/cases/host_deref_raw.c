/*
 * host-deref in raw CUDA: cudaMalloc'd memory read or written by host code.
 * Host memory, malloc'd or pinned, is fine.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

float raw(void)
{
    float *d = NULL, *pinned = NULL, *h = malloc(16 * sizeof *h), v = 0;
    if (!h || cudaMalloc((void **)&d, 16 * sizeof *d) != cudaSuccess)
        return 0;
    d[0] = 1.0f; // devcheck: host-deref
    v = d[3]; // devcheck: host-deref
    h[0] = 2.0f;
    if (cudaMallocHost((void **)&pinned, 16 * sizeof *pinned) == cudaSuccess) {
        pinned[0] = 3.0f;                       /* page-locked host memory */
        cudaFreeHost(pinned);
    }
    cudaFree(d);
    free(h);
    return v;
}
