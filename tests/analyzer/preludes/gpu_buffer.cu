/* Device memory where PLACE is 1, as this file's flags say. */
#include <cuda_runtime_api.h>
#include <stdlib.h>

#include "buffers.h"

float *gpu_buffer(int n)
{
    float *p;
#if PLACE == 1
    cudaMalloc((void **)&p, (size_t)n * sizeof *p);
#else
    p = (float *)malloc((size_t)n * sizeof *p);
#endif
    return p;
}
