/*
 * module_fields.cpp's recognizers, defined in a header as sherpa's are: a
 * constructor the run reaches only through std::make_unique's call.
 */
#pragma once

torch::Tensor load_features();

class Recognizer {
public:
    Recognizer(const std::string &path, bool use_gpu) : device_(torch::kCPU)
    {
        if (use_gpu)
            device_ = torch::Device("cuda:0");
        model_ = std::make_unique<TransducerModel>(path, device_);
        torch::Tensor features = load_features();
        torch::Tensor lengths = torch::tensor({features.size(0)});
        model_->WarmUp(features, lengths);
    }

private:
    std::unique_ptr<Model> model_;
    torch::Device device_;
};

class RecognizerQuiet {
public:
    RecognizerQuiet(const std::string &path, bool use_gpu) : device_(torch::kCPU)
    {
        if (use_gpu)
            device_ = torch::Device("cuda:0");
        model_ = std::make_unique<TransducerModel>(path, device_);
        torch::Tensor features = load_features().to(device_);
        torch::Tensor lengths = torch::tensor({features.size(0)}).to(device_);
        model_->WarmUp(features, lengths);
    }

private:
    std::unique_ptr<Model> model_;
    torch::Device device_;
};
