/*
 * The crash tests' callee (crash.cmake): a function whose summary its
 * caller in caller.c needs, and a finding of its own.
 */
#include <cuda_runtime_api.h>

float *device_buffer(int n)
{
    float *d = NULL;
    cudaMalloc((void **)&d, (size_t)n * sizeof(float));
    return d;
}

void callee_own(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, sizeof(float));
    d[0] = 1;
}
