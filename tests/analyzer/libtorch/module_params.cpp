/*
 * A module handed to a function: a TORCH_MODULE holder by reference or by
 * value, a std::shared_ptr or a pointer to a module class, libtorch's own
 * holders (Sequential, Linear), a TorchScript module.  The caller moved
 * it to the GPU; the function runs it on a tensor it made on the cpu.
 * The training loop's function of every tutorial (`train(Net& model,
 * torch::Device device, ...)`).  The *_quiet ones move their input.
 */
#include <torch/script.h>
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
    NetImpl() { fc = register_module("fc", torch::nn::Linear(10, 2)); }
    torch::Tensor forward(torch::Tensor x) { return fc(x); }
    torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void holder_by_reference(Net &net)
{
    torch::Tensor data = torch::randn({8, 10});
    net->forward(data); // devcheck: device-mismatch // devcheck-note: 'data' created on cpu
}

void holder_by_value(Net net)
{
    torch::Tensor data = torch::randn({8, 10});
    net(data); // devcheck: device-mismatch
}

void holder_quiet(Net &net, torch::Device device)
{
    torch::Tensor data = torch::randn({8, 10}).to(device);
    net(data);
}

void shared_module(std::shared_ptr<NetImpl> net)
{
    torch::Tensor data = torch::randn({8, 10});
    net->forward(data); // devcheck: device-mismatch
}

void pointer_to_module(NetImpl *net)
{
    torch::Tensor data = torch::randn({8, 10});
    net->forward(data); // devcheck: device-mismatch
}

void module_by_reference(NetImpl &net)
{
    torch::Tensor data = torch::randn({8, 10});
    net.forward(data); // devcheck: device-mismatch
}

void sequential(torch::nn::Sequential &seq)
{
    torch::Tensor data = torch::randn({8, 10});
    seq->forward(data); // devcheck: device-mismatch
}

void linear(torch::nn::Linear &fc, torch::Device device)
{
    torch::Tensor data = torch::randn({8, 10});
    fc(data.to(device));
    fc(data); // devcheck: device-mismatch
}

void scripted(torch::jit::Module &module)
{
    std::vector<torch::jit::IValue> inputs{torch::randn({1, 10})};
    module.forward(inputs); // devcheck: device-mismatch
}

void place(Net &net, torch::Device device)
{
    net->to(device);
}

int main()
{
    torch::Device device(torch::kCUDA);
    Net net;
    net->to(device);
    holder_by_reference(net);
    holder_by_value(net);
    holder_quiet(net, device);
    auto shared = std::make_shared<NetImpl>();
    shared->to(device);
    shared_module(shared);
    pointer_to_module(shared.get());
    module_by_reference(*net);
    shared_module(net.ptr());
    torch::nn::Sequential seq(torch::nn::Linear(10, 2));
    seq->to(device);
    sequential(seq);
    torch::nn::Linear fc(10, 2);
    fc->to(device);
    linear(fc, device);
    torch::jit::Module module = torch::jit::load("model.pt", device);
    scripted(module);
    Net placed;
    place(placed, device);
    placed(torch::randn({8, 10})); // devcheck: device-mismatch
    return 0;
}
