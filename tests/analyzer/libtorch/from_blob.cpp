/*
 * torch::from_blob(p, sizes, options) makes a tensor over p, where its
 * options say (the cpu when they name no device): p must be memory of
 * that space.  Host memory (malloc's, new's, an array, a vector's data)
 * wrapped as a CUDA tensor, and cudaMalloc's wrapped as a cpu tensor, are
 * memspace-mismatch at the call.  Each function is one case; the *_quiet
 * ones are the fixed forms, or say nothing for want of knowing.
 */
#include <torch/torch.h>
#include <cuda_runtime.h>

#include <cstdlib>
#include <vector>

torch::Tensor malloc_wrapped_as_cuda(int64_t n)
{
    float *h = static_cast<float *>(malloc(n * sizeof(float)));
    return torch::from_blob(h, {n}, torch::TensorOptions().device(torch::kCUDA)); // devcheck: memspace-mismatch // devcheck-message: 'h' is host memory, but from_blob needs device memory // devcheck-note: 'h' allocated on cpu
}

torch::Tensor new_array_with_aten_options(int64_t n)
{
    float *h = new float[n];
    return at::from_blob(h, {n}, at::device(at::kCUDA).dtype(at::kFloat)); // devcheck: memspace-mismatch
}

/* FTorch's torch_from_blob: options held in a variable, a device too. */
torch::Tensor stack_array_with_options_in_a_variable()
{
    float buf[16] = { 0 };
    torch::Device dev(torch::kCUDA, 0);
    auto options = torch::TensorOptions().dtype(torch::kFloat32).device(dev);
    return torch::from_blob(buf, {16}, options).clone(); // devcheck: memspace-mismatch
}

torch::Tensor vector_data_with_strides(std::vector<float> &v)
{
    return torch::from_blob(v.data(), {2, 2}, {2, 1}, torch::kCUDA); // devcheck: memspace-mismatch
}

torch::Tensor device_memory_wrapped_as_cpu(int64_t n)
{
    float *d = nullptr;
    cudaMalloc(&d, n * sizeof(float));
    torch::Tensor a = torch::from_blob(d, {n}); // devcheck: memspace-mismatch // devcheck-message: 'd' is device memory, but from_blob needs host memory // devcheck-note: 'd' allocated on a GPU
    torch::Tensor b = torch::from_blob(d, {n}, torch::kFloat32); // devcheck: memspace-mismatch
    return a + b;
}

torch::Tensor device_memory_with_a_deleter(int64_t n)
{
    float *d = nullptr;
    cudaMalloc(&d, n * sizeof(float));
    return torch::from_blob(d, {n}, [](void *p) { cudaFree(p); }, torch::device(torch::kCPU)); // devcheck: memspace-mismatch
}

torch::Tensor each_in_its_space_quiet(int64_t n, std::vector<float> &v)
{
    float *d = nullptr, *h = static_cast<float *>(malloc(n * sizeof(float)));
    cudaMalloc(&d, n * sizeof(float));
    torch::Tensor a = torch::from_blob(d, {n}, torch::TensorOptions().device(torch::kCUDA));
    torch::Tensor b = torch::from_blob(h, {n}).to(torch::kCUDA);
    torch::Tensor c = torch::from_blob(v.data(), {n}, torch::kCPU).cuda();
    return a + b + c;
}

/* Pinned memory is either side's; a pointer or a device of the caller's
   says nothing (FTorch's exported torch_from_blob, whose caller is Fortran). */
torch::Tensor not_known_quiet(float *data, torch::Device device, int64_t n)
{
    float *pinned = nullptr;
    cudaMallocHost(&pinned, n * sizeof(float));
    float h[4] = { 0 };
    torch::Tensor a = torch::from_blob(pinned, {n}, torch::TensorOptions().device(torch::kCUDA));
    torch::Tensor b = torch::from_blob(data, {n}, torch::TensorOptions().device(torch::kCUDA));
    torch::Tensor c = torch::from_blob(h, {4}, torch::TensorOptions().device(device));
    return a + b + c.to(torch::kCUDA);
}
