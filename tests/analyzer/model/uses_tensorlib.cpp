/*
 * A model file for a C++ library of tensor values and methods
 * (tensorlib.model), as devcheck's built-in model is for libtorch: a
 * method's object, a namespace's functions and constants, a constructor
 * by its class, a dropped method's result under C++'s cleanups, a
 * class's assignment operator, tests by methods (`t.is_cuda()`,
 * `t.device().is_cuda()`) and a failure that does not return, as
 * TORCH_CHECK's.  Without libtorch's heavy headers.
 */
namespace tl {
enum class Kind { CPU, CUDA };
constexpr Kind kCPU = Kind::CPU;
constexpr Kind kCUDA = Kind::CUDA;
struct Device {
    Device(Kind kind, int index = -1);
    bool is_cuda() const;
};
struct Tensor {
    Tensor();
    Tensor(const Tensor &other);
    Tensor &operator=(const Tensor &other);
    ~Tensor();
    Tensor to(Device d) const;
    Tensor cuda() const;
    float *data();
    Device device() const;
    bool is_cuda() const;
};
Tensor zeros(int n);
Tensor add(const Tensor &a, const Tensor &b);
struct Layer {
    explicit Layer(int n);
    void to(Device d);
    Tensor operator()(const Tensor &x);
};
bool gpu_available();
void fail(const char *why);
} // namespace tl

void checked()
{
    tl::Device dev = tl::gpu_available() ? tl::kCUDA : tl::kCPU;
    tl::Tensor t = tl::zeros(4).to(dev);
    if (!t.is_cuda())
        tl::fail("t must be on a GPU");
    t.data()[0] = 1; // devcheck: host-deref // devcheck-message: which is memory of a GPU
}

void tested()
{
    tl::Device dev = tl::gpu_available() ? tl::kCUDA : tl::kCPU;
    tl::Tensor t = tl::zeros(4).to(dev);
    if (t.device().is_cuda())
        t.data()[0] = 1; // devcheck: host-deref // devcheck-message: which is memory of a GPU
    else
        t.data()[0] = 2;
}

int main()
{
    tl::Device dev = tl::gpu_available() ? tl::kCUDA : tl::kCPU;
    tl::Layer layer(4);
    layer.to(dev);
    tl::Tensor x = tl::zeros(4);
    x.to(dev); // devcheck: discarded-transfer // devcheck-message: the result of x.to(dev) is dropped
    layer(x); // devcheck: device-mismatch
    x = x.to(dev);
    layer(x);
    tl::Tensor g = tl::zeros(4).cuda();
    tl::add(g, tl::zeros(4)); // devcheck: device-mismatch // devcheck-message: 'tl::zeros(4)' is on cpu
    float *p = g.data();
    p[0] = 1; // devcheck: host-deref
    tl::Tensor one = x.to(tl::Device(tl::kCUDA, 1));
    tl::Tensor h = tl::zeros(4).to(tl::kCPU);
    tl::add(h, tl::zeros(4));
    return 0;
}
