/*
 * Two programs in one run, as a repository of several holds them (llm.c's
 * train_gpt2.c and train_gpt2.cu): each file here defines main, and each
 * has its own `struct model` with the same fields, on the cpu here and on
 * the GPU in train_gpu.c.  The fields' facts are each program's own: here
 * they are host memory, and reading them is no finding.  shared.c defines
 * no main: it is in both programs, and its one finding is said once.
 */
#include <stdlib.h>

#include "shared.h"

struct model {
    float *params;
    float *grads;
};

static void build(struct model *m, size_t n)
{
    m->params = malloc(n * sizeof *m->params);
    m->grads = malloc(n * sizeof *m->grads);
}

static void step(struct model *m)      /* what m holds, from the fields' facts */
{
    m->grads[0] = m->params[0];
}

int main(void)
{
    struct model m;
    build(&m, 16);
    m.params[0] = 1.0f;                 /* host memory in this program */
    step(&m);
    clear_scratch();
    free(m.params);
    free(m.grads);
    return 0;
}
