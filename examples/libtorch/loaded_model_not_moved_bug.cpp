/*
 * Scenario 3 with libtorch, loaded_model_not_moved (bug form).
 * A model and a tensor are saved and loaded back: torch::load reads them
 * onto the cpu, wherever they were.  The input is moved to the device, the
 * model and the tensor are not.
 */
#include <torch/torch.h>

#include <iostream>

int main()
{
    torch::manual_seed(0);
    torch::Device dev = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    torch::nn::Linear trained(4, 2);
    torch::save(trained, "loaded_model_not_moved_bug.pt");
    torch::save(torch::ones({2}), "loaded_model_not_moved_bias.pt");

    torch::nn::Linear model(4, 2);
    model->to(dev);
    torch::load(model, "loaded_model_not_moved_bug.pt");     // back on the cpu
    torch::Tensor bias;
    torch::load(bias, "loaded_model_not_moved_bias.pt");
    torch::Tensor x = torch::randn({3, 4}).to(dev);
    torch::Tensor y = model(x); // devcheck: device-mismatch // devcheck-note: 'model' moved to cpu
    std::cout << y + bias << "\n"; // devcheck: device-mismatch
    return 0;
}
