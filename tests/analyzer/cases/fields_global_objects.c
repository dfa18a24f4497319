/*
 * Two global objects of one struct type, one filled with device buffers
 * and one with host buffers in init(), used in run(): each object's field
 * has the fact of its own stores; the type's field, filled both ways, has
 * none (what an object nothing is known of holds stays unknown).
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

struct buffer {
    float *buf;
    int n;
};

struct buffer dev, host;
static struct buffer staged;

void init(int n)
{
    cudaMalloc((void **)&dev.buf, (size_t)n * sizeof(float));
    host.buf = malloc((size_t)n * sizeof(float));
    staged.buf = malloc((size_t)n * sizeof(float));
    dev.n = host.n = n;
}

void run(void)
{
    size_t size = (size_t)host.n * sizeof(float);
    cudaMemcpy(host.buf, dev.buf, size, cudaMemcpyDeviceToHost);
    cudaMemcpy(host.buf, dev.buf, size, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    host.buf[0] = 1;
    staged.buf[0] = 1;
    dev.buf[0] = 1; // devcheck: host-deref
}

/* An object nothing is known of: its field stays unknown. */
void clear(struct buffer *b)
{
    b->buf[0] = 0;
}
