/*
 * shadow_churn: thousands of allocations of mixed sizes, made and freed in
 * rounds that leave holes, so that the shim's entries for freed memory are
 * taken again by allocations at and between their addresses, swept out when
 * they pile up, and swept from under a larger allocation that covers them.
 * Every launch on live memory (at its start and inside it) stays quiet; a
 * launch on memory freed last, which nothing took again, is a finding.
 *
 * First, on the fresh device: a, b and c of 256 bytes lie one after the
 * other (the emulated device takes the first gap that fits), a and b are
 * freed, and d of 512 bytes takes their place, so a pointer into d's second
 * half is where b was.
 */
#include "shim_test.h"

#include <stdint.h>

enum { N = 3000, ROUNDS = 4 };

static float *bufs[N], *c, *d;

static size_t size_of(int i, int round)
{
    return (size_t)(1 + (i * 7 + round * 13) % 64) * 256;
}

static int churn(void)
{
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < N; i++)
            if (!bufs[i] && cudaMalloc((void **)&bufs[i], size_of(i, round)) != cudaSuccess)
                return 1;
        for (int i = (round % 3); i < N; i += 3) {
            cudaFree(bufs[i]);
            bufs[i] = NULL;
        }
    }
    return 0;
}

/* d's second half, where the freed b was; NULL when the device did not
   place them so. */
static float *over_freed(void)
{
    float *a, *b;
    if (cudaMalloc((void **)&a, 256) != cudaSuccess || cudaMalloc((void **)&b, 256) != cudaSuccess ||
        cudaMalloc((void **)&c, 256) != cudaSuccess)
        return NULL;
    cudaFree(a);
    cudaFree(b);
    if (cudaMalloc((void **)&d, 512) != cudaSuccess || d != a || b != a + 64)
        return NULL;
    return d + 70;
}

int main(void)
{
    float *inside = over_freed();
    printf("d placed over a and b: %s\n", inside ? "yes" : "no");
    if (churn() != 0) {
        printf("cudaMalloc failed\n");
        return 1;
    }
    float *p = NULL;                    /* the kernel fills one float at p */
    int64_t n = 1;
    double v = 1;
    dim3 grid = { 1, 1, 1 }, block = { 1, 1, 1 };
    void *args[] = { &p, &n, &v };
    int quiet = 0;
    for (int i = 0; i < N; i++)
        for (int offset = 0; bufs[i] && offset < 14; offset += 7) {
            p = bufs[i] + offset;
            quiet += cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL) ==
                     cudaSuccess;
        }
    printf("%d launches on live buffers\n", quiet);
    p = inside;
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL));
    SAY(cudaMalloc((void **)&p, 4096));
    SAY(cudaFree(p));
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL)); // devtrace: use_after_free
    SAY(cudaDeviceSynchronize());
    for (int i = 0; i < N; i++)
        cudaFree(bufs[i]);
    cudaFree(c);
    cudaFree(d);
    return 0;
}
