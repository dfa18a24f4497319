/*
 * Scenario 3 with libtorch, loaded_model_not_moved (fixed form): the model
 * is moved after it is loaded, and the tensor where the output is.
 */
#include <torch/torch.h>

#include <iostream>

int main()
{
    torch::manual_seed(0);
    torch::Device dev = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    torch::nn::Linear trained(4, 2);
    torch::save(trained, "loaded_model_not_moved_fixed.pt");
    torch::save(torch::ones({2}), "loaded_model_not_moved_bias.pt");

    torch::nn::Linear model(4, 2);
    torch::load(model, "loaded_model_not_moved_fixed.pt");
    model->to(dev);
    torch::Tensor bias;
    torch::load(bias, "loaded_model_not_moved_bias.pt");
    torch::Tensor x = torch::randn({3, 4}).to(dev);
    torch::Tensor y = model(x);
    std::cout << y + bias.to(y.device()) << "\n";
    return 0;
}
