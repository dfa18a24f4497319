/*
 * Scenario 16, raw_kernel_host_pointer (fixed form).
 * The input is copied into device memory first, and the kernel is handed
 * the device buffer.
 */
#include "raw_cuda.h"
#include <stdint.h>
#include <stdlib.h>

#define N 1000

int main(void)
{
    int rc = 1;
    int64_t n = N;
    float *host_in = malloc(N * sizeof *host_in), *host_out = malloc(N * sizeof *host_out);
    float *dev_in = NULL, *dev_out = NULL;
    double total = 0;

    if (!host_in || !host_out)
        goto done;
    for (int i = 0; i < N; i++)
        host_in[i] = (float)(i - N / 2) / 10;
    CUDA_CHECK(cudaMalloc((void **)&dev_in, N * sizeof *dev_in));
    CUDA_CHECK(cudaMalloc((void **)&dev_out, N * sizeof *dev_out));
    CUDA_CHECK(cudaMemcpy(dev_in, host_in, N * sizeof *host_in, cudaMemcpyHostToDevice));

    void *args[] = { &dev_out, &dev_in, &n };
    dim3 grid = { (N + 255) / 256, 1, 1 }, block = { 256, 1, 1 };
    CUDA_CHECK(cudaLaunchKernel((const void *)dtk_relu_f32, grid, block, args, 0, NULL));
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(host_out, dev_out, N * sizeof *host_out, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        total += host_out[i];
    printf("sum of relu(x) = %.2f\n", total);
    rc = 0;
done:
    cudaFree(dev_out);
    cudaFree(dev_in);
    free(host_out);
    free(host_in);
    return rc;
}
