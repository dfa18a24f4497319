/*
 * An array member of a struct (HVM's `u32 page_len[G_PAGE_MAX]` in the
 * device net): storage inside the object that holds it, so it is in the
 * holder's memory, device memory through a device pointer; and naming it
 * reads nothing (it decays to its address, as `&d->itrs` is an address).
 * Every form of reaching it: `p->a`, `p->s.a`, `(*p).a`, `&p->a[i]`, a
 * local struct's `l.a`, and a helper given the holder.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef struct {
    int itrs;
    unsigned page_len[64];
    struct {
        unsigned a[8];
    } s;
} net;

__global__ void fill(unsigned *p);

/* The helper needs what it is given to be device memory. */
static void fill_len(net *n)
{
    fill<<<1, 1>>>(n->page_len);
}

/* The holder is device memory: each array is device memory, read by
   copies and kernels only (quiet); an element read on the host is not. */
void device_holder(unsigned *host)
{
    net *d = NULL;
    cudaMalloc((void **)&d, sizeof(net));
    cudaMemset(d, 0, sizeof(net));
    cudaMemcpy(host, d->page_len, 64 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(host, (*d).page_len, 64 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(host, d->s.a, sizeof d->s.a, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, &d->page_len[2], sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(d->s.a, host, sizeof d->s.a, cudaMemcpyHostToDevice);
    fill<<<1, 1>>>(d->page_len);
    fill<<<1, 1>>>((*d).s.a);
    fill_len(d);
    host[0] = d->page_len[3]; // devcheck: host-deref
    cudaFree(d);
}

/* The holder is host memory: each array is host memory. */
void host_holder(unsigned *out)
{
    net *h = (net *)calloc(1, sizeof(net));
    unsigned *dev = NULL;
    cudaMalloc((void **)&dev, 64 * sizeof(unsigned));
    cudaMemcpy(dev, h->page_len, 64 * sizeof(unsigned), cudaMemcpyDeviceToHost); // devcheck: memcpy-direction // devcheck-message: 'h->page_len' is host memory
    cudaMemcpy(out, h->s.a, sizeof h->s.a, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    fill<<<1, 1>>>(h->page_len); // devcheck: memspace-mismatch
    fill<<<1, 1>>>((*h).s.a); // devcheck: memspace-mismatch
    fill<<<1, 1>>>(&h->page_len[1]); // devcheck: memspace-mismatch
    fill_len(h); // devcheck: memspace-mismatch
    out[0] = h->page_len[0];
    cudaFree(dev);
    free(h);
}

/* A local struct is on the host's stack. */
void local_holder(void)
{
    net l;
    fill<<<1, 1>>>(l.page_len); // devcheck: memspace-mismatch
}
