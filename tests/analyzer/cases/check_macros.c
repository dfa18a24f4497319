/*
 * Error-check macros: the same mistakes, wrapped in the macros CUDA
 * projects check their calls with, give the same findings as unwrapped
 * (`plain`).  Each function makes five: an upload read before anything
 * wrote it (uninitialized-read), a copy whose kind contradicts its
 * pointers (memcpy-direction), device memory read by the host
 * (host-deref), malloc's memory given to cudaFree (memspace-mismatch),
 * pinned memory given to cudaFree (free-mismatch).  The shapes:
 * do { } while (0) with a local error and a return; one that prints and
 * exits; a checker function (gpuErrchk's gpuAssert); a statement
 * expression; `if ((err = (x)) != cudaSuccess)`; a do { } while (0)
 * handing the error to a function (C10_CUDA_CHECK's); cuda-samples'
 * checkCudaErrors.  cpp/check_macros.cpp has C++'s (throw, a lambda).
 */
#include <cuda_runtime_api.h>
#include <devtensor.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

#define CK_RETURN(x)                                                                               \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess)                                                                     \
            return 1;                                                                              \
    } while (0)

#define CK_EXIT(x)                                                                                 \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__,        \
                    __LINE__);                                                                     \
            exit(EXIT_FAILURE);                                                                    \
        }                                                                                          \
    } while (0)

static void gpuAssert(cudaError_t code, const char *file, int line)
{
    if (code != cudaSuccess) {
        fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
        abort();
    }
}
#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }

#define CK_EXPR(x)                                                                                 \
    ({                                                                                             \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess)                                                                     \
            abort();                                                                               \
        e_;                                                                                        \
    })

#define CK_IF(x)                                                                                   \
    if ((err = (x)) != cudaSuccess) {                                                              \
        fprintf(stderr, "%s\n", cudaGetErrorString(err));                                          \
        return 1;                                                                                  \
    }

void check_implementation(int err, const char *file, const char *function, int line, int sync);
#define CK_FUNCTION(x)                                                                             \
    do {                                                                                           \
        const cudaError_t e_ = (x);                                                                \
        check_implementation((int)e_, __FILE__, __func__, __LINE__, 1);                           \
    } while (0)

static void check(cudaError_t result, const char *func, const char *file, int line)
{
    if (result) {
        fprintf(stderr, "CUDA error at %s:%d code=%d \"%s\"\n", file, line, (int)result, func);
        exit(EXIT_FAILURE);
    }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

int plain(void)
{
    float host[N], *dev, *pinned, *heap = malloc(sizeof host);
    cudaMalloc((void **)&dev, sizeof host);
    cudaMallocHost((void **)&pinned, sizeof host);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost); // devcheck: uninitialized-read
    cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    cudaMemset(dev, (int)dev[0], sizeof host); // devcheck: host-deref
    cudaFree(heap); // devcheck: memspace-mismatch
    cudaFree(pinned); // devcheck: free-mismatch
    cudaFree(dev);
    free(heap);
    return 0;
}

