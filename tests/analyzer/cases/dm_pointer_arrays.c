/*
 * Arrays of pointers: each element cudaMalloc'd (Rodinia's pathfinder
 * ping-pongs between `int *gpuResult[2]`).  The elements are one place,
 * whatever the index, so a read through any of them is a read of device
 * memory; an array whose elements are host memory is quiet.  `p + i` is
 * the address of an element, as `&p[i]` is.
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

/* nccl-tests' shape: a struct's array of per-GPU buffers, each allocated
   by a helper through `p + i` (the address of p[i]), here by NCCL's
   allocator, whose memory is the device's. */
int ncclMemAlloc(void **ptr, size_t size);
int ncclMemFree(void *ptr);

typedef struct {
    int n_gpus;
    void **sendbuffs;
} test_args;

static int allocate_buffs(void **sendbuff, size_t bytes)
{
    return ncclMemAlloc(sendbuff, bytes);
}

void per_gpu(test_args *args, size_t bytes)
{
    for (int i = 0; i < args->n_gpus; i++)
        allocate_buffs(args->sendbuffs + i, bytes);
    for (int i = 0; i < args->n_gpus; i++)
        ((char *)args->sendbuffs[i])[0] = 0; // devcheck: host-deref
    for (int i = 0; i < args->n_gpus; i++)
        ncclMemFree(args->sendbuffs[i]);
}
