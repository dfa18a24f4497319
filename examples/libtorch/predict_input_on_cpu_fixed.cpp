/*
 * Scenario 1 with libtorch, predict_input_on_cpu (fixed form): the input
 * is made on the model's device, its options naming it.
 */
#include <torch/torch.h>

#include <iostream>

int main()
{
    torch::manual_seed(0);
    torch::Device dev = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    torch::nn::Linear model(4, 3);
    model->to(dev);

    torch::Tensor x = torch::randn({2, 4}, torch::device(dev));
    torch::Tensor logits = model->forward(x);
    torch::Tensor again = model(torch::randn({2, 4}, torch::TensorOptions().device(dev)));
    std::cout << logits.softmax(1).argmax(1) << again.sum() << "\n";
    return 0;
}
