/*
 * The parameter structs of CUPTI's runtime API callbacks (a callback's
 * functionParams) for the calls libcudasim traces: each holds its call's
 * arguments in order, as CUDA 13's generated_cuda_runtime_api_meta.h has
 * them.
 */
#ifndef CUDASIM_GENERATED_CUDA_RUNTIME_API_META_H
#define CUDASIM_GENERATED_CUDA_RUNTIME_API_META_H

#include <cuda_runtime_api.h>

typedef struct cudaMalloc_v3020_params_st { void **devPtr; size_t size; } cudaMalloc_v3020_params;
typedef struct cudaMallocPitch_v3020_params_st {
    void **devPtr;
    size_t *pitch;
    size_t width;
    size_t height;
} cudaMallocPitch_v3020_params;
typedef struct cudaFree_v3020_params_st { void *devPtr; } cudaFree_v3020_params;
typedef struct cudaMallocHost_v3020_params_st { void **ptr; size_t size; } cudaMallocHost_v3020_params;
typedef struct cudaFreeHost_v3020_params_st { void *ptr; } cudaFreeHost_v3020_params;
typedef struct cudaHostAlloc_v3020_params_st {
    void **pHost;
    size_t size;
    unsigned int flags;
} cudaHostAlloc_v3020_params;
typedef struct cudaMemcpy_v3020_params_st {
    void *dst;
    const void *src;
    size_t count;
    enum cudaMemcpyKind kind;
} cudaMemcpy_v3020_params;
typedef struct cudaMemcpyAsync_v3020_params_st {
    void *dst;
    const void *src;
    size_t count;
    enum cudaMemcpyKind kind;
    cudaStream_t stream;
} cudaMemcpyAsync_v3020_params;
typedef struct cudaMemset_v3020_params_st {
    void *devPtr;
    int value;
    size_t count;
} cudaMemset_v3020_params;
typedef struct cudaMemsetAsync_v3020_params_st {
    void *devPtr;
    int value;
    size_t count;
    cudaStream_t stream;
} cudaMemsetAsync_v3020_params;
typedef struct cudaMallocManaged_v6000_params_st {
    void **devPtr;
    size_t size;
    unsigned int flags;
} cudaMallocManaged_v6000_params;
typedef struct cudaMemcpyPeer_v4000_params_st {
    void *dst;
    int dstDevice;
    const void *src;
    int srcDevice;
    size_t count;
} cudaMemcpyPeer_v4000_params;
typedef struct cudaLaunchKernel_v7000_params_st {
    const void *func;
    dim3 gridDim;
    dim3 blockDim;
    void **args;
    size_t sharedMem;
    cudaStream_t stream;
} cudaLaunchKernel_v7000_params;
typedef struct cudaMallocAsync_v11020_params_st {
    void **devPtr;
    size_t size;
    cudaStream_t hStream;
} cudaMallocAsync_v11020_params;
typedef struct cudaFreeAsync_v11020_params_st {
    void *devPtr;
    cudaStream_t hStream;
} cudaFreeAsync_v11020_params;
typedef struct cudaSetDevice_v3020_params_st { int device; } cudaSetDevice_v3020_params;

#endif /* CUDASIM_GENERATED_CUDA_RUNTIME_API_META_H */
