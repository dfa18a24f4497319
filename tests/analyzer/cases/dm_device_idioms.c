/*
 * The usual ways of keeping devices straight, with the device chosen at run
 * time as the examples do (cuda if available, else the cpu).  No findings.
 */
#include <devtensor.h>

dt_tensor *idioms(void)
{
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();
    dt_module *model = dt_sequential(dt_linear(4, 8), dt_relu_layer(), dt_linear(8, 2), NULL);
    dt_module_to(model, dev);

    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *xg = dt_to(x, dev);
    dt_tensor *logits = dt_forward(model, xg);
    dt_tensor *target = dt_zeros_like(logits);
    dt_tensor *loss = dt_mse_loss(logits, target);
    dt_tensor *extra = dt_randn_on(dt_shape_of(logits), dt_device_of(logits));
    dt_tensor *sum = dt_add(logits, extra);
    dt_tensor *t = dt_randn(DT_SHAPE(3, 2));
    dt_tensor *tg = dt_to(t, dt_module_device(model));
    dt_tensor *diff = dt_sub(sum, tg);

    dt_release(tg);
    dt_release(t);
    dt_release(sum);
    dt_release(extra);
    dt_release(loss);
    dt_release(target);
    dt_release(logits);
    dt_release(xg);
    dt_release(x);
    dt_module_release(model);
    return diff;
}
