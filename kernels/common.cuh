/*
 * What every kernel source includes.  Under nvcc it adds only DTK_FOR.  Under
 * a host compiler (the emulated device's build) it also maps the CUDA
 * keywords and built-ins onto the emulator's, and DTK_REGISTER(kernel) files
 * the kernel with the emulator under its entry point's address, with the
 * size of each parameter and which are pointers, so that cudaLaunchKernel can
 * check and translate them as a GPU's memory system would.
 */
#ifndef DT_KERNELS_COMMON_CUH
#define DT_KERNELS_COMMON_CUH

#include "kernels.h"

#include <math.h>
#include <stdint.h>

#if defined(__CUDACC__)

#define DTK_REGISTER(fn)

#else  /* the host build, for the emulated device */

#include <cstddef>
#include <type_traits>
#include <utility>

#include "cudasim.h"

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __restrict__ __restrict
#define threadIdx (cudasim_builtins.thread_idx)
#define blockIdx (cudasim_builtins.block_idx)
#define blockDim (cudasim_builtins.block_dim)
#define gridDim (cudasim_builtins.grid_dim)

namespace dtk_host {
template <typename F, F f> struct kernel;

template <typename... A, void (*f)(A...)>
struct kernel<void (*)(A...), f> {
    template <std::size_t... I>
    static void call(void **args, std::index_sequence<I...>)
    {
        f(*static_cast<A *>(args[I])...);
    }
    static void run(void **args) { call(args, std::index_sequence_for<A...>{}); }
    explicit kernel(const char *name)
    {
        static const cudasim_param params[] = {
            { (unsigned)sizeof(A), std::is_pointer<A>::value }...
        };
        cudasim_register_kernel(reinterpret_cast<const void *>(f), name, run, params,
                                (int)sizeof...(A));
    }
};
}

#define DTK_REGISTER(fn) \
    static const dtk_host::kernel<decltype(&fn), &fn> fn##_registration(#fn);

#endif

/* A grid-stride loop: thread t of the grid takes elements t, t + T, ... */
#define DTK_FOR(i, n)                                                            \
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < (n);    \
         i += (int64_t)blockDim.x * gridDim.x)

/* The per-dtype instances of a kernel: a .cu file writes a kernel's body once
   as a template, and a macro X(SFX, T) that defines and registers the entry
   point dtk_OP_SFX for the C type T; these lists call it per dtype. */
#define DTK_ALL_TYPES(X) X(f32, float) X(f64, double) X(i64, int64_t)
#define DTK_FLOAT_TYPES(X) X(f32, float) X(f64, double)

/* nan wins max and argmax, as in PyTorch (and never for integers) */
template <typename T>
__device__ __forceinline__ bool dtk_is_nan(T v)
{
    return v != v;
}

#endif /* DT_KERNELS_COMMON_CUH */
