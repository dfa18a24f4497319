/*
 * TorchScript modules (torch::jit::Module), as the TorchScript tutorial
 * loads and runs them: torch::jit::load with a device puts the module
 * there, without one where it was saved from (not known); module.to(device)
 * moves it; module.forward(inputs) wants its inputs, a vector of IValues,
 * where the module is.  Each function is one case; the *_quiet ones are
 * the fixed forms and what is not known.
 */
#include <torch/torch.h>
#include <torch/script.h>

#include <string>
#include <vector>

at::Tensor loaded_onto_gpu_input_on_cpu(const std::string &path)
{
    torch::jit::script::Module module = torch::jit::load(path, torch::kCUDA);
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(torch::ones({1, 3, 224, 224}));
    return module.forward(inputs).toTensor(); // devcheck: device-mismatch // devcheck-note: 'module' created on a GPU
}

at::Tensor loaded_then_moved(const std::string &path)
{
    torch::Device device(torch::kCUDA);
    torch::jit::Module module = torch::jit::load(path);
    module.to(device);
    torch::Tensor x = torch::randn({1, 8});
    return module.forward({x}).toTensor(); // devcheck: device-mismatch // devcheck-note: 'module' moved to a GPU
}

at::Tensor loaded_onto_cpu_input_on_gpu(const std::string &path)
{
    auto module = torch::jit::load(path, torch::Device(torch::kCPU));
    std::vector<torch::jit::IValue> inputs{torch::randn({1, 8}, torch::kCUDA)};
    return module.forward(inputs).toTensor(); // devcheck: device-mismatch
}

at::Tensor one_input_of_two_left_behind(const std::string &path)
{
    torch::Device device(torch::kCUDA);
    torch::jit::Module module = torch::jit::load(path, device);
    torch::Tensor mask = torch::ones({1, 8});
    std::vector<torch::jit::IValue> inputs;
    inputs.emplace_back(torch::randn({1, 8}).to(device));
    inputs.emplace_back(mask);
    return module.forward(inputs).toTensor(); // devcheck: device-mismatch
}

/* A submodule (sherpa's recognizers: `encoder_ = model_.attr("encoder").toModule()`)
   run with run_method, its inputs left on the cpu. */
at::Tensor submodule_run_method_input_on_cpu(const std::string &path)
{
    torch::jit::Module model = torch::jit::load(path, torch::kCUDA);
    torch::jit::Module encoder = model.attr("encoder").toModule();
    torch::Tensor features = torch::zeros({1, 100, 80});
    torch::Tensor lengths = torch::tensor({100});
    return encoder.run_method("forward", features, lengths).toTensor(); // devcheck: device-mismatch
}

/* A module's tensor attribute is where the module is. */
at::Tensor attribute_with_cpu_tensor(const std::string &path)
{
    torch::jit::Module model = torch::jit::load(path, torch::kCUDA);
    torch::Tensor weight = model.attr("weight").toTensor();
    torch::Tensor x = torch::zeros({1, 8});
    return weight + x; // devcheck: device-mismatch
}

/* ---- the fixed forms, and what is not known: quiet ------------------------------ */

at::Tensor submodule_run_method_quiet(const std::string &path)
{
    torch::Device device(torch::kCUDA);
    torch::jit::Module model = torch::jit::load(path, device);
    torch::jit::Module encoder = model.attr("encoder").toModule();
    torch::Tensor features = torch::zeros({1, 100, 80}).to(device);
    torch::Tensor lengths = torch::tensor({100}).to(device);
    return encoder.run_method("forward", features, lengths).toTensor();
}

at::Tensor loaded_onto_gpu_quiet(const std::string &path)
{
    torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    torch::jit::script::Module module = torch::jit::load(path, device);
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(torch::ones({1, 3, 224, 224}).to(device));
    return module.forward(inputs).toTensor();
}

at::Tensor loaded_then_moved_quiet(const std::string &path)
{
    torch::jit::Module module = torch::jit::load(path);
    module.to(torch::kCUDA);
    torch::Tensor x = torch::randn({1, 8}).cuda();
    return module.forward({x}).toTensor();
}

/* Loaded where it was saved from: not known, whatever its input. */
at::Tensor loaded_without_a_device_quiet(const std::string &path)
{
    torch::jit::Module module = torch::jit::load(path);
    at::Tensor a = module.forward({torch::randn({1, 8})}).toTensor();
    at::Tensor b = module.forward({torch::randn({1, 8}, torch::kCUDA)}).toTensor();
    return a.cpu() + b.cpu();
}
