/*
 * libcudasim's driver API (runtime/sim/driver.c): cuInit first, a current
 * primary context for memory, cuMemAlloc and the copies and fills over the
 * runtime's memory, cuLaunchKernel of a registered kernel, the device's
 * name, memory and attributes, cuGetProcAddress,
 * and errors that leave the runtime's last error alone.  The tests run in
 * order: the first is before cuInit.  The ctest sets DT_SIM_DEVICES=2.
 */
#include <cuda.h>
#include <cuda_runtime_api.h>
#include "cudasim.h"

#include "test.h"

#include <stdint.h>
#include <stdlib.h>

#define CHECK_CU(call, want) CHECK((call) == (want))
#define CHECK_CU_OK(call) CHECK_CU(call, CUDA_SUCCESS)

/* add_one(unsigned *x, size_t n): x[i] += 1 for the thread's i. */
static char k_add_one;
static void add_one_run(void **args)
{
    unsigned *x = *(unsigned **)args[0];
    size_t n = *(size_t *)args[1];
    size_t i = (size_t)cudasim_builtins.block_idx.x * cudasim_builtins.block_dim.x +
               cudasim_builtins.thread_idx.x;
    if (i < n)
        x[i] += 1;
}
static const cudasim_param add_one_params[] = { { sizeof(void *), true },
                                                { sizeof(size_t), false } };

static CUcontext use_device(int d)
{
    CUcontext ctx = NULL;
    CHECK_CU_OK(cuDevicePrimaryCtxRetain(&ctx, d));
    CHECK_CU_OK(cuCtxSetCurrent(ctx));
    return ctx;
}

