/*
 * A C++ program built without debug information: its sites are known by
 * their functions' names alone, which the report must give as people
 * write them (memcpy_direction(), app::copy_back(float*, float*)), not as
 * the symbol table holds them (_ZL16memcpy_directionv).
 */
#include <cuda_runtime.h>
#include <stdio.h>

static void say(const char *call, cudaError_t e)
{
    printf("%s: %s\n", call, cudaGetErrorName(e));
}

__attribute__((noinline)) static void memcpy_direction(float *dev, float *pinned, size_t bytes)
{
    say("cudaMemcpy", cudaMemcpy(dev, pinned, bytes, cudaMemcpyDeviceToHost));
}

namespace app {
__attribute__((noinline)) void copy_back(float *pinned, float *dev)
{
    say("cudaMemcpy", cudaMemcpy(pinned, dev, 1024, cudaMemcpyHostToDevice));
}
}

int main()
{
    float *dev = nullptr, *pinned = nullptr;
    say("cudaMalloc", cudaMalloc((void **)&dev, 1024));
    say("cudaMallocHost", cudaMallocHost((void **)&pinned, 1024));
    memcpy_direction(dev, pinned, 1024);
    app::copy_back(pinned, dev);
    say("cudaFreeHost", cudaFreeHost(pinned));
    say("cudaFree", cudaFree(dev));
    return 0;
}
