/*
 * dtype_mismatch (devtensor): float64 input into float32 weights, through
 * a linear layer (the runtime's own forward: the finding is at the
 * dt_forward call, the innermost line of this file) and through a custom
 * forward (the finding is at its dt_matmul).  The device is chosen as the
 * examples do; the mistake bites on every device.  The input and the custom
 * weight are made on the device; the linear layer's weights are moved there
 * from pageable memory, which is a warning of its own.
 */
#include <devtensor.h>
#include <stdio.h>

/* x times the module's weight, with no check of x's dtype.  Optimized, the
   call is a tail call: this frame is gone from the stack when the op fails,
   and the finding still belongs to this line. */
static dt_tensor *project_forward(dt_module *self, dt_tensor *x)
{
    return dt_matmul(x, dt_module_get(self, "weight")); // devtrace: dtype_mismatch
}

int main(void)
{
    int rc = 1;
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();
    dt_module *linear = dt_linear(3, 2), *project = dt_module_new("Project", project_forward, NULL);
    dt_tensor *w = dt_randn_on(DT_SHAPE(3, 2), dev), *x = dt_randn_on(DT_SHAPE(2, 3), dev);
    dt_tensor *x64 = x ? dt_to_dtype(x, DT_F64) : NULL, *y1 = NULL, *y2 = NULL;

    if (!linear || !project || !w || !x64) {
        printf("setup failed: %s\n", dt_last_error());
        goto done;
    }
    dt_module_add_param(project, "weight", w);
    dt_module_to(linear, dev);              /* a few bytes: no pageable_transfer warning */
    y1 = dt_forward(linear, x64); // devtrace: dtype_mismatch
    printf("linear: %s\n", y1 ? "succeeded" : dt_last_error());
    y2 = dt_forward(project, x64);
    printf("project: %s\n", y2 ? "succeeded" : dt_last_error());
    rc = y1 || y2;                          /* both must fail */
done:
    dt_release(y2);
    dt_release(y1);
    dt_release(x64);
    dt_release(x);
    dt_release(w);
    dt_module_release(project);
    dt_module_release(linear);
    return rc;
}
