// The same with <stdio.h> and <math.h> first, as mmcv's ball_query does:
// nvcc's headers (devcheck/cuda/nvcc.h) include them for every .cu file, so
// they are nothing here, and its prelude is gpu_c.cu's.
#include <math.h>
#include <stdio.h>
#include "helper.h"

__global__ void fill_gpu_d(float *p) { p[0] = sqrtf(1.0f); }

void launch_gpu_d(void)
{
    float host[4];
    fill_gpu_d<<<1, 1>>>(host);  // devcheck: memspace-mismatch
}
