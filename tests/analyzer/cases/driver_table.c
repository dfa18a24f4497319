/*
 * The CUDA driver API through pointers, as programs that load libcuda
 * themselves call it: a table of pointers filled by dlsym, each field named
 * as its function (hashcat's `cuda->cuMemAlloc`), and a pointer that
 * cuGetProcAddress filled, typed as cudaTypedefs.h types it.  The calls do
 * what the functions do, in wrappers too.  A pointer named as the C library's functions (an
 * allocator's `ops->free`) is anybody's, and says nothing.
 */
#include <stdlib.h>

typedef unsigned long long CUdeviceptr;
typedef int CUresult;
typedef CUresult (*CUDA_CUMEMALLOC)(CUdeviceptr *, size_t);
typedef CUresult (*CUDA_CUMEMCPYHTOD)(CUdeviceptr, const void *, size_t);
typedef CUresult (*CUDA_CUMEMCPYDTOH)(void *, CUdeviceptr, size_t);
typedef CUresult (*PFN_cuMemcpyHtoD_v3020)(CUdeviceptr, const void *, size_t);
typedef CUresult (*PFN_cuMemAlloc_v3020)(CUdeviceptr *, size_t);
CUresult cuGetProcAddress(const char *symbol, void **pfn, int version, unsigned long long flags);

typedef struct {
    CUDA_CUMEMALLOC cuMemAlloc;
    CUDA_CUMEMCPYHTOD cuMemcpyHtoD;
    CUDA_CUMEMCPYDTOH cuMemcpyDtoH;
} cuda_table;

typedef struct {
    void *(*malloc)(size_t);
    void (*free)(void *);
} allocator;

void through_a_table(cuda_table *cuda, size_t n)
{
    float *h = malloc(n);
    CUdeviceptr d = 0, d2 = 0;
    cuda->cuMemAlloc(&d, n);
    cuda->cuMemAlloc(&d2, n);
    cuda->cuMemcpyHtoD(d, h, n);
    cuda->cuMemcpyDtoH(h, d, n);
    cuda->cuMemcpyHtoD(d, (void *)d2, n); // devcheck: memspace-mismatch
    ((float *)d2)[0] = 1; // devcheck: host-deref
    free(h);
}

void through_proc_address(size_t n)
{
    PFN_cuMemAlloc_v3020 alloc = NULL;
    PFN_cuMemcpyHtoD_v3020 upload = NULL;
    cuGetProcAddress("cuMemAlloc", (void **)&alloc, 12000, 0);
    cuGetProcAddress("cuMemcpyHtoD", (void **)&upload, 12000, 0);
    float *h = malloc(n);
    CUdeviceptr d = 0, d2 = 0;
    alloc(&d, n);
    alloc(&d2, n);
    upload(d, h, n);
    upload(d, (void *)d2, n); // devcheck: memspace-mismatch
    free(h);
}

/* A device allocator's own ops: its free takes device memory, rightly. */
void through_an_allocator(allocator *ops, cuda_table *cuda, size_t n)
{
    CUdeviceptr d = 0;
    cuda->cuMemAlloc(&d, n);
    ops->free((void *)d);
    float *h = ops->malloc(n);
    ((float *)d)[0] = h[0]; // devcheck: host-deref
}

/* hashcat's shape: a wrapper that allocates through the table into its
   caller's CUdeviceptr (a pointer to the integer is an out-parameter, as a
   pointer to a pointer is), kept in a struct's field. */
typedef struct {
    CUdeviceptr pws;
} device_param;

static int hc_alloc(cuda_table *cuda, CUdeviceptr *dptr, size_t n)
{
    return cuda->cuMemAlloc(dptr, n) == 0 ? 0 : -1;
}

int through_a_wrapper(cuda_table *cuda, device_param *p, size_t n)
{
    if (hc_alloc(cuda, &p->pws, n) == -1)
        return -1;
    ((unsigned *)p->pws)[0] = 0; // devcheck: host-deref
    return 0;
}
