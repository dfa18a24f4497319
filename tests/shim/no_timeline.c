/*
 * no_timeline: a run not asked for a timeline (no DEVTRACE_TIMELINE, no
 * devtrace run --timeline) records no device-side times, and CUPTI keeps no
 * correlation ids for it; its checks are the same: the kernel handed host
 * memory is found at its line, and every call has its site and host times.
 * (device_times.c: the same calls with a timeline.)
 */
// devtrace-sql: SELECT count(*) FROM events WHERE type IN ('copy', 'launch') => 5
// devtrace-sql: SELECT count(*) FROM events WHERE device_start_ns IS NOT NULL OR device_duration_ns IS NOT NULL OR correlation IS NOT NULL => 0
// devtrace-sql: SELECT count(*) FROM events WHERE type != 'finding' AND (start_ns IS NULL OR duration_ns IS NULL OR site IS NULL) => 0
#include "shim_test.h"
#include <stdlib.h>

int main(void)
{
    enum { N = 1024 };
    int64_t n = N;
    double v = 3;
    float *host = calloc(N, sizeof *host), *dev = NULL;
    dim3 grid = { 4, 1, 1 }, block = { 256, 1, 1 };

    if (!host)
        return 1;
    SAY(cudaMalloc((void **)&dev, N * sizeof *dev));
    SAY(cudaMemcpy(dev, host, N * sizeof *host, cudaMemcpyHostToDevice));
    void *args[] = { &dev, &n, &v };
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL));
    SAY(cudaMemcpy(host, dev, N * sizeof *host, cudaMemcpyDeviceToHost));
    void *bad_args[] = { &host, &n, &v };
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, bad_args, 0, NULL)); // devtrace: host_pointer_kernel_arg
    SAY(cudaMemset(dev, 0, N * sizeof *dev));
    SAY(cudaDeviceSynchronize());
    printf("host[%d] = %g\n", N - 1, host[N - 1]);
    SAY(cudaFree(dev));
    free(host);
    return 0;
}
