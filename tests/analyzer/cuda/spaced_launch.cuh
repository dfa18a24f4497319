/* A header's launch, spaced as the .cu file's are. */
__global__ void fill(float *x, float v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = v;
}

static inline void fill_gpu(float *x, int n)
{
    fill << <(n + 255) / 256, 256 >> > (x, 0.0f, n);
}
