/*
 * An extension op's kernel that takes packed accessors
 * (`x.packed_accessor32<float, 2, torch::RestrictPtrTraits>()`), each a
 * struct that holds its tensor's data pointer, passed by value: an output
 * made with no device (the cpu) gives the kernel host memory.  Each
 * function is one case; the *_quiet one is the fixed form, its options
 * taken from the input.
 */
#include <torch/types.h>

template <typename scalar_t>
__global__ void copy_rows(torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> in,
                          torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> out)
{
    int i = blockIdx.x, j = threadIdx.x;
    if (i < in.size(0) && j < in.size(1))
        out[i][j] = in[i][j];
}

__global__ void scale64(at::PackedTensorAccessor64<float, 1> v, float a)
{
    v[threadIdx.x] *= a;
}

torch::Tensor copy_into_cpu_output(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor out = torch::zeros({x.size(0), x.size(1)}, torch::kFloat);
    copy_rows<float><<<x.size(0), x.size(1)>>>( // devcheck: memspace-mismatch
        x.packed_accessor32<float, 2, torch::RestrictPtrTraits>(),
        out.packed_accessor32<float, 2, torch::RestrictPtrTraits>());
    return out;
}

torch::Tensor copy_quiet(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor out = torch::zeros_like(x);
    copy_rows<float><<<x.size(0), x.size(1)>>>(
        x.packed_accessor32<float, 2, torch::RestrictPtrTraits>(),
        out.packed_accessor32<float, 2, torch::RestrictPtrTraits>());
    return out;
}

void scale_a_cpu_copy(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor host = x.cpu();
    auto acc = host.packed_accessor64<float, 1>();
    scale64<<<1, 32>>>(acc, 2.0f); // devcheck: memspace-mismatch
}
