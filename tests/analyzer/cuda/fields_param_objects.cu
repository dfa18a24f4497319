/*
 * A struct reached through a pointer parameter: the callee's uses of its
 * fields are checked at each call against the caller's object, where the
 * type's field has no fact (filled with device memory in one object, host
 * memory in another).  A caller that is itself handed the object passes
 * the uses on to its own callers.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef struct {
    float *data;
    int n;
} vec;

__global__ void scale_kernel(float *x, int n);

void fill_host(vec *v)
{
    for (int i = 0; i < v->n; i++)
        v->data[i] = 0;
}

void scale_device(vec *v)
{
    scale_kernel<<<1, 1>>>(v->data, v->n);
}

void download(vec *h, const vec *d)
{
    cudaMemcpy(h->data, d->data, (size_t)h->n * sizeof(float), cudaMemcpyDeviceToHost);
}

/* Handed on. */
void fill_host_via(vec *v)
{
    fill_host(v);
}

void run(int n)
{
    vec h, d;
    h.n = d.n = n;
    h.data = (float *)malloc((size_t)n * sizeof(float));
    cudaMalloc((void **)&d.data, (size_t)n * sizeof(float));
    fill_host(&h);
    fill_host(&d); // devcheck: host-deref
    fill_host_via(&d); // devcheck: host-deref
    scale_device(&d);
    scale_device(&h); // devcheck: memspace-mismatch
    download(&h, &d);
    download(&d, &h); // devcheck: memcpy-direction
    vec *p = &d;
    fill_host(p); // devcheck: host-deref
    cudaFree(d.data);
    free(h.data);
}
