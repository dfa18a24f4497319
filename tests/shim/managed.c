/*
 * managed: memory from cudaMallocManaged is the host's and every device's.
 * Host code reads and writes it, kernels on either device take it, and
 * copies of any kind and memsets reach it: none of that is a finding.  Its
 * misuses are still findings: freed with cudaFreeHost, used after
 * cudaFree, and one allocation never freed.
 */
// devtrace-sql: SELECT group_concat(memory || ' ' || device || ' ' || api, ', ') FROM (SELECT * FROM allocations ORDER BY first_seq) => managed 0 cudaMallocManaged, managed 1 cudaMallocManaged
// devtrace-sql: SELECT group_concat(direction, ' ') FROM (SELECT * FROM events WHERE type = 'copy' ORDER BY seq) => memset HtoD DtoH DtoD memset
#include "shim_test.h"

#include <stdlib.h>

int main(void)
{
    int64_t n = 64;
    double v = 3;
    float *m = NULL, *kept = NULL, host[64] = { 0 };
    dim3 grid = { 1, 1, 1 }, block = { 64, 1, 1 };

    SAY(cudaMallocManaged((void **)&m, n * sizeof *m, cudaMemAttachGlobal));
    m[0] = 1;                           /* the host's to touch */
    SAY(cudaMemsetAsync(m, 0, n * sizeof *m, NULL));
    void *args[] = { &m, &n, &v };
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL));
    SAY(cudaSetDevice(1));
    SAY(cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, NULL));
    SAY(cudaDeviceSynchronize());
    printf("m[63] = %g\n", m[63]);
    SAY(cudaMemcpy(m, host, sizeof host, cudaMemcpyHostToDevice));
    SAY(cudaMemcpy(host, m, sizeof host, cudaMemcpyDeviceToHost));
    SAY(cudaMallocManaged((void **)&kept, n * sizeof *kept, cudaMemAttachHost)); // devtrace: leak
    SAY(cudaMemcpy(kept, m, sizeof host, cudaMemcpyDefault));
    SAY(cudaMallocManaged((void **)&kept, 0, cudaMemAttachGlobal));
    SAY(cudaMallocManaged((void **)&kept, 16, 0));
    SAY(cudaFreeHost(m)); // devtrace: invalid_free
    SAY(cudaFree(m));
    SAY(cudaMemset(m, 0, 16)); // devtrace: use_after_free
    return 0;
}
