/*
 * Arrays of pointers: each element cudaMalloc'd (Rodinia's pathfinder
 * ping-pongs between `int *gpuResult[2]`).  The elements are one place,
 * whatever the index, so a read through any of them is a read of device
 * memory; an array whose elements are host memory is quiet.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

int ping_pong(int cols, int final)
{
    int *gpu_result[2], *host_rows[2];
    cudaMalloc((void **)&gpu_result[0], cols * sizeof(int));
    cudaMalloc((void **)&gpu_result[1], cols * sizeof(int));
    for (int i = 0; i < 2; i++)
        host_rows[i] = malloc(cols * sizeof(int));
    cudaMemcpy(host_rows[0], gpu_result[final], cols * sizeof(int), cudaMemcpyDeviceToHost);
    int first = gpu_result[final][0]; // devcheck: host-deref // devcheck-note: 'gpu_result[final]' allocated on a GPU here
    first += host_rows[1][0];
    cudaMemcpy(gpu_result[1], host_rows[0], cols * sizeof(int), cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    for (int i = 0; i < 2; i++) {
        cudaFree(gpu_result[i]);
        free(host_rows[i]);
    }
    return first;
}
