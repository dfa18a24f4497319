/*
 * A smart pointer holds what it is made with: std::unique_ptr<float[]>
 * over new[] (or std::make_unique's) is host memory, and its get() too,
 * where device memory is needed is a finding (src-d/kmcuda's e273450
 * fixed one such copy); one over cudaMalloc'd memory, with a deleter of
 * its own, is device memory: no finding.
 */
#include <cuda_runtime_api.h>
#include <memory>

struct cuda_free {
    void operator()(float *p) const { cudaFree(p); }
};

static float *device_floats(int n)
{
    float *p = nullptr;
    cudaMalloc((void **)&p, n * sizeof *p);
    return p;
}

void copies(int n)
{
    float *dev = device_floats(n);
    auto host = std::unique_ptr<float[]>(new float[n]);
    float *drifts = std::unique_ptr<float[]>(new float[n]).get();
    auto made = std::make_unique<float[]>(n);
    std::unique_ptr<float, cuda_free> owned(device_floats(n));
    std::shared_ptr<float> shared(new float[n], std::default_delete<float[]>());
    cudaMemcpy(dev, host.get(), n * sizeof *dev, cudaMemcpyHostToDevice);
    cudaMemcpy(host.get(), dev, n * sizeof *dev, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cudaMemcpyAsync(drifts, dev, n * sizeof *dev, cudaMemcpyHostToDevice, 0); // devcheck: memcpy-direction
    cudaMemset(made.get(), 0, n * sizeof(float)); // devcheck: memspace-mismatch
    cudaMemset(shared.get(), 0, n * sizeof(float)); // devcheck: memspace-mismatch
    cudaMemset(owned.get(), 0, n * sizeof(float));
    cudaMemcpy(owned.get(), host.get(), n * sizeof *dev, cudaMemcpyHostToDevice);
    cudaFree(dev);
}
