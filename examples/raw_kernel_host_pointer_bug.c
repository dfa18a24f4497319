/*
 * Scenario 16, raw_kernel_host_pointer (bug form).
 * Raw CUDA from C: the output buffer is device memory, but the input handed
 * to the relu kernel is the malloc'd host buffer itself.  A GPU cannot reach
 * it: the kernel faults, and the fault surfaces at the next synchronisation.
 */
#include "raw_cuda.h"
#include <stdint.h>
#include <stdlib.h>

#define N 1000

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    int64_t n = N;
    float *host_in = malloc(N * sizeof *host_in), *host_out = malloc(N * sizeof *host_out);
    float *dev_out = NULL;
    double total = 0;

    if (!host_in || !host_out)
        goto done;
    for (int i = 0; i < N; i++)
        host_in[i] = (float)(i - N / 2) / 10;
    CUDA_CHECK(cudaMalloc((void **)&dev_out, N * sizeof *dev_out));

    void *args[] = { &dev_out, &host_in, &n };      /* host_in never went to the device */
    dim3 grid = { (N + 255) / 256, 1, 1 }, block = { 256, 1, 1 };
    CUDA_CHECK(cudaLaunchKernel((const void *)dtk_relu_f32, grid, block, args, 0, NULL)); // devcheck: memspace-mismatch // devtrace: host_pointer_kernel_arg
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(host_out, dev_out, N * sizeof *host_out, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        total += host_out[i];
    printf("sum of relu(x) = %.2f\n", total);
    rc = 0;
done:
    cudaFree(dev_out);
    free(host_out);
    free(host_in);
    return rc;
}
