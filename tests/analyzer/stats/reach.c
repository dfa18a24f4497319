/*
 * --stats on counts known by construction: 3 calls the model knows, with
 * 4 pointer arguments: 1 host (&d), 2 device (d, twice), and 1 unknown
 * because its callee has neither a body nor a model entry (m).  The
 * sizes and the copy's kind are no pointers; nothing here is a finding.
 */
#include <cuda_runtime_api.h>
#include <stddef.h>

float *made_elsewhere(void);

void reach(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, 64);
    cudaMemset(d, 0, 64);
    float *m = made_elsewhere();
    cudaMemcpy(d, m, 64, cudaMemcpyDeviceToDevice);
}
