/*
 * try and catch: a handler runs instead of the rest of its block, from any
 * point of it, and what follows the statement is reached from the block's
 * end or from a handler that falls through; a handler that returns (as
 * PyTorch's C++ tutorial loads a model: `try { m = torch::jit::load(p); }
 * catch (...) { return -1; }`) leaves the code after it to the block's
 * end, not to nothing.
 */
#include <cuda_runtime_api.h>
#include <stdexcept>
#include <stdlib.h>

#include "devtensor.h"

float *load(size_t n);

int after_a_returning_handler(size_t n)
{
    float *dev = NULL, *host = (float *)malloc(n);
    try {
        cudaMalloc((void **)&dev, n);
    } catch (const std::exception &) {
        return -1;
    }
    cudaMemcpy(dev, host, n, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    free(host);
    cudaFree(dev);
    return 0;
}

int after_two_handlers(dt_device dev)
{
    dt_tensor *x = NULL;
    try {
        x = dt_randn(DT_SHAPE(2, 2));
    } catch (const std::runtime_error &) {
        return -1;
    } catch (...) {
        return -2;
    }
    dt_to(x, dev); // devcheck: discarded-transfer
    dt_release(x);
    return 0;
}

/* A handler that falls through: after the statement, what the block's end
   knows joined with what the handler's end knows. */
int after_a_handler_that_falls_through(size_t n)
{
    float *dev = NULL, *host = (float *)malloc(n);
    cudaMalloc((void **)&dev, n);
    cudaMemset(dev, 0, n);
    try {
        host[0] = 1.0f;
    } catch (...) {
        host[0] = 0.0f;
    }
    cudaMemcpy(host, dev, n, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    free(host);
    cudaFree(dev);
    return 0;
}

/* The handler's own code, from what was known when the block began. */
void inside_the_handler(size_t n)
{
    float *dev = NULL;
    cudaMalloc((void **)&dev, n);
    try {
        throw std::runtime_error("no");
    } catch (...) {
        dev[0] = 0.0f; // devcheck: host-deref
    }
    cudaFree(dev);
}

/* Nested: the inner handler returns, the outer block goes on. */
int nested(size_t n)
{
    float *dev = NULL, *host = (float *)malloc(n);
    try {
        try {
            cudaMalloc((void **)&dev, n);
            cudaMemset(dev, 0, n);
        } catch (...) {
            return -1;
        }
        cudaMemcpy(host, dev, n, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    } catch (...) {
        return -2;
    }
    free(host);
    cudaFree(dev);
    return 0;
}

/* Right: the copy's kind agrees; the handler's release of a buffer made in
   the block is one the block may not have reached, so nothing is said. */
int right(size_t n)
{
    float *dev = NULL, *host = load(n);
    try {
        cudaMalloc((void **)&dev, n);
    } catch (...) {
        cudaFree(dev);
        return -1;
    }
    cudaMemcpy(dev, host, n, cudaMemcpyHostToDevice);
    cudaFree(dev);
    return 0;
}
