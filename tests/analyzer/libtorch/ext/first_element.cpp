// A CppExtension op (torch.utils.cpp_extension builds it with setup.py):
// it checks that its input is on a GPU, then reads the input's first
// element on the host.
#include <torch/extension.h>

double first_element(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "first_element: x must be a CUDA tensor");
    return x.data_ptr<float>()[0]; // devcheck: host-deref
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m)
{
    m.def("first_element", &first_element, "x's first element");
}
