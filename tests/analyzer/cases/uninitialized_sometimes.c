/*
 * uninitialized-read, clang's -Wsometimes-uninitialized for buffers: fresh
 * memory (cudaMalloc's, cudaMallocHost's, malloc's) written on one side of
 * an if only, and read on every path from the other side with nothing
 * written on the way.  Correlated conditions, loops, a path that leaves
 * (return, break, goto) or writes on the way, both sides writing, a call
 * handed the memory: quiet.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

#define N 64

void fill(float *p, size_t n);
void note(const char *what);
int ready(void);

void if_without_else(int flag)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    if (flag)
        cudaMemset(dev, 0, sizeof host);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost); // devcheck: uninitialized-read // devcheck-message: cudaMemcpy copies from 'dev', which nothing has written when the condition at line 23 is false // devcheck-note: 'dev' is written on some paths, but not when this is false
    cudaFree(dev);
}

void else_side_writes(int flag)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    if (flag) {
        note("skipped");
    } else {
        cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);
    }
    if (ready())
        note("ready");                  /* a branch that writes nothing is no leaving */
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost); // devcheck: uninitialized-read // devcheck-message: which nothing has written when the condition at line 33 is true
    cudaFree(dev);
}

/* The shape of finufft's test (5beee4c9's parent): which buffer is the
   input depends on the transform's type, but both are uploaded. */
int by_type(int type, int n)
{
    float *c, *fk, *d_c, *d_fk;
    cudaMallocHost((void **)&c, n * sizeof *c);
    cudaMallocHost((void **)&fk, n * sizeof *fk);
    cudaMalloc((void **)&d_c, n * sizeof *d_c);
    cudaMalloc((void **)&d_fk, n * sizeof *d_fk);
    if (type == 1) {
        for (int i = 0; i < n; i++)
            c[i] = (float)i;
    } else if (type == 2) {
        for (int i = 0; i < n; i++)
            fk[i] = (float)i;
    } else {
        return 1;
    }
    cudaMemcpy(d_c, c, n * sizeof *c, cudaMemcpyHostToDevice); // devcheck: uninitialized-read // devcheck-message: 'c', which nothing has written when the condition at line 56 is true // devcheck-note: 'c' allocated as pinned host memory here
    cudaMemcpy(d_fk, fk, n * sizeof *fk, cudaMemcpyHostToDevice); // devcheck: uninitialized-read // devcheck-message: 'fk', which nothing has written when the condition at line 53 is true
    return 0;
}

/* The same fixed: each copy where its buffer was written. */
int by_type_fixed(int type, int n)
{
    float *c, *fk, *d_c, *d_fk;
    cudaMallocHost((void **)&c, n * sizeof *c);
    cudaMallocHost((void **)&fk, n * sizeof *fk);
    cudaMalloc((void **)&d_c, n * sizeof *d_c);
    cudaMalloc((void **)&d_fk, n * sizeof *d_fk);
    if (type == 1) {
        for (int i = 0; i < n; i++)
            c[i] = (float)i;
    } else if (type == 2) {
        for (int i = 0; i < n; i++)
            fk[i] = (float)i;
    } else {
        return 1;
    }
    if (type == 1)
        cudaMemcpy(d_c, c, n * sizeof *c, cudaMemcpyHostToDevice);
    else
        cudaMemcpy(d_fk, fk, n * sizeof *fk, cudaMemcpyHostToDevice);
    return 0;
}

/* The inner if writes on one side: the outer's other side, which writes
   nothing, is the one found. */
void nested(int a, int b, int n)
{
    float *h = malloc(n * sizeof *h), *dev = NULL;
    cudaMalloc((void **)&dev, n * sizeof *dev);
    if (a) {
        if (b)
            fill(h, n);
    }
    cudaMemcpy(dev, h, n * sizeof *h, cudaMemcpyHostToDevice); // devcheck: uninitialized-read // devcheck-message: 'h', which nothing has written when the condition at line 97 is false
    cudaFree(dev);
    free(h);
}

/* `if (c) write; ... if (c) read;`: the read is not on every path. */
void correlated(int flag)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    if (flag)
        cudaMemset(dev, 0, sizeof host);
    if (flag)
        cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    cudaFree(dev);
}

/* A loop that writes: none of its rounds is a branch to report. */
void loop_writes(int n)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    for (int i = 0; i < n; i++)
        cudaMemset(dev, i, sizeof host);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    cudaFree(dev);
}

