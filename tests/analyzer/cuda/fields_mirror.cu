/*
 * A host struct and its device mirror, one type (HVM's `Bytes`, a
 * tensor's host and device halves): a field's facts follow the object.
 * The mirror, filled with device buffers and handed to a kernel or copied
 * to the device, is no lone store of the other space against the host
 * objects' fields; the host object's field given to a kernel is host
 * memory.
 */
#include <stdlib.h>

#include "fields_bytes.h"

bytes read_bytes(int n)
{
    bytes b;
    b.len = n;
    b.buf = (char *)malloc((size_t)n);
    return b;
}

bytes read_more_bytes(int n)
{
    bytes b;
    b.len = n;
    b.buf = (char *)calloc((size_t)n, 1);
    return b;
}

/* A fresh mirror of device buffers, given by value to a kernel: quiet. */
void inject_bytes(const bytes *host, char *out)
{
    bytes cu;
    cu.len = host->len;
    cudaMalloc((void **)&cu.buf, (size_t)cu.len);
    cudaMemcpy(cu.buf, host->buf, (size_t)cu.len, cudaMemcpyHostToDevice);
    consume<<<1, 1>>>(cu, out);
    consume_buf<<<1, 1>>>(cu.buf, cu.len);
    cudaFree(cu.buf);
}

/* An object nothing is known of: the type's fact, host memory. */
void launch_on(const bytes *host)
{
    consume_buf<<<1, 1>>>(host->buf, host->len); // devcheck: memspace-mismatch
}

