/*
 * A whole-struct copy copies values: afterwards each pointer member holds
 * what the source's held, and a later store to one changes that one only.
 * The deep copy of a struct to the GPU (copy the host struct, swap in
 * device buffers, upload the struct) is no copy of device to device, and
 * a field that holds host memory in the source and device memory in the
 * copy has no program-wide fact: no lone store of the other space.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    float *a;
    float *b;
    int n;
} tensor;

/* A host blob filled by a loader devcheck does not see, copied to the GPU:
   its data is no device memory for the store into the copy's. */
typedef struct {
    float *data;
    int n;
} blob;

blob *upload_blob(const blob *src)
{
    blob *t = malloc(sizeof *t), *d_t = NULL;
    memcpy(t, src, sizeof *t);
    cudaMalloc((void **)&t->data, src->n * sizeof(float));
    cudaMemcpy(t->data, src->data, src->n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMalloc((void **)&d_t, sizeof *d_t);
    cudaMemcpy(d_t, t, sizeof *t, cudaMemcpyHostToDevice);
    free(t);
    return d_t;
}

tensor *make_host(int n)
{
    tensor *h = malloc(sizeof *h);
    h->n = n;
    h->a = malloc(n * sizeof(float));
    h->b = malloc(n * sizeof(float));
    return h;
}

/* memcpy: t's members are src's, until t->a is swapped. */
tensor *upload(const tensor *src)
{
    tensor *t = malloc(sizeof *t), *d_t = NULL;
    memcpy(t, src, sizeof *t);
    cudaMalloc((void **)&t->a, src->n * sizeof(float));
    cudaMemcpy(t->a, src->a, src->n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMalloc((void **)&t->b, src->n * sizeof(float));
    cudaMemcpy(t->b, src->b, src->n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMalloc((void **)&d_t, sizeof *d_t);
    cudaMemcpy(d_t, t, sizeof *t, cudaMemcpyHostToDevice);
    free(t);
    return d_t;
}

/* The same with an assignment. */
tensor *upload_assigned(tensor *src)
{
    tensor *t = malloc(sizeof *t);
    *t = *src;
    cudaMalloc((void **)&t->a, src->n * sizeof(float));
    cudaMemcpy(t->a, src->a, src->n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(src->a, t->a, src->n * sizeof(float), cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-message: says the source is host memory, but 't->a' is device memory
    return t;
}

/* Locals: the copy's member left host memory is host memory. */
void local_copy(int n)
{
    tensor h, d;
    h.a = malloc(n * sizeof(float));
    h.b = malloc(n * sizeof(float));
    d = h;
    cudaMalloc((void **)&d.a, n * sizeof(float));
    cudaMemcpy(d.a, h.a, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(h.a, d.a, n * sizeof(float), cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cudaFree(d.a);
    cudaFree(d.b); // devcheck: memspace-mismatch // devcheck-message: 'd.b' is host memory, but cudaFree needs device memory
    free(h.a);
    free(h.b);
}

/* A declaration copies too; a store to the source leaves the copy alone. */
void declared_copy(int n)
{
    tensor h;
    h.a = malloc(n * sizeof(float));
    tensor d = h;
    cudaMalloc((void **)&h.a, n * sizeof(float));
    cudaMemcpy(h.a, d.a, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d.a, h.a, n * sizeof(float), cudaMemcpyHostToDevice); // devcheck: memcpy-direction
}
