#include "alloc.h"

#include <cuda_runtime.h>
#include <stdlib.h>

float *make_buffer(int n)
{
    float *p;
#if ON_HOST
    p = malloc(n * sizeof *p);
#else
    cudaMalloc((void **)&p, n * sizeof *p);
#endif
    return p;
}
