/*
 * The elements of C++'s containers are host memory: a std::vector's,
 * std::array's or std::string's data(), or the address of an element
 * (&v[0]), where device memory is needed is a finding, as malloc'd memory
 * is.  A vector with an allocator of its own
 * (pinned memory, say) may hold its elements anywhere: no finding.
 */
#include <array>
#include <cuda_runtime_api.h>
#include <string>
#include <vector>

template <class T> struct pinned_allocator {
    using value_type = T;
    T *allocate(size_t n);
    void deallocate(T *p, size_t n);
};

void scale_kernel(float *out, const float *in, int n);

void copies(int n)
{
    std::vector<float> host(n);
    std::vector<float, pinned_allocator<float>> pinned(n);
    std::array<float, 16> small{};
    std::string label = "weights";
    float *dev = nullptr;
    cudaMalloc((void **)&dev, n * sizeof *dev);
    cudaMemcpy(dev, host.data(), n * sizeof *dev, cudaMemcpyHostToDevice);
    cudaMemcpy(host.data(), dev, n * sizeof *dev, cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-note: 'host.data()' allocated on cpu here
    cudaMemset(small.data(), 0, sizeof small); // devcheck: memspace-mismatch
    cudaMemset((void *)label.c_str(), 0, label.size()); // devcheck: memspace-mismatch
    cudaMemset(pinned.data(), 0, n * sizeof(float));
    cudaMemcpy(&host[0], dev, n * sizeof *dev, cudaMemcpyDeviceToHost);
    cudaMemcpy(&host[0], dev, n * sizeof *dev, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cudaMemset(&small.at(0), 0, sizeof small); // devcheck: memspace-mismatch
    cudaMemset(&pinned[0], 0, n * sizeof(float));

    float *in = host.data();
    dim3 grid = { 1, 1, 1 }, block = { 16, 1, 1 };
    void *args[] = { &dev, &in, &n };
    cudaLaunchKernel((const void *)scale_kernel, grid, block, args, 0, NULL); // devcheck: memspace-mismatch
    cudaFree(dev);
}
