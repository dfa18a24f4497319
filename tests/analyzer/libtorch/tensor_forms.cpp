/*
 * Everyday libtorch forms a probe found the model lacked, each beside a
 * tensor left on the cpu: options that name no device
 * (`torch::requires_grad()`), torch::randperm, views (`slice`,
 * `view_as`), `type_as(y)` (to y's device), a
 * tensor's pieces (`chunk`, `split`, `unbind`), ops of a tuple
 * (`std::get<1>(x.max(1))`, `topk`, `sort`), the functions of an input
 * and weights (`torch::linear`, `F::linear`, `torch::conv2d`,
 * `torch::einsum`), recurrent layers (LSTM, GRU, whose `to()` is their
 * own), torch::cat and stack of a vector filled by push_back or made
 * from a braced list, pooling, padding, interpolation and grid_sample, and
 * in-place ops of one tensor (`x.clamp_(0, 1)`), which return it, and
 * range-for loops over a list (`for (auto &p : net->parameters())`,
 * `named_parameters()`) or
 * a data loader (`for (auto &batch : *loader)`: batch.data on the cpu).  Each function is one case; the *_quiet ones are the
 * fixed forms.
 */
#include <torch/torch.h>

namespace F = torch::nn::functional;

static torch::Tensor on_gpu(int64_t n)
{
    return torch::randn({n, n}, torch::kCUDA);
}

torch::Tensor leaf_with_requires_grad()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor w = torch::randn({8, 8}, torch::requires_grad());
    return x.matmul(w); // devcheck: device-mismatch
}

torch::Tensor leaf_with_options_and_requires_grad()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor w = torch::zeros({8, 8}, torch::TensorOptions().dtype(torch::kFloat32).requires_grad(true));
    return x + w; // devcheck: device-mismatch
}

torch::Tensor leaf_quiet()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor w = torch::randn({8, 8}, x.options().requires_grad(true));
    return x.matmul(w);
}

torch::Tensor shuffled_rows()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor perm = torch::randperm(8);
    return x.index_select(0, perm); // devcheck: device-mismatch
}

torch::Tensor shuffled_rows_quiet()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor perm = torch::randperm(8, torch::TensorOptions().dtype(torch::kLong).device(x.device()));
    return x.index_select(0, perm);
}

torch::Tensor sliced_half()
{
    torch::Tensor x = on_gpu(8);
    return x.slice(0, 0, 4) + torch::zeros({4, 8}); // devcheck: device-mismatch
}

torch::Tensor viewed_as_a_cpu_tensor()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor bias = torch::ones({64});
    return x.view_as(bias) - bias; // devcheck: device-mismatch
}

torch::Tensor typed_as_a_cpu_tensor()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor ref = torch::zeros({8, 8});
    torch::Tensor y = on_gpu(8).type_as(ref);
    return x + y; // devcheck: device-mismatch
}

torch::Tensor typed_as_quiet()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor y = torch::zeros({8, 8}).type_as(x);
    return x + y;
}

torch::Tensor first_chunk()
{
    torch::Tensor x = on_gpu(8);
    auto halves = x.chunk(2, 0);
    return halves[0] + torch::zeros({4, 8}); // devcheck: device-mismatch
}

torch::Tensor split_rows()
{
    torch::Tensor x = on_gpu(8);
    std::vector<torch::Tensor> parts = torch::split(x, 4);
    return parts[1] * torch::ones({4, 8}); // devcheck: device-mismatch
}

torch::Tensor unbound_row()
{
    torch::Tensor x = on_gpu(8);
    auto rows = x.unbind(0);
    return rows[0] - torch::zeros({8}); // devcheck: device-mismatch
}

torch::Tensor predictions_against_cpu_labels()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor labels = torch::zeros({8}, torch::kLong);
    torch::Tensor pred = std::get<1>(x.max(1));
    return pred.eq(labels).sum(); // devcheck: device-mismatch
}

