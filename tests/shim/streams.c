/*
 * streams: copies and memsets on a stream of the program's own carry it in
 * their events, as its launches do; synchronous ones carry the default
 * stream (0).  Run preloaded and as an injection library, so both the
 * wrappers and CUPTI's callbacks say it.
 */
// devtrace-sql: SELECT group_concat(api || ' ' || (stream != 0), ', ') FROM (SELECT * FROM events WHERE type IN ('copy', 'launch') ORDER BY seq) => cudaMemcpyAsync 1, cudaMemsetAsync 1, cudaLaunchKernel 1, cudaMemcpy 0, cudaMemset 0, cudaMemcpyAsync 0
// devtrace-sql: SELECT count(DISTINCT stream) FROM events WHERE stream != 0 => 1
// devtrace-sql: SELECT group_concat(direction, ' ') FROM (SELECT * FROM events WHERE type = 'copy' ORDER BY seq) => HtoD memset DtoH memset DtoH
#include "shim_test.h"

int main(void)
{
    int64_t n = 64;
    double v = 2;
    float *host = NULL, *dev = NULL;
    cudaStream_t s = NULL;
    dim3 grid = { 1, 1, 1 }, block = { 64, 1, 1 };

    SAY(cudaStreamCreate(&s));
    SAY(cudaMallocHost((void **)&host, n * sizeof *host));
    SAY(cudaMalloc((void **)&dev, n * sizeof *dev));
    SAY(cudaMemcpyAsync(dev, host, n * sizeof *host, cudaMemcpyHostToDevice, s));
    SAY(cudaMemsetAsync(dev, 0, n * sizeof *dev, s));
    void *args[] = { &dev, &n, &v };
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, s));
    SAY(cudaStreamSynchronize(s));
    SAY(cudaMemcpy(host, dev, n * sizeof *host, cudaMemcpyDeviceToHost));
    printf("host[63] = %g\n", host[63]);
    SAY(cudaMemset(dev, 0, n * sizeof *dev));
    SAY(cudaMemcpyAsync(host, dev, n * sizeof *host, cudaMemcpyDeviceToHost, NULL));
    SAY(cudaStreamSynchronize(NULL));
    printf("host[63] = %g\n", host[63]);
    SAY(cudaFree(dev));
    SAY(cudaFreeHost(host));
    SAY(cudaStreamDestroy(s));
    return 0;
}
