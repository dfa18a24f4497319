/*
 * device_times_many: more records than one of CUPTI's buffers holds (some
 * 14,000 memsets fill 1 MiB), made faster than the writer keeps up with:
 * full buffers come back while their calls' events are still queued, wait
 * for them, and every memset's row gets its device time all the same.
 */
// devtrace-sql: SELECT count(*) FROM events WHERE api = 'cudaMemsetAsync' AND device_start_ns >= start_ns AND device_duration_ns >= 0 => 40000
// devtrace-sql: SELECT coalesce(dropped_activity, 0) FROM runs => 0
#include "shim_test.h"

#ifndef MEMSETS
#define MEMSETS 40000
#endif

int main(void)
{
    unsigned char *dev = NULL;
    int failed = 0;
    SAY(cudaMalloc((void **)&dev, 64));
    for (int i = 0; i < MEMSETS; i++)
        failed += cudaMemsetAsync(dev, i & 0xff, 64, NULL) != cudaSuccess;
    printf("failed: %d\n", failed);
    SAY(cudaFree(dev));
    return 0;
}
