/*
 * CUB's device-wide algorithms, declared here as the headers of cub/device/ declare
 * them (the toolkit may not be installed): input and output must be
 * device memory; the size query's NULL storage says nothing.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

namespace cub {
struct DeviceReduce {
    template <typename In, typename Out>
    static cudaError_t Sum(void *temp, size_t &bytes, In in, Out out, int n,
                           cudaStream_t stream = 0);
};
}

void reduce(int n)
{
    float *in = NULL, *out = NULL, *h = (float *)malloc(sizeof(float));
    void *temp = NULL;
    size_t bytes = 0;
    cudaMalloc((void **)&in, n * sizeof(float));
    cudaMalloc((void **)&out, sizeof(float));
    cub::DeviceReduce::Sum(NULL, bytes, in, out, n);
    cudaMalloc(&temp, bytes);
    cub::DeviceReduce::Sum(temp, bytes, in, out, n);
    cub::DeviceReduce::Sum(temp, bytes, in, h, n); // devcheck: memspace-mismatch
    free(h);
}
