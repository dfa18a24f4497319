/*
 * C++ templates no code of the file instantiates, walked once as written
 * (a member function template, a class template's members, a function
 * template): a call with a dependent argument names no one function until
 * the template is instantiated, but CUDA's functions are known by their
 * name; what depends on the parameters (an allocator's call, a kind a
 * policy names) is unknown, and quiet.
 */
#include <cuda_runtime.h>
#include <cstdlib>
#include <vector>

struct Pool {
    /* A member function template of a class that is none. */
    template <class T> T *scratch(int n)
    {
        T *d = nullptr;
        cudaMalloc((void **)&d, n * sizeof(T));
        std::vector<T> h(n);
        cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost); // devcheck: uninitialized-read
        return d;
    }
};

template <typename T, int N> class Ring {
public:
    Ring() { cudaMalloc(&slots_, N * sizeof(T)); }
    T newest() const;
    void clear() { cudaMemset(slots_, 0, N * sizeof(T)); }

private:
    T *slots_ = nullptr;
};

template <typename T, int N> T Ring<T, N>::newest() const
{
    return slots_[N - 1]; // devcheck: host-deref
}

/* The direction a traits class names: quiet. */
template <class Traits> void move(typename Traits::value_type *dst, int n)
{
    typename Traits::value_type *src = nullptr;
    cudaMalloc(&src, n * sizeof *src);
    cudaMemset(src, 0, n * sizeof *src);
    cudaMemcpy(dst, src, n * sizeof *src, Traits::kind);
}

/* Host memory a dependent allocator gives, read on the host: quiet. */
template <class Alloc> float first(Alloc &a, int n)
{
    float *p = a.template get<float>(n);
    return p[0];
}

/* The same copy, but the element type is the template's: found. */
template <typename T> void fill_from_device(std::vector<T> &out)
{
    T *d = nullptr;
    cudaMalloc((void **)&d, out.size() * sizeof(T));
    cudaMemcpy(out.data(), d, out.size() * sizeof(T), cudaMemcpyDeviceToHost); // devcheck: uninitialized-read
    cudaFree(d);
}

/* A class template whose constructor an instance runs and whose destructor
   nothing instantiates (no `delete`): the destructor, walked as written,
   and the instance's constructor share the field (gpu-burn's GPU_Test). */
template <class T> class Burner {
public:
    explicit Burner(int n) { cudaMallocHost((void **)&flags_, n * sizeof(int)); }
    ~Burner() { free(flags_); } // devcheck: free-mismatch
    void run() { if (*flags_) ++errors_; }

private:
    int *flags_;
    long errors_ = 0;
};

template <class T> void burn(int n)
{
    Burner<T> *b = new Burner<T>(n);
    b->run();
}

void burn_both(int n)
{
    burn<float>(n);
    burn<double>(n);
}