torch::Tensor predictions_quiet()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor labels = torch::zeros({8}, torch::kLong).to(x.device());
    return std::get<1>(x.max(1)).eq(labels).sum();
}

torch::Tensor smallest_against_cpu()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor m = std::get<0>(torch::min(x, 0));
    return m + torch::zeros({8}); // devcheck: device-mismatch
}

torch::Tensor top3_against_cpu()
{
    torch::Tensor x = on_gpu(8);
    auto top = x.topk(3);
    torch::Tensor want = torch::zeros({8, 3}, torch::kLong);
    return std::get<1>(top).eq(want); // devcheck: device-mismatch
}

torch::Tensor sorted_against_cpu()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor s = std::get<0>(x.sort(1));
    return s - torch::randn({8, 8}); // devcheck: device-mismatch
}

torch::Tensor linear_with_cpu_weight()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor w = torch::randn({4, 8});
    return torch::linear(x, w); // devcheck: device-mismatch
}

torch::Tensor functional_linear_with_cpu_bias()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor w = torch::randn({4, 8}, torch::kCUDA);
    torch::Tensor b = torch::zeros({4});
    return F::linear(x, w, b); // devcheck: device-mismatch
}

torch::Tensor linear_quiet()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor w = torch::randn({4, 8}, x.options());
    return F::linear(x, w, torch::zeros({4}, x.options()));
}

torch::Tensor conv_with_cpu_kernel()
{
    torch::Tensor x = torch::randn({1, 3, 8, 8}, torch::kCUDA);
    torch::Tensor k = torch::randn({4, 3, 3, 3});
    return torch::conv2d(x, k); // devcheck: device-mismatch
}

torch::Tensor einsum_with_cpu_operand()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor w = torch::randn({8, 8});
    return torch::einsum("ij,jk->ik", {x, w}); // devcheck: device-mismatch
}

torch::Tensor lstm_moved_input_left()
{
    torch::nn::LSTM lstm(torch::nn::LSTMOptions(4, 8).num_layers(1));
    lstm->to(torch::kCUDA);
    torch::Tensor seq = torch::randn({5, 1, 4});
    return std::get<0>(lstm->forward(seq)); // devcheck: device-mismatch
}

torch::Tensor gru_left_on_the_cpu()
{
    torch::nn::GRU gru(4, 8);
    torch::Tensor seq = torch::randn({5, 1, 4}, torch::kCUDA);
    return std::get<0>(gru(seq)); // devcheck: device-mismatch
}

torch::Tensor lstm_quiet()
{
    torch::nn::LSTM lstm(4, 8);
    lstm->to(torch::kCUDA);
    torch::Tensor seq = torch::randn({5, 1, 4}, torch::kCUDA);
    torch::Tensor out = std::get<0>(lstm->forward(seq));
    return out + torch::zeros({5, 1, 8}, out.options());
}

torch::Tensor cat_of_a_vector_filled_in_a_loop()
{
    torch::Tensor x = on_gpu(8);
    std::vector<torch::Tensor> parts;
    for (int i = 0; i < 4; i++)
        parts.push_back(torch::zeros({8, 8}));
    parts.push_back(x);
    return torch::cat(parts, 0); // devcheck: device-mismatch
}

torch::Tensor stack_of_a_braced_vector()
{
    torch::Tensor x = on_gpu(8);
    std::vector<torch::Tensor> rows{x, torch::ones({8, 8})};
    return torch::stack(rows); // devcheck: device-mismatch
}

torch::Tensor stack_of_outputs_and_a_cpu_one()
{
    torch::Tensor x = on_gpu(8);
    std::vector<torch::Tensor> outs;
    outs.reserve(4);
    for (int i = 0; i < 3; i++)
        outs.emplace_back(x * i);
    outs.push_back(torch::randn({8, 8}));
    return torch::stack(outs, 0); // devcheck: device-mismatch
}

