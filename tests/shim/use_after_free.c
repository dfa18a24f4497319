/*
 * use_after_free: device memory used after cudaFree, by a copy and by a
 * kernel launch.  Nothing is allocated in between, so the address cannot
 * have been handed out again.
 */
#include "shim_test.h"

int main(void)
{
    int64_t n = 64;
    double v = 1;
    float *dev = NULL, *pinned = NULL;
    dim3 grid = { 1, 1, 1 }, block = { 64, 1, 1 };
    void *args[] = { &dev, &n, &v };

    SAY(cudaMallocHost((void **)&pinned, n * sizeof *pinned));
    SAY(cudaMalloc((void **)&dev, n * sizeof *dev));
    SAY(cudaFree(dev));
    SAY(cudaMemcpy(pinned, dev, n * sizeof *dev, cudaMemcpyDeviceToHost)); // devtrace: use_after_free
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL)); // devtrace: use_after_free
    SAY(cudaDeviceSynchronize());
    SAY(cudaFreeHost(pinned));
    return 0;
}
