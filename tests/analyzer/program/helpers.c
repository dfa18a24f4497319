/*
 * The helpers of summaries.c, in a file of their own and without any
 * annotation: what they do is found in their bodies.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

#include "helpers.h"

float *cuda_make_array(float *x, size_t n)
{
    float *x_gpu = NULL;
    cudaMalloc((void **)&x_gpu, n * sizeof(float));
    if (x)
        cudaMemcpy(x_gpu, x, n * sizeof(float), cudaMemcpyHostToDevice);
    return x_gpu;
}

void cuda_push_array(float *x_gpu, float *x, size_t n)
{
    cudaMemcpy(x_gpu, x, n * sizeof(float), cudaMemcpyHostToDevice);
}

void cuda_pull_array(float *x_gpu, float *x, size_t n)
{
    cudaMemcpy(x, x_gpu, n * sizeof(float), cudaMemcpyDeviceToHost);
}

void scal_cpu(int n, float a, float *x)
{
    for (int i = 0; i < n; i++)
        x[i] *= a;
}

/* A helper of a helper: the roles come through. */
void push_through(float *dst, float *src, size_t n)
{
    cuda_push_array(dst, src, n);
}

void free_gpu(float *x_gpu)
{
    cudaFree(x_gpu);
}

/* Recursion: the roles of the call at the bottom reach the top. */
void push_chunks(float *x_gpu, float *x, size_t n)
{
    if (n > 1024) {
        push_chunks(x_gpu, x, n / 2);
        push_chunks(x_gpu + n / 2, x + n / 2, n - n / 2);
        return;
    }
    cuda_push_array(x_gpu, x, n);
}

/* Mutual recursion: pong reads through p, and so does ping, through pong. */
void ping(float *p, int n)
{
    if (n > 0)
        pong(p, n - 1);
}

void pong(float *p, int n)
{
    if (n > 0)
        ping(p, n - 1);
    else
        p[0] = 0;
}

/* Out-parameters: device memory behind d, host memory behind h. */
void make_pair(float **d, float **h, size_t n)
{
    cudaMalloc((void **)d, n * sizeof(float));
    *h = malloc(n * sizeof(float));
}

/* Fields filled through a struct pointer. */
void alloc_layer(layer *l, int n)
{
    l->n = n;
    l->output = calloc((size_t)n, sizeof(float));
    l->output_gpu = cuda_make_array(l->output, (size_t)n);
}

float *same(float *p)
{
    return p;
}
