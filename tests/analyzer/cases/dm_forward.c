/*
 * Inside a custom forward: a temporary made on the cpu (dt_randn, no device)
 * and added to the input mixes devices when the input is on a GPU, and the
 * finding is at that op, its fix making the temporary with dt_randn_like.
 * A temporary made like the input, or on the input's device, is fine, and so
 * is a registered parameter (it moves with the module).
 */
#include <devtensor.h>

static dt_tensor *noise_on_cpu_forward(dt_module *self, dt_tensor *x)
{
    dt_tensor *noise = dt_randn(dt_shape_of(x));
    dt_tensor *xn = dt_add(x, noise); // devcheck: device-mismatch // devcheck-fix: dt_randn_like
    dt_tensor *y = dt_matmul(xn, dt_module_get(self, "weight"));
    dt_release(xn);
    dt_release(noise);
    return y;
}

static dt_tensor *noise_like_forward(dt_module *self, dt_tensor *x)
{
    dt_tensor *noise = dt_randn_like(x);
    dt_tensor *more = dt_randn_on(dt_shape_of(x), dt_device_of(x));
    dt_tensor *xn = dt_add(x, noise);
    dt_tensor *xm = dt_add(xn, more);
    dt_tensor *y = dt_matmul(xm, dt_module_get(self, "weight"));
    dt_release(xm);
    dt_release(xn);
    dt_release(more);
    dt_release(noise);
    return y;
}

/* Each forward in a module on cuda:0, called with an input on cuda:0. */
void both(void)
{
    dt_device dev = dt_cuda(0);
    dt_module *cpu_noise = dt_module_new("NoisyCpu", noise_on_cpu_forward, NULL);
    dt_module *like_noise = dt_module_new("NoisyLike", noise_like_forward, NULL);
    dt_module_add_param(cpu_noise, "weight", dt_randn(DT_SHAPE(4, 3)));
    dt_module_add_param(like_noise, "weight", dt_randn(DT_SHAPE(4, 3)));
    dt_module_to(cpu_noise, dev);
    dt_module_to(like_noise, dev);
    dt_tensor *xg = dt_randn_on(DT_SHAPE(2, 4), dev);
    dt_tensor *a = dt_forward(cpu_noise, xg);
    dt_tensor *b = dt_forward(like_noise, xg);
    dt_release(b);
    dt_release(a);
    dt_release(xg);
    dt_module_release(like_noise);
    dt_module_release(cpu_noise);
}