static void test_nothing_before_cuInit(void)
{
    CUdeviceptr p = 0;
    int n = -1;
    CHECK_CU(cuMemAlloc(&p, 64), CUDA_ERROR_NOT_INITIALIZED);
    CHECK_CU(cuDeviceGetCount(&n), CUDA_ERROR_NOT_INITIALIZED);
    CHECK_CU(cuDeviceGetAttribute(&n, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0),
             CUDA_ERROR_NOT_INITIALIZED);
    CHECK_CU(cuInit(1), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU_OK(cuInit(0));
}

static void test_devices_and_contexts(void)
{
    int n = 0;
    CUdevice d = -1;
    CUcontext ctx = (CUcontext)&n, got = NULL;
    CUdeviceptr p = 0;
    CHECK_CU_OK(cuDeviceGetCount(&n));
    CHECK(n == 2);
    CHECK_CU(cuDeviceGet(&d, 2), CUDA_ERROR_INVALID_DEVICE);
    CHECK_CU_OK(cuCtxGetCurrent(&ctx));
    CHECK(ctx == NULL);
    CHECK_CU(cuMemAlloc(&p, 64), CUDA_ERROR_INVALID_CONTEXT);
    ctx = use_device(1);
    CHECK_CU_OK(cuCtxGetCurrent(&got));
    CHECK(got == ctx);
    CHECK_CU_OK(cuCtxGetDevice(&d));
    CHECK(d == 1);
    int rd = -1;
    CHECK(cudaGetDevice(&rd) == cudaSuccess && rd == 1);    /* the context is the device */
    CHECK_CU(cuCtxSetCurrent((CUcontext)&n), CUDA_ERROR_INVALID_CONTEXT);
    CHECK_CU_OK(cuDevicePrimaryCtxRelease(1));
    CHECK_CU(cuDevicePrimaryCtxRelease(1), CUDA_ERROR_INVALID_CONTEXT);
    use_device(0);
}

/* The current device after each context call, as both APIs see it. */
static int device_now(void)
{
    CUdevice d = -1;
    int rd = -2;
    CHECK_CU_OK(cuCtxGetDevice(&d));
    CHECK(cudaGetDevice(&rd) == cudaSuccess && rd == d);
    return d;
}

static void test_context_stack(void)
{
    CUcontext zero = use_device(0), one = NULL, popped = NULL, created = NULL;
    CHECK_CU_OK(cuDevicePrimaryCtxRetain(&one, 1));
    CHECK_CU_OK(cuCtxPushCurrent(one));
    CHECK(device_now() == 1);
    CHECK_CU_OK(cuCtxPopCurrent(&popped));
    CHECK(popped == one && device_now() == 0);
    CHECK_CU(cuCtxPushCurrent(NULL), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU_OK(cuCtxCreate(&created, NULL, 0, 1));             /* pushed */
    CHECK(device_now() == 1);
    CHECK_CU_OK(cuCtxDestroy(created));                         /* and popped */
    CHECK(device_now() == 0);
    CHECK_CU_OK(cuCtxPopCurrent(&popped));                      /* the stack's last */
    CHECK(popped == zero);
    CHECK_CU(cuCtxPopCurrent(&popped), CUDA_ERROR_INVALID_CONTEXT);
    CHECK_CU_OK(cuCtxSetCurrent(zero));
    CHECK_CU_OK(cuDevicePrimaryCtxReset(1));
    CHECK_CU(cuDevicePrimaryCtxReset(2), CUDA_ERROR_INVALID_DEVICE);
    CHECK(device_now() == 0);
    CHECK_CU_OK(cuDevicePrimaryCtxRelease(1));
    CHECK_CU_OK(cuDevicePrimaryCtxRelease(0));
}

static void test_copies_and_fills(void)
{
    unsigned in[64], out[64] = { 0 };
    CUdeviceptr a = 0, b = 0;
    for (unsigned i = 0; i < 64; i++)
        in[i] = i * 7;
    CHECK_CU(cuMemAlloc(&a, 0), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU_OK(cuMemAlloc(&a, sizeof in));
    CHECK_CU_OK(cuMemAlloc(&b, sizeof in));
    CHECK(cuMemcpyHtoD(a, in, sizeof in) == CUDA_SUCCESS);
    CHECK_CU_OK(cuMemcpyDtoD(b, a, sizeof in));
    CHECK_CU_OK(cuMemcpyDtoH(out, b, sizeof out));
    CHECK(memcmp(in, out, sizeof in) == 0);
    CHECK_CU_OK(cuMemsetD32(b, 0xdeadbeef, 64));
    CHECK_CU_OK(cuMemsetD8(b, 0x11, 4));
    CHECK_CU_OK(cuMemcpy((CUdeviceptr)(uintptr_t)out, b, sizeof out));     /* unified */
    CHECK(out[0] == 0x11111111 && out[1] == 0xdeadbeef && out[63] == 0xdeadbeef);
    /* wrong direction, past the end, freed: refused, and no last error */
    CHECK_CU(cuMemcpyHtoD((CUdeviceptr)(uintptr_t)out, in, sizeof in), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU(cuMemcpyDtoH(out, a, 4096), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU(cuMemsetD32(b, 0, SIZE_MAX / 2), CUDA_ERROR_INVALID_VALUE);     /* bytes overflow */
    CHECK_CU_OK(cuMemFree(a));
    CHECK_CU(cuMemFree(a), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU(cuMemcpyDtoH(out, a, 4), CUDA_ERROR_INVALID_VALUE);
    /* on a stream: the default one, or a handle that points nowhere */
    CUstream made_up = (CUstream)(uintptr_t)0x1234;
    CHECK_CU_OK(cuMemsetD8Async(b, 0x22, 4, NULL));
    CHECK_CU(cuMemsetD8Async(b, 0x33, 4, made_up), CUDA_ERROR_INVALID_HANDLE);
    CHECK_CU(cuMemcpyDtoHAsync(out, b, sizeof out, made_up), CUDA_ERROR_INVALID_HANDLE);
    CHECK(out[0] == 0x11111111);
    CHECK_CU_OK(cuMemcpyDtoHAsync(out, b, sizeof out, NULL));
    CHECK(out[0] == 0x22222222);
    CHECK(cudaPeekAtLastError() == cudaSuccess);
    CHECK_CU_OK(cuMemFree(b));
    CHECK_CU_OK(cuMemFree(0));
}

static void test_pinned_memory(void)
{
    void *p = NULL, *q = NULL;
    struct cudaPointerAttributes attr;
    CHECK_CU_OK(cuMemAllocHost(&p, 100));
    CHECK_CU_OK(cuMemHostAlloc(&q, 100, CU_MEMHOSTALLOC_PORTABLE));
    CHECK(cudaPointerGetAttributes(&attr, p) == cudaSuccess && attr.type == cudaMemoryTypeHost);
    CHECK_CU_OK(cuMemFreeHost(p));
    CHECK_CU_OK(cuMemFreeHost(q));
    CHECK_CU(cuMemFreeHost(q), CUDA_ERROR_INVALID_VALUE);
}

static void test_launches(void)
{
    size_t n = 100;
    unsigned out[100], *host = calloc(n, sizeof *host);
    CUdeviceptr x = 0;
    CUfunction f = NULL;
    void *args[] = { &x, &n }, *bad[] = { &host, &n }, *extra[] = { NULL };
    CHECK(cudaGetFuncBySymbol((cudaFunction_t *)&f, &k_add_one) == cudaSuccess);
    CHECK(cudaGetFuncBySymbol((cudaFunction_t *)&f, &n) == cudaErrorInvalidDeviceFunction);
    CHECK(cudaGetLastError() == cudaErrorInvalidDeviceFunction);
    /* a CUfunction is a handle: the driver describes it, the runtime does not */
    size_t offset = 1, size = 0;
    const char *name = NULL;
    CHECK((const void *)f != (const void *)&k_add_one);
    CHECK_CU_OK(cuFuncGetParamInfo(f, 1, &offset, &size));
    CHECK(offset == 8 && size == sizeof n);
    CHECK_CU(cuFuncGetParamInfo(f, 2, &offset, &size), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU(cuFuncGetParamInfo((CUfunction)&n, 0, &offset, &size), CUDA_ERROR_INVALID_HANDLE);
    CHECK_CU_OK(cuFuncGetName(&name, f));
    CHECK_STR_EQ(name, "add_one");
    CHECK(cudaFuncGetParamInfo((const void *)f, 0, &offset, &size) == cudaErrorInvalidDeviceFunction);
    CHECK(cudaGetLastError() == cudaErrorInvalidDeviceFunction);
    CHECK_CU_OK(cuMemAlloc(&x, n * sizeof(unsigned)));
    CHECK_CU_OK(cuMemsetD32(x, 41, n));
    CHECK_CU_OK(cuLaunchKernel(f, 2, 1, 1, 64, 1, 1, 0, NULL, args, NULL));
    CHECK_CU_OK(cuMemcpyDtoH(out, x, sizeof out));
    CHECK(out[0] == 42 && out[99] == 42);
    CHECK_CU(cuLaunchKernel((CUfunction)&n, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL),
             CUDA_ERROR_INVALID_HANDLE);
    CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 2048, 1, 1, 0, NULL, args, NULL),
             CUDA_ERROR_INVALID_VALUE);
    CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, extra), CUDA_ERROR_NOT_SUPPORTED);
    CHECK_CU_OK(cuMemFree(x));
    /* a host pointer: the launch returns, the device is lost (device 1, last) */
    use_device(1);
    CHECK_CU_OK(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, bad, NULL));
    CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
    CHECK_CU(cuMemAlloc(&x, 64), CUDA_ERROR_ILLEGAL_ADDRESS);
    use_device(0);
    CHECK_CU_OK(cuCtxSynchronize());
    free(host);
}

/* The runtime's properties, asked of the driver: the same name, memory and
   attributes, and its errors by its own names.  Device 1 is lost (the
   host pointer of test_launches), which a question about it does not mind. */
static void test_device_properties(void)
{
    char name[64], small[8];
    size_t total = 0;
    struct cudaDeviceProp p;
    int v = -1, r = -2;
    CHECK_CU_OK(cuDeviceGetName(name, sizeof name, 1));
    CHECK_STR_EQ(name, "devtensor emulated device");
    CHECK_CU_OK(cuDeviceGetName(small, sizeof small, 0));
    CHECK_STR_EQ(small, "devtens");                  /* cut to fit, and ended */
    CHECK_CU_OK(cuDeviceTotalMem(&total, 1));
    CHECK(cudaGetDeviceProperties(&p, 1) == cudaSuccess);
    CHECK(total == p.totalGlobalMem && total == 64u << 20);

    static const CUdevice_attribute asked[] = {
        CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,
        CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
        CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED,
    };
    for (size_t i = 0; i < sizeof asked / sizeof *asked; i++) {
        CHECK_CU_OK(cuDeviceGetAttribute(&v, asked[i], 0));
        CHECK(cudaDeviceGetAttribute(&r, (enum cudaDeviceAttr)asked[i], 0) == cudaSuccess);
        CHECK(v == r && v > 0);
    }

    v = -1;
    CHECK_CU(cuDeviceGetName(name, 0, 0), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU(cuDeviceGetName(NULL, 8, 0), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU(cuDeviceGetName(name, sizeof name, 2), CUDA_ERROR_INVALID_DEVICE);
    CHECK_CU(cuDeviceTotalMem(NULL, 0), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU(cuDeviceTotalMem(&total, -1), CUDA_ERROR_INVALID_DEVICE);
    CHECK_CU(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 2), CUDA_ERROR_INVALID_DEVICE);
    CHECK_CU(cuDeviceGetAttribute(NULL, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0), CUDA_ERROR_INVALID_VALUE);
    CHECK_CU(cuDeviceGetAttribute(&v, (CUdevice_attribute)14, 0), CUDA_ERROR_INVALID_VALUE);
    CHECK(v == -1);
    CHECK(cudaGetLastError() == cudaSuccess);        /* the driver's errors are not the runtime's */
}

static void test_proc_address(void)
{
    void *fn = NULL;
    CUdriverProcAddressQueryResult status = CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
    CHECK_CU_OK(cuGetProcAddress("cuMemAlloc", &fn, CUDA_VERSION, 0, &status));
    CHECK(fn == (void *)cuMemAlloc_v2 && status == CU_GET_PROC_ADDRESS_SUCCESS);
    CHECK_CU_OK(cuGetProcAddress("cuLaunchKernel", &fn, 12000, 0, &status));
    CHECK(fn == (void *)cuLaunchKernel);
    CHECK_CU_OK(cuGetProcAddress("cuDeviceTotalMem", &fn, CUDA_VERSION, 0, &status));
    CHECK(fn == (void *)cuDeviceTotalMem_v2);
    CHECK_CU_OK(cuGetProcAddress("cuDeviceGetAttribute", &fn, CUDA_VERSION, 0, &status));
    CHECK(fn == (void *)cuDeviceGetAttribute);
    CHECK_CU_OK(cuGetProcAddress("cuDeviceGetName", &fn, CUDA_VERSION, 0, &status));
    CHECK(fn == (void *)cuDeviceGetName);
    CHECK_CU(cuGetProcAddress("cuNoSuchThing", &fn, CUDA_VERSION, 0, &status),
             CUDA_ERROR_NOT_FOUND);
    CHECK(fn == NULL && status == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
    CHECK_CU(cuGetProcAddress("cuMemFree", &fn, CUDA_VERSION + 1000, 0, &status),
             CUDA_ERROR_NOT_FOUND);
    CHECK(fn == NULL && status == CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
}

static void test_error_names(void)
{
    const char *s = NULL;
    CHECK_CU_OK(cuGetErrorName(CUDA_ERROR_INVALID_CONTEXT, &s));
    CHECK_STR_EQ(s, "CUDA_ERROR_INVALID_CONTEXT");
    CHECK_CU_OK(cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY, &s));
    CHECK_STR_EQ(s, "out of memory");
    CHECK_CU(cuGetErrorName((CUresult)12345, &s), CUDA_ERROR_INVALID_VALUE);
    CHECK(s == NULL);
}

int main(void)
{
    cudasim_register_kernel(&k_add_one, "add_one", add_one_run, add_one_params, 2);
    RUN(test_nothing_before_cuInit);
    RUN(test_devices_and_contexts);
    RUN(test_context_stack);
    RUN(test_copies_and_fills);
    RUN(test_pinned_memory);
    RUN(test_launches);
    RUN(test_device_properties);
    RUN(test_proc_address);
    RUN(test_error_names);
    return TEST_REPORT();
}
