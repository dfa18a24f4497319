/*
 * A .cpp file of kernels that its build hands to nvcc (CUDALibrarySamples'
 * cuFFT samples): read as C++ it fails on CUDA's built-ins, and devcheck
 * says that `-x cu` reads it as CUDA.
 */
__global__ void scale(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= 2;
}
