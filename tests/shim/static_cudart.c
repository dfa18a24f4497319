/*
 * A CUDA runtime linked into the program, as nvcc links cudart by default:
 * its functions (named cuda*, __cuda*) are the program's own code, between
 * the user's line and the driver, and they have no frame the user wrote.
 * Here two of them stand in for it, reaching the driver API as cudart does;
 * each finding is at the user's line that called them, not inside them.
 */
#include <cuda.h>
#include <stdio.h>

#define SAY(call) say(#call, (call))

static volatile int calls;

static CUresult say(const char *call, CUresult e)
{
    const char *name = NULL;
    cuGetErrorName(e, &name);
    printf("%s: %s\n", call, name ? name : "?");
    return e;
}

/* Not tail calls: their frames stay on the stack, as cudart's do. */
__attribute__((noinline)) static CUresult cudaStandInCopyToHost(void *dst, CUdeviceptr src,
                                                                size_t n)
{
    CUresult e = cuMemcpyDtoH(dst, src, n);
    calls++;
    return e;
}

__attribute__((noinline)) CUresult __cudaStandInFree(CUdeviceptr p)
{
    CUresult e = cuMemFree(p);
    calls++;
    return e;
}

int main(void)
{
    CUdevice dev = 0;
    CUcontext ctx = NULL;
    CUdeviceptr d = 0;
    char host[64];

    SAY(cuInit(0));
    SAY(cuDeviceGet(&dev, 0));
    SAY(cuDevicePrimaryCtxRetain(&ctx, dev));
    SAY(cuCtxSetCurrent(ctx));
    SAY(cuMemAlloc(&d, 16));
    SAY(cudaStandInCopyToHost(host, d, sizeof host)); // devtrace: memcpy_out_of_bounds, uninitialized_read
    SAY(__cudaStandInFree(d));
    SAY(__cudaStandInFree(d)); // devtrace: double_free
    SAY(cuDevicePrimaryCtxRelease(dev));
    return calls == 3 ? 0 : 1;
}
