/* Read with PLACE=2: host_buffer.cu's buffer is host memory. */
#include <cuda_runtime_api.h>

#include "buffers.h"

void copy_in(const float *from, int n)
{
    float *p = host_buffer(n);
    cudaMemcpy(p, from, (size_t)n * sizeof *p, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
}
