/*
 * Scenario 9, discarded_to (fixed form).
 * dt_to returns a new tensor and leaves x alone, so its result is kept and
 * used: xg is the input on the device, and x is released.
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

    model = dt_linear(4, 2);
    CHECK(model);
    dt_module_to(model, dev);

    x = dt_randn(DT_SHAPE(3, 4));
    CHECK(x);
    xg = dt_to(x, dev);                     /* keep the result */
    CHECK(xg);
    dt_release(x), x = NULL;                /* and drop the cpu original */
    y = dt_forward(model, xg);
    CHECK(y);
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
