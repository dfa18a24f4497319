/*
 * The random generator: counter-based, so a draw depends only on the seed and
 * its position in the stream.  Any backend (a GPU thread per element) makes
 * the same numbers as the cpu, and threads reserve disjoint ranges with one
 * atomic add.
 */
#include "internal.h"

#include "counter_rng.h"

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

double dt_random_uniform01(uint64_t seed, uint64_t position)
{
    return dtk_rng_uniform01(seed, position);
}

double dt_random_normal(uint64_t seed, uint64_t position)
{
    return dtk_rng_normal(seed, position);
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