int do_while_return(void)
{
    float host[N], *dev, *pinned, *heap = malloc(sizeof host);
    CK_RETURN(cudaMalloc((void **)&dev, sizeof host));
    CK_RETURN(cudaMallocHost((void **)&pinned, sizeof host));
    CK_RETURN(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: uninitialized-read
    CK_RETURN(cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction
    CK_RETURN(cudaMemset(dev, (int)dev[0], sizeof host)); // devcheck: host-deref
    CK_RETURN(cudaFree(heap)); // devcheck: memspace-mismatch
    CK_RETURN(cudaFree(pinned)); // devcheck: free-mismatch
    CK_RETURN(cudaFree(dev));
    free(heap);
    return 0;
}

int do_while_exit(void)
{
    float host[N], *dev, *pinned, *heap = malloc(sizeof host);
    CK_EXIT(cudaMalloc((void **)&dev, sizeof host));
    CK_EXIT(cudaMallocHost((void **)&pinned, sizeof host));
    CK_EXIT(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: uninitialized-read
    CK_EXIT(cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction
    CK_EXIT(cudaMemset(dev, (int)dev[0], sizeof host)); // devcheck: host-deref
    CK_EXIT(cudaFree(heap)); // devcheck: memspace-mismatch
    CK_EXIT(cudaFree(pinned)); // devcheck: free-mismatch
    CK_EXIT(cudaFree(dev));
    free(heap);
    return 0;
}

int checker_function(void)
{
    float host[N], *dev, *pinned, *heap = malloc(sizeof host);
    gpuErrchk(cudaMalloc((void **)&dev, sizeof host));
    gpuErrchk(cudaMallocHost((void **)&pinned, sizeof host));
    gpuErrchk(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: uninitialized-read
    gpuErrchk(cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction
    gpuErrchk(cudaMemset(dev, (int)dev[0], sizeof host)); // devcheck: host-deref
    gpuErrchk(cudaFree(heap)); // devcheck: memspace-mismatch
    gpuErrchk(cudaFree(pinned)); // devcheck: free-mismatch
    gpuErrchk(cudaFree(dev));
    free(heap);
    return 0;
}

int statement_expression(void)
{
    float host[N], *dev, *pinned, *heap = malloc(sizeof host);
    CK_EXPR(cudaMalloc((void **)&dev, sizeof host));
    CK_EXPR(cudaMallocHost((void **)&pinned, sizeof host));
    CK_EXPR(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: uninitialized-read
    CK_EXPR(cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction
    CK_EXPR(cudaMemset(dev, (int)dev[0], sizeof host)); // devcheck: host-deref
    CK_EXPR(cudaFree(heap)); // devcheck: memspace-mismatch
    CK_EXPR(cudaFree(pinned)); // devcheck: free-mismatch
    CK_EXPR(cudaFree(dev));
    free(heap);
    return 0;
}

int if_assigned(void)
{
    float host[N], *dev, *pinned, *heap = malloc(sizeof host);
    cudaError_t err;
    CK_IF(cudaMalloc((void **)&dev, sizeof host));
    CK_IF(cudaMallocHost((void **)&pinned, sizeof host));
    CK_IF(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: uninitialized-read
    CK_IF(cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction
    CK_IF(cudaMemset(dev, (int)dev[0], sizeof host)); // devcheck: host-deref
    CK_IF(cudaFree(heap)); // devcheck: memspace-mismatch
    CK_IF(cudaFree(pinned)); // devcheck: free-mismatch
    CK_IF(cudaFree(dev));
    free(heap);
    return 0;
}

int error_to_function(void)
{
    float host[N], *dev, *pinned, *heap = malloc(sizeof host);
    CK_FUNCTION(cudaMalloc((void **)&dev, sizeof host));
    CK_FUNCTION(cudaMallocHost((void **)&pinned, sizeof host));
    CK_FUNCTION(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: uninitialized-read
    CK_FUNCTION(cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction
    CK_FUNCTION(cudaMemset(dev, (int)dev[0], sizeof host)); // devcheck: host-deref
    CK_FUNCTION(cudaFree(heap)); // devcheck: memspace-mismatch
    CK_FUNCTION(cudaFree(pinned)); // devcheck: free-mismatch
    CK_FUNCTION(cudaFree(dev));
    free(heap);
    return 0;
}

int samples_checker(void)
{
    float host[N], *dev, *pinned, *heap = malloc(sizeof host);
    checkCudaErrors(cudaMalloc((void **)&dev, sizeof host));
    checkCudaErrors(cudaMallocHost((void **)&pinned, sizeof host));
    checkCudaErrors(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: uninitialized-read
    checkCudaErrors(cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction
    checkCudaErrors(cudaMemset(dev, (int)dev[0], sizeof host)); // devcheck: host-deref
    checkCudaErrors(cudaFree(heap)); // devcheck: memspace-mismatch
    checkCudaErrors(cudaFree(pinned)); // devcheck: free-mismatch
    checkCudaErrors(cudaFree(dev));
    free(heap);
    return 0;
}

/* A do { } while whose condition may hold is a loop: its later rounds see
   what its body wrote. */
void really_a_loop(int rounds)
{
    float host[N], *dev = NULL;
    int i = 0;
    cudaMalloc((void **)&dev, sizeof host);
    do {
        if (i > 0)
            cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
        cudaMemset(dev, i, sizeof host);
    } while (++i < rounds);
    cudaFree(dev);
}

/* A break inside do { } while (0) goes to its end, with what it wrote. */
void break_out(int skip)
{
    float host[N], *dev = NULL;
    do {
        cudaMalloc((void **)&dev, sizeof host);
        if (!skip) {
            cudaMemset(dev, 0, sizeof host);
            break;
        }
        cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost); // devcheck: uninitialized-read
    } while (0);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    cudaFree(dev);
}

/* devtensor's rules too: a tensor call inside do { } while (0) or a
   statement expression is checked as it is outside. */

#define TRY(x)                                                                                     \
    do {                                                                                           \
        if (!(x))                                                                                  \
            return 1;                                                                              \
    } while (0)
#define QUIETLY(x)                                                                                 \
    do {                                                                                           \
        x;                                                                                         \
    } while (0)
#define VALUE(x) ({ x; })

int tensors(void)
{
    dt_tensor *x = dt_randn(DT_SHAPE(2, 2)), *xg = NULL, *y = NULL, *z = NULL;
    TRY(xg = dt_to(x, dt_cuda(0)));
    TRY(y = dt_add(x, xg)); // devcheck: device-mismatch
    z = VALUE(dt_add(xg, x)); // devcheck: device-mismatch
    QUIETLY(dt_to(x, dt_cuda(0))); // devcheck: discarded-transfer
    dt_release(z);
    dt_release(y);
    dt_release(xg);
    dt_release(x);
    return 0;
}
