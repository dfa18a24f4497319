// A .cu file that reaches the library through helper.h, as mmcv's kernels
// reach torch's through pytorch_cuda_helper.hpp.
#include "helper.h"

__global__ void fill_gpu_c(float *p) { p[0] = 1.0f; }

void launch_gpu_c(void)
{
    float host[4];
    fill_gpu_c<<<1, 1>>>(host);  // devcheck: memspace-mismatch
    printf("launched\n");        // nvcc's headers declare printf for every .cu file
}
