/*
 * Guards and identities: an if that tests where a value is (dt_device_equal,
 * a function annotated DC_IS_CUDA) refines it on each side; dt_retain keeps
 * its argument's place, so the branch that forgot the move is seen.
 */
#include <devtensor.h>

bool on_a_gpu(dt_device d) DC_IS_CUDA(d);

void guard_equal(void)
{
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4)), *z = dt_randn(DT_SHAPE(3, 4));
    if (!dt_device_equal(dt_device_of(x), dev))
        x = dt_to(x, dev);
    dt_tensor *y = dt_forward(model, x);        /* moved, or already there */
    if (!dt_device_equal(dt_device_of(x), dev))
        z = dt_to(z, dev);                      /* tests x, moves z */
    dt_tensor *w = dt_forward(model, z); // devcheck: device-mismatch
    dt_release(w);
    dt_release(y);
}

void guard_is_cuda(void)
{
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4)), *xg = dt_to(x, dt_cuda(0)), *y, *z;
    if (on_a_gpu(dev))
        y = dt_forward(model, xg);
    else
        y = dt_forward(model, x);               /* dev is the cpu here */
    z = dt_forward(model, x); // devcheck: device-mismatch
    if (!on_a_gpu(dev)) {
        dt_release(z);
        z = dt_forward(model, xg); // devcheck: device-mismatch
    }
    dt_release(z);
    dt_release(y);
}

void retain_on_one_branch(bool on_gpu)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4)), *xd;
    if (on_gpu)
        xd = dt_to(x, dev);
    else
        xd = dt_retain(x);                      /* forgot the move */
    dt_tensor *y = dt_forward(model, xd); // devcheck: device-mismatch
    dt_release(y);
}

/* Two tests joined: `||` returning rules both out, `&&` holds both, and so
   do their negations; each operand refines its own device.  dev and dev2
   are chosen at run time, each module moved to one. */
#define TWO_DEVICES                                                         \
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();        \
    dt_device dev2 = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();       \
    dt_module *m = dt_linear(4, 2), *m2 = dt_linear(4, 2);                  \
    dt_module_to(m, dev);                                                   \
    dt_module_to(m2, dev2);                                                 \
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4)), *xg = dt_to(x, dt_cuda(0))

void guard_or_returns(void)
{
    TWO_DEVICES;
    if (on_a_gpu(dev) || on_a_gpu(dev2))
        return;
    dt_release(dt_forward(m, x));               /* neither is a GPU past the return */
    dt_release(dt_forward(m2, x));
    dt_release(xg);
}

void guard_and(void)
{
    TWO_DEVICES;
    if (on_a_gpu(dev) && on_a_gpu(dev2)) {
        dt_release(dt_forward(m, xg));          /* both on the GPU here */
        dt_release(dt_forward(m2, xg));
    }
}

void guard_and_of_negations(void)
{
    TWO_DEVICES;
    if (!on_a_gpu(dev) && !on_a_gpu(dev2)) {
        dt_release(dt_forward(m, x));           /* both on the cpu here */
        dt_release(dt_forward(m2, x));
    }
}

void guard_negated_or(void)
{
    TWO_DEVICES;
    if (!(on_a_gpu(dev) || on_a_gpu(dev2))) {
        dt_release(dt_forward(m, x));
        dt_release(dt_forward(m2, x));
    }
}
