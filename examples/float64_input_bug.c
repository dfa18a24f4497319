/*
 * Scenario 13, float64_input (bug form).
 * Host data kept as doubles (like a NumPy array) becomes a float64 tensor
 * with dt_from_f64; it is moved to the device and fed to a linear layer whose
 * weights are float32.  The dtypes clash on every device, the cpu included.
 */
#include "example.h"
#include <stdio.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    const double raw[6] = {0.5, -1.25, 2.0, 3.5, 0.0, -0.75};
    dt_module *model = NULL;
    dt_tensor *x64 = NULL, *xg = NULL, *y = NULL;
    float v[4];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    model = dt_linear(3, 2);
    CHECK(model);
    dt_module_to(model, dev);

    x64 = dt_from_f64(raw, DT_SHAPE(2, 3));         /* float64 */
    CHECK(x64);
    dt_set_name(x64, "x64");
    xg = dt_to(x64, dev);                           /* on the device, still float64 */
    CHECK(xg);
    y = dt_forward(model, xg);                      /* float32 weights */ // devcheck: dtype-mismatch // devtrace: dtype_mismatch
    CHECK(y);
    CHECK(dt_copy_to_host(y, v, sizeof v) == 0);
    printf("y = %.4f %.4f / %.4f %.4f\n", v[0], v[1], v[2], v[3]);
    rc = 0;
done:
    dt_release(y);
    dt_release(xg);
    dt_release(x64);
    dt_module_release(model);
    return rc;
}
