/*
 * devcheck/cuda/nvcc.h: what nvcc's headers give a .cu file and clang 19's
 * CUDA headers do not, declared so that such files parse.  devcheck reads
 * only the host side, so nothing here is defined: a declaration is all
 * that overload resolution needs.
 *
 * min and max: CUDA's math_functions.hpp gives host code its integer and
 * floating overloads; clang's __clang_cuda_math.h gives them to device code
 * only, so `max(1, n)` in a host function is an error there.
 *
 * The cache-hint loads and stores of sm_32_intrinsics.h (__ldcg, __stcs,
 * ...): clang's wrapper leaves that header out, for its own __ldg, and
 * clang 19 has no others.
 *
 * The surface object reads and writes of surface_indirect_functions.h
 * (surf2Dwrite, ...): that header does not build beside clang's texture
 * intrinsics, and clang's wrapper does not include it.
 *
 * Placement new in device code (CUB's block loads, a kernel's own `new
 * (p) T`): nvcc gives it unasked; clang gives it with <new>, which its CUDA
 * wrapper then extends to the device.
 *
 * <time.h>, <math.h>, <stdlib.h> and <stdio.h>: CUDA's crt headers include
 * them for every .cu file (Rodinia's particlefilter calls time() with no
 * include of its own; zfp calls modf(float, float *), which C++'s <math.h>
 * brings to the global namespace; a kernel's printf needs no include);
 * clang's wrapper leaves them out.  prelude_source.c's cuda_given lists
 * them.
 *
 * __CUDACC__ as 1: nvcc defines it so, and code tests it with `#if
 * __CUDACC__` (NCCL's device headers); clang's wrapper leaves it defined
 * empty, which #if cannot read.
 *
 * __managed__ as an annotation: clang 19 knows the `managed` attribute in
 * HIP only and drops it in CUDA, which leaves a __managed__ variable with
 * no attribute, as if it were the host's own; an annotation keeps it
 * one of CUDA's (memory both sides reach).
 */
#ifndef DEVCHECK_CUDA_NVCC_H
#define DEVCHECK_CUDA_NVCC_H

#include <math.h>
#include <new>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#undef __CUDACC__
#define __CUDACC__ 1

#undef __managed__
#define __managed__ __attribute__((annotate("managed")))

#define DC_MINMAX(R, A, B)                                                     \
    __host__ R min(A, B);                                                      \
    __host__ R max(A, B);
DC_MINMAX(int, int, int)
DC_MINMAX(unsigned int, unsigned int, unsigned int)
DC_MINMAX(unsigned int, int, unsigned int)
DC_MINMAX(unsigned int, unsigned int, int)
DC_MINMAX(long, long, long)
DC_MINMAX(unsigned long, unsigned long, unsigned long)
DC_MINMAX(unsigned long, long, unsigned long)
DC_MINMAX(unsigned long, unsigned long, long)
DC_MINMAX(long long, long long, long long)
DC_MINMAX(unsigned long long, unsigned long long, unsigned long long)
DC_MINMAX(unsigned long long, long long, unsigned long long)
DC_MINMAX(unsigned long long, unsigned long long, long long)
DC_MINMAX(float, float, float)
DC_MINMAX(double, double, double)
DC_MINMAX(double, float, double)
DC_MINMAX(double, double, float)
#undef DC_MINMAX

#define DC_CACHE_HINTS(T)                                                      \
    __device__ T __ldcg(const T *);                                            \
    __device__ T __ldca(const T *);                                            \
    __device__ T __ldcs(const T *);                                            \
    __device__ T __ldlu(const T *);                                            \
    __device__ T __ldcv(const T *);                                            \
    __device__ void __stwb(T *, T);                                            \
    __device__ void __stcg(T *, T);                                            \
    __device__ void __stcs(T *, T);                                            \
    __device__ void __stwt(T *, T);
DC_CACHE_HINTS(char) DC_CACHE_HINTS(signed char) DC_CACHE_HINTS(unsigned char)
DC_CACHE_HINTS(short) DC_CACHE_HINTS(unsigned short)
DC_CACHE_HINTS(int) DC_CACHE_HINTS(unsigned int)
DC_CACHE_HINTS(long) DC_CACHE_HINTS(unsigned long)
DC_CACHE_HINTS(long long) DC_CACHE_HINTS(unsigned long long)
DC_CACHE_HINTS(float) DC_CACHE_HINTS(double)
DC_CACHE_HINTS(char2) DC_CACHE_HINTS(char4) DC_CACHE_HINTS(uchar2) DC_CACHE_HINTS(uchar4)
DC_CACHE_HINTS(short2) DC_CACHE_HINTS(short4) DC_CACHE_HINTS(ushort2) DC_CACHE_HINTS(ushort4)
DC_CACHE_HINTS(int2) DC_CACHE_HINTS(int4) DC_CACHE_HINTS(uint2) DC_CACHE_HINTS(uint4)
DC_CACHE_HINTS(longlong2) DC_CACHE_HINTS(ulonglong2)
DC_CACHE_HINTS(float2) DC_CACHE_HINTS(float4) DC_CACHE_HINTS(double2)
#undef DC_CACHE_HINTS

#define DC_SURFACE(name, ...)                                                  \
    template <class T>                                                         \
    __device__ void name##read(T *, cudaSurfaceObject_t, __VA_ARGS__,          \
                               cudaSurfaceBoundaryMode = cudaBoundaryModeTrap); \
    template <class T>                                                         \
    __device__ T name##read(cudaSurfaceObject_t, __VA_ARGS__,                  \
                            cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);   \
    template <class T>                                                         \
    __device__ void name##write(T, cudaSurfaceObject_t, __VA_ARGS__,           \
                                cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
DC_SURFACE(surf1D, int)
DC_SURFACE(surf2D, int, int)
DC_SURFACE(surf3D, int, int, int)
DC_SURFACE(surf1DLayered, int, int)
DC_SURFACE(surf2DLayered, int, int, int)
DC_SURFACE(surfCubemap, int, int, int)
DC_SURFACE(surfCubemapLayered, int, int, int)
#undef DC_SURFACE

#endif
