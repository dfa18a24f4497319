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

/* finufft's test (5beee4c9's parent), as it was: the points are written
   by a method of each element (`fk[i].real(...)`), through a lambda, for
   one type or the other, and both buffers are uploaded whatever the type. */
struct cpx {
    float re, im;
    void real(float v) { re = v; }
    void imag(float v) { im = v; }
};

int by_type(int type, int n, float seed)
{
    cpx *c, *fk, *d_c, *d_fk;
    auto next = [&seed]() { return seed *= 0.5f; };
    cudaMallocHost(&c, n * sizeof(cpx));
    cudaMallocHost(&fk, n * sizeof(cpx));
    cudaMalloc(&d_c, n * sizeof(cpx));
    cudaMalloc(&d_fk, n * sizeof(cpx));
    if (type == 1) {
        for (int i = 0; i < n; i++) {
            c[i].real(next());
            c[i].imag(next());
        }
    } else if (type == 2) {
        for (int i = 0; i < n; i++) {
            fk[i].real(next());
            fk[i].imag(next());
        }
    } else {
        return 1;
    }
    cudaMemcpy(d_fk, fk, n * sizeof(cpx), cudaMemcpyHostToDevice); // devcheck: uninitialized-read // devcheck-message: cudaMemcpy copies from 'fk', which nothing has written when the condition at line 61 is true
    if (type == 1)                      /* the fix: each copy where its buffer was written */
        cudaMemcpy(d_c, c, n * sizeof(cpx), cudaMemcpyHostToDevice);
    return 0;
}

/* A kernel that writes on one side only; cuBLAS reads C with a beta of one. */
void gemm_after_branch(cublasHandle_t handle, int n, bool warm)
{
    float *d_a = nullptr, *d_c = nullptr, alpha = 1.0f, one = 1.0f;
    cudaMalloc((void **)&d_a, n * n * sizeof(float));
    cudaMalloc((void **)&d_c, n * n * sizeof(float));
    cudaMemset(d_a, 0, n * n * sizeof(float));
    if (warm)
        fill<<<1, 32>>>(d_c, n * n);
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, d_a, n, d_a, n, &one, d_c, n); // devcheck: uninitialized-read // devcheck-message: cublasSgemm reads 'd_c', which nothing has written when the condition at line 87 is false
    cudaFree(d_c);
    cudaFree(d_a);
}
