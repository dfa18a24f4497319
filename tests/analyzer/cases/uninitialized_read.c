/*
 * uninitialized-read: device memory copied out before anything wrote it,
 * found when no path wrote it (or one side of a branch only: see
 * uninitialized_sometimes.c).  A memset, a copy into it, a call of a
 * function that may write it (unknown, or the program's own), a store
 * where the walk loses sight of it: quiet.
 */
#include <cuda_runtime_api.h>
#include <stddef.h>

#define N 64

void fill(float *p, size_t n);

struct holder {
    float *p;
};

void init_holder(struct holder *h);

static void zero(float *p)
{
    cudaMemset(p, 0, N * sizeof *p);
}

void copied_out(void)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost); // devcheck: uninitialized-read // devcheck-message: cudaMemcpy copies from 'dev', device memory that nothing has written yet // devcheck-note: 'dev' allocated on a GPU here
    cudaFree(dev);
}

void through_an_alias(void)
{
    float host[N], *dev = NULL, *alias;
    cudaMalloc((void **)&dev, sizeof host);
    alias = dev;
    cudaMemcpyAsync(host, alias, sizeof host, cudaMemcpyDeviceToHost, NULL); // devcheck: uninitialized-read
    cudaFree(dev);
}

void device_to_device(void)
{
    float *dev = NULL, *dev2 = NULL;
    cudaMalloc((void **)&dev, N * sizeof *dev);
    cudaMalloc((void **)&dev2, N * sizeof *dev);
    cudaMemcpy(dev2, dev, N * sizeof *dev, cudaMemcpyDeviceToDevice); // devcheck: uninitialized-read
    cudaMemcpy(dev, dev2, N * sizeof *dev, cudaMemcpyDeviceToDevice);
    cudaFree(dev2);
    cudaFree(dev);
}

/* The upload with its pointers swapped reads the new buffer: the fix says so. */
void swapped_upload(void)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyHostToDevice); // devcheck: uninitialized-read, memcpy-direction // devcheck-note: swap the pointers if the copy was meant to fill 'dev'
    cudaFree(dev);
}

void written_first(float *param)
{
    float host[N], *a = NULL, *b = NULL, *c = NULL, *d = NULL, *e = NULL;
    struct holder h;
    cudaMalloc((void **)&a, sizeof host);
    cudaMalloc((void **)&b, sizeof host);
    cudaMalloc((void **)&c, sizeof host);
    cudaMalloc((void **)&d, sizeof host);
    cudaMalloc((void **)&e, sizeof host);
    cudaMemset(a, 0, sizeof host);
    cudaMemcpy(a, host, sizeof host, cudaMemcpyHostToDevice);
    cudaMemcpy(b, host, sizeof host, cudaMemcpyHostToDevice);
    fill(c, N);
    zero(d);
    h.p = e;
    init_holder(&h);
    cudaMemcpy(host, a, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, b, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, c, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, d, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, e, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, param, sizeof host, cudaMemcpyDeviceToHost);
}

/* One branch writes it, and every path from the other reads it unwritten:
   reported as such (uninitialized_sometimes.c has the forms). */
void one_branch(int flag)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    if (flag)
        cudaMemset(dev, 0, sizeof host);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost); // devcheck: uninitialized-read // devcheck-message: which nothing has written when the condition at line 93 is false
    cudaFree(dev);
}

/* A loop's later rounds see what its body wrote. */
void in_a_loop(int rounds)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    for (int i = 0; i < rounds; i++) {
        if (i > 0)
            cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
        cudaMemset(dev, i, sizeof host);
    }
    cudaFree(dev);
}

/* A copy of no bytes (an empty batch) reads nothing.  (A read after it is
   not found: devcheck takes any call handed the memory as maybe writing it,
   so one read, reported or not, quiets those after it.) */
void empty_copy(void)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    cudaMemcpy(host, dev, 0, cudaMemcpyDeviceToHost);
    cudaFree(dev);
}

/* A write through the pointer writes the memory, host-deref as it is: the
   copy after it reads what that wrote, so it is no uninitialized read. */
void written_through(void)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    dev[0] = 1; // devcheck: host-deref
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    cudaFree(dev);
}
