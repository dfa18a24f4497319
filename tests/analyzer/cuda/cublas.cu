/*
 * cuBLAS's vectors and matrices are device memory; its scalars (alpha,
 * beta, a dot's result) are host or device memory by the handle's pointer
 * mode, so either is quiet.  A host matrix or vector handed to cuBLAS is
 * found, under the name the user calls (cublas_v2.h maps it to its _v2
 * name); device, managed and pinned memory are quiet.
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>

void gemm(cublasHandle_t handle, int n)
{
    std::vector<float> a(n * n), c(n * n);
    float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr, *managed = nullptr, *pinned = nullptr;
    float alpha = 1.0f, beta = 0.0f, dot = 0.0f;
    cudaMalloc((void **)&d_a, n * n * sizeof(float));
    cudaMalloc((void **)&d_b, n * n * sizeof(float));
    cudaMalloc((void **)&d_c, n * n * sizeof(float));
    cudaMallocManaged((void **)&managed, n * n * sizeof(float));
    cudaMallocHost((void **)&pinned, n * n * sizeof(float));
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, d_a, n, d_b, n, &beta, d_c, n); // devcheck: uninitialized-read
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a.data(), n, d_b, n, &beta, d_c, n); // devcheck: memspace-mismatch // devcheck-message: 'a.data()' is host memory, but cublasSgemm needs device memory
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, managed, n, pinned, n, &beta, d_c, n);
    cublasSgemv(handle, CUBLAS_OP_N, n, n, &alpha, d_a, n, d_b, 1, &beta, c.data(), 1); // devcheck: memspace-mismatch
    cublasSaxpy(handle, n, &alpha, d_a, 1, d_c, 1);
    cublasSdot(handle, n, d_a, 1, d_b, 1, &dot);
    cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, d_a, CUDA_R_32F, n, d_b, // devcheck: memspace-mismatch
                 CUDA_R_32F, n, &beta, c.data(), CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    cudaFree(managed);
    cudaFreeHost(pinned);
}
