/*
 * A host struct copied, the copy's buffer swapped for a device one and the
 * copy uploaded (the deep copy of a struct to the GPU); and two objects of
 * one type in one function, one of device buffers, one of host buffers:
 * each object's field is what was put there, in the function and in the
 * helpers it hands the object to.
 */
#include <stdlib.h>

#include "fields_bytes.h"

/* A helper of the program given either object. */
void launch_buf(const bytes *b)
{
    consume_buf<<<1, 1>>>(b->buf, b->len);
}

/* A copy of the host struct, its buffer swapped for a device one, the
   struct copied to the device: quiet; the host struct's own buffer given
   to a kernel is host memory. */
void upload_copy(int n, char *out)
{
    bytes h;
    h.len = n;
    h.buf = (char *)malloc((size_t)n);
    bytes d = h;
    bytes *d_ptr = NULL;
    cudaMalloc((void **)&d.buf, (size_t)n);
    cudaMemcpy(d.buf, h.buf, (size_t)n, cudaMemcpyHostToDevice);
    cudaMalloc((void **)&d_ptr, sizeof d);
    cudaMemcpy(d_ptr, &d, sizeof d, cudaMemcpyHostToDevice);
    consume<<<1, 1>>>(d, out);
    consume_buf<<<1, 1>>>(d.buf, n);
    consume_buf<<<1, 1>>>(h.buf, n); // devcheck: memspace-mismatch
    launch_buf(&d);
    launch_buf(&h); // devcheck: memspace-mismatch // devcheck-message: 'h.buf' is host memory
    cudaFree(d.buf);
    cudaFree(d_ptr);
    free(h.buf);
}

/* Two objects of the type, each with its own space, in one function. */
void two_objects(int n)
{
    bytes a, b;
    cudaMalloc((void **)&a.buf, (size_t)n);
    b.buf = (char *)malloc((size_t)n);
    cudaMemcpy(b.buf, a.buf, (size_t)n, cudaMemcpyDeviceToHost);
    cudaMemcpy(a.buf, b.buf, (size_t)n, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    b.buf[0] = 0;
    a.buf[0] = 0; // devcheck: host-deref
    cudaFree(a.buf);
    free(b.buf);
}
