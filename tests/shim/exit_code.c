/*
 * exit_code: a clean program (device memory, pinned host memory, a kernel,
 * everything freed) that exits 7.  The shim must pass the status on and
 * find nothing.
 */
// devtrace-exit: 7
// devtrace-sql: SELECT exit_status FROM runs => 7
#include "shim_test.h"
#include <stdlib.h>

#define N 1000

int main(void)
{
    int64_t n = N;
    float *host = NULL, *dev_in = NULL, *dev_out = NULL;
    double total = 0;
    dim3 grid = { (N + 255) / 256, 1, 1 }, block = { 256, 1, 1 };
    void *args[] = { &dev_out, &dev_in, &n };

    SAY(cudaMallocHost((void **)&host, N * sizeof *host));
    SAY(cudaMalloc((void **)&dev_in, N * sizeof *dev_in));
    SAY(cudaMalloc((void **)&dev_out, N * sizeof *dev_out));
    for (int i = 0; i < N; i++)
        host[i] = (float)(i - N / 2) / 10;
    SAY(cudaMemcpy(dev_in, host, N * sizeof *host, cudaMemcpyHostToDevice));
    SAY(cudaLaunchKernel((const void *)dtk_relu_f32, grid, block, args, 0, NULL));
    SAY(cudaMemcpy(host, dev_out, N * sizeof *host, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        total += host[i];
    printf("sum of relu(x) = %.2f\n", total);
    SAY(cudaFree(dev_out));
    SAY(cudaFree(dev_in));
    SAY(cudaFreeHost(host));
    exit(7);
}
