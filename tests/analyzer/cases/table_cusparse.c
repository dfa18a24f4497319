/*
 * cuSPARSE's whole table (cusparse.h), by rules on parameters' names: a
 * matrix's arrays, vectors and buffers are device memory; alpha, beta and
 * a zero pivot's position either (the pointer mode says which); what a Get
 * returns and a buffer's size host memory, though the array a Get returns
 * is named as the one a Set takes.  Declarations as the header writes them
 * (it may not be installed).
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef int cusparseStatus_t;
typedef struct cusparseContext *cusparseHandle_t;
typedef struct cusparseMatDescr *cusparseMatDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef struct csric02Info *csric02Info_t;

cusparseStatus_t cusparseSbsrmv(cusparseHandle_t handle, int dirA, int transA, int mb, int nb,
                                int nnzb, const float *alpha, const cusparseMatDescr_t descrA,
                                const float *bsrSortedValA, const int *bsrSortedRowPtrA,
                                const int *bsrSortedColIndA, int blockDim, const float *x,
                                const float *beta, float *y);
cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr, void *csrRowOffsets,
                                        void *csrColInd, void *csrValues);
cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr, void **values);
cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, int opA, const void *alpha,
                                         cusparseSpMatDescr_t matA, cusparseDnVecDescr_t vecX,
                                         const void *beta, cusparseDnVecDescr_t vecY,
                                         int computeType, int alg, size_t *bufferSize);
cusparseStatus_t cusparseXcsric02_zeroPivot(cusparseHandle_t handle, csric02Info_t info,
                                            int *position);

#define N 16

void legacy(cusparseHandle_t sp, cusparseMatDescr_t descr, const float *val, const int *rows,
            const int *cols)
{
    float alpha = 1, beta = 0, *h = malloc(N * sizeof *h), *d = NULL, *scalars = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMalloc((void **)&scalars, 2 * sizeof *scalars);
    cusparseSbsrmv(sp, 0, 0, N, N, N, &alpha, descr, val, rows, cols, 1, d, &beta, d);
    cusparseSbsrmv(sp, 0, 0, N, N, N, scalars, descr, val, rows, cols, 1, d, scalars + 1, d);
    cusparseSbsrmv(sp, 0, 0, N, N, N, &alpha, descr, val, rows, cols, 1, h, &beta, d); // devcheck: memspace-mismatch
    cusparseSbsrmv(sp, 0, 0, N, N, N, &alpha, descr, val, rows, cols, 1, d, &beta, h); // devcheck: memspace-mismatch
    free(h);
}

void generic(cusparseHandle_t sp, cusparseSpMatDescr_t mat, cusparseDnVecDescr_t vec)
{
    float alpha = 1, beta = 0, *h = malloc(N * sizeof *h), *d = NULL;
    int *rows = NULL, *cols = NULL;
    void *values = NULL, **dvalues = NULL;
    size_t size = 0, *dsize = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMalloc((void **)&rows, (N + 1) * sizeof *rows);
    cudaMalloc((void **)&cols, N * sizeof *cols);
    cudaMalloc((void **)&dvalues, sizeof *dvalues);
    cudaMalloc((void **)&dsize, sizeof *dsize);
    cusparseCsrSetPointers(mat, rows, cols, d);
    cusparseCsrSetPointers(mat, rows, cols, h); // devcheck: memspace-mismatch
    cusparseDnVecGetValues(vec, &values);
    cusparseDnVecGetValues(vec, dvalues); // devcheck: memspace-mismatch
    cusparseSpMV_bufferSize(sp, 0, &alpha, mat, vec, &beta, vec, 0, 0, &size);
    cusparseSpMV_bufferSize(sp, 0, &alpha, mat, vec, &beta, vec, 0, 0, dsize); // devcheck: memspace-mismatch
    free(h);
}

void pivot(cusparseHandle_t sp, csric02Info_t info)
{
    int position = -1, *dposition = NULL;
    cudaMalloc((void **)&dposition, sizeof *dposition);
    cusparseXcsric02_zeroPivot(sp, info, &position);
    cusparseXcsric02_zeroPivot(sp, info, dposition);
}
