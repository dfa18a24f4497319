/*
 * A raw CUDA program linked the usual way, against the toolkit's libcudart.
 * Alone on a machine with no GPU every call fails; under the shim the
 * emulated device answers them all (cudaMalloc succeeds), and its mistake
 * is found.  Built only where the CUDA toolkit is installed.
 */
// devtrace-exit: 0
#include <cuda_runtime_api.h>
#include <stdio.h>

int main(void)
{
    float host[16] = { 0 }, *dev = NULL;
    if (cudaMalloc((void **)&dev, sizeof host) != cudaSuccess) {
        printf("cudaMalloc: %s\n", cudaGetErrorName(cudaGetLastError()));
        return 1;                           /* the shim did not bring the emulated device */
    }
    cudaError_t e = cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost); // devtrace: memcpy_direction
    printf("copy: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    return cudaFree(dev) == cudaSuccess ? 0 : 1;
}
