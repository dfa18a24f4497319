/*
 * The counter-based random generator, shared by the cpu (runtime/random.c)
 * and the GPU kernels (random.cu): a draw depends only on the seed and its
 * position in the stream, so a GPU thread per element makes the very numbers
 * the cpu makes.  Keep the arithmetic as it is: streams saved by one build
 * are replayed by the other.
 */
#ifndef DT_COUNTER_RNG_H
#define DT_COUNTER_RNG_H

#include <math.h>
#include <stdint.h>

#ifdef __CUDACC__
#define DTK_HD __host__ __device__
#else
#define DTK_HD
#endif

/* M_PI, which ISO C lacks, as glibc spells it */
#define DTK_PI 3.14159265358979323846

/* splitmix64's finaliser over (seed, counter) */
static inline DTK_HD uint64_t dtk_rng_mix(uint64_t seed, uint64_t counter)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (counter + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Position p of a stream owns the two words 2p and 2p+1, so draws of any
   kind at distinct positions never share a word. */
static inline DTK_HD double dtk_rng_unit(uint64_t seed, uint64_t word)
{
    return ((double)(dtk_rng_mix(seed, word) >> 11) + 0.5) * 0x1.0p-53;     /* in (0, 1) */
}

static inline DTK_HD double dtk_rng_uniform01(uint64_t seed, uint64_t position)
{
    return dtk_rng_unit(seed, 2 * position);
}

static inline DTK_HD double dtk_rng_normal(uint64_t seed, uint64_t position)  /* Box-Muller */
{
    double u1 = dtk_rng_unit(seed, 2 * position), u2 = dtk_rng_unit(seed, 2 * position + 1);
    return sqrt(-2.0 * log(u1)) * cos(2.0 * DTK_PI * u2);
}

#endif /* DT_COUNTER_RNG_H */
