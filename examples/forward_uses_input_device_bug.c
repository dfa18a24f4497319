/*
 * Scenario 6, forward_uses_input_device (both forms are correct).
 * A custom forward reads the device of its input with dt_device_of and makes
 * its temporary noise there with dt_randn_on, so everything it computes stays
 * on the input's device.  No finding is allowed here.
 */
#include "example.h"
#include <stdio.h>

/* y = x * scale + noise, with a learned per-feature scale. */
static dt_tensor *noisy_scale_forward(dt_module *self, dt_tensor *x)
{
    dt_device d = dt_device_of(x);          /* wherever the input lives */
    dt_tensor *noise = dt_randn_on(dt_shape_of(x), d);
    dt_tensor *h = dt_mul(x, dt_module_get(self, "scale"));
    dt_tensor *y = (noise && h) ? dt_add(h, noise) : NULL;
    dt_release(h);
    dt_release(noise);
    return y;
}

int main(void)
{
    int rc = 1;
    dt_module *layer = NULL;
    dt_tensor *scale = NULL, *x = NULL, *xg = NULL, *y = NULL, *m = NULL;
    float v[12];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    layer = dt_module_new("NoisyScale", noisy_scale_forward, NULL);
    CHECK(layer);
    scale = dt_randn(DT_SHAPE(4));
    CHECK(scale);
    dt_module_add_param(layer, "scale", scale);
    dt_module_to(layer, dev);

    x = dt_randn(DT_SHAPE(3, 4));
    CHECK(x);
    xg = dt_to(x, dev);
    CHECK(xg);
    y = dt_forward(layer, xg);
    CHECK(y);
    m = dt_mean(y);
    CHECK(m);
    CHECK(dt_copy_to_host(y, v, sizeof v) == 0);
    printf("y[0] = %.4f %.4f %.4f %.4f, mean %.4f\n", v[0], v[1], v[2], v[3], dt_item(m));
    rc = 0;
done:
    dt_release(m);
    dt_release(y);
    dt_release(xg);
    dt_release(x);
    dt_release(scale);
    dt_module_release(layer);
    return rc;
}
