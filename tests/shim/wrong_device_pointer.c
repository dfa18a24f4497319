/*
 * wrong_device_pointer: memory of device 1 handed to a kernel launched on
 * device 0, which has no peer access to it (an illegal address on device 0).
 * The same kind of launch with peer access enabled, device 1 reaching
 * device 0's memory, is no finding.
 */
#include "shim_test.h"

int main(void)
{
    int64_t n = 64;
    double v = 1;
    float *on0 = NULL, *on1 = NULL;
    dim3 grid = { 1, 1, 1 }, block = { 64, 1, 1 };
    void *args0[] = { &on0, &n, &v }, *args1[] = { &on1, &n, &v };

    SAY(cudaSetDevice(0));
    SAY(cudaMalloc((void **)&on0, n * sizeof *on0));
    SAY(cudaSetDevice(1));
    SAY(cudaMalloc((void **)&on1, n * sizeof *on1));
    SAY(cudaDeviceEnablePeerAccess(0, 0));
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args0, 0, NULL));
    SAY(cudaDeviceSynchronize());

    SAY(cudaSetDevice(0));
    SAY(cudaFree(on0));                     /* before device 0 faults, so not a leak */
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args1, 0, NULL)); // devtrace: wrong_device_pointer
    SAY(cudaDeviceSynchronize());
    SAY(cudaSetDevice(1));
    SAY(cudaFree(on1));
    return 0;
}
