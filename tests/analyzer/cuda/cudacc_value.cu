/*
 * nvcc defines __CUDACC__ as 1, and headers test it with #if (NCCL's
 * device headers do: `#if __CUDACC__`); clang's CUDA wrapper leaves it
 * defined empty, which #if cannot read.  devcheck reads the file as nvcc
 * would, and finds the host code's mistake.
 */
#include <cuda_runtime.h>

#if __CUDACC__
__device__ inline float twice(float x) { return 2 * x; }
#endif

#if __CUDACC__ >= 1
void host_side(int n)
{
    float *d = NULL;
    cudaMalloc((void **)&d, n * sizeof *d);
    d[0] = 1; // devcheck: host-deref
    cudaFree(d);
}
#endif
