/*
 * memcpy_out_of_bounds: 104 bytes copied into, and out of, a 100-byte
 * allocation.  The emulated device rounds allocations up to 256 bytes and
 * lets both copies through; the shim judges by the size asked for.  A copy
 * of exactly 100 bytes is fine.
 */
#include "shim_test.h"

int main(void)
{
    char *dev = NULL, *pinned = NULL;

    SAY(cudaMalloc((void **)&dev, 100));
    SAY(cudaMallocHost((void **)&pinned, 104));
    SAY(cudaMemcpy(dev, pinned, 100, cudaMemcpyHostToDevice));
    SAY(cudaMemcpy(dev, pinned, 104, cudaMemcpyHostToDevice)); // devtrace: memcpy_out_of_bounds
    SAY(cudaMemcpy(pinned, dev, 104, cudaMemcpyDeviceToHost)); // devtrace: memcpy_out_of_bounds
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    return 0;
}
