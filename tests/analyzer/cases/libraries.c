/*
 * The built-in model's library tables, by name, with the libraries'
 * declarations written here (their headers may not be installed): in each
 * library, host memory given for a device parameter is memspace-mismatch,
 * and device memory there is quiet.  cuRAND's generator writes memory of
 * its own space.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef int status;
typedef struct opaque *handle;
typedef unsigned long long CUdeviceptr;
typedef struct array *CUarray;

status cuMemsetD2D8(CUdeviceptr dst, size_t pitch, unsigned char v, size_t w, size_t h);
status cuMemcpyAtoH(void *dst, CUarray src, size_t offset, size_t n);
status cublasLtMatmul(handle h, handle desc, const void *alpha, const void *A, handle Adesc,
                      const void *B, handle Bdesc, const void *beta, const void *C, handle Cdesc,
                      void *D, handle Ddesc, const void *algo, void *ws, size_t wsbytes,
                      cudaStream_t stream);
status cusolverDnSgetrf(handle h, int m, int n, float *A, int lda, float *work, int *ipiv,
                        int *info);
status cusolverSpScsrlsvqr(handle h, int m, int nnz, handle descr, const float *val,
                           const int *rowptr, const int *colind, const float *b, float tol,
                           int reorder, float *x, int *singularity);
status cusparseCreateDnVec(handle *vec, long size, void *values, int type);
status cusparseLtMatmul(handle h, handle plan, const void *alpha, const void *A, const void *B,
                        const void *beta, const void *C, void *D, void *ws,
                        cudaStream_t *streams, int nstreams);
status cufftExecR2C(int plan, float *in, float *out);
status curandCreateGenerator(handle *gen, int type);
status curandCreateGeneratorHost(handle *gen, int type);
status curandGenerateUniform(handle gen, float *out, size_t n);
status cudnnAddTensor(handle h, const void *alpha, handle aDesc, const void *A, const void *beta,
                      handle cDesc, void *C);
status ncclAllReduce(const void *send, void *recv, size_t count, int type, int op, handle comm,
                     cudaStream_t stream);

#define N 64

void driver(CUarray a)
{
    float *h = malloc(N);
    CUdeviceptr d = 0;
    cudaMalloc((void **)&d, N);
    cuMemsetD2D8((CUdeviceptr)h, N, 0, N, 1); // devcheck: memspace-mismatch
    cuMemsetD2D8(d, N, 0, N, 1);
    cuMemcpyAtoH((void *)d, a, 0, N); // devcheck: memspace-mismatch
    cuMemcpyAtoH(h, a, 0, N);
    free(h);
}

void runtime_arrays(cudaArray_t a)
{
    float *h = malloc(N);
    cudaMemcpy2DToArray(a, 0, 0, h, N, N, 1, cudaMemcpyDeviceToDevice); // devcheck: memcpy-direction
    cudaMemcpy2DToArray(a, 0, 0, h, N, N, 1, cudaMemcpyHostToDevice);
    free(h);
}

void blaslt(handle lt, handle desc, handle layout)
{
    float alpha = 1, beta = 0, *h = malloc(N), *d = NULL;
    cudaMalloc((void **)&d, N);
    cublasLtMatmul(lt, desc, &alpha, h, layout, d, layout, &beta, d, layout, d, layout, NULL, // devcheck: memspace-mismatch
                   d, N, 0);
    cublasLtMatmul(lt, desc, &alpha, d, layout, d, layout, &beta, d, layout, d, layout, NULL,
                   d, N, 0);
    free(h);
}

void solver(handle dn, handle sp, handle descr)
{
    float *h = malloc(N), *d = NULL;
    int *ipiv = NULL, *info = NULL, singular = 0;
    cudaMalloc((void **)&d, N);
    cudaMalloc((void **)&ipiv, N);
    cudaMalloc((void **)&info, N);
    cusolverDnSgetrf(dn, 4, 4, h, 4, d, ipiv, info); // devcheck: memspace-mismatch
    cusolverDnSgetrf(dn, 4, 4, d, 4, d, ipiv, info);
    cusolverSpScsrlsvqr(sp, 4, 4, descr, d, ipiv, info, d, 0, 0, h, &singular); // devcheck: memspace-mismatch
    cusolverSpScsrlsvqr(sp, 4, 4, descr, d, ipiv, info, d, 0, 0, d, &singular);
    free(h);
}

void sparse(handle vec, handle lt, handle plan)
{
    float alpha = 1, beta = 0, *h = malloc(N), *d = NULL;
    cudaMalloc((void **)&d, N);
    cusparseCreateDnVec(&vec, 16, h, 0); // devcheck: memspace-mismatch
    cusparseCreateDnVec(&vec, 16, d, 0);
    cusparseLtMatmul(lt, plan, &alpha, d, d, &beta, d, h, d, NULL, 0); // devcheck: memspace-mismatch
    cusparseLtMatmul(lt, plan, &alpha, d, d, &beta, d, d, d, NULL, 0);
    free(h);
}

void fft(int plan)
{
    float *h = malloc(N), *d = NULL;
    cudaMalloc((void **)&d, N);
    cufftExecR2C(plan, h, d); // devcheck: memspace-mismatch
    cufftExecR2C(plan, d, d);
    free(h);
}

void rand_device_and_host(void)
{
    handle gen = NULL, host_gen = NULL;
    float *h = malloc(N), *d = NULL;
    cudaMalloc((void **)&d, N);
    curandCreateGenerator(&gen, 0);
    curandCreateGeneratorHost(&host_gen, 0);
    curandGenerateUniform(gen, h, 16); // devcheck: memspace-mismatch
    curandGenerateUniform(gen, d, 16);
    curandGenerateUniform(host_gen, d, 16); // devcheck: memspace-mismatch
    curandGenerateUniform(host_gen, h, 16);
    free(h);
}

void dnn(handle h, handle desc)
{
    float alpha = 1, beta = 0, *x = malloc(N), *d = NULL;
    cudaMalloc((void **)&d, N);
    cudnnAddTensor(h, &alpha, desc, x, &beta, desc, d); // devcheck: memspace-mismatch
    cudnnAddTensor(h, &alpha, desc, d, &beta, desc, d);
    free(x);
}

void nccl(handle comm, cudaStream_t stream)
{
    float *h = malloc(N), *d = NULL;
    cudaMalloc((void **)&d, N);
    ncclAllReduce(h, d, 16, 0, 0, comm, stream); // devcheck: memspace-mismatch
    ncclAllReduce(d, d, 16, 0, 0, comm, stream);
    free(h);
}
