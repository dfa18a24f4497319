/*
 * Scenario 20, error_then_fix (fixed form).
 * The first forward pass may fail because x is on the cpu and the model on
 * the device.  The program tolerates that: it prints dt_last_error(), moves
 * x to the model's device, and retries, which succeeds.
 */
#include "example.h"
#include <stdio.h>

int main(void)
{
    int rc = 1;
    dt_module *model = NULL;
    dt_tensor *x = NULL, *xg = NULL, *y = NULL;
    float v[6];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    model = dt_sequential(dt_linear(4, 8), dt_relu_layer(), dt_linear(8, 2), NULL);
    CHECK(model);
    dt_module_to(model, dev);
    x = dt_randn(DT_SHAPE(3, 4));
    CHECK(x);
    dt_set_name(x, "x");

    /* x may be on the wrong device: a failure is handled right below */
    y = dt_forward(model, x);   // devcheck-ignore(device-mismatch) // devtrace: device_mismatch
    if (!y) {
        fprintf(stderr, "forward failed, as this example means it to (it recovers next): %s\n",
                dt_last_error());
        xg = dt_to(x, dt_module_device(model));
        CHECK(xg);
        fprintf(stderr, "moved x to %s, retrying\n", dt_device_name(dt_device_of(xg)));
        y = dt_forward(model, xg);
        CHECK(y);
    }
    CHECK(dt_copy_to_host(y, v, sizeof v) == 0);
    printf("y = %.4f %.4f / %.4f %.4f / %.4f %.4f\n", v[0], v[1], v[2], v[3], v[4], v[5]);
    rc = 0;
done:
    dt_release(y);
    dt_release(xg);
    dt_release(x);
    dt_module_release(model);
    return rc;
}
