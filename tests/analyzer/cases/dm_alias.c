/*
 * Aliases: a copy of a pointer is the same tensor, on the same device; a
 * moved copy is a new tensor, and the old name still means the cpu original
 * (with a note naming the copy).
 */
#include <devtensor.h>

/* y = x: y is x, on the cpu. */
dt_tensor *copy_keeps_device(void)
{
    dt_tensor *x = dt_randn(DT_SHAPE(2, 2));
    dt_tensor *y = x;
    dt_tensor *g = dt_randn_on(DT_SHAPE(2, 2), dt_cuda(0));
    return dt_add(y, g); // devcheck: device-mismatch
}

/* y = dt_to(x, dev), then the stale x is used. */
dt_tensor *stale_after_move(void)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *y = dt_to(x, dt_cuda(0));
    dt_tensor *out = dt_forward(model, x); // devcheck: device-mismatch // devcheck-note: 'y'
    dt_release(y);
    return out;
}

/* a = b after b was moved: a is on the device.  No finding. */
dt_tensor *copy_of_moved(void)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *b = dt_to(x, dt_cuda(0));
    dt_tensor *a = b;
    return dt_forward(model, a);
}

/* x = dt_to(x, dev): the name now means the moved copy.  No finding. */
dt_tensor *rebound_to_moved(void)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *cpu = x;
    x = dt_to(x, dt_cuda(0));
    dt_release(cpu);
    return dt_forward(model, x);
}
