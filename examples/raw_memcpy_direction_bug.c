/*
 * Scenario 17, raw_memcpy_direction (bug form).
 * The upload names the wrong direction: cudaMemcpyDeviceToHost for a copy
 * whose destination is device memory and whose source is host memory.  The
 * CUDA runtime refuses it (invalid argument), and a program that did not
 * check would compute on uninitialised device memory.
 */
#include "raw_cuda.h"
#include <stdint.h>

#define N 1000

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    int64_t n = N;
    static float host_in[N], host_out[N];
    float *dev_in = NULL, *dev_out = NULL;
    double total = 0;

    for (int i = 0; i < N; i++)
        host_in[i] = (float)(i - N / 2) / 10;
    CUDA_CHECK(cudaMalloc((void **)&dev_in, sizeof host_in));
    CUDA_CHECK(cudaMalloc((void **)&dev_out, sizeof host_out));
    CUDA_CHECK(cudaMemcpy(dev_in, host_in, sizeof host_in, cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction // devtrace: memcpy_direction

    void *args[] = { &dev_out, &dev_in, &n };
    dim3 grid = { (N + 255) / 256, 1, 1 }, block = { 256, 1, 1 };
    CUDA_CHECK(cudaLaunchKernel((const void *)dtk_relu_f32, grid, block, args, 0, NULL));
    CUDA_CHECK(cudaMemcpy(host_out, dev_out, sizeof host_out, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        total += host_out[i];
    printf("sum of relu(x) = %.2f\n", total);
    rc = 0;
done:
    cudaFree(dev_out);
    cudaFree(dev_in);
    return rc;
}
