/*
 * The crash tests' caller (crash.cmake): a finding of its own, and one that
 * only device_buffer's summary (callee.c) shows.
 */
#include <cuda_runtime_api.h>

float *device_buffer(int n);

void caller_own(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, sizeof(float));
    d[0] = 1;
}

void caller_via(void)
{
    float *d = device_buffer(4);
    d[0] = 1;
}
