/*
 * The other program of train_cpu.c's run: the same struct, on the GPU.
 */
#include <cuda_runtime_api.h>

#include "shared.h"

struct model {
    float *params;
    float *grads;
};

static void build(struct model *m, size_t n)
{
    cudaMalloc((void **)&m->params, n * sizeof *m->params);
    cudaMalloc((void **)&m->grads, n * sizeof *m->grads);
}

static void rebuild(struct model *m, size_t n)
{
    cudaFree(m->params);
    cudaFree(m->grads);
    build(m, n);
    cudaMalloc((void **)&m->params, n * sizeof *m->params);
    cudaMalloc((void **)&m->grads, n * sizeof *m->grads);
}

static void step(struct model *m)
{
    m->grads[0] = 0; // devcheck: host-deref
}

int main(void)
{
    struct model m;
    build(&m, 16);
    rebuild(&m, 32);
    step(&m);
    m.params[0] = 1.0f; // devcheck: host-deref
    clear_scratch();
    cudaFree(m.params);
    cudaFree(m.grads);
    return 0;
}
