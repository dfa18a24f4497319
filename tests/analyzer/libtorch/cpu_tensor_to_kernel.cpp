/*
 * An extension op's output made with no device (ATen's and torch's
 * factories given sizes and a dtype only, or a dtype taken from another
 * tensor) is a cpu tensor: its data_ptr given to a CUDA launcher (in
 * scale_launcher.cu, the same program) or to cuBLAS is host memory where
 * device memory is wanted.  Each function is one case; the *_quiet ones
 * are the fixed forms, their options taken from the input.
 */
#include <torch/torch.h>
#include <cublas_v2.h>

void launch_scale(float *out, const float *in, float a, int n);

torch::Tensor output_with_a_dtype(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    at::Tensor out = at::empty(x.sizes(), at::kFloat);
    launch_scale(out.data_ptr<float>(), x.data_ptr<float>(), 2.0f, x.numel()); // devcheck: memspace-mismatch
    return out;
}

torch::Tensor output_with_the_input_dtype(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    at::Tensor out = at::empty(x.sizes(), x.scalar_type());
    float *out_ptr = out.data_ptr<float>();
    launch_scale(out_ptr, x.data_ptr<float>(), 2.0f, x.numel()); // devcheck: memspace-mismatch
    return out;
}

torch::Tensor output_of_torch_empty(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor out = torch::empty(x.sizes());
    launch_scale(out.data_ptr<float>(), x.data_ptr<float>(), 2.0f, x.numel()); // devcheck: memspace-mismatch
    return out;
}

torch::Tensor cublas_output_on_the_cpu(cublasHandle_t handle, torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor out = torch::empty({x.numel()});
    float alpha = 2.0f;
    cublasSaxpy(handle, x.numel(), &alpha, x.data_ptr<float>(), 1, out.data_ptr<float>(), 1); // devcheck: memspace-mismatch
    return out;
}

torch::Tensor output_with_the_input_options_quiet(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    at::Tensor out = at::empty(x.sizes(), x.options());
    launch_scale(out.data_ptr<float>(), x.data_ptr<float>(), 2.0f, x.numel());
    return out;
}

torch::Tensor cublas_output_on_the_gpu_quiet(cublasHandle_t handle, torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor out = torch::empty({x.numel()}, x.options().dtype(torch::kFloat));
    float alpha = 2.0f;
    cublasSaxpy(handle, x.numel(), &alpha, x.data_ptr<float>(), 1, out.data_ptr<float>(), 1);
    return out;
}
