/*
 * devcheck/cuda/host.h: what a .cu file's host side needs from CUDA when no
 * toolkit is installed.  devcheck parses such a file with clang's own CUDA
 * headers turned off (-nocudainc) and includes this first: the function and
 * variable qualifiers, the built-in variables, and the calls that clang turns
 * a <<<>>> launch into (which one depends on the CUDA version it assumes).  The API itself comes from cuda_runtime.h on the
 * include path (devtensor's emulated device declares it as CUDA does).
 */
#ifndef DEVCHECK_CUDA_HOST_H
#define DEVCHECK_CUDA_HOST_H

#include <stddef.h>
#include <cuda_runtime.h>

#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __shared__
#define __shared__ __attribute__((shared))
#endif
#ifndef __constant__
#define __constant__ __attribute__((constant))
#endif
#ifndef __managed__
#define __managed__ __attribute__((annotate("managed")))   /* clang's `managed` is HIP's only */
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#endif
#ifndef __forceinline__
#define __forceinline__ __inline__ __attribute__((always_inline))
#endif

extern const __device__ dim3 threadIdx, blockIdx, blockDim, gridDim;
extern const __device__ int warpSize;

extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared = 0,
                                                cudaStream_t stream = 0);
extern "C" cudaError_t cudaConfigureCall(dim3 grid, dim3 block, size_t shared = 0,
                                         cudaStream_t stream = 0);

/* 1, as nvcc defines it, for the file's own `#if __CUDACC__` (nvcc.h does
   the same with a toolkit); defined after the headers above, since a
   toolkit's cuda_runtime.h found on the include path would otherwise
   declare the device functions that this host-only parse refuses. */
#undef __CUDACC__
#define __CUDACC__ 1

#endif
