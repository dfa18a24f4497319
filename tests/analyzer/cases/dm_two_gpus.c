/*
 * Two GPUs: cuda:0 and cuda:1 are different devices.
 */
#include <devtensor.h>

dt_tensor *two_gpus(void)
{
    dt_tensor *a = dt_randn_on(DT_SHAPE(2, 2), dt_cuda(0));
    dt_tensor *b = dt_randn_on(DT_SHAPE(2, 2), dt_cuda(1));
    dt_tensor *mixed = dt_add(a, b); // devcheck: device-mismatch
    dt_tensor *b0 = dt_to(b, dt_cuda(0));
    dt_tensor *same = dt_add(a, b0);            /* both on cuda:0 */
    dt_tensor *c = dt_to(b, dt_device_of(a));
    dt_tensor *also = dt_mul(a, c);             /* c went where a is */
    dt_release(mixed);
    dt_release(same);
    return also;
}

/* A stage on cuda:1 gets the activations of a stage on cuda:0. */
dt_tensor *pipeline(void)
{
    dt_module *stage1 = dt_linear(4, 8), *stage2 = dt_linear(8, 2);
    dt_module_to(stage1, dt_cuda(0));
    dt_module_to(stage2, dt_cuda(1));
    dt_tensor *x = dt_randn_on(DT_SHAPE(2, 4), dt_cuda(0));
    dt_tensor *h = dt_forward(stage1, x);
    dt_tensor *out = dt_forward(stage2, h); // devcheck: device-mismatch
    dt_tensor *h1 = dt_to(h, dt_cuda(1));
    dt_tensor *ok = dt_forward(stage2, h1);
    dt_release(out);
    return ok;
}
