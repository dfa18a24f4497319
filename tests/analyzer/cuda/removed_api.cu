/*
 * Code written for an older CUDA: cudaThreadSynchronize, gone since CUDA
 * 13.  The function does not parse against a newer toolkit, and devcheck
 * says which toolkit it read, and how to name the one the project builds
 * with.
 */
#include <cuda_runtime.h>

void wait_for_gpu(void)
{
    cudaThreadSynchronize();
}
