/*
 * Scenario 7, forward_temp_on_cpu (bug form).
 * A custom forward makes a random tensor with dt_randn, which puts it on the
 * cpu whatever the device of the input, and adds it to the input: on a GPU
 * the addition inside the forward fails.
 */
#include "example.h"
#include <stdio.h>

/* A linear map (no bias) applied to the input with some noise added. */
static dt_tensor *noisy_linear_forward(dt_module *self, dt_tensor *x)
{
    dt_tensor *noise = dt_randn(dt_shape_of(x));    /* no device given: the cpu */
    dt_tensor *xn = noise ? dt_add(x, noise) : NULL; // devcheck: device-mismatch // devcheck-fix: dt_randn_like // devtrace: device_mismatch
    dt_tensor *y = xn ? dt_matmul(xn, dt_module_get(self, "weight")) : NULL;
    dt_release(xn);
    dt_release(noise);
    return y;
}

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    dt_module *layer = NULL;
    dt_tensor *w = NULL, *x = NULL, *xg = NULL, *y = NULL;
    float v[6];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    layer = dt_module_new("NoisyLinear", noisy_linear_forward, NULL);
    CHECK(layer);
    w = dt_randn(DT_SHAPE(4, 3));
    CHECK(w);
    dt_module_add_param(layer, "weight", w);
    dt_module_to(layer, dev);

    x = dt_randn(DT_SHAPE(2, 4));
    CHECK(x);
    xg = dt_to(x, dev);
    CHECK(xg);
    dt_set_name(xg, "xg");
    y = dt_forward(layer, xg);
    CHECK(y);
    CHECK(dt_copy_to_host(y, v, sizeof v) == 0);
    printf("y = %.4f %.4f %.4f / %.4f %.4f %.4f\n", v[0], v[1], v[2], v[3], v[4], v[5]);
    rc = 0;
done:
    dt_release(y);
    dt_release(xg);
    dt_release(x);
    dt_release(w);
    dt_module_release(layer);
    return rc;
}
