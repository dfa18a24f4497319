/*
 * What the host code nvcc generates calls (CUDA declares these in
 * crt/host_runtime.h and crt/device_functions.h, for its C++ only): a fat
 * binary's registration and each __global__ function's, <<<>>>'s launch
 * configuration, and the launch by a kernel's handle.  libcudasim answers
 * them (nvcc.c), and libdevtrace forwards them to it.
 */
#ifndef CUDASIM_CUDA_HOST_RUNTIME_H
#define CUDASIM_CUDA_HOST_RUNTIME_H

#include <cuda_runtime_api.h>

void **__cudaRegisterFatBinary(void *fat_binary);
void __cudaRegisterFatBinaryEnd(void **handle);
void __cudaUnregisterFatBinary(void **handle);
void __cudaRegisterVar(void **handle, char *host_var, char *device_address,
                       const char *name, int ext, size_t size, int constant, int global);
void __cudaRegisterFunction(void **handle, const char *host_function, char *device_function,
                            const char *name, int thread_limit, void *tid, void *bid,
                            dim3 *block, dim3 *grid, int *warp_size);
/* 0: go on with the launch. */
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared, cudaStream_t stream);
cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared, void *stream);
/* A kernel's handle, which cudaFunc* queries and __cudaLaunchKernel take. */
cudaError_t __cudaGetKernel(const void **kernel, const void *host_function);
cudaError_t __cudaLaunchKernel(const void *kernel, dim3 grid, dim3 block, void **args,
                               size_t shared, cudaStream_t stream);
cudaError_t __cudaLaunchKernel_ptsz(const void *kernel, dim3 grid, dim3 block, void **args,
                                    size_t shared, cudaStream_t stream);

#endif /* CUDASIM_CUDA_HOST_RUNTIME_H */