torch::Tensor cat_of_a_vector_quiet(bool relu)
{
    torch::Tensor x = on_gpu(8);
    std::vector<torch::Tensor> parts;
    for (int i = 0; i < 4; i++)
        parts.push_back(torch::zeros({8, 8}, x.options()));
    if (relu)
        parts.push_back(x.relu());
    else
        parts.push_back(x);
    torch::Tensor all = torch::cat(parts, 0);
    return all + torch::zeros({40, 8}, x.options());
}

torch::Tensor cat_of_pieces_quiet()
{
    torch::Tensor x = on_gpu(8);
    return torch::cat(x.chunk(2, 0), 1);
}

struct Pooled : torch::nn::Module {
    Pooled() { conv1 = register_module("conv1", torch::nn::Conv2d(1, 10, 5)); }
    torch::Tensor forward(torch::Tensor x)
    {
        x = torch::relu(torch::max_pool2d(conv1->forward(x), 2));
        torch::Tensor mask = torch::ones({10, 12, 12});
        return x * mask; // devcheck: device-mismatch
    }
    torch::nn::Conv2d conv1{nullptr};
};

torch::Tensor clamped_in_place()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor y = x.clamp_(0, 1);
    return y - torch::zeros({8, 8}); // devcheck: device-mismatch
}

torch::Tensor upsampled_against_cpu()
{
    torch::Tensor x = torch::randn({1, 3, 8, 8}, torch::kCUDA);
    torch::Tensor y = F::interpolate(x, F::InterpolateFuncOptions().size(std::vector<int64_t>{16, 16}));
    return y + torch::zeros({1, 3, 16, 16}); // devcheck: device-mismatch
}

torch::Tensor sampled_with_a_cpu_grid()
{
    torch::Tensor x = torch::randn({1, 3, 8, 8}, torch::kCUDA);
    torch::Tensor grid = torch::zeros({1, 8, 8, 2});
    return F::grid_sample(x, grid, F::GridSampleFuncOptions()); // devcheck: device-mismatch
}

torch::Tensor pooled_quiet()
{
    torch::Tensor x = torch::randn({1, 3, 8, 8}, torch::kCUDA);
    torch::Tensor y = F::avg_pool2d(F::pad(x, F::PadFuncOptions({1, 1, 1, 1})), F::AvgPool2dFuncOptions(2));
    return y.zero_() + torch::zeros({1, 3, 5, 5}, x.options());
}

/* A range-for's variable is what any element of its list may be: a
   module's parameters, a vector's tensors, a tensor's pieces. */
struct Small : torch::nn::Module {
    Small() { fc = register_module("fc", torch::nn::Linear(8, 2)); }
    torch::Tensor forward(torch::Tensor x) { return fc(x); }
    torch::nn::Linear fc{nullptr};
};

void perturb_parameters_with_cpu_noise()
{
    auto net = std::make_shared<Small>();
    net->to(torch::kCUDA);
    torch::NoGradGuard no_grad;
    for (auto &p : net->parameters()) {
        torch::Tensor noise = torch::randn(p.sizes()) * 0.01;
        p.add_(noise); // devcheck: device-mismatch
    }
}

torch::Tensor sum_of_a_vector_with_a_cpu_part()
{
    torch::Tensor x = on_gpu(8);
    std::vector<torch::Tensor> parts;
    parts.push_back(torch::ones({8, 8}));
    torch::Tensor total = x;
    for (const auto &part : parts)
        total = total + part; // devcheck: device-mismatch
    return total;
}

torch::Tensor sum_of_chunks_into_cpu()
{
    torch::Tensor x = on_gpu(8);
    torch::Tensor total = torch::zeros({4, 8});
    for (auto piece : x.chunk(2))
        total = total + piece; // devcheck: device-mismatch
    return total;
}

void perturb_parameters_quiet()
{
    auto net = std::make_shared<Small>();
    net->to(torch::kCUDA);
    torch::NoGradGuard no_grad;
    for (auto &p : net->parameters())
        p.add_(torch::randn_like(p) * 0.01);
}

