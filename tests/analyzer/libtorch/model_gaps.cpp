/*
 * libtorch calls the model learned from public code (bench/libtorch.md):
 * in-place ops, ATen's own factories (at::empty, as extensions write them)
 * the methods that return their tensor's layout changed, on its device
 * (`unsqueeze`, `transpose` too: sherpa's features), and
 * AT_ASSERTM (TORCH_INTERNAL_ASSERT), whose failure throws as TORCH_CHECK's,
 * options that carry a dtype beside their device, devices by name, and
 * a *_like factory whose options name another device, and an accessor
 * (x.accessor<float, 1>()) read on the host.  Each function is one case.
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

/* sherpa's WarmUp: `features = features.unsqueeze(0)` keeps it where it was. */
torch::Tensor unsqueezed_stays_on_the_cpu()
{
    torch::Tensor features = torch::zeros({100, 80});
    features = features.unsqueeze(0).transpose(1, 2);
    return features + torch::ones({1, 80, 100}, torch::kCUDA); // devcheck: device-mismatch
}

torch::Tensor all_on_the_gpu_quiet()
{
    torch::Tensor x = at::empty({2, 3}, torch::kCUDA);
    torch::Tensor y = x.reshape({6}).clone();
    y.sub_(torch::ones({6}, torch::kCUDA));
    return y.detach();
}

/* pyg_autoscale's relabel_cpu.cpp: its inputs asserted on the cpu, then read. */
int64_t asserted_on_the_cpu_quiet(torch::Tensor rowptr, torch::Tensor idx)
{
    AT_ASSERTM(!rowptr.is_cuda(), "Rowptr tensor must be a CPU tensor");
    TORCH_INTERNAL_ASSERT(!idx.is_cuda(), "Index tensor must be a CPU tensor");
    int64_t *rowptr_data = rowptr.data_ptr<int64_t>();
    int64_t *idx_data = idx.data_ptr<int64_t>();
    return rowptr_data[idx_data[0]];
}

/* pytorch-cpp's linear_regression: its options name a dtype and a device. */
torch::Tensor float64_options_into_a_module()
{
    torch::nn::Linear fc(1, 1);
    torch::Tensor x = torch::randint(0, 10, {15, 1},
                                     torch::TensorOptions(torch::kDouble).device(torch::kCPU));
    torch::Tensor y = torch::ones({15, 1}, torch::dtype(torch::kFloat64));
    torch::Tensor z = torch::zeros({15, 1}, torch::TensorOptions().dtype(torch::kFloat64));
    torch::Tensor a = fc(x); // devcheck: dtype-mismatch // devcheck-note: 'x' made float64
    torch::Tensor b = fc(y); // devcheck: dtype-mismatch
    torch::Tensor c = fc(z); // devcheck: dtype-mismatch
    return a + b + c;
}

/* int64 labels and indices beside float32 tensors are what the losses and
   the index ops want: no dtype-mismatch. */
torch::Tensor int64_labels_and_indices_quiet()
{
    torch::nn::Linear fc(4, 3);
    torch::Tensor x = torch::randn({8, 4});
    torch::Tensor labels = torch::randint(0, 3, {8}, torch::kLong);
    torch::Tensor index = torch::zeros({8}, torch::dtype(torch::kInt64));
    torch::Tensor logits = fc(x);
    torch::Tensor a = torch::nn::functional::nll_loss(logits, labels);
    torch::Tensor b = torch::nn::functional::cross_entropy(logits, index);
    torch::Tensor c = at::nll_loss(logits, labels);
    return a + b + c;
}

/* A device named by a string: "cuda:1" is GPU 1, "cuda" the current GPU,
   "cpu" the cpu; a string held in a variable says nothing. */
torch::Tensor device_by_name_two_gpus()
{
    torch::Tensor a = torch::ones({4}, torch::Device("cuda:0"));
    torch::Tensor b = torch::ones({4}, torch::Device("cuda:1"));
    return a + b; // devcheck: device-mismatch
}

torch::Tensor device_by_name_cpu()
{
    torch::Tensor a = torch::ones({4}, torch::Device("cpu"));
    return a + torch::ones({4}, torch::kCUDA); // devcheck: device-mismatch
}

torch::Tensor device_by_name_same_quiet()
{
    torch::Device dev("cuda:1");
    torch::Tensor a = torch::ones({4}, torch::Device("cuda:1"));
    return a + torch::ones({4}, dev);
}

torch::Tensor device_by_name_unknown_quiet(const std::string &name)
{
    torch::Tensor a = torch::ones({4}, torch::Device(name));
    return a + torch::ones({4}, torch::kCUDA);
}

torch::Tensor like_with_a_device_of_its_own(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor scratch = torch::zeros_like(x, torch::kCPU);
    torch::Tensor same = torch::zeros_like(x);
    return x + same + scratch; // devcheck: device-mismatch // devcheck-note: 'scratch' created on cpu
}

float accessor_of_a_cuda_tensor(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    auto acc = x.accessor<float, 1>();
    return acc[0]; // devcheck: host-deref
}

float accessor_of_a_cpu_tensor_quiet(torch::Tensor x)
{
    torch::Tensor h = x.cpu();
    auto acc = h.accessor<float, 1>();
    return acc[0];
}
