/*
 * host_pointer_kernel_arg: a kernel handed a malloc'd host buffer, which no
 * GPU can reach.  The launch returns success and the device faults (an
 * illegal address, seen at the next synchronisation); the shim reports the
 * launch.  Pinned host memory is mapped for the device: handing it to a
 * kernel is no finding.  Arguments are counted from 1, as compilers count.
 */
// devtrace-sql: SELECT count(*) FROM findings WHERE message LIKE 'argument 1 of kernel dtk_fill_f32 %' => 1
#include "shim_test.h"
#include <stdlib.h>

int main(void)
{
    int64_t n = 64;
    double v = 1;
    float *host = calloc(n, sizeof *host), *pinned = NULL;
    dim3 grid = { 1, 1, 1 }, block = { 64, 1, 1 };

    if (!host)
        return 1;
    SAY(cudaMallocHost((void **)&pinned, n * sizeof *pinned));
    void *ok_args[] = { &pinned, &n, &v };
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, ok_args, 0, NULL));
    SAY(cudaDeviceSynchronize());

    void *bad_args[] = { &host, &n, &v };
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, bad_args, 0, NULL)); // devtrace: host_pointer_kernel_arg
    SAY(cudaDeviceSynchronize());
    printf("pinned[0] = %g, host[0] = %g\n", pinned[0], host[0]);
    SAY(cudaFreeHost(pinned));
    free(host);
    return 0;
}
