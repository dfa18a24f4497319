/* A kernel under nvcc; under a C++ compiler, its host function alone. */
#ifdef __CUDACC__
__global__ void scale(float *x, float a)
{
    x[threadIdx.x] *= a;
}
#endif

int scaled(int n)
{
    return 2 * n;
}
