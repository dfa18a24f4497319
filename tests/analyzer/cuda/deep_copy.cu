/*
 * A struct holding a host pointer copied byte for byte to the device
 * (cudaMemcpy of the struct, not of what its field points to), then
 * dereferenced there by a kernel: the "deep copy" left out.  Found at the
 * launch, in C and C++ forms, an array of structs, the field read in a
 * device function the kernel calls, the struct passed by value; quiet
 * where the copy is deep, the kernel never dereferences the field, or the
 * field is managed memory.
 */
#include <stdlib.h>

#include <cuda_runtime_api.h>

typedef struct {
    float *data;
    int n;
} vec;

__global__ void scale(vec *v, float a)
{
    int i = threadIdx.x;
    if (i < v->n)
        v->data[i] *= a;
}

/* The C form: the field malloc'd, the struct copied whole. */
void scale_shallow(int n)
{
    vec h;
    vec *d = NULL;
    h.n = n;
    h.data = (float *)malloc(n * sizeof(float));
    cudaMalloc((void **)&d, sizeof(vec));
    cudaMemcpy(d, &h, sizeof(vec), cudaMemcpyHostToDevice);
    scale<<<1, 32>>>(d, 2.0f); // devcheck: memspace-mismatch // devcheck-message: 'h.data' is host memory, but kernel scale dereferences it on the device as 'v->data'
    cudaFree(d);
    free(h.data);
}

/* A stack array in the field, the struct copied with cudaMemcpyDefault
   (the pointers decide: device memory on the left). */
void scale_stack(void)
{
    float on_stack[32];
    vec h;
    vec *d = NULL;
    h.n = 32;
    h.data = on_stack;
    cudaMalloc((void **)&d, sizeof(vec));
    cudaMemcpy(d, &h, sizeof(vec), cudaMemcpyDefault);
    scale<<<1, 32>>>(d, 2.0f); // devcheck: memspace-mismatch
    cudaFree(d);
}

/* The struct passed by value, its host pointer with it; and its device
   mirror, quiet. */
__global__ void scale_value(vec v, float a)
{
    v.data[threadIdx.x] *= a;
}

void scale_by_value(int n)
{
    vec h, m;
    h.n = m.n = n;
    h.data = (float *)malloc(n * sizeof(float));
    cudaMalloc((void **)&m.data, n * sizeof(float));
    scale_value<<<1, 32>>>(h, 2.0f); // devcheck: memspace-mismatch // devcheck-message: 'h.data' is host memory, but kernel scale_value dereferences it on the device as 'v.data'
    scale_value<<<1, 32>>>(m, 2.0f);
    cudaFree(m.data);
    free(h.data);
}

/* The deep copy: the field's contents copied to a device buffer, which
   the struct holds when it is copied. */
void scale_deep(int n)
{
    vec h;
    vec *d = NULL;
    float *host = (float *)malloc(n * sizeof(float));
    h.n = n;
    cudaMalloc((void **)&h.data, n * sizeof(float));
    cudaMemcpy(h.data, host, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMalloc((void **)&d, sizeof(vec));
    cudaMemcpy(d, &h, sizeof(vec), cudaMemcpyHostToDevice);
    scale<<<1, 32>>>(d, 2.0f);
    cudaFree(d);
    cudaFree(h.data);
    free(host);
}

/* Managed memory in the field: the device reaches it. */
void scale_managed(int n)
{
    vec h;
    vec *d = NULL;
    h.n = n;
    cudaMallocManaged((void **)&h.data, n * sizeof(float), cudaMemAttachGlobal);
    cudaMalloc((void **)&d, sizeof(vec));
    cudaMemcpy(d, &h, sizeof(vec), cudaMemcpyHostToDevice);
    scale<<<1, 32>>>(d, 2.0f);
    cudaFree(d);
    cudaFree(h.data);
}

/* A kernel that reads the struct but never dereferences its pointer. */
__global__ void count(vec *v, int *out)
{
    if (v->data != 0)
        *out = v->n;
}

void count_shallow(int n, int *out)
{
    vec h;
    vec *d = NULL;
    cudaMalloc((void **)&d, sizeof h);
    h.data = (float *)malloc(n * sizeof(float));
    h.n = n;
    cudaMemcpyAsync(d, &h, sizeof h, cudaMemcpyHostToDevice, 0);
    count<<<1, 1>>>(d, out);
    free(h.data);
    cudaFree(d);
}

/* The field read in a device function the kernel hands the struct to. */
__device__ float first(const vec *v)
{
    return v->data[0];
}

__global__ void firsts(const vec *v, float *out)
{
    out[threadIdx.x] = first(v);
}

void firsts_shallow(int n, float *out)
{
    vec *h = (vec *)malloc(sizeof(vec));
    vec *d = NULL;
    h->n = n;
    h->data = (float *)calloc(n, sizeof(float));
    cudaMalloc((void **)&d, sizeof(vec));
    cudaMemcpy(d, h, sizeof(vec), cudaMemcpyHostToDevice);
    firsts<<<1, 1>>>(d, out); // devcheck: memspace-mismatch // devcheck-message: 'h->data' is host memory
    cudaFree(d);
    free(h->data);
    free(h);
}

/* An array of structs, each one's field malloc'd: a type of its own,
   whose field every assignment of the program fills with host memory
   (an element of an array is an object devcheck reads by its type). */
typedef struct {
    float *data;
    int n;
} row;

__global__ void sum_rows(const row *rows, float *out)
{
    float s = 0;
    for (int k = 0; k < rows[threadIdx.x].n; k++)
        s += rows[threadIdx.x].data[k];
    out[threadIdx.x] = s;
}

void rows_shallow(int m, int n, float *out)
{
    row *rows = (row *)malloc(m * sizeof(row));
    row *d = NULL;
    for (int i = 0; i < m; i++) {
        rows[i].n = n;
        rows[i].data = (float *)malloc(n * sizeof(float));
    }
    cudaMalloc((void **)&d, m * sizeof(row));
    cudaMemcpy(d, rows, m * sizeof(row), cudaMemcpyHostToDevice);
    sum_rows<<<1, m>>>(d, out); // devcheck: memspace-mismatch
    cudaFree(d);
}
