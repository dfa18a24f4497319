/*
 * threads: eight threads launch a thousand kernels each, all at once.  The
 * shim must record every call, none lost or doubled: per thread two
 * allocations, 1000 launches, a copy and two frees, 1005 calls.  The
 * kernels' results are checked here.
 */
// devtrace-sql: SELECT sum(count) FROM launches => 8000
// devtrace-sql: SELECT sum(calls) FROM api_calls WHERE api = 'cudaLaunchKernel' => 8000
// devtrace-sql: SELECT sum(calls) FROM api_calls => 8040
// devtrace-sql: SELECT events FROM runs => 8040
// devtrace-sql: SELECT sum(freed) FROM allocations => 16
#include "shim_test.h"
#include <pthread.h>
#include <stdint.h>

#define THREADS 8
#define LAUNCHES 1000
#define N 256

/* Fills its own buffer LAUNCHES times, with 0, 1, ...; returns how many
   calls failed or how many values are wrong. */
static void *launch_many(void *unused)
{
    int64_t n = N, failed = 0;
    double v = 0;
    float *dev = NULL, *pinned = NULL;
    dim3 grid = { 1, 1, 1 }, block = { 64, 1, 1 };
    void *args[] = { &dev, &n, &v };

    (void)unused;
    if (cudaMalloc((void **)&dev, N * sizeof *dev) != cudaSuccess ||
        cudaMallocHost((void **)&pinned, N * sizeof *pinned) != cudaSuccess)
        return (void *)(intptr_t)1;
    for (int i = 0; i < LAUNCHES; i++, v++)
        failed += cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL) != cudaSuccess;
    failed += cudaMemcpy(pinned, dev, N * sizeof *dev, cudaMemcpyDeviceToHost) != cudaSuccess;
    for (int i = 0; i < N; i++)
        failed += pinned[i] != LAUNCHES - 1;
    failed += cudaFreeHost(pinned) != cudaSuccess;
    failed += cudaFree(dev) != cudaSuccess;
    return (void *)(intptr_t)failed;
}

int main(void)
{
    pthread_t threads[THREADS];
    intptr_t failed = 0;

    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&threads[i], NULL, launch_many, NULL) != 0)
            return 1;
    for (int i = 0; i < THREADS; i++) {
        void *r;
        pthread_join(threads[i], &r);
        failed += (intptr_t)r;
    }
    printf("%d threads, %d launches each: %ld failed\n", THREADS, LAUNCHES, (long)failed);
    return failed != 0;
}
