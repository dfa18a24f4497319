/*
 * Scenario 4 with libtorch, labels_not_moved (fixed form): the labels are
 * moved with the images, to where the logits are.
 */
#include <torch/torch.h>

#include <iostream>

int main()
{
    torch::manual_seed(0);
    torch::Device dev = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    torch::nn::Linear model(4, 3);
    model->to(dev);
    torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));

    torch::Tensor images = torch::randn({8, 4});
    torch::Tensor labels = torch::randint(0, 3, {8}, torch::kLong);
    for (int step = 0; step < 3; step++) {
        torch::Tensor logits = model(images.to(dev));
        torch::Tensor loss = torch::nn::functional::cross_entropy(logits, labels.to(logits));
        opt.zero_grad();
        loss.backward();
        opt.step();
        std::cout << "loss " << loss.item<float>() << "\n";
    }
    return 0;
}
