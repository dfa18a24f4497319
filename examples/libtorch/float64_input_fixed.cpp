/*
 * Scenario 13 with libtorch, float64_input (fixed form): the input is
 * converted to float32 as it is moved.
 */
#include <torch/torch.h>

#include <iostream>
#include <vector>

int main()
{
    torch::manual_seed(0);
    torch::Device dev = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    torch::nn::Linear model(4, 2);
    model->to(dev);

    std::vector<double> data(8, 0.5);
    torch::Tensor x = torch::from_blob(data.data(), {2, 4}, torch::kFloat64).to(dev, torch::kFloat32);
    std::cout << model(x) << "\n";
    return 0;
}
