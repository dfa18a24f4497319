/*
 * Arrays of the device's: a __constant__, __device__ or __managed__ array
 * is a symbol of device memory, not an array declared on the host, so
 * cudaMemcpyToSymbol into it (cuda-samples' LargeKernelParameter) and
 * cudaMemcpyFromSymbol out of it are quiet; a host array in the same copy
 * is still host memory.
 */
#include <cuda_runtime.h>

__constant__ int table[4];
__device__ float weights[8];
__managed__ int counts[2];
int host_table[4];

void upload(const int *h, float *w)
{
    cudaMemcpyToSymbol(table, h, sizeof table, 0, cudaMemcpyHostToDevice);
    cudaMemcpyToSymbol(weights, w, sizeof weights, 0, cudaMemcpyHostToDevice);
    cudaMemcpyToSymbol(counts, h, sizeof counts);
    cudaMemcpyFromSymbol(w, weights, sizeof weights, 0, cudaMemcpyDeviceToHost);
    cudaMemcpy(host_table, h, sizeof host_table, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
}
