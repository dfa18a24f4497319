/*
 * Scenario 15, custom_linear_input_on_cpu (bug form).
 * A hand-written linear module registers its weight and bias, so moving it
 * with dt_module_to works; but the input is left on the cpu, and on a GPU the
 * matmul inside the forward pass fails.
 */
#include "example.h"
#include <stdint.h>
#include <stdio.h>

/* y = x W^T + b, with W [out, in] and b [out] as in nn.Linear. */
static dt_tensor *my_linear_forward(dt_module *self, dt_tensor *x)
{
    dt_tensor *wt = dt_transpose(dt_module_get(self, "weight"));
    dt_tensor *h = wt ? dt_matmul(x, wt) : NULL; // devtrace: device_mismatch
    dt_tensor *y = h ? dt_add(h, dt_module_get(self, "bias")) : NULL;
    dt_release(h);
    dt_release(wt);
    return y;
}

static dt_module *my_linear(int64_t in, int64_t out)
{
    dt_module *m = dt_module_new("MyLinear", my_linear_forward, NULL);
    dt_tensor *w = dt_randn(DT_SHAPE(out, in));
    dt_tensor *b = dt_randn(DT_SHAPE(out));
    if (m && w && b) {
        dt_module_add_param(m, "weight", w);
        dt_module_add_param(m, "bias", b);
    } else if (m) {
        dt_module_release(m), m = NULL;
    }
    dt_release(w);
    dt_release(b);
    return m;
}

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    dt_module *fc = NULL;
    dt_tensor *x = NULL, *y = NULL;
    float v[6];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    fc = my_linear(5, 3);
    CHECK(fc);
    dt_module_to(fc, dev);                  /* weight and bias are registered: both move */

    x = dt_randn(DT_SHAPE(2, 5));
    CHECK(x);
    dt_set_name(x, "x");
    y = dt_forward(fc, x);                  /* x was never moved */ // devcheck: device-mismatch
    CHECK(y);
    CHECK(dt_copy_to_host(y, v, sizeof v) == 0);
    printf("y = %.4f %.4f %.4f / %.4f %.4f %.4f\n", v[0], v[1], v[2], v[3], v[4], v[5]);
    rc = 0;
done:
    dt_release(y);
    dt_release(x);
    dt_module_release(fc);
    return rc;
}
