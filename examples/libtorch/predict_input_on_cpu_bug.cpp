/*
 * Scenario 1 with libtorch, predict_input_on_cpu (bug form).
 * The model is moved to the device, but the input is made by a factory
 * with no device in its options, so it is on the cpu: on a GPU the
 * prediction fails.
 */
#include <torch/torch.h>

#include <iostream>

int main()
{
    torch::manual_seed(0);
    torch::Device dev = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    torch::nn::Linear model(4, 3);
    model->to(dev);

    torch::Tensor x = torch::randn({2, 4});     // the input, on the cpu ...
    torch::Tensor logits = model(x);            // ... never moved to dev // devcheck: device-mismatch // devcheck-note: created on cpu // devcheck-fix: x = x.to(dev)
    std::cout << logits.softmax(1).argmax(1) << "\n";
    return 0;
}
