/*
 * Random fills: element i is draw offset + i of the counter-based stream
 * (counter_rng.h), the same number the cpu puts there.
 */
#include "common.cuh"
#include "counter_rng.h"

template <typename T>
__device__ void randn(T *out, int64_t n, uint64_t seed, uint64_t offset)
{
    DTK_FOR(i, n)
        out[i] = (T)dtk_rng_normal(seed, offset + (uint64_t)i);
}

#define RANDOM(SFX, T)                                                              \
    extern "C" __global__ void dtk_randn_##SFX(T *out, int64_t n, uint64_t seed,    \
                                               uint64_t offset)                     \
    {                                                                               \
        randn(out, n, seed, offset);                                                \
    }                                                                               \
    DTK_REGISTER(dtk_randn_##SFX)
DTK_FLOAT_TYPES(RANDOM)
