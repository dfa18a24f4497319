/* A C++ copy of examples/discarded_to_bug.c (tests/analyzer/cpp): the same findings.
 *
 * Scenario 9, discarded_to (bug form).
 * dt_to(x, dev) is called as if it moved x in place, and its result, the
 * tensor on the device, is dropped (and leaked).  x is still on the cpu when
 * it reaches the model, so on a GPU the forward pass fails.
 */
#include "example.h"
#include <stdio.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    dt_module *model = NULL;
    dt_tensor *x = NULL, *y = NULL;
    float v[6];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    model = dt_linear(4, 2);
    CHECK(model);
    dt_module_to(model, dev);

    x = dt_randn(DT_SHAPE(3, 4));
    CHECK(x);
    dt_set_name(x, "x");
    dt_to(x, dev);                          /* the moved copy is thrown away */ // devcheck: discarded-transfer
    y = dt_forward(model, x);               /* x is still on the cpu */ // devcheck: device-mismatch // devtrace: device_mismatch
    CHECK(y);
    CHECK(dt_copy_to_host(y, v, sizeof v) == 0);
    printf("y = %.4f %.4f / %.4f %.4f / %.4f %.4f\n", v[0], v[1], v[2], v[3], v[4], v[5]);
    rc = 0;
done:
    dt_release(y);
    dt_release(x);
    dt_module_release(model);
    return rc;
}
