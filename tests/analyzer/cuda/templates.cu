/*
 * Templates: one the file instantiates is walked as each instance, where
 * it is called, and not as written; one it never instantiates (here or in
 * templates.cuh, a header of the project's) as written, once, with what
 * does not depend on its parameters: a dependent type is a pointer of no
 * known place, and a call that names no one function until the template
 * is instantiated is unknown, but for CUDA's functions, known by their
 * name (`cudaMalloc(&p, n)` of a `T *p` is one of cuda_runtime.h's
 * overloads, a template among them).
 */
#include "templates.cuh"

#include <stdio.h>

/* A dependent element type, allocated and read on the host. */
template <typename T>
T first_element(int n)
{
    T *d = nullptr;
    cudaMalloc(&d, n * sizeof(T));
    T v = d[0]; // devcheck: host-deref
    cudaFree(d);
    return v;
}

/* A copy in the wrong direction, its host side of a dependent type. */
template <typename T>
void download(int n)
{
    std::vector<T> h(n);
    T staged[8];
    float *d = nullptr;
    cudaMalloc((void **)&d, sizeof staged);
    cudaMemset(d, 0, sizeof staged);
    cudaMemcpy(d, staged, sizeof staged, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    cudaMemcpy(h.data(), d, sizeof staged, cudaMemcpyDeviceToHost);
    cudaFree(d);
}

/* Where the memory is depends on T: what its allocator gives, the kind
   it names.  Quiet. */
template <class Alloc, typename T>
T through_allocator(Alloc &alloc, int n)
{
    T *p = nullptr;
    alloc.allocate(&p, n * sizeof(T));
    return p[0];
}

template <class Policy, typename T>
T through_policy(int n)
{
    T *p = nullptr, h[4];
    Policy::allocate(&p, n * sizeof(T));
    cudaMemcpy(p, h, sizeof h, Policy::kind);
    return p[0];
}

/* An instantiated template: walked as its instances (one finding, though
   two), not as written, whose `if constexpr` no instance takes. */
template <typename T>
void peek(int n)
{
    float *d = nullptr;
    cudaMalloc((void **)&d, n * sizeof(float));
    printf("%f\n", (double)d[0]); // devcheck: host-deref
    if constexpr (sizeof(T) > 8)
        printf("%f\n", (double)d[1]);
    cudaFree(d);
}

int main(void)
{
    peek<float>(4);
    peek<double>(4);
    return 0;
}
