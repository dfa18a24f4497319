/*
 * C++'s new and new[] make host memory, as malloc does: given where device
 * memory is needed, they are a finding; copied the right way, none.
 */
#include <cuda_runtime_api.h>

void upload(int n)
{
    int *host = new int[n], *one = new int(7), *dev = nullptr;
    cudaMalloc((void **)&dev, n * sizeof *dev);
    cudaMemcpy(dev, host, n * sizeof *dev, cudaMemcpyHostToDevice);
    cudaMemcpy(host, dev, n * sizeof *dev, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cudaMemset(one, 0, sizeof *one); // devcheck: memspace-mismatch
    cudaFree(dev);
    delete one;
    delete[] host;
}
