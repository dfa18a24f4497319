/*
 * join.pairs' program, on the emulated device: mistakes that devcheck and
 * devtrace name by different rows of common/mistakes.c, one of
 * mistake_pairs each.  Each "join-pair: RULE KIND" line is found by both:
 * devcheck's RULE is confirmed there, and the run's KIND also-static.
 */
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    float *heap = malloc(64), *dev = NULL;
    if (!heap || cudaMalloc((void **)&dev, 64) != cudaSuccess)
        return 1;
    cudaMemset(dev, 0, 64);
    cudaFree(heap); // join-pair: memspace-mismatch invalid_free
    cudaFreeHost(dev); // join-pair: free-mismatch invalid_free
    free(heap);
    memset(dev, 0, 64); // join-pair: memspace-mismatch host_deref_device
    cudaFree(dev);
    return 0;
}
