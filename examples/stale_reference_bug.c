/*
 * Scenario 10, stale_reference (bug form).
 * The input is moved correctly, xg = dt_to(x, dev), but the old cpu
 * reference x is what gets passed on to the model, so on a GPU the forward
 * pass fails.
 */
#include "example.h"
#include <stdio.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    dt_module *model = NULL;
    dt_tensor *x = NULL, *xg = NULL, *y = NULL, *probs = NULL;
    float v[6];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    model = dt_sequential(dt_linear(4, 6), dt_relu_layer(), dt_linear(6, 2), NULL);
    CHECK(model);
    dt_module_to(model, dev);

    x = dt_randn(DT_SHAPE(3, 4));
    CHECK(x);
    dt_set_name(x, "x");
    xg = dt_to(x, dev);
    CHECK(xg);
    dt_set_name(xg, "xg");
    y = dt_forward(model, x);               /* the stale cpu x, not xg */ // devcheck: device-mismatch // devcheck-note: 'xg' // devtrace: device_mismatch
    CHECK(y);
    probs = dt_softmax(y, 1);
    CHECK(probs);
    CHECK(dt_copy_to_host(probs, v, sizeof v) == 0);
    printf("p = %.4f %.4f / %.4f %.4f / %.4f %.4f\n", v[0], v[1], v[2], v[3], v[4], v[5]);
    rc = 0;
done:
    dt_release(probs);
    dt_release(y);
    dt_release(xg);
    dt_release(x);
    dt_module_release(model);
    return rc;
}
