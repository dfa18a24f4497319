/*
 * A compile command of 40,000 arguments (CMakeLists.txt writes it), whose
 * last flag, -DFREED_ON_THE_HOST_ONLY, decides which branch is compiled.
 * libclang once got the first 496 flags only: the other branch, and a
 * false finding.  Read in linear time (82 s before, for the arguments
 * alone).
 */
#include <cuda_runtime_api.h>

void fill(float *host)
{
    float *d = NULL;
    cudaMalloc((void **)&d, 4);
#ifndef FREED_ON_THE_HOST_ONLY
    d[0] = host[0];
#endif
    host[0] = 0.0f;
    cudaFree(d);
}

void unflagged(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, 4);
    d[0] = 1.0f; // devcheck: host-deref
}
