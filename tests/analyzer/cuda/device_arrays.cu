/*
 * Arrays of the device's: a __constant__, __device__ or __managed__ array
 * is a symbol of device memory, not an array declared on the host, so
 * cudaMemcpyToSymbol into it (cuda-samples' LargeKernelParameter) and
 * cudaMemcpyFromSymbol out of it are quiet; a host array in the same copy
 * is still host memory.  A __managed__ array is memory both sides reach:
 * a copy of any kind into it, a kernel given it, and the host reading it
 * after are quiet (clang drops CUDA's `managed` attribute: devcheck's
 * headers keep it).
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

__global__ void bump(int *c) { c[0]++; }

void managed_uses(const int *h)
{
    cudaMemcpyToSymbol(counts, h, sizeof counts, 0, cudaMemcpyHostToDevice);
    cudaMemcpy(counts, h, sizeof counts, cudaMemcpyHostToDevice);
    cudaMemcpy(counts, counts + 1, sizeof counts[0], cudaMemcpyDeviceToDevice);
    bump<<<1, 1>>>(counts);
    cudaDeviceSynchronize();
    host_table[0] = counts[0];
}
