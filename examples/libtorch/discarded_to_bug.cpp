/*
 * Scenario 9 with libtorch, discarded_to (bug form).
 * x.to(dev) is called as if it moved x in place; it returns the moved copy,
 * which is dropped.  x is still on the cpu when it reaches the model.
 */
#include <torch/torch.h>

#include <iostream>

int main()
{
    torch::manual_seed(0);
    torch::Device dev = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    torch::nn::Linear model(4, 2);
    model->to(dev);

    torch::Tensor x = torch::randn({3, 4});
    x.to(dev);                                  // the moved copy is thrown away // devcheck: discarded-transfer // devcheck-message: the result of x.to(dev) is dropped
    torch::Tensor y = model->forward(x);        // x is still on the cpu // devcheck: device-mismatch
    std::cout << y << "\n";
    return 0;
}
