/*
 * invalid_free: frees of what the call never allocated: cudaFree of host
 * memory and of a pointer inside a device allocation, cudaFreeHost of
 * memory that did not come from cudaMallocHost, and of stream-ordered
 * device memory, whose releaser the finding names by its allocation
 * (cudaFreeAsync).  The real frees that follow are fine.
 */
#include "shim_test.h"
#include <stdlib.h>

int main(void)
{
    char *host = malloc(64), *dev = NULL, *ordered = NULL;

    if (!host)
        return 1;
    SAY(cudaMalloc((void **)&dev, 64));
    SAY(cudaFree(host)); // devtrace: invalid_free
    SAY(cudaFree(dev + 16)); // devtrace: invalid_free
    SAY(cudaFreeHost(host)); // devtrace: invalid_free
    SAY(cudaMallocAsync((void **)&ordered, 64, NULL));
    SAY(cudaFreeHost(ordered)); // devtrace: invalid_free // devtrace-sql: SELECT substr(message, instr(message, ':')) FROM findings WHERE line = :line => : it is freed with cudaFreeAsync
    SAY(cudaFreeAsync(ordered, NULL));
    SAY(cudaFree(dev));
    free(host);
    return 0;
}
