/*
 * events: a run's calls in time, one row each in order, every one with the
 * host time it began and how long it took; a copy's direction and bytes, a
 * launch's kernel and device.  events_capped.c runs the same calls with
 * DEVTRACE_EVENTS=2.
 */
// devtrace-sql: SELECT group_concat(type || ':' || api, ' ') FROM (SELECT * FROM events ORDER BY seq) => alloc:cudaMalloc copy:cudaMemcpy launch:cudaLaunchKernel call:cudaDeviceSynchronize copy:cudaMemcpy free:cudaFree
// devtrace-sql: SELECT count(*) FROM events WHERE start_ns IS NULL OR duration_ns IS NULL OR duration_ns < 0 => 0
// devtrace-sql: SELECT count(*) FROM events, runs WHERE start_ns < started_ns OR start_ns + duration_ns > ended_ns => 0
// devtrace-sql: SELECT count(*) FROM events a JOIN events b ON b.seq > a.seq WHERE b.start_ns < a.start_ns + a.duration_ns => 0
// devtrace-sql: SELECT group_concat(direction || ' ' || bytes || ' ' || device, ',') FROM (SELECT * FROM events WHERE type = 'copy' ORDER BY seq) => HtoD 256 0,DtoH 256 0
// devtrace-sql: SELECT k.name || ' on ' || e.device FROM events e JOIN kernels k ON k.run = e.run AND k.id = e.kernel => dtk_fill_f32 on 0
// devtrace-sql: SELECT coalesce(dropped_events, 0) FROM runs => 0
#include "shim_test.h"

int main(void)
{
    int64_t n = 64;
    double v = 1;
    float host[64] = { 0 }, *dev = NULL;
    dim3 grid = { 1, 1, 1 }, block = { 64, 1, 1 };

    SAY(cudaMalloc((void **)&dev, sizeof host));
    SAY(cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice));
    void *args[] = { &dev, &n, &v };
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL));
    SAY(cudaDeviceSynchronize());
    SAY(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost));
    SAY(cudaFree(dev));
    printf("host[63] = %g\n", host[63]);
    return 0;
}
