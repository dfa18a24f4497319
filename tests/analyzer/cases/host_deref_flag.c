/*
 * A pointer chosen by a flag (`p = use_gpu ? d : h`) and used under the
 * same flag: where the flag says the host, p is the host's memory, so
 * quiet; where it says the GPU, p is device memory, a host-deref.  Once p
 * is set again, the flag no longer says what it is.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

void fill(int use_gpu, size_t n)
{
    float *h = malloc(n * sizeof *h), *d;
    cudaMalloc((void **)&d, n * sizeof *d);
    float *p = use_gpu ? d : h;
    if (!use_gpu)
        p[0] = 1.0f;
    if (use_gpu == 0)
        p[1] = 1.0f;
    if (use_gpu)
        p[2] = 1.0f; // devcheck: host-deref
    float *q;
    q = !use_gpu ? h : d;
    if (use_gpu != 0)
        q[3] = 1.0f; // devcheck: host-deref // devcheck-note: 'q' allocated on a GPU here
    else
        q[3] = 2.0f;
    q = d;
    if (!use_gpu)
        q[4] = 1.0f; // devcheck: host-deref
    cudaFree(d);
    free(h);
}
