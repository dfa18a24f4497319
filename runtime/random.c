/*
 * The random generator: counter-based, so a draw depends only on the seed and
 * its position in the stream.  Any backend (a GPU thread per element) makes
 * the same numbers as the cpu, and threads reserve disjoint ranges with one
 * atomic add.
 */
#include "internal.h"

#include <math.h>

/* PyTorch's default seed, so an unseeded program is deterministic too. */
#define DEFAULT_SEED 67280421310721ULL

static _Atomic uint64_t global_seed = DEFAULT_SEED;
static _Atomic uint64_t global_offset;

void dt_manual_seed(uint64_t seed)
{
    atomic_store(&global_seed, seed);
    atomic_store(&global_offset, 0);
}

void dt_random_reserve(int64_t n, uint64_t *seed, uint64_t *offset)
{
    *seed = atomic_load(&global_seed);
    *offset = atomic_fetch_add(&global_offset, (uint64_t)n);
}

/* splitmix64's finaliser over (seed, counter) */
static uint64_t mix(uint64_t seed, uint64_t counter)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (counter + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Position p of a stream owns the two words 2p and 2p+1, so draws of any
   kind at distinct positions never share a word. */
static double unit(uint64_t seed, uint64_t word)
{
    return ((double)(mix(seed, word) >> 11) + 0.5) * 0x1.0p-53;     /* in (0, 1) */
}

double dt_random_uniform01(uint64_t seed, uint64_t position)
{
    return unit(seed, 2 * position);
}

double dt_random_normal(uint64_t seed, uint64_t position)     /* Box-Muller */
{
    double u1 = unit(seed, 2 * position), u2 = unit(seed, 2 * position + 1);
    return sqrt(-2.0 * log(u1)) * cos(2.0 * M_PI * u2);
}

/* Fisher-Yates over the global stream. */
void dt_random_permutation(int64_t *perm, int64_t n)
{
    uint64_t seed, offset;
    dt_random_reserve(n, &seed, &offset);
    for (int64_t i = 0; i < n; i++)
        perm[i] = i;
    for (int64_t i = n - 1; i > 0; i--) {
        int64_t j = (int64_t)(dt_random_uniform01(seed, offset + (uint64_t)i) * (double)(i + 1));
        int64_t tmp = perm[i];
        perm[i] = perm[j];
        perm[j] = tmp;
    }
}
