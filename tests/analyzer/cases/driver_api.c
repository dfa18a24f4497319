/*
 * The CUDA driver API, declared here as cuda.h does (the emulated device
 * has no driver API): a CUdeviceptr is device memory held as an integer;
 * cuMemcpyHtoD and cuMemcpyDtoH take device and host sides by position,
 * under their names and their _v2 names.  And cudaMemcpy2D's kind.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef unsigned long long CUdeviceptr;
typedef int CUresult;
CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytes);
CUresult cuMemFree_v2(CUdeviceptr dptr);
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes);
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes);
#define cuMemAlloc cuMemAlloc_v2
#define cuMemFree cuMemFree_v2
#define cuMemcpyHtoD cuMemcpyHtoD_v2
#define cuMemcpyDtoH cuMemcpyDtoH_v2

void driver(size_t n)
{
    float *h = malloc(n * sizeof *h);
    CUdeviceptr d = 0, d2 = 0;
    cuMemAlloc(&d, n * sizeof *h);
    cuMemAlloc(&d2, n * sizeof *h);
    cuMemcpyHtoD(d, h, n * sizeof *h);
    cuMemcpyDtoH(h, d, n * sizeof *h);
    cuMemcpyHtoD(d, (void *)d2, n * sizeof *h); // devcheck: memspace-mismatch // devcheck-message: 'd2' is device memory, but cuMemcpyHtoD needs host memory
    cuMemcpyDtoH((void *)d2, d, n * sizeof *h); // devcheck: memspace-mismatch
    ((float *)d)[0] = 1; // devcheck: host-deref
    cuMemFree(d2);
    cuMemFree((CUdeviceptr)h); // devcheck: memspace-mismatch
    free(h);
}

/* A helper that takes the integer: its summary says it needs device memory. */
static void clear(CUdeviceptr p, size_t n)
{
    cuMemFree(p);
    (void)n;
}

typedef struct {
    CUdeviceptr weights;                        /* device memory in every assignment */
} model;

static void load(model *m, size_t n)
{
    cuMemAlloc(&m->weights, n);
}

static void load_again(model *m, size_t n)
{
    CUdeviceptr w = 0;
    cuMemAlloc(&w, n);
    m->weights = w;
}

void helpers(size_t n)
{
    float *h = malloc(n);
    clear((CUdeviceptr)h, n); // devcheck: memspace-mismatch
    model m;
    load(&m, n);
    load_again(&m, n);
    cuMemcpyDtoH((void *)m.weights, m.weights, n); // devcheck: memspace-mismatch
    free(h);
}

void two_d(size_t w, size_t rows)
{
    float *h = malloc(w * rows * sizeof *h), *d = NULL;
    cudaMalloc((void **)&d, w * rows * sizeof *h);
    cudaMemcpy2D(d, w, h, w, w, rows, cudaMemcpyHostToDevice);
    cudaMemcpy2D(h, w, d, w, w, rows, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cudaMemcpy2D(h, w, d, w, w, rows, cudaMemcpyDefault);     /* either way: the runtime sees */
    cudaFree(d);
    free(h);
}

/* A module's __device__ variable, whose address cuModuleGetGlobal gives:
   device memory; and a peer copy's two device sides. */
CUresult cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes, void *module, const char *name);
CUresult cuMemcpyPeerAsync(CUdeviceptr dst, void *dst_ctx, CUdeviceptr src, void *src_ctx,
                           size_t bytes, void *stream);
#define cuModuleGetGlobal cuModuleGetGlobal_v2

void module_global(void *module, void *ctx, size_t n)
{
    CUdeviceptr table = 0, d = 0;
    size_t bytes = 0;
    float *h = malloc(n);
    cuMemAlloc(&d, n);
    cuModuleGetGlobal(&table, &bytes, module, "table");
    cuMemcpyDtoH(h, table, bytes);
    ((float *)table)[0] = 1; // devcheck: host-deref
    cuMemcpyPeerAsync(d, ctx, table, ctx, n, NULL);
    cuMemcpyPeerAsync((CUdeviceptr)h, ctx, d, ctx, n, NULL); // devcheck: memspace-mismatch
    free(h);
}
