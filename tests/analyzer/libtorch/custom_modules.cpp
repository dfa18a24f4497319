/*
 * Modules of the program's own, written as PyTorch's C++ frontend tutorial
 * writes them: a struct derived from torch::nn::Module that registers its
 * layers (or its parameters) in its constructor, used by value, through
 * std::make_shared or new, and through TORCH_MODULE's holder.  `to(device)` moves
 * it with what it registered; its forward(x) wants x where it is.  Each
 * function is one case; the *_quiet ones are the fixed forms.
 */
#include <torch/torch.h>

/* The tutorial's network: its layers registered, held in fields. */
struct Net : torch::nn::Module {
    Net()
    {
        fc1 = register_module("fc1", torch::nn::Linear(784, 64));
        fc2 = register_module("fc2", torch::nn::Linear(64, 10));
    }

    torch::Tensor forward(torch::Tensor x)
    {
        x = torch::relu(fc1->forward(x.reshape({x.size(0), 784})));
        return fc2->forward(x);
    }

    torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};

/* The tutorial's first module: its parameters registered as tensors. */
struct Affine : torch::nn::Module {
    Affine(int64_t n, int64_t m)
    {
        W = register_parameter("W", torch::randn({n, m}));
        b = register_parameter("b", torch::randn(m));
    }

    torch::Tensor forward(torch::Tensor input) { return torch::addmm(b, input, W); }

    torch::Tensor W, b;
};

/* TORCH_MODULE(Block): Block holds a BlockImpl, as libtorch's own layers. */
struct BlockImpl : torch::nn::Module {
    explicit BlockImpl(int64_t n) : fc(register_module("fc", torch::nn::Linear(n, n))) {}

    torch::Tensor forward(torch::Tensor x) { return fc(x); }

    torch::nn::Linear fc;
};
TORCH_MODULE(Block);

/* Only other modules, in a Sequential: where its parameters are is not known
   until it is moved. */
struct Stack : torch::nn::Module {
    Stack() { layers = register_module("layers", torch::nn::Sequential(torch::nn::ReLU())); }

    torch::Tensor forward(torch::Tensor x) { return layers->forward(x); }

    torch::nn::Sequential layers{nullptr};
};

/* Made with a device, which its constructor may move it to. */
struct Placed : torch::nn::Module {
    explicit Placed(torch::Device device) : fc(register_module("fc", torch::nn::Linear(4, 4)))
    {
        to(device);
    }

    torch::Tensor forward(torch::Tensor x) { return fc(x); }

    torch::nn::Linear fc;
};

torch::Tensor by_value()
{
    torch::Device device(torch::kCUDA);
    Net net;
    net.to(device);
    torch::Tensor x = torch::randn({2, 784});
    return net.forward(x); // devcheck: device-mismatch // devcheck-note: 'net' moved to a GPU
}

torch::Tensor through_make_shared()
{
    torch::Device device(torch::kCUDA);
    auto net = std::make_shared<Net>();
    net->to(device);
    torch::Tensor x = torch::randn({2, 784});
    return net->forward(x); // devcheck: device-mismatch // devcheck-note: 'x' created on cpu
}

torch::Tensor through_shared_ptr_declared()
{
    std::shared_ptr<Net> net = std::make_shared<Net>();
    torch::Tensor x = torch::randn({2, 784}, torch::kCUDA);
    return net->forward(x); // devcheck: device-mismatch // devcheck-note: 'net' created on cpu
}

torch::Tensor through_holder()
{
    torch::Device device(torch::kCUDA);
    Block block(16);
    block->to(device);
    torch::Tensor x = torch::randn({2, 16});
    torch::Tensor y = block->forward(x); // devcheck: device-mismatch
    return block(x); // devcheck: device-mismatch
}

torch::Tensor never_moved_input_on_gpu()
{
    Net net;
    torch::Tensor x = torch::randn({2, 784}, torch::kCUDA);
    return net.forward(x); // devcheck: device-mismatch // devcheck-note: 'net' created on cpu
}

