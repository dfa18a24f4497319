/*
 * device-mismatch and early exits: a path that leaves the function does not
 * reach the use after it.
 */
#include <devtensor.h>

/* The path that does not move x returns early: the forward only ever gets
   the moved copy.  No finding. */
dt_tensor *unmoved_path_returns(int use_gpu)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *xs = x;
    if (use_gpu)
        xs = dt_to(x, dev);
    else
        return NULL;
    return dt_forward(model, xs);
}

/* Here it is the moved path that returns: what falls through is the cpu x. */
dt_tensor *moved_path_returns(int done_early)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *xs = x;
    if (done_early) {
        xs = dt_to(x, dev);
        return xs;
    }
    return dt_forward(model, xs); // devcheck: device-mismatch
}

/* The examples' CHECK style: a failure jumps over the use to the cleanup.
   No finding. */
dt_tensor *goto_cleanup(void)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    dt_tensor *x = NULL, *xg = NULL, *y = NULL;
    if (!model)
        goto done;
    dt_module_to(model, dev);
    x = dt_randn(DT_SHAPE(3, 4));
    if (!x)
        goto done;
    xg = dt_to(x, dev);
    if (!xg)
        goto done;
    y = dt_forward(model, xg);
done:
    dt_release(xg);
    dt_release(x);
    dt_module_release(model);
    return y;
}
