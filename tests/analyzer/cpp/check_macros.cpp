/*
 * Error-check macros of C++ (cases/check_macros.c has C's): the same
 * five mistakes, wrapped in a macro that throws, in libtorch's
 * C10_CUDA_CHECK (a do { } while (0) handing the error to a function),
 * and in cuda-samples' checkCudaErrors (a template checker), give the
 * same findings as unwrapped.  (A lambda called where it is made,
 * `[&] { ... }()`, is not walked into yet.)
 */
#include <cuda_runtime_api.h>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#define N 64

#define CK_THROW(x)                                                                                \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess)                                                                     \
            throw std::runtime_error(std::string("CUDA: ") + cudaGetErrorString(e_));             \
    } while (false)

namespace c10 {
namespace cuda {
void c10_cuda_check_implementation(int32_t err, const char *file, const char *function,
                                   uint32_t line, bool include_device_assertions);
}
}
#define C10_CUDA_CHECK(EXPR)                                                                       \
    do {                                                                                           \
        const cudaError_t __err = EXPR;                                                            \
        c10::cuda::c10_cuda_check_implementation(static_cast<int32_t>(__err), __FILE__, __func__, \
                                                 static_cast<uint32_t>(__LINE__), true);           \
    } while (0)

template <typename T>
void check(T result, char const *const func, const char *const file, int const line)
{
    if (result)
        throw std::runtime_error(std::string(func) + " at " + file + ":" + std::to_string(line));
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

void throws()
{
    float host[N], *dev, *pinned, *heap = static_cast<float *>(malloc(sizeof host));
    CK_THROW(cudaMalloc((void **)&dev, sizeof host));
    CK_THROW(cudaMallocHost((void **)&pinned, sizeof host));
    CK_THROW(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: uninitialized-read
    CK_THROW(cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction
    CK_THROW(cudaMemset(dev, (int)dev[0], sizeof host)); // devcheck: host-deref
    CK_THROW(cudaFree(heap)); // devcheck: memspace-mismatch
    CK_THROW(cudaFree(pinned)); // devcheck: free-mismatch
    CK_THROW(cudaFree(dev));
    free(heap);
}

void c10_check()
{
    float host[N], *dev, *pinned, *heap = static_cast<float *>(malloc(sizeof host));
    C10_CUDA_CHECK(cudaMalloc((void **)&dev, sizeof host));
    C10_CUDA_CHECK(cudaMallocHost((void **)&pinned, sizeof host));
    C10_CUDA_CHECK(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: uninitialized-read
    C10_CUDA_CHECK(cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction
    C10_CUDA_CHECK(cudaMemset(dev, (int)dev[0], sizeof host)); // devcheck: host-deref
    C10_CUDA_CHECK(cudaFree(heap)); // devcheck: memspace-mismatch
    C10_CUDA_CHECK(cudaFree(pinned)); // devcheck: free-mismatch
    C10_CUDA_CHECK(cudaFree(dev));
    free(heap);
}

void template_checker()
{
    float host[N], *dev, *pinned, *heap = static_cast<float *>(malloc(sizeof host));
    checkCudaErrors(cudaMalloc((void **)&dev, sizeof host));
    checkCudaErrors(cudaMallocHost((void **)&pinned, sizeof host));
    checkCudaErrors(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: uninitialized-read
    checkCudaErrors(cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction
    checkCudaErrors(cudaMemset(dev, (int)dev[0], sizeof host)); // devcheck: host-deref
    checkCudaErrors(cudaFree(heap)); // devcheck: memspace-mismatch
    checkCudaErrors(cudaFree(pinned)); // devcheck: free-mismatch
    checkCudaErrors(cudaFree(dev));
    free(heap);
}
