// A .cu file whose library header has an error: it still shares CUDA's
// prelude with the other, and says the error.
#include <stand_in_cuda.h>

__global__ void fill_gpu_b(float *p) { p[0] = 1.0f; }

void launch_gpu_b(void)
{
    float host[4];
    fill_gpu_b<<<1, 1>>>(host);  // devcheck: memspace-mismatch
}
