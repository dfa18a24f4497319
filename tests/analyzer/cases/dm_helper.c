/*
 * Helpers in the same file are followed (what they return, what they do to a
 * module); a function defined elsewhere is unknown, and unknown is quiet.
 */
#include <devtensor.h>

static dt_tensor *to_dev(dt_tensor *t, dt_device d)
{
    return dt_to(t, d);
}

/* Meant to move t, but passes it on as it is. */
static dt_tensor *forgot_to_move(dt_tensor *t, dt_device d)
{
    (void)d;
    return t;
}

static dt_module *make_model(dt_device d)
{
    dt_module *m = dt_linear(4, 2);
    dt_module_to(m, d);
    return m;
}

/* Defined in another file: what it returns is unknown. */
dt_tensor *prepare_elsewhere(dt_tensor *t, dt_device d);

void helpers(void)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = make_model(dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *xg = to_dev(x, dev);
    dt_tensor *xs = forgot_to_move(x, dev);
    dt_tensor *xu = prepare_elsewhere(x, dev);
    dt_tensor *a = dt_forward(model, xg);       /* moved by the helper */
    dt_tensor *b = dt_forward(model, xs); // devcheck: device-mismatch
    dt_tensor *c = dt_forward(model, xu);       /* unknown: quiet */
    dt_tensor *d = dt_forward(model, x); // devcheck: device-mismatch
    dt_release(d);
    dt_release(c);
    dt_release(b);
    dt_release(a);
}
