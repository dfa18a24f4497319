/* The program that the chains report (../chains.sql) was "recorded" from:
   one mistake in a helper reached through three chains of callers, one in
   a callback that a library without debug information calls, and a leak.
   It is never compiled. */
#include <cuda_runtime.h>
#include <vendor.h>

static void download(float *host, const float *dev, size_t n)
{
    cudaMemcpy(host, dev, n, cudaMemcpyHostToDevice);
}

static void checkpoint(float *host, const float *dev)
{
    download(host, dev, 4096);
}

static float *scratch(size_t n)
{
    float *p;
    cudaMalloc((void **)&p, n);
    return p;
}

static void on_batch(void *dev)
{
    cudaMemset((char *)dev + 4096, 0, 64);
}

int main(void)
{
    static float host[1024];
    float *dev = scratch(sizeof host);
    download(host, dev, sizeof host);
    for (int i = 0; i < 2; i++)
        download(host, dev, sizeof host);
    checkpoint(host, dev);
    vendor_each_batch(on_batch, dev);
    return 0;
}
