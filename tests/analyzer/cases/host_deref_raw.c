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

/* A struct's member reaches the struct's memory: through ->, through an
   element, through *; its address alone does not. */
typedef struct {
    int first, count;
} node;

int members(void)
{
    node *d = NULL, *h = malloc(4 * sizeof *h);
    if (!h || cudaMalloc((void **)&d, 4 * sizeof *d) != cudaSuccess)
        return 0;
    int a = d->count; // devcheck: host-deref
    int b = d[1].count; // devcheck: host-deref
    int c = (*d).first; // devcheck: host-deref
    d[2].first = 1; // devcheck: host-deref
    d->count = 2; // devcheck: host-deref
    cudaMemcpy(&d->count, &h->count, sizeof h->count, cudaMemcpyHostToDevice);
    h->count = h[1].first + a + b + c;
    cudaFree(d);
    free(h);
    return 0;
}
