/*
 * Modules held by value (or by a holder) in a field of a plain class, as
 * inference code keeps them: the constructor loads or makes the module and
 * puts it on a device, a method runs it.  Its device is the field's, in
 * every method (fields.c); a method that runs it with an input left on
 * another device is the mistake.  The *Quiet classes are the fixed forms,
 * and what is not known.
 */
#include <torch/torch.h>
#include <torch/script.h>

#include <memory>
#include <string>
#include <vector>

/* torch::jit::load(path, device) in the constructor's body. */
class Scorer {
public:
    explicit Scorer(const std::string &path) { model_ = torch::jit::load(path, torch::kCUDA); }

    at::Tensor Score()
    {
        torch::Tensor x = torch::ones({1, 8});
        return model_.forward({x}).toTensor(); // devcheck: device-mismatch // devcheck-note: created on a GPU
    }

private:
    torch::jit::script::Module model_;
};

/* In the initializer list, onto the device the caller names. */
class Tagger {
public:
    Tagger(const std::string &path, torch::Device device) : model_(torch::jit::load(path, device)) {}

    at::Tensor Tag(const torch::Tensor &x) { return model_.forward({x}).toTensor(); } // devcheck: device-mismatch

private:
    torch::jit::Module model_;
};

at::Tensor tag_on_gpu(const std::string &path)
{
    Tagger tagger(path, torch::Device(torch::kCUDA));
    return tagger.Tag(torch::zeros({1, 8}));
}

/* A submodule taken with attr().toModule(), run with run_method, behind a
   std::unique_ptr and a virtual method (sherpa's recognizers); the device
   chosen at run time from a flag. */
class Model {
public:
    virtual ~Model() = default;
    virtual at::Tensor RunEncoder(const torch::Tensor &features, const torch::Tensor &lengths) = 0;

    void WarmUp(const torch::Tensor &features, const torch::Tensor &lengths) { RunEncoder(features, lengths); }
};

class TransducerModel : public Model {
public:
    TransducerModel(const std::string &path, torch::Device device) : device_(device)
    {
        model_ = torch::jit::load(path, device);
        model_.eval();
        encoder_ = model_.attr("encoder").toModule();
    }

    at::Tensor RunEncoder(const torch::Tensor &features, const torch::Tensor &lengths) override
    {
        return encoder_.run_method("forward", features, lengths).toTensor(); // devcheck: device-mismatch // devcheck-note: 'lengths' created on cpu
    }

private:
    torch::jit::Module model_;
    torch::jit::Module encoder_;
    torch::Device device_;
};

/* The recognizer (module_fields.h, its constructor defined there) made
   with std::make_unique: its warm-up's features come from elsewhere, its
   lengths are made on the cpu. */
#include "module_fields.h"

std::unique_ptr<Recognizer> make_recognizer(const std::string &path, bool use_gpu)
{
    return std::make_unique<Recognizer>(path, use_gpu);
}

/* A module of the program's own: TORCH_MODULE's holder and a shared_ptr,
   fields of a plain class, moved in its constructor. */
struct NetImpl : torch::nn::Module {
    NetImpl() : fc(register_module("fc", torch::nn::Linear(8, 2))) {}

    torch::Tensor forward(torch::Tensor x) { return fc(x); }

    torch::nn::Linear fc;
};
TORCH_MODULE(Net);

class Classifier {
public:
    Classifier()
    {
        net_->to(torch::kCUDA);
        impl_ = std::make_shared<NetImpl>();
        impl_->to(torch::kCUDA);
    }

    torch::Tensor Classify()
    {
        torch::Tensor x = torch::randn({2, 8});
        torch::Tensor y = net_->forward(x); // devcheck: device-mismatch // devcheck-note: 'net_' moved to a GPU
        return impl_->forward(x) + y; // devcheck: device-mismatch
    }

private:
    Net net_;
    std::shared_ptr<NetImpl> impl_;
};

/* A plain class made with new: its constructor's call, with the device. */
class Loader {
public:
    Loader(const std::string &path, torch::Device device) : model_(torch::jit::load(path, device)) {}

    at::Tensor Run() { return model_.forward({torch::ones({1, 8})}).toTensor(); } // devcheck: device-mismatch

private:
    torch::jit::Module model_;
};

Loader *make_loader(const std::string &path)
{
    return new Loader(path, torch::Device(torch::kCUDA));
}

/* A module of the program's made with new and kept behind a raw pointer,
   moved in the constructor. */
class Forwarder {
public:
    Forwarder() : net_(new NetImpl()) { net_->to(torch::kCUDA); }
    ~Forwarder() { delete net_; }

    torch::Tensor Forward() { return net_->forward(torch::randn({2, 8})); } // devcheck: device-mismatch // devcheck-note: 'net_' moved to a GPU

private:
    NetImpl *net_;
};

/* The device the class keeps, chosen at run time in its initializer list;
   the input left on the cpu. */
class Chooser {
public:
    Chooser(const std::string &path, bool use_gpu) : device_(use_gpu ? torch::kCUDA : torch::kCPU)
    {
        model_ = torch::jit::load(path);
        model_.to(device_);
    }

    at::Tensor Run() { return model_.forward({torch::ones({1, 8})}).toTensor(); } // devcheck: device-mismatch // devcheck-note: 'model_' moved to 'device_'

private:
    torch::Device device_;
    torch::jit::Module model_;
};

/* ---- the fixed forms, and what is not known: quiet ------------------------------ */

/* The inputs moved to the device the class keeps, or to a GPU. */
class ScorerQuiet {
public:
    ScorerQuiet(const std::string &path, bool use_gpu)
        : device_(use_gpu ? torch::kCUDA : torch::kCPU)
    {
        model_ = torch::jit::load(path, device_);
        encoder_ = model_.attr("encoder").toModule();
        gpu_ = torch::jit::load(path, torch::kCUDA);
    }

    at::Tensor Score()
    {
        torch::Tensor x = torch::ones({1, 8}).to(device_);
        torch::Tensor y = torch::ones({1, 8}).cuda();
        return model_.forward({x}).toTensor() + encoder_.run_method("forward", x).toTensor() +
               gpu_.forward({y}).toTensor();
    }

private:
    torch::Device device_;
    torch::jit::Module model_, encoder_, gpu_;
};

/* sherpa's fix: the recognizer moves them first (module_fields.h). */
std::shared_ptr<RecognizerQuiet> make_recognizer_quiet(const std::string &path, bool use_gpu)
{
    return std::make_shared<RecognizerQuiet>(path, use_gpu);
}

class ForwarderQuiet {
public:
    ForwarderQuiet() : net_(new NetImpl()) { net_->to(torch::kCUDA); }

    torch::Tensor Forward() { return net_->forward(torch::randn({2, 8}).cuda()); }

private:
    NetImpl *net_;
};

/* Loaded where it was saved from: not known. */
class UnknownQuiet {
public:
    explicit UnknownQuiet(const std::string &path) : model_(torch::jit::load(path)) {}

    at::Tensor Run() { return model_.forward({torch::ones({1, 8})}).toTensor(); }

private:
    torch::jit::Module model_;
};

/* Set in two places to two devices: no one answer. */
class TwoPlacesQuiet {
public:
    explicit TwoPlacesQuiet(const std::string &path) : model_(torch::jit::load(path, torch::kCUDA)) {}
    TwoPlacesQuiet(const std::string &path, int) : model_(torch::jit::load(path, torch::kCPU)) {}

    at::Tensor Run() { return model_.forward({torch::ones({1, 8})}).toTensor(); }

private:
    torch::jit::Module model_;
};
