/*
 * use_after_free: device memory used after cudaFree, by a copy and by a
 * kernel launch, and pinned memory after cudaFreeHost.  Nothing is
 * allocated in between, so the address cannot have been handed out again.
 * Freed pinned memory is still host memory: its copy to the device has the
 * right kind (and no bytes, so nothing freed is read).
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
    SAY(cudaMalloc((void **)&dev, n * sizeof *dev));
    SAY(cudaFreeHost(pinned));
    SAY(cudaMemcpy(dev, pinned, 0, cudaMemcpyHostToDevice)); // devtrace: use_after_free
    SAY(cudaFree(dev));
    return 0;
}
