/*
 * unregistered-tensor: a custom module keeps tensors in its own state; those
 * not registered with dt_module_add_param / dt_module_add_buffer stay behind
 * when dt_module_to moves the module, or a parent of it.  The finding is at
 * that dt_module_to.
 */
#include <devtensor.h>
#include <stdlib.h>

typedef struct {
    dt_tensor *weight, *bias;
} affine;

static dt_tensor *affine_forward(dt_module *self, dt_tensor *x)
{
    affine *st = dt_module_state(self);
    dt_tensor *h = dt_matmul(x, st->weight);
    dt_tensor *y = h ? dt_add(h, st->bias) : NULL;
    dt_release(h);
    return y;
}

static affine *affine_state(void)
{
    affine *st = calloc(1, sizeof *st);
    if (st) {
        st->weight = dt_randn(DT_SHAPE(4, 2));
        st->bias = dt_randn(DT_SHAPE(2));
    }
    return st;
}

/* The bias is registered, the weight is not. */
dt_module *weight_left_behind(void)
{
    affine *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->weight = dt_randn(DT_SHAPE(4, 2));
    st->bias = dt_randn(DT_SHAPE(2));
    dt_module *m = dt_module_new("Affine", affine_forward, st);
    dt_module_add_param(m, "bias", st->bias);
    dt_module_to(m, dt_cuda(0)); // devcheck: unregistered-tensor
    return m;
}

/* Both registered, one as a buffer: no finding. */
dt_module *all_registered(void)
{
    affine *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->weight = dt_randn(DT_SHAPE(4, 2));
    st->bias = dt_randn(DT_SHAPE(2));
    dt_module *m = dt_module_new("Affine", affine_forward, st);
    dt_module_add_param(m, "weight", st->weight);
    dt_module_add_buffer(m, "bias", st->bias);
    dt_module_to(m, dt_cuda(0));
    return m;
}

/* A child with unregistered state, moved through its parent. */
dt_module *child_left_behind(void)
{
    affine *st = affine_state();
    if (!st)
        return NULL;
    dt_module *child = dt_module_new("Affine", affine_forward, st);
    dt_module *parent = dt_sequential(dt_linear(8, 4), child, NULL);
    dt_module_to(parent, dt_cuda(0)); // devcheck: unregistered-tensor
    return parent;
}

/* Never moved: nothing is left behind. */
dt_module *never_moved(void)
{
    affine *st = affine_state();
    return st ? dt_module_new("Affine", affine_forward, st) : NULL;
}
