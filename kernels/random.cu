/*
 * Random fills: element i is draw offset + i of the counter-based stream
 * (counter_rng.h), the same number the cpu puts there.
 */
#include "common.cuh"
#include "counter_rng.h"

/* lo + (hi - lo) * u rounded twice, as on the cpu: nvcc would fuse it into
   one fma and round once. */
__device__ __forceinline__ double scale(double lo, double hi, double u)
{
#ifdef __CUDA_ARCH__
    return __dadd_rn(lo, __dmul_rn(hi - lo, u));
#else
    return lo + (hi - lo) * u;
#endif
}

template <typename T>
__device__ void randn(T *out, int64_t n, uint64_t seed, uint64_t offset)
{
    DTK_FOR(i, n)
        out[i] = (T)dtk_rng_normal(seed, offset + (uint64_t)i);
}

template <typename T>
__device__ void uniform(T *out, int64_t n, uint64_t seed, uint64_t offset, double lo, double hi)
{
    DTK_FOR(i, n)
        out[i] = (T)scale(lo, hi, dtk_rng_uniform01(seed, offset + (uint64_t)i));
}

#define RANDOM(SFX, T)                                                              \
    extern "C" __global__ void dtk_randn_##SFX(T *out, int64_t n, uint64_t seed,    \
                                               uint64_t offset)                     \
    {                                                                               \
        randn(out, n, seed, offset);                                                \
    }                                                                               \
    DTK_REGISTER(dtk_randn_##SFX)                                                   \
    extern "C" __global__ void dtk_uniform_##SFX(T *out, int64_t n, uint64_t seed,  \
                                                 uint64_t offset, double lo, double hi) \
    {                                                                               \
        uniform(out, n, seed, offset, lo, hi);                                      \
    }                                                                               \
    DTK_REGISTER(dtk_uniform_##SFX)
DTK_FLOAT_TYPES(RANDOM)
