/*
 * memspace-mismatch at a kernel launch: every pointer argument of a kernel
 * must be device memory.  A malloc'd buffer or a stack array handed to
 * cudaLaunchKernel is host memory, whether the kernel is named, cast, or
 * its address taken (`(void *)&k`), and so for cudaLaunchCooperativeKernel.
 */
#include <cuda_runtime_api.h>
#include <stdint.h>
#include <stdlib.h>

#define N 256

/* A kernel compiled elsewhere, launched by its address. */
void scale_kernel(float *out, const float *in, int64_t n);

void launches(void)
{
    int64_t n = N;
    float *host = malloc(N * sizeof *host), stack_buf[N], *sp = stack_buf;
    float *dev_in = NULL, *dev_out = NULL;
    dim3 grid = { 1, 1, 1 }, block = { N, 1, 1 };
    cudaMalloc((void **)&dev_in, N * sizeof *dev_in);
    cudaMalloc((void **)&dev_out, N * sizeof *dev_out);

    void *from_heap[] = { &dev_out, &host, &n };
    cudaLaunchKernel((const void *)scale_kernel, grid, block, from_heap, 0, NULL); // devcheck: memspace-mismatch // devcheck-message: argument 2 ('in') of kernel scale_kernel
    void *from_stack[] = { &dev_out, &sp, &n };
    cudaLaunchKernel((const void *)scale_kernel, grid, block, from_stack, 0, NULL); // devcheck: memspace-mismatch
    void *right[] = { &dev_out, &dev_in, &n };
    cudaLaunchKernel((const void *)scale_kernel, grid, block, right, 0, NULL);
    cudaLaunchKernel((void *)&scale_kernel, grid, block, from_heap, 0, NULL); // devcheck: memspace-mismatch
    cudaLaunchKernel((const void *)(&scale_kernel), grid, block, from_stack, 0, 0); // devcheck: memspace-mismatch
    cudaLaunchCooperativeKernel((void *)&scale_kernel, grid, block, from_heap, 0, NULL); // devcheck: memspace-mismatch
    cudaLaunchKernel((void *)&scale_kernel, grid, block, right, 0, NULL);

    cudaFree(dev_out);
    cudaFree(dev_in);
    free(host);
}
