/*
 * Code written for an older CUDA: cudaThreadSynchronize, gone since CUDA
 * 13.  The call does not parse against a newer toolkit: devcheck reads
 * the function but for it, and says which toolkit it read, and how to name
 * the one the project builds with.
 */
#include <cuda_runtime.h>

void wait_for_gpu(void)
{
    cudaThreadSynchronize();
}