torch::Tensor registered_parameters_move()
{
    Affine affine(4, 3);
    affine.to(torch::kCUDA);
    torch::Tensor x = torch::randn({2, 4});
    torch::Tensor w = affine.W; // moved with its module
    return torch::matmul(x, w); // devcheck: device-mismatch
}

torch::Tensor submodule_moves_with_its_parent()
{
    auto net = std::make_shared<Net>();
    net->to(torch::kCUDA);
    torch::Tensor x = torch::randn({2, 784});
    return net->fc1->forward(x); // devcheck: device-mismatch
}

torch::Tensor parameters_move_with_their_module()
{
    Block block(4);
    block->to(torch::kCUDA);
    std::vector<torch::Tensor> params = block->parameters();
    return params[0] + torch::ones({4, 4}); // devcheck: device-mismatch
}

torch::Tensor a_layer_weight_moves_with_it()
{
    torch::nn::Linear fc(4, 2);
    fc->to(torch::kCUDA);
    return fc->weight + torch::ones({2, 4}); // devcheck: device-mismatch
}

torch::Tensor modules_only_moved()
{
    Stack stack;
    stack.to(torch::kCUDA);
    return stack.forward(torch::randn({2, 4})); // devcheck: device-mismatch
}

/* Made with new: the pointer stands for the module, as make_shared's. */
torch::Tensor through_new()
{
    Net *net = new Net();
    net->to(torch::kCUDA);
    torch::Tensor x = torch::randn({2, 784});
    torch::Tensor y = net->forward(x); // devcheck: device-mismatch // devcheck-note: 'net' moved to a GPU
    delete net;
    return y;
}

torch::Tensor through_new_shared()
{
    std::shared_ptr<Affine> affine(new Affine(4, 3));
    torch::Tensor x = torch::randn({2, 4}, torch::kCUDA);
    return affine->forward(x); // devcheck: device-mismatch // devcheck-note: 'affine' created on cpu
}

/* ---- the fixed forms, and what is not known: quiet ------------------------------ */

torch::Tensor through_new_quiet()
{
    Net *net = new Net();
    net->to(torch::kCUDA);
    torch::Tensor y = net->forward(torch::randn({2, 784}, torch::kCUDA));
    delete net;
    std::shared_ptr<Placed> placed(new Placed(torch::Device(torch::kCUDA)));
    return placed->forward(torch::randn({2, 4}, torch::kCUDA)) + y;
}

torch::Tensor by_value_quiet()
{
    torch::Device device(torch::kCUDA);
    Net net;
    net.to(device);
    torch::Tensor x = torch::randn({2, 784}).to(device);
    return net.forward(x);
}

torch::Tensor through_make_shared_quiet()
{
    torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
    auto net = std::make_shared<Net>();
    net->to(device);
    torch::Tensor x = torch::randn({2, 784}, torch::device(device));
    torch::Tensor y = net->forward(x);
    return net->fc2->forward(net->fc1->forward(x)) + y;
}

torch::Tensor through_holder_quiet()
{
    Block block(16);
    block->to(torch::kCUDA);
    torch::Tensor x = torch::randn({2, 16}).cuda();
    return block(x) + block->forward(x);
}

torch::Tensor never_moved_quiet()
{
    auto affine = std::make_shared<Affine>(4, 3);
    torch::Tensor x = torch::randn({2, 4});
    return affine->forward(x) + torch::matmul(x, affine->W);
}

torch::Tensor modules_only_not_moved_quiet()
{
    Stack stack;
    return stack.forward(torch::randn({2, 4}, torch::kCUDA));
}

torch::Tensor made_with_a_device_quiet()
{
    Placed placed(torch::kCUDA);
    return placed.forward(torch::randn({2, 4}, torch::kCUDA));
}

torch::Tensor made_with_a_device_shared_quiet()
{
    auto placed = std::make_shared<Placed>(torch::Device(torch::kCUDA));
    return placed->forward(torch::randn({2, 4}, torch::kCUDA));
}

torch::Tensor empty_holder_quiet()
{
    Block block{nullptr};
    block = Block(4);
    return block(torch::randn({2, 4}));
}
