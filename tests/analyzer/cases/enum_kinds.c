/*
 * memcpy-direction with the copy kind a helper maps from an enum of its
 * own: by a switch (returning the kind, or copying in each case), by
 * `if (d == UP) ... else ...`, or through a helper that hands the enum
 * on.  A call with a constant enumerator is checked with the kind that
 * enumerator picks; a value none of the cases' with the default's.
 */
#include <cuda_runtime_api.h>
#include <stddef.h>
#include <stdlib.h>

#define N 64

enum dir { UP, DOWN, ACROSS };

static float *device_floats(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMemset(d, 0, N * sizeof *d);
    return d;
}

static enum cudaMemcpyKind kind_of(enum dir d)
{
    switch (d) {
    case UP:
        return cudaMemcpyHostToDevice;
    case DOWN:
        return cudaMemcpyDeviceToHost;
    default:
        return cudaMemcpyDeviceToDevice;
    }
}

static void move(void *dst, const void *src, size_t n, enum dir d)
{
    switch (d) {
    case UP:
        cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice);
        break;
    case DOWN:
        cudaMemcpy(dst, src, n, cudaMemcpyDeviceToHost);
        break;
    case ACROSS:
        cudaMemcpy(dst, src, n, cudaMemcpyDeviceToDevice);
        break;
    }
}

/* Two labels on one case, and the kind kept in a variable. */
static void move_labelled(void *dst, const void *src, size_t n, enum dir d)
{
    enum cudaMemcpyKind k = cudaMemcpyDefault;
    switch (d) {
    case DOWN:
    case ACROSS:
        k = cudaMemcpyDeviceToHost;
        break;
    case UP:
        k = cudaMemcpyHostToDevice;
        break;
    }
    cudaMemcpy(dst, src, n, k);
}

static void move_if(void *dst, const void *src, size_t n, enum dir d)
{
    if (d == DOWN)
        cudaMemcpy(dst, src, n, cudaMemcpyDeviceToHost);
    else
        cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice);
}

static void move_by_kind_of(void *dst, const void *src, size_t n, enum dir d)
{
    cudaMemcpy(dst, src, n, kind_of(d));
}

void enum_switch_returns_the_kind(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    cudaMemcpy(dev, host, sizeof host, kind_of(DOWN)); // devcheck: memcpy-direction
    cudaMemcpy(host, dev, sizeof host, kind_of(UP)); // devcheck: memcpy-direction
    cudaMemcpy(dev, host, sizeof host, kind_of(UP));
    cudaMemcpy(host, dev, sizeof host, kind_of(DOWN));
    free(NULL);
}

void enum_switch_copies(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    move(dev, host, sizeof host, DOWN); // devcheck: memcpy-direction
    move(host, dev, sizeof host, UP); // devcheck: memcpy-direction
    move(dev, host, sizeof host, UP);
    move(host, dev, sizeof host, DOWN);
    move(dev, dev, sizeof host, ACROSS);
}

void enum_switch_labels(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    move_labelled(dev, host, sizeof host, ACROSS); // devcheck: memcpy-direction
    move_labelled(host, dev, sizeof host, UP); // devcheck: memcpy-direction
    move_labelled(dev, host, sizeof host, UP);
    move_labelled(host, dev, sizeof host, DOWN);
}

void enum_if(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    move_if(dev, host, sizeof host, DOWN); // devcheck: memcpy-direction
    move_if(host, dev, sizeof host, UP); // devcheck: memcpy-direction
    move_if(dev, host, sizeof host, UP);
    move_if(host, dev, sizeof host, DOWN);
}

void enum_handed_on(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    move_by_kind_of(dev, host, sizeof host, DOWN); // devcheck: memcpy-direction
    move_by_kind_of(dev, host, sizeof host, UP);
    move_by_kind_of(host, dev, sizeof host, DOWN);
}

/* The enum not known: a kind picked is no one kind (quiet), the copies in
   each case are each checked, as a flag's are.  A value none of the
   cases' picks the default's. */
void enum_not_known(enum dir d)
{
    float host[N] = { 0 }, *dev = device_floats();
    cudaMemcpy(dev, host, sizeof host, kind_of(d));
    move_by_kind_of(dev, host, sizeof host, d);
    move_labelled(dev, host, sizeof host, d);
    move(dev, host, sizeof host, d); // devcheck: memcpy-direction
    move(dev, host, sizeof host, (enum dir)7);
    cudaMemcpy(dev, dev, sizeof host, kind_of((enum dir)7));
    cudaMemcpy(host, dev, sizeof host, kind_of((enum dir)7)); // devcheck: memcpy-direction
}
