/*
 * A program written against CUDA's driver API (cuda.h): cuInit, the device's
 * name, attributes and memory, the primary context, cuMemAlloc, cuMemAllocPitch
 * (whose size is its rows of the pitch it gives), the stream-ordered
 * cuMemAllocAsync and cuMemFreeAsync, the cuMemcpy family, cuMemsetD32,
 * cuLaunchKernel and cuLaunchKernelEx (a static CUDA 13 cudart's launch).
 * Each mistake the shim knows is here once, at its own line; the kernel is
 * devtensor's fill, whose CUfunction cudaGetFuncBySymbol gives.  The host
 * pointer goes to a kernel last: the device is unusable after it.
 *
 * Built three times: calling the functions by name; (BY_PROC_ADDRESS)
 * through a table of entry points filled by cuGetProcAddress; and, with
 * DRIVER_LIBRARY too, taking cuGetProcAddress itself from the driver
 * library's handle, as a statically linked CUDA runtime does, so that no
 * call passes through an interposed name.  The same program also runs with
 * the shim loaded as an injection library.
 */
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "driver_test.h"
#include "kernels.h"

#define DRIVER(X) \
    X(cuInit) X(cuDeviceGet) X(cuDeviceGetName) X(cuDeviceGetAttribute) X(cuDeviceTotalMem) \
    X(cuDevicePrimaryCtxRetain) X(cuDevicePrimaryCtxRelease) \
    X(cuCtxSetCurrent) X(cuCtxSynchronize) X(cuMemAlloc) X(cuMemFree) X(cuMemcpyHtoD) \
    X(cuMemcpyDtoH) X(cuMemcpyDtoD) X(cuMemsetD32) X(cuLaunchKernel) X(cuMemAllocPitch) \
    X(cuMemAllocAsync) X(cuMemFreeAsync) X(cuLaunchKernelEx)
#include "driver_entries.h"

int main(void)
{
    int64_t n = 64;
    double v = 1;
    float host[64] = { 0 }, *heap = calloc(64, sizeof *heap);
    CUdevice dev = 0;
    CUcontext ctx = NULL;
    CUdeviceptr d = 0, small = 0, pitched = 0, ordered = 0;
    size_t pitch = 0;
    CUfunction fill = NULL;
    char name[64] = "";
    int sms = 0;
    size_t total = 0;
    void *args[] = { &d, &n, &v }, *bad_args[] = { &heap, &n, &v };
    CUlaunchConfig one_block = { .gridDimX = 1, .gridDimY = 1, .gridDimZ = 1,
                                 .blockDimX = 64, .blockDimY = 1, .blockDimZ = 1 };

    if (!heap || !lookup() || cudaGetFuncBySymbol((cudaFunction_t *)&fill, (const void *)dtk_fill_f32))
        return 1;
    CU_SAY(CU(cuInit)(0));
    CU_SAY(CU(cuDeviceGet)(&dev, 0));
    CU_SAY(CU(cuDeviceGetName)(name, sizeof name, dev));
    CU_SAY(CU(cuDeviceGetAttribute)(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
    CU_SAY(CU(cuDeviceTotalMem)(&total, dev));
    printf("%s: %d multiprocessors, %zu bytes\n", name, sms, total);
    CU_SAY(CU(cuDevicePrimaryCtxRetain)(&ctx, dev));
    CU_SAY(CU(cuCtxSetCurrent)(ctx));
    CU_SAY(CU(cuMemAlloc)(&d, sizeof host));
    CU_SAY(CU(cuMemAlloc)(&small, 16));
    CU_SAY(CU(cuLaunchKernel)(fill, 1, 1, 1, 64, 1, 1, 0, NULL, args, NULL));
    CU_SAY(CU(cuMemcpyDtoH)(host, d, sizeof host));
    printf("host[63] = %g\n", host[63]);
    CU_SAY(CU(cuMemcpyHtoD)(d, host, sizeof host));
    CU_SAY(CU(cuMemcpyHtoD)((CUdeviceptr)(uintptr_t)host, (const void *)(uintptr_t)d, sizeof host)); // devtrace: memcpy_direction
    CU_SAY(CU(cuMemcpyDtoD)(small, d, sizeof host)); // devtrace: memcpy_out_of_bounds
    CU_SAY(CU(cuMemsetD32)(small, 0, n)); // devtrace: memcpy_out_of_bounds
    CU_SAY(CU(cuMemFree)(small));
    CU_SAY(CU(cuMemFree)(small)); // devtrace: double_free
    CU_SAY(CU(cuMemcpyDtoH)(host, small, 16)); // devtrace: use_after_free
    CU_SAY(CU(cuMemAllocPitch)(&pitched, &pitch, 100, 4, 4));
    CU_SAY(CU(cuMemsetD32)(pitched, 0, pitch)); /* four rows */
    CU_SAY(CU(cuMemsetD32)(pitched, 0, pitch + 1)); // devtrace: memcpy_out_of_bounds
    CU_SAY(CU(cuMemFree)(pitched));
    CU_SAY(CU(cuMemAllocAsync)(&ordered, sizeof host, NULL));
    CU_SAY(CU(cuMemFreeAsync)(ordered, NULL));
    CU_SAY(CU(cuMemFreeAsync)(ordered, NULL)); // devtrace: double_free
    CU_SAY(CU(cuLaunchKernelEx)(&one_block, fill, bad_args, NULL)); // devtrace: host_pointer_kernel_arg
    CU_SAY(CU(cuCtxSynchronize)());
    CU_SAY(CU(cuMemFree)(d));
    CU_SAY(CU(cuDevicePrimaryCtxRelease)(dev));
    free(heap);
    return 0;
}
