/*
 * device-mismatch through branches: a tensor moved on one branch only may be
 * on the cpu after the join, a finding ("may be"); moved on both branches it
 * is on the device whichever ran, and there is none.
 */
#include <devtensor.h>

/* Only the then-branch moves x: after the if, xs may still be x, on the cpu. */
dt_tensor *one_branch_moves(int use_gpu)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *xs = x;
    if (use_gpu)
        xs = dt_to(x, dev);
    return dt_forward(model, xs); // devcheck: device-mismatch
}

/* Both branches move x to dev: no finding. */
dt_tensor *both_branches_move(int pinned)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4)), *xs;
    if (pinned) {
        dt_tensor *xp = dt_pin_memory(x);
        xs = dt_to(xp, dev);
        dt_release(xp);
    } else {
        xs = dt_to(x, dev);
    }
    return dt_forward(model, xs);
}

/* The same "may be" through a conditional expression. */
dt_tensor *ternary_moves_on_one_side(int use_gpu)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *xs = use_gpu ? dt_to(x, dev) : x;
    return dt_forward(model, xs); // devcheck: device-mismatch
}

/* The module moved on one branch only, the input always: a finding. */
dt_tensor *module_moved_on_one_branch(int flag)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    if (flag)
        dt_module_to(model, dev);
    dt_tensor *xg = dt_randn_on(DT_SHAPE(3, 4), dev);
    return dt_forward(model, xg); // devcheck: device-mismatch
}

/* A first operand that may be in two places "may be on" either; a second
   one "is on" them. */
void either_place_said(int use_gpu)
{
    dt_tensor *c = dt_randn(DT_SHAPE(2, 3)), *g = dt_randn_on(DT_SHAPE(2, 3), dt_cuda(0));
    dt_tensor *m = use_gpu ? g : c;
    dt_release(dt_add(m, g)); // devcheck: device-mismatch // devcheck-message: 'm' may be on cuda:0 or cpu but 'g' is on cuda:0
    dt_release(dt_add(g, m)); // devcheck: device-mismatch // devcheck-message: 'g' is on cuda:0 but 'm' is on cuda:0 or cpu
}
