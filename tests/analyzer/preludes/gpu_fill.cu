/* Read with PLACE=1: gpu_buffer.cu's buffer is device memory. */
#include "buffers.h"

void fill_on_host(int n)
{
    float *p = gpu_buffer(n);
    p[0] = 1.0f; // devcheck: host-deref
}
