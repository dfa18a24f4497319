/*
 * A C file that calls the .cu file's launch wrappers (wrappers.cu): a host
 * pointer given to one is found here, at the call.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

#include "wrappers.h"

void caller(int n)
{
    float *host = malloc((size_t)n * sizeof *host);
    float *dev = NULL, *dev2 = NULL;
    cudaMalloc((void **)&dev, (size_t)n * sizeof *dev);
    cudaMalloc((void **)&dev2, (size_t)n * sizeof *dev2);

    fill_gpu(host, 1.0f, n); // devcheck: memspace-mismatch
    fill_gpu(dev, 1.0f, n);
    copy_gpu(dev2, host, n); // devcheck: memspace-mismatch
    copy_gpu(dev2, dev, n);

    cudaFree(dev2);
    cudaFree(dev);
    free(host);
}
