/*
 * uninitialized_read: device memory copied out before anything wrote it,
 * to the host and to other device memory, is found at the copy, once per
 * allocation.  Memory that a memset, a copy or a kernel wrote first is
 * quiet, however little of it they wrote (the shim marks whole
 * allocations); so is managed memory, which the host may have written.
 * A copy of 0 bytes (an empty batch, a tail chunk) reads nothing, so it is
 * quiet and leaves the allocation unwritten: the real read after it is
 * still found (one report an allocation, so a false one would hide it).
 */
#include "shim_test.h"

#define N 64

int main(void)
{
    int64_t n = N;
    double v = 1;
    float host[N] = { 0 };
    float *never = NULL, *never2 = NULL, *empty = NULL, *set = NULL, *copied = NULL, *filled = NULL;
    float *managed = NULL;
    dim3 grid = { 1, 1, 1 }, block = { N, 1, 1 };
    void *args[] = { &filled, &n, &v };

    SAY(cudaMalloc((void **)&never, sizeof host));
    SAY(cudaMalloc((void **)&never2, sizeof host));
    SAY(cudaMalloc((void **)&empty, sizeof host));
    SAY(cudaMalloc((void **)&set, sizeof host));
    SAY(cudaMalloc((void **)&copied, sizeof host));
    SAY(cudaMalloc((void **)&filled, sizeof host));
    SAY(cudaMallocManaged((void **)&managed, sizeof host, cudaMemAttachGlobal));

    SAY(cudaMemcpy(host, never, sizeof host, cudaMemcpyDeviceToHost)); // devtrace: uninitialized_read
    SAY(cudaMemcpy(host, never, sizeof host, cudaMemcpyDeviceToHost));
    SAY(cudaMemcpy(copied, never2, sizeof host, cudaMemcpyDeviceToDevice)); // devtrace: uninitialized_read
    SAY(cudaMemcpy(host, empty, 0, cudaMemcpyDeviceToHost));
    SAY(cudaMemcpy(host, empty, sizeof host, cudaMemcpyDeviceToHost)); // devtrace: uninitialized_read

    SAY(cudaMemset(set, 0, 4));
    SAY(cudaMemcpy(host, set, sizeof host, cudaMemcpyDeviceToHost));
    SAY(cudaMemcpy(host, copied, sizeof host, cudaMemcpyDeviceToHost));
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL));
    SAY(cudaMemcpy(host, filled, sizeof host, cudaMemcpyDeviceToHost));
    SAY(cudaMemcpy(host, managed, sizeof host, cudaMemcpyDeviceToHost));

    SAY(cudaFree(never));
    SAY(cudaFree(never2));
    SAY(cudaFree(empty));
    SAY(cudaFree(set));
    SAY(cudaFree(copied));
    SAY(cudaFree(filled));
    SAY(cudaFree(managed));
    return 0;
}