torch::Tensor sum_of_a_vector_quiet(const std::vector<torch::Tensor> &given)
{
    torch::Tensor x = on_gpu(8);
    std::vector<torch::Tensor> parts;
    parts.push_back(x.relu());
    for (const auto &part : parts)
        x = x + part;
    for (const auto &g : given)
        x = x + g;
    return x;
}

/* A torch::data loader's batches (with the Stack<> transform) are made on
   the cpu: data into a model moved to a GPU, or targets into its loss. */
void train_on_cpu_batches()
{
    auto net = std::make_shared<Small>();
    net->to(torch::kCUDA);
    auto dataset = torch::data::datasets::MNIST("./data").map(torch::data::transforms::Stack<>());
    auto loader = torch::data::make_data_loader(std::move(dataset), 64);
    for (auto &batch : *loader) {
        torch::Tensor out = net->forward(batch.data); // devcheck: device-mismatch
        (void)out;
    }
}

void train_with_cpu_targets()
{
    auto net = std::make_shared<Small>();
    net->to(torch::kCUDA);
    auto dataset = torch::data::datasets::MNIST("./data").map(torch::data::transforms::Stack<>());
    auto loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
        std::move(dataset), 64);
    torch::optim::SGD optimizer(net->parameters(), 0.01);
    for (auto &batch : *loader) {
        optimizer.zero_grad();
        torch::Tensor out = net->forward(batch.data.to(torch::kCUDA));
        torch::Tensor loss = torch::nll_loss(out, batch.target); // devcheck: device-mismatch
        loss.backward();
        optimizer.step();
    }
}

void train_quiet()
{
    torch::Device device(torch::kCUDA);
    auto net = std::make_shared<Small>();
    net->to(device);
    auto dataset = torch::data::datasets::MNIST("./data").map(torch::data::transforms::Stack<>());
    auto loader = torch::data::make_data_loader(std::move(dataset), 64);
    torch::optim::Adam optimizer(net->parameters(), 1e-3);
    for (auto &batch : *loader) {
        auto data = batch.data.to(device), target = batch.target.to(device);
        optimizer.zero_grad();
        torch::Tensor loss = torch::nll_loss(net->forward(data), target);
        loss.backward();
        optimizer.step();
    }
}

/* named_parameters() is a list where the module is: its items' value(),
   a name looked up, its values(). */
void perturb_named_parameters_with_cpu_noise()
{
    auto net = std::make_shared<Small>();
    net->to(torch::kCUDA);
    torch::NoGradGuard no_grad;
    for (auto &kv : net->named_parameters()) {
        torch::Tensor noise = torch::randn(kv.value().sizes());
        kv.value().add_(noise); // devcheck: device-mismatch
    }
}

torch::Tensor named_weight_against_cpu()
{
    auto net = std::make_shared<Small>();
    net->to(torch::kCUDA);
    auto params = net->named_parameters();
    torch::Tensor w = params["fc.weight"];
    return w - torch::zeros({2, 8}); // devcheck: device-mismatch
}

void perturb_named_parameters_quiet()
{
    auto net = std::make_shared<Small>();
    net->to(torch::kCUDA);
    torch::NoGradGuard no_grad;
    for (auto &kv : net->named_parameters())
        kv.value().add_(torch::randn_like(kv.value()));
    for (auto &p : net->named_parameters().values())
        p.mul_(torch::ones_like(p));
}

/* A vector's back() and front(). */
torch::Tensor last_pushed_against_gpu()
{
    torch::Tensor x = on_gpu(8);
    std::vector<torch::Tensor> history;
    history.push_back(torch::zeros({8, 8}));
    return x + history.back(); // devcheck: device-mismatch
}

torch::Tensor first_pushed_quiet()
{
    torch::Tensor x = on_gpu(8);
    std::vector<torch::Tensor> history;
    history.emplace_back(x.relu());
    return x + history.front() + history.back();
}
