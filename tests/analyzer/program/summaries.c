/*
 * Summaries across files: the helpers are defined in helpers.c, which the
 * test names after this file, and nothing annotates them.  Each call is
 * checked against what the helper's body does with its parameters: copies
 * of a known kind, device and host memory it needs, host code that reads
 * through them; and what it returns or writes back through pointers.
 */
#include <stdlib.h>

#include "helpers.h"

float *from_elsewhere(void);

void summaries(size_t n)
{
    float *h = malloc(n * sizeof(float));
    float *d = cuda_make_array(h, n);           /* returns device memory */
    cuda_push_array(d, h, n);
    cuda_pull_array(d, h, n);
    scal_cpu((int)n, 2, h);

    cuda_push_array(h, d, n); // devcheck: memcpy-direction
    cuda_pull_array(h, d, n); // devcheck: memcpy-direction
    cuda_push_array(d, d, n); // devcheck: memcpy-direction
    scal_cpu((int)n, 2, d); // devcheck: host-deref // devcheck-note: dereferenced here, through scal_cpu
    push_through(h, d, n); // devcheck: memcpy-direction
    free_gpu(h); // devcheck: memspace-mismatch // devcheck-note: used as device memory here, through free_gpu
    cuda_push_array(from_elsewhere(), d, n); // devcheck: memspace-mismatch
    cuda_make_array(d, n); // devcheck: memspace-mismatch
    push_chunks(d, d, n); // devcheck: memcpy-direction
    ping(d, 3); // devcheck: host-deref
    ping(h, 3);

    float *u = from_elsewhere(), *w = from_elsewhere();
    cuda_push_array(u, w, n);                   /* unknown memory: quiet */
    cuda_push_array(u, u, n); // devcheck: memcpy-direction // devcheck-message: copies 'u' onto itself
    same(d)[0] = 1; // devcheck: host-deref
    same(h)[0] = 1;

    float *dd = NULL, *hh = NULL;
    make_pair(&dd, &hh, n);
    hh[0] = 1;
    dd[0] = 1; // devcheck: host-deref

    layer l;
    alloc_layer(&l, (int)n);
    l.output[0] = 1;
    l.output_gpu[0] = 1; // devcheck: host-deref
    layer *lp = malloc(sizeof *lp);
    alloc_layer(lp, (int)n);
    lp->output_gpu[0] = 1; // devcheck: host-deref
    free(lp);
    free(h);
}
