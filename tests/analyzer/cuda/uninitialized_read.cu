/*
 * uninitialized-read in CUDA code: a kernel writes what it takes as a
 * non-const pointer, so the copy after it is quiet; a copy out before it
 * is found.  cuBLAS's gemm reads C only when beta is not zero.
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>

__global__ void fill(float *out, int n)
{
    if ((int)threadIdx.x < n)
        out[threadIdx.x] = 1.0f;
}

void launched(int n)
{
    float host[32], *dev = nullptr;
    cudaMalloc((void **)&dev, sizeof host);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost); // devcheck: uninitialized-read
    fill<<<1, 32>>>(dev, n);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    cudaFree(dev);
}

void gemm(cublasHandle_t handle, int n)
{
    float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr, *d_d = nullptr;
    float alpha = 1.0f, beta = 0.0f, one = 1.0f;
    cudaMalloc((void **)&d_a, n * n * sizeof(float));
    cudaMalloc((void **)&d_b, n * n * sizeof(float));
    cudaMalloc((void **)&d_c, n * n * sizeof(float));
    cudaMalloc((void **)&d_d, n * n * sizeof(float));
    cudaMemset(d_a, 0, n * n * sizeof(float));
    cudaMemset(d_b, 0, n * n * sizeof(float));
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, d_a, n, d_b, n, &beta, d_c, n);
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, d_a, n, d_b, n, &one, d_d, n); // devcheck: uninitialized-read // devcheck-message: cublasSgemm reads 'd_d', device memory that nothing has written yet
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, d_a, n, d_b, n, &one, d_c, n);
    cudaFree(d_d);
    cudaFree(d_c);
    cudaFree(d_b);
    cudaFree(d_a);
}
