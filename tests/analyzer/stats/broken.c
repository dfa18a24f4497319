/* A function its error leaves unread: counted as such, its calls not. */
#include <cuda_runtime_api.h>

void broken(float *d)
{
    cudaMemset(d, 0, 64)
    cudaFree(d);
}
