/*
 * free-mismatch: memory released by a function of another allocator's:
 * free or cudaFree of pinned memory, cudaFreeHost of cudaMalloc's or
 * malloc's, cuMemFreeHost of device memory; across functions (a helper
 * that returns it, or one that releases its parameter) and through struct
 * fields (an init function that allocates, a destroy function that
 * releases).  Managed memory is cudaFree's; a release of the other space
 * (cudaFree of malloc's) stays memspace-mismatch.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef unsigned long long CUdeviceptr;
typedef int CUresult;
CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytes);
CUresult cuMemFreeHost(void *p);
#define cuMemAlloc cuMemAlloc_v2

void release_each(size_t n)
{
    float *pinned = NULL, *dev = NULL, *managed = NULL, *heap = malloc(n);
    CUdeviceptr raw = 0;
    cudaMallocHost((void **)&pinned, n);
    cudaMalloc((void **)&dev, n);
    cudaMallocManaged((void **)&managed, n, cudaMemAttachGlobal);
    cuMemAlloc(&raw, n);
    free(pinned); // devcheck: free-mismatch // devcheck-message: 'pinned' was allocated with cudaMallocHost: free does not release it // devcheck-note: 'pinned' allocated as pinned host memory here // devcheck-fix: release it with cudaFreeHost
    cudaFree(pinned); // devcheck: free-mismatch
    cudaFreeHost(dev); // devcheck: free-mismatch // devcheck-fix: release it with cudaFree
    cudaFreeHost(heap); // devcheck: free-mismatch // devcheck-fix: release it with free
    cuMemFreeHost((void *)raw); // devcheck: free-mismatch // devcheck-message: 'raw' was allocated with cuMemAlloc
    cudaFree(heap); // devcheck: memspace-mismatch // devcheck-fix: release it with free
    cudaFreeHost(pinned);
    cudaFree(dev);
    cudaFree(managed);
    cudaFree((void *)raw);
    free(heap);
}

/* Across functions: the helper's result is its allocator's. */
static float *pinned_buffer(size_t n)
{
    float *p = NULL;
    cudaMallocHost((void **)&p, n);
    return p;
}

void release_helper(size_t n)
{
    float *p = pinned_buffer(n);
    free(p); // devcheck: free-mismatch // devcheck-note: 'p' allocated as pinned host memory here
    float *q = pinned_buffer(n);
    cudaFreeHost(q);
}

/* A helper that releases its parameter: each call is checked. */
static void release_device(float *p)
{
    cudaFree(p);
}

static void release_twice_removed(float *p)
{
    release_device(p);
}

void release_through(size_t n)
{
    float *pinned = pinned_buffer(n), *dev = NULL, *heap = malloc(n);
    cudaMalloc((void **)&dev, n);
    release_device(pinned); // devcheck: free-mismatch // devcheck-message: 'pinned' was allocated with cudaMallocHost: cudaFree does not release it // devcheck-note: released here, through release_device
    release_twice_removed(pinned); // devcheck: free-mismatch
    release_device(heap); // devcheck: memspace-mismatch // devcheck-fix: release it with free
    release_device(dev);
    cudaFreeHost(pinned);
    free(heap);
}

/* Through fields: allocated in one function, released in another. */
typedef struct {
    float *staging;                     /* pinned, for fast copies */
    float *weights;                     /* on the GPU */
} layer;

void layer_init(layer *l, size_t n)
{
    cudaMallocHost((void **)&l->staging, n);
    cudaMalloc((void **)&l->weights, n);
}

void layer_free(layer *l)
{
    free(l->staging); // devcheck: free-mismatch // devcheck-note: 'l->staging' allocated as pinned host memory here
    cudaFreeHost(l->weights); // devcheck: free-mismatch
}

void layer_free_right(layer *l)
{
    cudaFreeHost(l->staging);
    cudaFree(l->weights);
}

/* The driver API's other allocators, by the _v2 names cuda.h maps them to
   (gpu-burn's mistake: cuMemAllocHost's memory given to free). */
CUresult cuMemAllocHost_v2(void **pp, size_t bytes);
CUresult cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pitch, size_t width, size_t height,
                            unsigned elem);
CUresult cuMemHostAlloc(void **pp, size_t bytes, unsigned flags);
CUresult cuMemFree_v2(CUdeviceptr dptr);
#define cuMemAllocHost cuMemAllocHost_v2
#define cuMemAllocPitch cuMemAllocPitch_v2
#define cuMemFree cuMemFree_v2

void driver_allocators(size_t n)
{
    void *faulty = NULL, *mapped = NULL;
    CUdeviceptr rows = 0;
    size_t pitch = 0;
    cuMemAllocHost(&faulty, n);
    cuMemHostAlloc(&mapped, n, 0);
    cuMemAllocPitch(&rows, &pitch, n, 4, 4);
    free(faulty); // devcheck: free-mismatch // devcheck-fix: release it with cuMemFreeHost
    cuMemFree((CUdeviceptr)mapped); // devcheck: free-mismatch
    cuMemFreeHost((void *)rows); // devcheck: free-mismatch
}

/* Managed memory in its own words (common/memkind.c), not pinned memory's. */
void release_managed(size_t n)
{
    float *managed = NULL;
    cudaMallocManaged((void **)&managed, n, cudaMemAttachGlobal);
    free(managed); // devcheck: free-mismatch // devcheck-note: 'managed' allocated as managed memory here // devcheck-fix: release it with cudaFree
}
