/*
 * cuBLAS's whole table (cublas_api.h): by rules on its parameters' names,
 * vectors, matrices, pivots and a batch's info array are device memory;
 * alpha, beta and a result either (the pointer mode says which); the host
 * side of cublasSetMatrix/GetMatrix and getrsBatched's info host memory.
 * cublasXt's functions, whose matrices may be on the host, are outside.
 * Declarations as the header writes them (it may not be installed).
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef int cublasStatus_t;
typedef struct cublasContext *cublasHandle_t;
typedef struct cublasXtContext *cublasXtHandle_t;

cublasStatus_t cublasCreate_v2(cublasHandle_t *handle);
cublasStatus_t cublasSsyrk_v2(cublasHandle_t handle, int uplo, int trans, int n, int k,
                              const float *alpha, const float *A, int lda, const float *beta,
                              float *C, int ldc);
cublasStatus_t cublasSnrm2_v2(cublasHandle_t handle, int n, const float *x, int incx,
                              float *result);
cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                               int ldb);
cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                               int ldb);
cublasStatus_t cublasSgetrfBatched(cublasHandle_t handle, int n, float *const A[], int lda, int *P,
                                   int *info, int batchSize);
cublasStatus_t cublasSgetrsBatched(cublasHandle_t handle, int trans, int n, int nrhs,
                                   const float *const Aarray[], int lda, const int *devIpiv,
                                   float *const Barray[], int ldb, int *info, int batchSize);
cublasStatus_t cublasXtSgemm(cublasXtHandle_t handle, int transa, int transb, size_t m, size_t n,
                             size_t k, const float *alpha, const float *A, size_t lda,
                             const float *B, size_t ldb, const float *beta, float *C, size_t ldc);

#define N 16

void level3(cublasHandle_t blas)
{
    float alpha = 1, beta = 0, *h = malloc(N * N * sizeof *h), *d = NULL, *scalars = NULL;
    cudaMalloc((void **)&d, N * N * sizeof *d);
    cudaMalloc((void **)&scalars, 2 * sizeof *scalars);
    cublasSsyrk_v2(blas, 0, 0, N, N, &alpha, h, N, &beta, d, N); // devcheck: memspace-mismatch // devcheck-message: 'h' is host memory, but cublasSsyrk needs device memory
    cublasSsyrk_v2(blas, 0, 0, N, N, &alpha, d, N, &beta, h, N); // devcheck: memspace-mismatch
    cublasSsyrk_v2(blas, 0, 0, N, N, &alpha, d, N, &beta, d, N);
    /* alpha and beta on the device, under CUBLAS_POINTER_MODE_DEVICE */
    cublasSsyrk_v2(blas, 0, 0, N, N, scalars, d, N, scalars + 1, d, N);
    free(h);
}

void result_either(cublasHandle_t blas)
{
    float norm = 0, *h = malloc(N * sizeof *h), *d = NULL, *dnorm = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMalloc((void **)&dnorm, sizeof *dnorm);
    cublasSnrm2_v2(blas, N, h, 1, &norm); // devcheck: memspace-mismatch
    cublasSnrm2_v2(blas, N, d, 1, &norm);
    cublasSnrm2_v2(blas, N, d, 1, dnorm);
    free(h);
}

void set_get(void)
{
    float *h = malloc(N * N * sizeof *h), *d = NULL;
    cudaMalloc((void **)&d, N * N * sizeof *d);
    cublasSetMatrix(N, N, sizeof *h, h, N, d, N);
    cublasGetMatrix(N, N, sizeof *h, d, N, h, N);
    cublasSetMatrix(N, N, sizeof *h, d, N, h, N); // devcheck: memspace-mismatch
    cublasGetMatrix(N, N, sizeof *h, h, N, d, N); // devcheck: memspace-mismatch
    free(h);
}

void batched(cublasHandle_t blas)
{
    float **arrays = NULL;
    int *pivots = NULL, *infos = NULL, *host_pivots = malloc(4 * N * sizeof *host_pivots);
    int host_infos[4], info = 0;
    cudaMalloc((void **)&arrays, 4 * sizeof *arrays);
    cudaMalloc((void **)&pivots, 4 * N * sizeof *pivots);
    cudaMalloc((void **)&infos, 4 * sizeof *infos);
    cublasSgetrfBatched(blas, N, arrays, N, pivots, infos, 4);
    cublasSgetrfBatched(blas, N, arrays, N, host_pivots, infos, 4); // devcheck: memspace-mismatch
    cublasSgetrfBatched(blas, N, arrays, N, pivots, host_infos, 4); // devcheck: memspace-mismatch
    /* getrsBatched's info says whether its arguments were valid: on the host */
    cublasSgetrsBatched(blas, 0, N, 1, (const float *const *)arrays, N, pivots, arrays, N, &info, 4);
    cublasSgetrsBatched(blas, 0, N, 1, (const float *const *)arrays, N, pivots, arrays, N, infos, 4); // devcheck: memspace-mismatch
    free(host_pivots);
}

void handles(void)
{
    cublasHandle_t blas, *d = NULL;
    cudaMalloc((void **)&d, sizeof *d);
    cublasCreate_v2(&blas);
    cublasCreate_v2(d); // devcheck: memspace-mismatch
}

void xt_on_the_host(cublasXtHandle_t xt)
{
    float alpha = 1, beta = 0, *a = malloc(N * N * sizeof *a);
    cublasXtSgemm(xt, 0, 0, N, N, N, &alpha, a, N, a, N, &beta, a, N);
    free(a);
}
