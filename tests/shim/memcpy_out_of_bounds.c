/*
 * memcpy_out_of_bounds: 104 bytes copied into, and out of, a 100-byte
 * allocation.  The emulated device rounds allocations up to 256 bytes and
 * lets both copies through; the shim judges by the size asked for.  A copy
 * of exactly 100 bytes is fine.  A pitched allocation's size is its rows of
 * the pitch cudaMallocPitch gives: a memset of them all is fine, one more
 * byte is not.
 */
#include "shim_test.h"

int main(void)
{
    char *dev = NULL, *pinned = NULL, *rows = NULL;
    size_t pitch = 0;

    SAY(cudaMalloc((void **)&dev, 100));
    SAY(cudaMallocHost((void **)&pinned, 104));
    SAY(cudaMemcpy(dev, pinned, 100, cudaMemcpyHostToDevice));
    SAY(cudaMemcpy(dev, pinned, 104, cudaMemcpyHostToDevice)); // devtrace: memcpy_out_of_bounds
    SAY(cudaMemcpy(pinned, dev, 104, cudaMemcpyDeviceToHost)); // devtrace: memcpy_out_of_bounds
    SAY(cudaMallocPitch((void **)&rows, &pitch, 100, 3));
    SAY(cudaMemset(rows, 0, pitch * 3));
    SAY(cudaMemset(rows, 0, pitch * 3 + 1)); // devtrace: memcpy_out_of_bounds
    SAY(cudaFree(rows));
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    return 0;
}
