/*
 * driver_streams: the driver API's copies and memsets on a stream
 * (cuMemcpyHtoDAsync, cuMemsetD32Async, ...) carry it in their events, and
 * its managed memory (cuMemAllocManaged) is the host's and the kernels'
 * alike.  The stream comes from the runtime: a CUstream is a cudaStream_t.
 * An asynchronous copy from pageable memory is warned of, as the runtime's.
 */
// devtrace-sql: SELECT group_concat(api || ' ' || direction || ' ' || (stream != 0), ', ') FROM (SELECT * FROM events WHERE type = 'copy' ORDER BY seq) => cuMemcpyHtoDAsync_v2 HtoD 1, cuMemsetD8Async memset 1, cuMemsetD32Async memset 1, cuMemcpyDtoDAsync_v2 DtoD 1, cuMemcpyDtoHAsync_v2 DtoH 1, cuMemcpyAsync DtoH 0
// devtrace-sql: SELECT count(DISTINCT stream) FROM events WHERE stream != 0 => 1
// devtrace-sql: SELECT count(*) FROM events WHERE type IN ('copy', 'launch') AND (device_start_ns < start_ns OR device_duration_ns IS NULL) => 0
// devtrace-sql: SELECT group_concat(memory || ' ' || api, ', ') FROM (SELECT * FROM allocations ORDER BY first_seq) => device cuMemAlloc_v2, managed cuMemAllocManaged
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stdint.h>
#include <stdio.h>

#include "driver_test.h"
#include "kernels.h"

int main(void)
{
    int64_t n = 64;
    double v = 1;
    float host[64] = { 0 };
    CUdevice dev = 0;
    CUcontext ctx = NULL;
    CUdeviceptr d = 0, m = 0;
    CUfunction fill = NULL;
    cudaStream_t s = NULL;

    if (cudaGetFuncBySymbol((cudaFunction_t *)&fill, (const void *)dtk_fill_f32) ||
        cudaStreamCreate(&s))
        return 1;
    CUstream stream = (CUstream)s;
    CU_SAY(cuInit(0));
    CU_SAY(cuDeviceGet(&dev, 0));
    CU_SAY(cuDevicePrimaryCtxRetain(&ctx, dev));
    CU_SAY(cuCtxSetCurrent(ctx));
    CU_SAY(cuMemAlloc(&d, sizeof host));
    CU_SAY(cuMemAllocManaged(&m, sizeof host, CU_MEM_ATTACH_GLOBAL));
    CU_SAY(cuMemcpyHtoDAsync(d, host, sizeof host, stream)); // devtrace: pageable_transfer
    CU_SAY(cuMemsetD8Async(d, 0, sizeof host, stream));
    CU_SAY(cuMemsetD32Async(m, 0, 64, stream));
    CU_SAY(cuMemcpyDtoDAsync(m, d, sizeof host, stream));
    void *args[] = { &m, &n, &v };
    CU_SAY(cuLaunchKernel(fill, 1, 1, 1, 64, 1, 1, 0, stream, args, NULL));
    CU_SAY(cuMemcpyDtoHAsync(host, m, sizeof host, stream));
    CU_SAY(cuCtxSynchronize());
    printf("host[63] = %g, managed[63] = %g\n", host[63], ((float *)(uintptr_t)m)[63]);
    CU_SAY(cuMemcpyAsync((CUdeviceptr)(uintptr_t)host, d, sizeof host, NULL));
    CU_SAY(cuMemFree(m));
    CU_SAY(cuMemFree(d));
    CU_SAY(cuDevicePrimaryCtxRelease(dev));
    cudaStreamDestroy(s);
    return 0;
}
