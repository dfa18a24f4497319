/*
 * Scenario 13 with libtorch, float64_input (bug form).
 * Host data of doubles becomes a float64 tensor (from_blob with
 * torch::kFloat64), is moved to the device, and meets float32 weights.
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
    torch::Tensor x = torch::from_blob(data.data(), {2, 4}, torch::kFloat64).to(dev);
    try {
        std::cout << model(x) << "\n"; // devcheck: dtype-mismatch // devcheck-fix: x = x.to(torch::kFloat32)
    } catch (const c10::Error &e) {
        std::cout << "float64 input: " << e.what_without_backtrace() << "\n";
    }
    return 0;
}
