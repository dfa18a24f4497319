/*
 * memcpy_direction: copies whose kind contradicts where their pointers
 * live, each way round; the same copies with the right kind are fine.  The
 * host side is pinned so that no copy is also a pageable transfer.
 */
#include "shim_test.h"

int main(void)
{
    size_t bytes = 1024;
    float *dev = NULL, *pinned = NULL;

    SAY(cudaMalloc((void **)&dev, bytes));
    SAY(cudaMallocHost((void **)&pinned, bytes));
    SAY(cudaMemcpy(dev, pinned, bytes, cudaMemcpyDeviceToHost)); // devtrace: memcpy_direction
    SAY(cudaMemcpy(pinned, dev, bytes, cudaMemcpyHostToDevice)); // devtrace: memcpy_direction
    SAY(cudaMemcpy(dev, pinned, bytes, cudaMemcpyHostToDevice));
    SAY(cudaMemcpy(pinned, dev, bytes, cudaMemcpyDeviceToHost));
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    return 0;
}

/* Each message names the kind given and the fix, in devcheck's words (common/memkind.h). */
// devtrace-sql: SELECT message FROM findings ORDER BY line LIMIT 1 => a copy of 1024 bytes with cudaMemcpyDeviceToHost contradicts the pointers: dst is device memory and src is host memory; fix: use cudaMemcpyHostToDevice, or cudaMemcpyDefault to let the pointers decide
// devtrace-sql: SELECT message FROM findings ORDER BY line LIMIT 1 OFFSET 1 => a copy of 1024 bytes with cudaMemcpyHostToDevice contradicts the pointers: dst is host memory and src is device memory; fix: use cudaMemcpyDeviceToHost, or cudaMemcpyDefault to let the pointers decide
