/*
 * cuSOLVER's whole tables (cusolverDn.h, cusolverSp.h), by rules on
 * parameters' names: a dense routine's matrices, workspace and info (the
 * devInfo the GPU writes) are device memory, a workspace size host memory;
 * a Jacobi info object (syevjInfo_t, also named info) is opaque, so either;
 * a sparse *Host function takes host memory, its device twin device memory
 * (a singularity it reports is on the host in both).  Declarations as the
 * headers write them (they may not be installed).
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef int cusolverStatus_t;
typedef struct cusolverDnContext *cusolverDnHandle_t;
typedef struct cusolverSpContext *cusolverSpHandle_t;
typedef struct syevjInfo *syevjInfo_t;
typedef struct cusparseMatDescr *cusparseMatDescr_t;

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
cusolverStatus_t cusolverDnSgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, float *A,
                                             int lda, int *Lwork);
cusolverStatus_t cusolverDnCreateSyevjInfo(syevjInfo_t *info);
cusolverStatus_t cusolverDnXsyevjSetTolerance(syevjInfo_t info, double tolerance);
cusolverStatus_t cusolverDnSsyevj(cusolverDnHandle_t handle, int jobz, int uplo, int n, float *A,
                                  int lda, float *W, float *work, int lwork, int *info,
                                  syevjInfo_t params);
cusolverStatus_t cusolverSpScsrlsvqrHost(cusolverSpHandle_t handle, int m, int nnz,
                                         const cusparseMatDescr_t descrA, const float *csrValA,
                                         const int *csrRowPtrA, const int *csrColIndA,
                                         const float *b, float tol, int reorder, float *x,
                                         int *singularity);
cusolverStatus_t cusolverSpScsreigvsi(cusolverSpHandle_t handle, int m, int nnz,
                                      const cusparseMatDescr_t descrA, const float *csrValA,
                                      const int *csrRowPtrA, const int *csrColIndA, float mu0,
                                      const float *x0, int maxite, float eps, float *mu, float *x);

#define N 16

void dense(void)
{
    cusolverDnHandle_t dn;
    syevjInfo_t jacobi;
    float *h = malloc(N * N * sizeof *h), *d = NULL, *w = NULL, *work = NULL;
    int lwork = 0, *dinfo = NULL, hinfo = 0;
    cudaMalloc((void **)&d, N * N * sizeof *d);
    cudaMalloc((void **)&w, N * sizeof *w);
    cudaMalloc((void **)&dinfo, sizeof *dinfo);
    cusolverDnCreate(&dn);
    cusolverDnCreateSyevjInfo(&jacobi);
    cusolverDnXsyevjSetTolerance(jacobi, 1e-7);
    cusolverDnSgetrf_bufferSize(dn, N, N, d, N, &lwork);
    cusolverDnSgetrf_bufferSize(dn, N, N, h, N, &lwork); // devcheck: memspace-mismatch
    cusolverDnSgetrf_bufferSize(dn, N, N, d, N, dinfo); // devcheck: memspace-mismatch // devcheck-message: 'dinfo' is device memory, but cusolverDnSgetrf_bufferSize needs host memory
    cudaMalloc((void **)&work, lwork * sizeof *work);
    cusolverDnSsyevj(dn, 1, 0, N, d, N, w, work, lwork, dinfo, jacobi);
    cusolverDnSsyevj(dn, 1, 0, N, d, N, w, work, lwork, &hinfo, jacobi); // devcheck: memspace-mismatch
    cusolverDnSsyevj(dn, 1, 0, N, d, N, h, work, lwork, dinfo, jacobi); // devcheck: memspace-mismatch
    free(h);
}

void sparse(cusolverSpHandle_t sp, cusparseMatDescr_t descr, const int *hrows, const int *hcols)
{
    float *hval = malloc(N * sizeof *hval), *hb = malloc(N * sizeof *hb);
    float *hx = malloc(N * sizeof *hx), *dval = NULL, *dx = NULL, *dmu = NULL, hmu = 0;
    int *drows = NULL, *dcols = NULL, singular = -1;
    cudaMalloc((void **)&dval, N * sizeof *dval);
    cudaMalloc((void **)&dx, N * sizeof *dx);
    cudaMalloc((void **)&dmu, sizeof *dmu);
    cudaMalloc((void **)&drows, (N + 1) * sizeof *drows);
    cudaMalloc((void **)&dcols, N * sizeof *dcols);
    cusolverSpScsrlsvqrHost(sp, N, N, descr, hval, hrows, hcols, hb, 0, 0, hx, &singular);
    cusolverSpScsrlsvqrHost(sp, N, N, descr, dval, hrows, hcols, hb, 0, 0, hx, &singular); // devcheck: memspace-mismatch
    cusolverSpScsreigvsi(sp, N, N, descr, dval, drows, dcols, 0, dx, 100, 0, dmu, dx);
    cusolverSpScsreigvsi(sp, N, N, descr, dval, drows, dcols, 0, dx, 100, 0, &hmu, dx); // devcheck: memspace-mismatch
    cusolverSpScsreigvsi(sp, N, N, descr, hval, drows, dcols, 0, dx, 100, 0, dmu, dx); // devcheck: memspace-mismatch
    free(hval);
    free(hb);
    free(hx);
}
