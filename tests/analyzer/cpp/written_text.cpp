/*
 * A finding's message names an expression as its source writes it: a
 * template's argument list (`as<float>(raw)`, libtorch's
 * `x.data_ptr<float>()`) without the spaces a token-by-token spelling
 * put around its brackets, and operators spaced or not as written.
 */
#include <cuda_runtime_api.h>

template <typename T> T *as(void *p)
{
    return static_cast<T *>(p);
}

float first(void)
{
    void *raw;
    cudaMalloc(&raw, 64);
    return as<float>(raw)[0]; // devcheck: host-deref // devcheck-message: 'as<float>(raw)'
}

float second(void)
{
    float *d;
    cudaMalloc((void **)&d, 64);
    return (d+1)[0]; // devcheck: host-deref // devcheck-message: 'd+1'
}
