/*
 * invalid_free: frees of what the call never allocated: cudaFree of host
 * memory and of a pointer inside a device allocation, cudaFreeHost of
 * memory that did not come from cudaMallocHost.  The real frees that follow
 * are fine.
 */
#include "shim_test.h"
#include <stdlib.h>

int main(void)
{
    char *host = malloc(64), *dev = NULL;

    if (!host)
        return 1;
    SAY(cudaMalloc((void **)&dev, 64));
    SAY(cudaFree(host)); // devtrace: invalid_free
    SAY(cudaFree(dev + 16)); // devtrace: invalid_free
    SAY(cudaFreeHost(host)); // devtrace: invalid_free
    SAY(cudaFree(dev));
    free(host);
    return 0;
}
