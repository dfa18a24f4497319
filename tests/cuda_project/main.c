/* Calls scale.cu's wrappers: once with a host pointer, once right. */
#include <cuda_runtime_api.h>
#include <stdlib.h>

#include "scale.h"

int main(void)
{
    int n = 1024;
    float *host = malloc((size_t)n * sizeof *host), *dev = NULL;
    cudaMalloc((void **)&dev, (size_t)n * sizeof *dev);
    scale_gpu(host, 2.0f, n); // devcheck: memspace-mismatch
    scale_gpu(dev, 2.0f, n);
    scale_host_buffer(n);
    cudaFree(dev);
    free(host);
    return 0;
}
