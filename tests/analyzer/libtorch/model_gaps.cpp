/*
 * libtorch calls the model learned from public code (bench/libtorch.md):
 * in-place ops, ATen's own factories (at::empty, as extensions write them)
 * and the methods that return their tensor's layout changed, on its device.
 * Each function is one case; the checks wait for no call (no parameters).
 */
#include <torch/torch.h>

torch::Tensor in_place_add_of_cpu_tensor()
{
    torch::Tensor acc = torch::zeros({4}, torch::kCUDA);
    torch::Tensor step = torch::ones({4});
    acc.add_(step); // devcheck: device-mismatch // devcheck-note: 'step' created on cpu
    return acc;
}

torch::Tensor in_place_result_is_its_tensor()
{
    torch::Tensor x = torch::ones({4});
    torch::Tensor y = x.mul_(2.0);
    return y + torch::ones({4}, torch::kCUDA); // devcheck: device-mismatch
}

torch::Tensor aten_factory_on_the_cpu()
{
    at::Tensor out = at::empty({4});
    return out + torch::ones({4}, torch::kCUDA); // devcheck: device-mismatch // devcheck-note: 'out' created on cpu
}

torch::Tensor contiguous_view_follows_its_tensor()
{
    torch::Tensor x = torch::randn({2, 3});
    torch::Tensor flat = x.contiguous().view({-1});
    return flat + torch::ones({6}, torch::kCUDA); // devcheck: device-mismatch
}

torch::Tensor all_on_the_gpu_quiet()
{
    torch::Tensor x = at::empty({2, 3}, torch::kCUDA);
    torch::Tensor y = x.reshape({6}).clone();
    y.sub_(torch::ones({6}, torch::kCUDA));
    return y.detach();
}
