/*
 * static_cudart_deep: a static cudart's calls from a function of the
 * user's that keeps a frame pointer, into the runtime's code, which keeps
 * none (as nvcc's -cudart static is built).  The frame pointer the
 * runtime's code leaves untouched is the user's function's, whose return
 * address is its caller's line: the site is the line in the function, not
 * the one in main that called it.  The same calls over and over, from two
 * lines: after two unwinds agreed on the runtime frame's size the shim steps
 * over it without one, and every call stays at its own line.
 */
// devtrace-sql: SELECT count(DISTINCT site) || ' ' || sum(calls) FROM api_calls WHERE api = 'cuMemcpyDtoH_v2' => 2 10
// devtrace-sql: SELECT sum(count) FROM findings WHERE kind = 'memcpy_out_of_bounds' => 10
#include <cuda.h>
#include <stdio.h>

/* static_cudart_deep_runtime.c, built without a frame pointer */
CUresult cudaStandInCopyToHost(void *dst, CUdeviceptr src, size_t n);
extern volatile int stand_in_calls;

/* The user's function, with a frame pointer as everything here is built. */
__attribute__((noinline)) static void copy_back(char *host, CUdeviceptr d, int rounds)
{
    for (int i = 0; i < rounds; i++) {
        cudaStandInCopyToHost(host, d, 64); // devtrace: memcpy_out_of_bounds
        cudaStandInCopyToHost(host + 64, d, 64); // devtrace: memcpy_out_of_bounds
    }
}

int main(void)
{
    CUdevice dev = 0;
    CUcontext ctx = NULL;
    CUdeviceptr d = 0;
    static char host[128];

    if (cuInit(0) || cuDeviceGet(&dev, 0) || cuDevicePrimaryCtxRetain(&ctx, dev) ||
        cuCtxSetCurrent(ctx) || cuMemAlloc(&d, 16) || cuMemsetD8(d, 1, 16))
        return 1;
    copy_back(host, d, 5);
    cuMemFree(d);
    cuDevicePrimaryCtxRelease(dev);
    printf("%d calls\n", stand_in_calls);
    return stand_in_calls == 10 ? 0 : 1;
}
