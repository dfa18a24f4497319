/*
 * A libtorch extension op with a CUDA kernel (bug form), as
 * torch.utils.cpp_extension builds one: the op checks that its input is on
 * a GPU, but makes its output with a factory that names no device, so on
 * the cpu, and hands that output's data to the kernel.  It also reads its
 * input's first element on the host, which TORCH_CHECK says is on a GPU.
 */
#include <torch/extension.h>

__global__ void scale_kernel(const float *x, float *out, float k, int64_t n)
{
    int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = k * x[i];
}

torch::Tensor scale(torch::Tensor x, double k)
{
    TORCH_CHECK(x.is_cuda(), "scale: x must be a CUDA tensor");
    int64_t n = x.numel();
    float first = x.data_ptr<float>()[0]; // devcheck: host-deref
    torch::Tensor out = torch::empty({n});      // on the cpu
    scale_kernel<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), (float)k, n); // devcheck: memspace-mismatch // devcheck-note: created on cpu // devcheck-fix: torch::empty_like(x)
    return first == 0 ? out : out / first;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m)
{
    m.def("scale", &scale, "k * x, on the GPU");
}