/* A loop between the branch and the read may not end (clang's rule). */
void loop_between(int flag, int n)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    if (flag)
        cudaMemset(dev, 0, sizeof host);
    for (int i = 0; i < n; i++)
        note("waiting");
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    cudaFree(dev);
}

/* The side that writes nothing leaves.  Where only one of its paths
   leaves, the edge to name is the one inside it that goes on. */
int early_return(int flag, int other)
{
    float host[N], *dev = NULL, *dev2 = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    cudaMalloc((void **)&dev2, sizeof host);
    if (flag)
        cudaMemset(dev, 0, sizeof host);
    else
        return 1;
    if (other)
        cudaMemset(dev2, 0, sizeof host);
    else if (ready())
        return 2;
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, dev2, sizeof host, cudaMemcpyDeviceToHost); // devcheck: uninitialized-read // devcheck-message: 'dev2', which nothing has written when the condition at line 155 is false
    return 0;
}

/* A path from the side that writes nothing leaves after the branch. */
int leaves_after(int flag)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    if (flag)
        cudaMemset(dev, 0, sizeof host);
    if (!ready())
        goto out;
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
out:
    cudaFree(dev);
    return 0;
}

/* Inside a loop: a break on the way, or what the round before wrote. */
void in_a_loop(int n)
{
    float host[N];
    for (int i = 0; i < n; i++) {
        float *dev = NULL;
        cudaMalloc((void **)&dev, sizeof host);
        if (i % 2)
            cudaMemset(dev, 0, sizeof host);
        if (!ready())
            break;
        cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    }
    float *once = NULL;
    cudaMalloc((void **)&once, sizeof host);
    for (int i = 0; i < n; i++) {
        if (i == 0)
            cudaMemset(once, 0, sizeof host);
        cudaMemcpy(host, once, sizeof host, cudaMemcpyDeviceToHost);
    }
}

/* Both sides write, one of them through a call handed the pointer; or a
   call that may write it comes between; or a second branch writes on
   the way. */
void written_anyway(int flag, int other)
{
    float host[N], *a = NULL, *b = NULL, *c = NULL;
    cudaMalloc((void **)&a, sizeof host);
    cudaMalloc((void **)&b, sizeof host);
    cudaMalloc((void **)&c, sizeof host);
    if (flag) {
        cudaMemset(a, 0, sizeof host);
        cudaMemset(b, 0, sizeof host);
        cudaMemset(c, 0, sizeof host);
    } else {
        fill(a, N);
    }
    fill(b, N);
    if (other)
        cudaMemset(c, 1, sizeof host);
    cudaMemcpy(host, a, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, b, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, c, sizeof host, cudaMemcpyDeviceToHost);
}

/* Writes of host memory the walk sees on the other side: through an
   alias stepped along, an element stepped or added to, an offset. */
void host_written_other_ways(int how, int n, const float *src)
{
    float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    float *q, *dev = NULL;
    cudaMalloc((void **)&dev, n * sizeof *dev);
    if (how) {
        fill(a, n);
        fill(b, n);
        fill(c, n);
    } else {
        for (q = a; q < a + n;)
            *q++ = 0;
        b[0]++;
        c[1] += 2;
        memcpy(c + 1, src, n - 1);
    }
    cudaMemcpy(dev, a, n * sizeof *a, cudaMemcpyHostToDevice);
    cudaMemcpy(dev, b, n * sizeof *b, cudaMemcpyHostToDevice);
    cudaMemcpy(dev, c, n * sizeof *c, cudaMemcpyHostToDevice);
}

/* A switch: its cases are not followed (left quiet), nor is a switch on
   the way. */
void switched(int kind)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    switch (kind) {
    case 1:
        cudaMemset(dev, 0, sizeof host);
        break;
    default:
        note("other");
        break;
    }
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    cudaFree(dev);
}

/* Host memory nothing wrote is not reported (only the branch's form is):
   programs fill host buffers in more ways than devcheck follows. */
void host_never_written(int n)
{
    float *h = malloc(n * sizeof *h), *dev = NULL;
    cudaMalloc((void **)&dev, n * sizeof *dev);
    cudaMemcpy(dev, h, n * sizeof *h, cudaMemcpyHostToDevice);
    cudaFree(dev);
    free(h);
}
