/*
 * Code in C++'s methods, constructors (their member initializers too),
 * namespaces, function templates and fields' default initializers is walked
 * as a C function's is, and a member set in one method (through the
 * implicit `this`, or `this->`) is known in the others, as a struct's
 * field is.
 * The shapes of real CUDA C++ programs (gpu-burn keeps its buffers in a
 * class template's members).
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

class Buffers {
public:
    explicit Buffers(int n) : n_(n)
    {
        cudaMalloc((void **)&dev_, n * sizeof *dev_);
        host_ = static_cast<float *>(malloc(n * sizeof *host_));
    }
    ~Buffers()
    {
        cudaFree(dev_);
        free(host_);
    }
    void upload() { cudaMemcpy(dev_, host_, n_ * sizeof *dev_, cudaMemcpyHostToDevice); }
    float first() const { return dev_[0]; } // devcheck: host-deref
    float first_copied() const { return this->host_[0]; }
    void download(float *out);

private:
    int n_;
    float *dev_ = nullptr, *host_ = nullptr;
};

/* A method defined outside its class. */
void Buffers::download(float *out)
{
    cudaMemcpy(out, dev_, n_ * sizeof *dev_, cudaMemcpyDeviceToHost);
    cudaMemcpy(host_, dev_, n_ * sizeof *dev_, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
}

namespace gpu {
void clear(int n)
{
    float *h = static_cast<float *>(malloc(n * sizeof *h));
    cudaMemset(h, 0, n * sizeof *h); // devcheck: memspace-mismatch
    free(h);
}
} // namespace gpu

/* A class template's members, as gpu-burn's GPU_Test keeps its own. */
template <class T> class Test {
public:
    void init(int n) { cudaMalloc((void **)&this->data, n * sizeof(T)); }
    T peek() { return data[0]; } // devcheck: host-deref
    void done() { cudaFree(data); }

private:
    T *data = nullptr;
};

/* Members set by a constructor's initializers, or by their own default
   initializers, which every constructor runs. */
static float *device_floats(int n)
{
    float *p = nullptr;
    cudaMalloc((void **)&p, n * sizeof *p);
    return p;
}

class Initialized {
public:
    explicit Initialized(int n) : dev_(device_floats(n)), host_(new float[n]) {}
    float dev_first() const { return dev_[0]; } // devcheck: host-deref
    float host_first() const { return host_[0]; }

private:
    float *dev_;
    float *host_;
    float *scratch_ = device_floats(4);

public:
    float scratch_first() const { return scratch_[0]; } // devcheck: host-deref
};

/* A function template: its own code is walked, once, as written. */
template <typename T> void scratch(int n)
{
    T *d = nullptr;
    cudaMalloc((void **)&d, n * sizeof(T));
    printf("%f\n", (double)d[0]); // devcheck: host-deref
    cudaFree(d);
}

int main(void)
{
    Buffers b(16);
    float out[16];
    b.upload();
    b.download(out);
    printf("%f %f %f\n", b.first(), b.first_copied(), out[0]);
    gpu::clear(16);
    Test<float> t;
    t.init(16);
    printf("%f\n", t.peek());
    t.done();
    scratch<float>(16);
    /* a lambda called as an operator: its parameters are its call's
       arguments after the object it is called on */
    float *dev = device_floats(4);
    auto first = [](const float *p) { return p[0]; };
    printf("%f\n", first(dev)); // devcheck: host-deref
    Initialized init(16);
    printf("%f %f %f\n", init.dev_first(), init.host_first(), init.scratch_first());
    scratch<double>(16);
    return 0;
}
