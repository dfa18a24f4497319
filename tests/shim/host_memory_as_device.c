/*
 * host_memory_as_device: calls that work on device memory only, given host
 * memory: a memset of a malloc'd buffer and of a stack array, and a peer copy
 * to and from a host buffer.  Each fails (cudaErrorInvalidValue) and each is
 * a finding at its line, that one alone: the peer copy from pageable memory
 * is large enough to be worth pinning, were it not already wrong.  The same
 * calls on device memory are fine.
 */
#include "shim_test.h"
#include <stdlib.h>

int main(void)
{
    size_t bytes = 2 << 20;          /* over DV_WORTH_PINNING */
    char *host = malloc(bytes), stack[64];
    void *dev = NULL;

    SAY(cudaMalloc(&dev, bytes));
    SAY(cudaMemset(dev, 0, bytes));     /* written: the peer copies test their sides alone */
    SAY(cudaMemset(host, 0, bytes)); // devtrace: host_memory_as_device
    SAY(cudaMemset(stack, 1, sizeof stack)); // devtrace: host_memory_as_device
    SAY(cudaMemcpyPeer(host, 0, dev, 0, bytes)); // devtrace: host_memory_as_device
    SAY(cudaMemcpyPeer(dev, 0, host, 0, bytes)); // devtrace: host_memory_as_device
    SAY(cudaMemset(dev, 0, bytes));
    SAY(cudaMemcpyPeer(dev, 0, dev, 0, bytes));
    SAY(cudaFree(dev));
    free(host);
    return 0;
}
