/*
 * A copy whose kind is left to a default argument: cudaMemcpyToSymbol's
 * and cudaMemcpyToSymbolAsync's cudaMemcpyHostToDevice, the FromSymbol
 * pair's cudaMemcpyDeviceToHost (the toolkit's C++ declarations), and a
 * helper's own default, in a function and in a template.  The calls that
 * write no kind with the right pointers, and those that write the one
 * that fits, are quiet.
 */
#include <cuda_runtime.h>

#define N 64

__constant__ float coef[N];
__device__ float table[N];

static float *device_floats(void)
{
    float *d = nullptr;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMemset(d, 0, N * sizeof *d);
    return d;
}

void symbol_defaults(cudaStream_t s)
{
    float host[N] = { 0 }, *dev = device_floats();
    cudaMemcpyToSymbol(coef, dev, sizeof host); // devcheck: memcpy-direction
    cudaMemcpyFromSymbol(dev, table, sizeof host); // devcheck: memcpy-direction
    cudaMemcpyToSymbolAsync(coef, dev, sizeof host); // devcheck: memcpy-direction
    cudaMemcpyFromSymbolAsync(dev, table, sizeof host, 0); // devcheck: memcpy-direction
    cudaMemcpyToSymbol(coef, host, sizeof host);
    cudaMemcpyFromSymbol(host, table, sizeof host);
    cudaMemcpyToSymbol(coef, dev, sizeof host, 0, cudaMemcpyDeviceToDevice);
    cudaMemcpyFromSymbolAsync(dev, table, sizeof host, 0, cudaMemcpyDeviceToDevice, s);
    cudaFree(dev);
}

static void copy_bytes(void *dst, const void *src, size_t n,
                       cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
    cudaMemcpy(dst, src, n, kind);
}

template <typename T>
void download(T *host, const T *dev, size_t n, cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
    cudaMemcpy(host, dev, n * sizeof(T), kind);
}

void helper_defaults(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    copy_bytes(host, dev, sizeof host); // devcheck: memcpy-direction
    download(dev, host, N); // devcheck: memcpy-direction
    copy_bytes(dev, host, sizeof host);
    copy_bytes(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    download(host, dev, N);
    cudaFree(dev);
}
