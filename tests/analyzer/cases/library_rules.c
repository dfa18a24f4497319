/*
 * The built-in model's rules for a library's whole family: a pointer
 * parameter is device, host or either memory by its name in the library's
 * header (NCCL's sendbuff, cuFFT's workSize, a cuBLASLt descriptor made
 * through a pointer), for functions the tables do not name one by one.
 * Declarations written here as the headers write them (they may not be
 * installed).
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef int status;
typedef struct comm *ncclComm_t;
typedef struct layout *cublasLtMatrixLayout_t;

status ncclAlltoAll(const void *sendbuff, void *recvbuff, size_t count, int datatype,
                    ncclComm_t comm, cudaStream_t stream);
status pncclAlltoAll(const void *sendbuff, void *recvbuff, size_t count, int datatype,
                     ncclComm_t comm, cudaStream_t stream);
status ncclGetVersion(int *version);
status ncclCommDestroy(ncclComm_t comm);
status cufftGetSize(int handle, size_t *workSize);
status cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *matLayout, int type, unsigned long rows,
                                  unsigned long cols, long ld);
status cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout);
/* a function of the program's own, which no rule names */
status my_nccl_all_to_all(const void *sendbuff, size_t count);

void rules(size_t n, ncclComm_t comm)
{
    float *h = malloc(n * sizeof *h), *d = NULL;
    cudaMalloc((void **)&d, n * sizeof *d);
    ncclAlltoAll(d, d, n, 0, comm, 0);
    ncclAlltoAll(h, d, n, 0, comm, 0); // devcheck: memspace-mismatch // devcheck-message: 'h' is host memory, but ncclAlltoAll needs device memory
    ncclAlltoAll(d, h, n, 0, comm, 0); // devcheck: memspace-mismatch
    pncclAlltoAll(h, d, n, 0, comm, 0); // devcheck: memspace-mismatch
    int version;
    ncclGetVersion(&version);
    ncclGetVersion((int *)d); // devcheck: memspace-mismatch
    ncclCommDestroy(comm);
    size_t size;
    cufftGetSize(0, &size);
    cufftGetSize(0, (size_t *)d); // devcheck: memspace-mismatch
    cublasLtMatrixLayout_t layout;
    cublasLtMatrixLayoutCreate(&layout, 0, 4, 4, 4);
    cublasLtMatrixLayoutCreate((cublasLtMatrixLayout_t *)d, 0, 4, 4, 4); // devcheck: memspace-mismatch
    cublasLtMatrixLayoutDestroy(layout);
    my_nccl_all_to_all(h, n);
    cudaFree(d);
    free(h);
}
