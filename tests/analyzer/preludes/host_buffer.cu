/* Host memory where PLACE is 2, as this file's flags say. */
#include <cuda_runtime_api.h>
#include <stdlib.h>

#include "buffers.h"

float *host_buffer(int n)
{
    float *p;
#if PLACE == 2
    p = (float *)malloc((size_t)n * sizeof *p);
#else
    cudaMalloc((void **)&p, (size_t)n * sizeof *p);
#endif
    return p;
}
