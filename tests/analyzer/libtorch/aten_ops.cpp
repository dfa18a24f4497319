/*
 * ATen's everyday ops between a model's output (or a forward function's
 * input) and a tensor left on the cpu: elementwise functions and methods
 * (relu, sigmoid, exp, log_softmax), comparisons (`eq`, `>`), losses of
 * torch::nn::functional, reductions with a dim, torch::where, and
 * torch::cat's and torch::stack's braced lists.  A cpu tensor of no
 * dimensions (`torch::tensor(2.0)`, `t.sum()`) is a scalar to an
 * elementwise op, beside a tensor of any device: legal, quiet; a GPU's
 * with a cpu tensor is not.  Each function is one case; the *_quiet ones
 * are the fixed or legal forms.
 */
#include <torch/torch.h>

namespace F = torch::nn::functional;

struct Gated : torch::nn::Module {
    Gated() { fc = register_module("fc", torch::nn::Linear(8, 8)); }
    torch::Tensor forward(torch::Tensor x)
    {
        torch::Tensor mask = torch::ones({x.size(0), 8});
        return torch::relu(fc(x)) * mask; // devcheck: device-mismatch // devcheck-note: 'mask' created on cpu
    }
    torch::nn::Linear fc{nullptr};
};

struct Noisy : torch::nn::Module {
    torch::Tensor forward(torch::Tensor x)
    {
        torch::Tensor noise = torch::randn({x.size(0), x.size(1)});
        torch::Tensor h = x.sigmoid();
        return h + noise; // devcheck: device-mismatch
    }
};

struct NoisyQuiet : torch::nn::Module {
    torch::Tensor forward(torch::Tensor x)
    {
        torch::Tensor noise = torch::randn_like(x);
        return x.sigmoid() * torch::tensor(0.5) + noise;
    }
};

static torch::Tensor logits_on(torch::Device device)
{
    return torch::randn({8, 3}, torch::device(device));
}

torch::Tensor accuracy_with_cpu_labels()
{
    torch::Tensor output = logits_on(torch::kCUDA);
    torch::Tensor labels = torch::randint(0, 3, {8});
    return output.argmax(1).eq(labels).sum(); // devcheck: device-mismatch // devcheck-note: 'labels' created on cpu
}

torch::Tensor accuracy_quiet()
{
    torch::Tensor output = logits_on(torch::kCUDA);
    torch::Tensor labels = torch::randint(0, 3, {8}).to(torch::kCUDA);
    return output.argmax(1).eq(labels).sum();
}

torch::Tensor nll_of_log_softmax_with_cpu_targets()
{
    torch::Tensor output = logits_on(torch::kCUDA);
    torch::Tensor targets = torch::randint(0, 3, {8});
    return torch::nll_loss(torch::log_softmax(output, 1), targets); // devcheck: device-mismatch
}

torch::Tensor bce_with_cpu_labels()
{
    torch::Tensor logits = torch::randn({8}, torch::kCUDA);
    torch::Tensor labels = torch::rand({8});
    return F::binary_cross_entropy(torch::sigmoid(logits), labels); // devcheck: device-mismatch
}

torch::Tensor l1_of_exp_with_cpu_target()
{
    torch::Tensor output = logits_on(torch::kCUDA);
    torch::Tensor target = torch::zeros({8, 3});
    return F::l1_loss(output.exp(), target); // devcheck: device-mismatch
}

torch::Tensor where_with_a_cpu_fallback()
{
    torch::Tensor out = logits_on(torch::kCUDA);
    torch::Tensor fallback = torch::zeros({8, 3});
    return torch::where(out > 0, out, fallback); // devcheck: device-mismatch
}

torch::Tensor where_with_a_scalar_quiet()
{
    torch::Tensor out = logits_on(torch::kCUDA);
    return torch::where(out > 0.5, out, torch::zeros_like(out));
}

torch::Tensor centred_against_a_cpu_mean()
{
    torch::Tensor out = logits_on(torch::kCUDA);
    torch::Tensor baseline = torch::ones({3});
    return out.mean(0) - baseline; // devcheck: device-mismatch
}

torch::Tensor scaled_by_cpu_scalars_quiet()
{
    torch::Tensor out = logits_on(torch::kCUDA);
    torch::Tensor weights = torch::ones({4});
    torch::Tensor scale = torch::tensor(2.0);
    return out * scale / weights.sum() + out.pow(2);
}

torch::Tensor scaled_cpu_noise()
{
    torch::Tensor out = logits_on(torch::kCUDA);
    torch::Tensor noise = torch::randn({8, 3});
    return out + 0.1 * noise; // devcheck: device-mismatch
}

torch::Tensor scalar_first_quiet()
{
    torch::Tensor out = logits_on(torch::kCUDA);
    return 1.0 - out.sigmoid() + 0.5 * out;
}

torch::Tensor a_gpu_scalar_with_a_cpu_tensor()
{
    torch::Tensor out = logits_on(torch::kCUDA);
    torch::Tensor total = out.sum();
    torch::Tensor counts = torch::ones({3});
    return counts * total; // devcheck: device-mismatch
}

torch::Tensor a_one_element_cpu_tensor()
{
    torch::Tensor out = logits_on(torch::kCUDA);
    torch::Tensor scale = torch::tensor({2.0});
    return out * scale; // devcheck: device-mismatch
}

torch::Tensor cat_with_cpu_padding()
{
    torch::Tensor x = logits_on(torch::kCUDA);
    torch::Tensor pad = torch::zeros({8, 1});
    return torch::cat({x, pad}, 1); // devcheck: device-mismatch // devcheck-note: 'pad' created on cpu
}

torch::Tensor stack_of_two_devices(torch::Tensor a)
{
    torch::Tensor b = a.cpu();
    torch::Tensor c = torch::relu(a.cuda());
    return torch::stack({b, c}); // devcheck: device-mismatch
}

torch::Tensor cat_quiet()
{
    torch::Tensor x = logits_on(torch::kCUDA);
    torch::Tensor pad = torch::zeros({8, 1}, x.options());
    return torch::cat({x, pad}, 1).to(torch::kFloat32);
}

int main()
{
    Gated gated;
    gated.to(torch::kCUDA);
    gated.forward(torch::randn({2, 8}, torch::kCUDA));
    Noisy noisy;
    noisy.forward(torch::randn({2, 8}, torch::kCUDA));
    NoisyQuiet quiet;
    quiet.forward(torch::randn({2, 8}, torch::kCUDA));
    return 0;
}
