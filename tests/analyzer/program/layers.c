/*
 * Where fields.c's layers are made: every assignment of output_gpu stores
 * device memory (through cuda_make_array, in helpers.c), every one of
 * output host memory; workspace is pinned in one and malloc'd in the other.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

#include "helpers.h"

layer make_layer(int n)
{
    layer l = { 0 };
    l.n = n;
    l.output = calloc((size_t)n, sizeof(float));
    l.output_gpu = cuda_make_array(l.output, (size_t)n);
    l.delta_gpu = l.output_gpu;
    cudaMalloc((void **)&l.weights_gpu, (size_t)n * sizeof(float));
    cudaMallocHost((void **)&l.workspace, (size_t)n * sizeof(float));
    l.scratch = malloc((size_t)n * sizeof(float));
    return l;
}

layer make_other_layer(int n)
{
    layer l = { 0 };
    l.n = n;
    l.output = malloc((size_t)n * sizeof(float));
    l.output_gpu = cuda_make_array(NULL, (size_t)n);
    l.delta_gpu = cuda_make_array(NULL, (size_t)n);
    cudaMalloc((void **)&l.weights_gpu, (size_t)n * sizeof(float));
    l.workspace = malloc((size_t)n * sizeof(float));
    l.scratch = calloc((size_t)n, sizeof(float));
    return l;
}
