/*
 * A model file's rules, several parameters on a line (rules.model): each
 * parameter so named in a function the pattern matches is checked.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

void rl_scale(float *dev, size_t n);
void rl_copy(const float *in, float *out, float *host_log, size_t n);

void uses_rules(size_t n)
{
    float *h = malloc(n * sizeof *h), *d = NULL;
    cudaMalloc((void **)&d, n * sizeof *d);
    rl_scale(d, n);
    rl_scale(h, n); // devcheck: memspace-mismatch
    rl_copy(d, d, h, n);
    rl_copy(h, d, h, n); // devcheck: memspace-mismatch
    rl_copy(d, h, h, n); // devcheck: memspace-mismatch
    rl_copy(d, d, d, n); // devcheck: memspace-mismatch
    cudaFree(d);
    free(h);
}
