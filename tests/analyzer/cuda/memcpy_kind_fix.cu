/*
 * memcpy-direction's fix-it in CUDA C++: the kind written at the call as
 * its enumerator's one token is replaced by the kind that fits both
 * pointers (a vector's data, a device buffer); a kind spelled with its
 * scope (`::cudaMemcpyHostToDevice`, `cudaMemcpyKind::...`) or held in a
 * const variable keeps its fix in words.
 */
#include <cuda_runtime.h>
#include <vector>

#define CUDA_CHECK(call) do { if ((call) != cudaSuccess) throw 1; } while (0)

void round_trip(cudaStream_t stream)
{
    std::vector<float> h(64);
    float *d = nullptr, *e = nullptr;
    CUDA_CHECK(cudaMalloc(&d, h.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&e, h.size() * sizeof(float)));
    CUDA_CHECK(cudaMemset(d, 0, h.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(e, d, h.size() * sizeof(float), cudaMemcpyHostToDevice)); // devcheck: memcpy-direction // devcheck-fix: replace 'cudaMemcpyHostToDevice' with 'cudaMemcpyDeviceToDevice'
    CUDA_CHECK(cudaMemcpyAsync(h.data(), d, h.size() * sizeof(float), cudaMemcpyHostToDevice, stream)); // devcheck: memcpy-direction // devcheck-fix: replace 'cudaMemcpyHostToDevice' with 'cudaMemcpyDeviceToHost'
    cudaMemcpy(h.data(), d, h.size() * sizeof(float), ::cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-fix: use cudaMemcpyDeviceToHost, or cudaMemcpyDefault
    cudaMemcpy(h.data(), d, h.size() * sizeof(float), cudaMemcpyKind::cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-fix: use cudaMemcpyDeviceToHost, or cudaMemcpyDefault
    const cudaMemcpyKind up = cudaMemcpyHostToDevice;
    cudaMemcpy(h.data(), d, h.size() * sizeof(float), up); // devcheck: memcpy-direction // devcheck-fix: use cudaMemcpyDeviceToHost, or cudaMemcpyDefault
    cudaFree(d);
    cudaFree(e);
}
