/*
 * Scenario 7 with libtorch, forward_temp_on_cpu (fixed form): the noise is
 * made like the input, where the input is.
 */
#include <torch/torch.h>

#include <iostream>

struct NoisyLinear : torch::nn::Module {
    NoisyLinear() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}

    torch::Tensor forward(torch::Tensor x)
    {
        torch::Tensor noise = torch::randn_like(x);
        torch::Tensor scale = torch::ones({x.size(1)}, x.options());
        return fc(x * scale + noise);
    }

    torch::nn::Linear fc;
};

int main()
{
    torch::manual_seed(0);
    torch::Device dev = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    NoisyLinear model;
    model.to(dev);
    torch::Tensor x = torch::randn({3, 4}, torch::device(dev));
    std::cout << model.forward(x) << "\n";
    return 0;
}
