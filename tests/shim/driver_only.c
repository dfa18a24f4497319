/*
 * driver_only: a program written against CUDA's driver API alone and linked
 * as its users link it, with -lcuda (the toolkit's stub at build time).  On
 * a machine without a driver it cannot even start, unless devtrace run gives
 * it the emulated device's libcuda.so.1: then it runs, and its mistakes are
 * found at their lines (driver_only.cmake reads the markers).
 */
#include <cuda.h>
#include <stdio.h>

#define SAY(call) printf("%s: %d\n", #call, (int)(call))

int main(void)
{
    CUdevice dev = 0;
    CUcontext ctx = NULL;
    CUdeviceptr d = 0;
    char host[64] = { 0 };

    SAY(cuInit(0));
    SAY(cuDeviceGet(&dev, 0));
    SAY(cuDevicePrimaryCtxRetain(&ctx, dev));
    SAY(cuCtxSetCurrent(ctx));
    SAY(cuMemAlloc(&d, 16));
    SAY(cuMemcpyHtoD(d, host, sizeof host)); // devtrace: memcpy_out_of_bounds
    SAY(cuMemFree(d));
    SAY(cuMemFree(d)); // devtrace: double_free
    SAY(cuDevicePrimaryCtxRelease(dev));
    return 0;
}
