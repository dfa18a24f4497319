/*
 * Scenario 7 with libtorch, forward_temp_on_cpu (bug form).
 * A custom module's forward makes a noise tensor with default options, on
 * the cpu, and adds it to its input, which is on the device.
 */
#include <torch/torch.h>

#include <iostream>

struct NoisyLinear : torch::nn::Module {
    NoisyLinear() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}

    torch::Tensor forward(torch::Tensor x)
    {
        torch::Tensor noise = torch::randn({x.size(0), x.size(1)});
        return fc(x + noise); // devcheck: device-mismatch // devcheck-note: 'noise' created on cpu
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
