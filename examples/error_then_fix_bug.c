/*
 * Scenario 20, error_then_fix (bug form).
 * The input is left on the cpu while the model is on the device.  On a GPU
 * the forward pass fails and the program simply gives up: it prints
 * dt_last_error(), which names both devices and where x was created, and
 * exits 1.
 */
#include <devtensor.h>
#include <stdio.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    dt_module *model = NULL;
    dt_tensor *x = NULL, *y = NULL;
    float v[6];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    model = dt_sequential(dt_linear(4, 8), dt_relu_layer(), dt_linear(8, 2), NULL);
    x = dt_randn(DT_SHAPE(3, 4));
    if (!model || !x) {
        fprintf(stderr, "error: %s\n", dt_last_error());
        goto done;
    }
    dt_module_to(model, dev);
    dt_set_name(x, "x");

    y = dt_forward(model, x); // devcheck: device-mismatch // devtrace: device_mismatch
    if (!y) {
        fprintf(stderr, "error: %s\n", dt_last_error());
        goto done;
    }
    if (dt_copy_to_host(y, v, sizeof v) != 0) {
        fprintf(stderr, "error: %s\n", dt_last_error());
        goto done;
    }
    printf("y = %.4f %.4f / %.4f %.4f / %.4f %.4f\n", v[0], v[1], v[2], v[3], v[4], v[5]);
    rc = 0;
done:
    dt_release(y);
    dt_release(x);
    dt_module_release(model);
    return rc;
}
