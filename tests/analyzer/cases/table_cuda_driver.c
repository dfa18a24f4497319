/*
 * The driver API's whole table (cuda.h): a CUdeviceptr is no pointer, so
 * what its functions take through pointers is the host's: what they write
 * for their caller (a handle, a count, a size) and what they read there (a
 * module's image, a launch's kernelParams) are host memory; user data and
 * handles are either (unchecked).  Declarations as cuda.h writes them (the
 * names its macros give: cuMemGetInfo is cuMemGetInfo_v2), through a table
 * of pointers too.
 */
#include <stdlib.h>

typedef unsigned long long CUdeviceptr;
typedef int CUresult;
typedef struct CUstream_st *CUstream;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef void (*CUstreamCallback)(CUstream hStream, CUresult status, void *userData);

CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize);
CUresult cuDeviceGetCount(int *count);
CUresult cuMemGetInfo_v2(size_t *free, size_t *total);
CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags);
CUresult cuModuleLoadData(CUmodule *module, const void *image);
CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                        unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                        unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
                        void **kernelParams, void **extra);
CUresult cuStreamAddCallback(CUstream hStream, CUstreamCallback callback, void *userData,
                             unsigned int flags);

typedef struct {
    CUresult (*cuDeviceGetCount)(int *);
} cuda_table;

static void done(CUstream s, CUresult status, void *data)
{
    (void)s, (void)status, (void)data;
}

void host_side(const void *image, CUfunction f, size_t n)
{
    CUdeviceptr d = 0;
    int count = 0;
    size_t free_bytes = 0, total = 0;
    CUstream s;
    CUmodule module;
    void *params[] = { &d };
    cuMemAlloc_v2(&d, n);
    cuDeviceGetCount(&count);
    cuDeviceGetCount((int *)d); // devcheck: memspace-mismatch // devcheck-message: needs host memory
    cuMemGetInfo_v2(&free_bytes, &total);
    cuMemGetInfo_v2((size_t *)d, &total); // devcheck: memspace-mismatch
    cuStreamCreate(&s, 0);
    cuStreamCreate((CUstream *)d, 0); // devcheck: memspace-mismatch
    cuModuleLoadData(&module, image);
    cuModuleLoadData(&module, (const void *)d); // devcheck: memspace-mismatch
    cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, s, params, NULL);
    cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, s, (void **)d, NULL); // devcheck: memspace-mismatch
}

/* user data is the program's, anywhere */
void either(CUstream s, size_t n)
{
    CUdeviceptr d = 0;
    float *h = malloc(n);
    cuMemAlloc_v2(&d, n);
    cuStreamAddCallback(s, done, h, 0);
    cuStreamAddCallback(s, done, (void *)d, 0);
    free(h);
}

void through_a_table(cuda_table *cuda, size_t n)
{
    CUdeviceptr d = 0;
    int count = 0;
    cuMemAlloc_v2(&d, n);
    cuda->cuDeviceGetCount(&count);
    cuda->cuDeviceGetCount((int *)d); // devcheck: memspace-mismatch
}
