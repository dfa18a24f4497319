/*
 * Pointers kept in globals and statics, set in one function and used in
 * others (Rodinia's pathfinder: init() fills `data`, run() copies it to the
 * GPU): each gets a fact from every assignment in the program, as a struct
 * field does.  A global the program fills both ways stays unknown.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

int *data, *result;
static int *gpu_wall;
float *scratch;                         /* host here, device there: unknown */

void init(size_t n)
{
    data = malloc(n * sizeof *data);
    result = malloc(n * sizeof *result);
    cudaMalloc((void **)&gpu_wall, n * sizeof *gpu_wall);
    scratch = malloc(n * sizeof *scratch);
}

void reset(size_t n)
{
    cudaFree(gpu_wall);
    cudaMalloc((void **)&gpu_wall, n * sizeof *gpu_wall);
    cudaMalloc((void **)&scratch, n * sizeof *scratch);
}

void run(size_t n)
{
    int *gpu_result;
    cudaMalloc((void **)&gpu_result, n * sizeof *gpu_result);
    cudaMemcpy(gpu_wall, data, n * sizeof *data, cudaMemcpyHostToDevice);
    cudaMemcpy(data, gpu_wall, n * sizeof *data, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cudaMemset(gpu_wall, 0, n * sizeof *gpu_wall);
    cudaMemset(data, 0, n * sizeof *data); // devcheck: memspace-mismatch // devcheck-note: 'data' is set to memory of cpu here
    cudaMemcpy(result, gpu_result, n * sizeof *result, cudaMemcpyDeviceToHost); // devcheck: uninitialized-read
    result[0] += gpu_wall[0]; // devcheck: host-deref
    scratch[0] = 0;
    cudaFree(gpu_result);
}
