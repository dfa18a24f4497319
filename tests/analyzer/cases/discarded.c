/*
 * discarded-transfer: each transfer returns a new tensor (or list) and
 * leaves its argument as it was, so a call whose result is dropped did
 * nothing.  Found whatever devcheck knows of the argument's device; the fix
 * keeps the result ("x = dt_to(x, dev)").
 */
#include <devtensor.h>

void dropped(dt_tensor *x, dt_list *l)
{
    dt_device dev = dt_cuda(0);
    dt_to(x, dev); // devcheck: discarded-transfer // devcheck-fix: x =
    dt_to_dtype(x, DT_F32); // devcheck: discarded-transfer
    dt_pin_memory(x); // devcheck: discarded-transfer
    dt_list_to(l, dev); // devcheck: discarded-transfer
}

/* Results kept, or handed straight to another call: no finding. */
dt_tensor *kept(dt_tensor *x, dt_list *l, dt_module *model)
{
    dt_device dev = dt_cuda(0);
    dt_tensor *xg = dt_to(x, dev);
    dt_list *lg = dt_list_to(l, dev);
    dt_tensor *y = dt_forward(model, dt_to_dtype(xg, DT_F32));
    dt_list_release(lg);
    dt_release(xg);
    return y;
}
