#include <cuda_runtime.h>
#include <stdlib.h>

void scale_on_gpu(float *out, size_t n)
{
    float *h = malloc(n * sizeof *h), *d = NULL;
    for (size_t i = 0; i < n; i++)
        h[i] = (float)i;
    cudaMalloc((void **)&d, n * sizeof *d);
    cudaMemcpy(h, d, n * sizeof *d, cudaMemcpyHostToDevice);
    cudaMemcpy(out, d, n * sizeof *d, cudaMemcpyDeviceToHost);
    cudaFree(d);
    free(h);
}
