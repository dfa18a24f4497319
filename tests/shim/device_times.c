/*
 * device_times: where CUPTI has the Activity API (the emulated device's
 * does), each launch, copy and memset also has when its work ran on the
 * device, joined to its call by correlation id: it began no earlier than
 * the call and, on the emulated device, which runs it inside the call,
 * ended before the call returned (give or take the microsecond to which
 * the shim aligns CUPTI's clock with its own).  Other events have none.
 * device_times_off.c runs it where CUPTI has no Activity API.
 */
// devtrace-sql: SELECT count(*) FROM events WHERE type IN ('copy', 'launch') => 7
// devtrace-sql: SELECT count(*) FROM events WHERE type IN ('copy', 'launch') AND (device_start_ns IS NULL OR device_duration_ns IS NULL OR device_duration_ns <= 0) => 0
// devtrace-sql: SELECT count(*) FROM events WHERE device_start_ns < start_ns => 0
// devtrace-sql: SELECT count(*) FROM events WHERE device_start_ns + device_duration_ns > start_ns + duration_ns + 1000 => 0
// devtrace-sql: SELECT count(*) FROM events WHERE type NOT IN ('copy', 'launch') AND (device_start_ns IS NOT NULL OR correlation IS NOT NULL) => 0
// devtrace-sql: SELECT count(DISTINCT correlation) FROM events WHERE type IN ('copy', 'launch') => 7
// devtrace-sql: SELECT coalesce(dropped_activity, 0) FROM runs => 0
#include "shim_test.h"

int main(void)
{
    enum { N = 1 << 16 };
    int64_t n = N;
    double v = 5;
    float *host = NULL, *dev = NULL, *other = NULL;
    cudaStream_t s = NULL;
    dim3 grid = { 64, 1, 1 }, block = { 256, 1, 1 };

    SAY(cudaStreamCreate(&s));
    SAY(cudaMallocHost((void **)&host, N * sizeof *host));
    SAY(cudaMalloc((void **)&dev, N * sizeof *dev));
    SAY(cudaMalloc((void **)&other, N * sizeof *other));
    SAY(cudaMemcpyAsync(dev, host, N * sizeof *host, cudaMemcpyHostToDevice, s));
    SAY(cudaMemsetAsync(other, 0, N * sizeof *other, s));
    void *args[] = { &dev, &n, &v };
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, s));
    SAY(cudaMemcpyAsync(other, dev, N * sizeof *dev, cudaMemcpyDeviceToDevice, s));
    SAY(cudaStreamSynchronize(s));
    SAY(cudaMemcpy(host, other, N * sizeof *host, cudaMemcpyDeviceToHost));
    SAY(cudaMemset(dev, 0, N * sizeof *dev));
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL));
    SAY(cudaDeviceSynchronize());
    printf("host[%d] = %g\n", N - 1, host[N - 1]);
    SAY(cudaFree(other));
    SAY(cudaFree(dev));
    SAY(cudaFreeHost(host));
    SAY(cudaStreamDestroy(s));
    return 0;
}
