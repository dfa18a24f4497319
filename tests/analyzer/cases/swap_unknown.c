/*
 * A struct's copy whose pointer is replaced by what says nothing of any
 * space (here its source's own, offset) tells nothing of where that field
 * is in the struct's other objects: the field has no fact, and neither has
 * a field stored from it, whatever its other stores hold.  So the copy out
 * of p->v below is not judged by fill()'s malloc alone: no finding.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef struct {
    float *w;
    float *v;
} pair;

pair refresh(pair src)
{
    pair c = src;
    c.w = src.w + 0;
    return c;
}

void fill(pair *a, pair *b, int n)
{
    a->v = malloc(n * sizeof(float));
    b->v = b->w;
}

void drain(float *h, pair *p, int n)
{
    cudaMemcpy(h, p->v, n * sizeof(float), cudaMemcpyDeviceToHost);
}
