/*
 * Extension code's lambdas with libtorch's own headers: AT_DISPATCH_*
 * expands to a switch of immediately invoked lambdas (`[&] { ... }()`),
 * whose bodies read the op's tensors as the op knows them (asserted on a
 * device, or made there); at::parallel_for and a thread pool's run take
 * the lambda that does the work.  Each function is one case.
 */
#include <torch/torch.h>
#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>

#include <functional>

void run_later(std::function<void()> task); // a pool's: its body unknown

void dispatched_read_of_a_cuda_tensor(torch::Tensor src, torch::Tensor dst)
{
    TORCH_CHECK(dst.is_cuda(), "dst must be a CUDA tensor");
    AT_DISPATCH_FLOATING_TYPES(src.scalar_type(), "fill", [&] {
        scalar_t *out = dst.data_ptr<scalar_t>();
        out[0] = 0; // devcheck: host-deref
    });
}

void dispatched_on_the_cpu_quiet(torch::Tensor src)
{
    TORCH_CHECK(!src.is_cuda(), "src must be a CPU tensor");
    AT_DISPATCH_FLOATING_TYPES(src.scalar_type(), "fill", [&] {
        scalar_t *in = src.data_ptr<scalar_t>();
        in[0] = 0;
    });
}

void parallel_for_over_a_cuda_tensor(torch::Tensor x)
{
    torch::Tensor y = torch::zeros({16}, torch::kCUDA);
    float *data = y.data_ptr<float>();
    at::parallel_for(0, 16, 4, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; i++)
            data[i] = 1.0f; // devcheck: host-deref
    });
}

/* pyg_autoscale's read_async: the dispatch's lambda hands a copy by value
   to a pool. */
void handed_to_a_pool(torch::Tensor src, torch::Tensor dst)
{
    TORCH_CHECK(!src.is_cuda(), "src must be a CPU tensor");
    TORCH_CHECK(dst.is_cuda(), "dst must be a CUDA tensor");
    AT_DISPATCH_FLOATING_TYPES(src.scalar_type(), "read", [&] {
        run_later([=] {
            scalar_t *to = dst.data_ptr<scalar_t>();
            to[0] = src.data_ptr<scalar_t>()[0]; // devcheck: host-deref
        });
    });
}

/* A tensor assigned inside the dispatch's lambda, or returned by it, is
   what the lambda made when it is used after. */
torch::Tensor assigned_inside_the_dispatch(torch::Tensor x)
{
    torch::Tensor out = torch::ones({4}, torch::kCUDA);
    AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "make", [&] {
        out = at::empty({4}, x.scalar_type());
    });
    return out + torch::ones({4}, torch::kCUDA); // devcheck: device-mismatch // devcheck-note: 'out' created on cpu
}

torch::Tensor returned_by_the_dispatch(torch::Tensor x)
{
    torch::Tensor out = AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "make", [&] {
        return torch::empty({4});
    });
    return out + torch::ones({4}, torch::kCUDA); // devcheck: device-mismatch
}

torch::Tensor assigned_on_the_device_quiet(torch::Tensor x)
{
    torch::Tensor out;
    AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "make", [&] {
        out = at::empty({4}, x.options());
    });
    return out + x;
}
