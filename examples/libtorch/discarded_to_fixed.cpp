/*
 * Scenario 9 with libtorch, discarded_to (fixed form): the moved copy is
 * kept, in x itself; x.cuda() and x.cpu() are transfers too, kept.
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
    x = x.to(dev);
    torch::Tensor y = model->forward(x);
    torch::Tensor host = y.cpu();
    if (torch::cuda::is_available())
        std::cout << host.cuda().sum() << "\n";
    std::cout << host << "\n";
    return 0;
}
