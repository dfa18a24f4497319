/*
 * A string literal is host memory (its array is static storage): a copy
 * from one whose kind says device memory, or a kernel handed one, is a
 * mistake; the right kind, and the C library's reads, are quiet.
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <string.h>

void copy_kinds(void)
{
    char *dev = NULL;
    cudaMalloc((void **)&dev, 8);
    cudaMemcpy(dev, "devcheck", 8, cudaMemcpyDeviceToDevice); // devcheck: memcpy-direction
    cudaMemcpy(dev, "devcheck", 8, cudaMemcpyHostToDevice);
    printf("%s\n", strchr("a,b", ','));
    cudaFree(dev);
}
