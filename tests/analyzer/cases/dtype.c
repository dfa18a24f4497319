/*
 * dtype-mismatch: float64 and float32 tensors in one op.  f64 comes from
 * dt_from_f64 or dt_to_dtype(x, DT_F64); converting back to DT_F32 fixes it;
 * i64 labels are what a loss wants.
 */
#include <devtensor.h>
#include <stdint.h>

static const double raw[6] = { 0.5, -1.25, 2.0, 3.5, 0.0, -0.75 };
static const int64_t classes[2] = { 1, 0 };

void dtypes(void)
{
    dt_module *model = dt_linear(3, 2);                 /* float32 weights */
    dt_tensor *x64 = dt_from_f64(raw, DT_SHAPE(2, 3));
    dt_tensor *a = dt_forward(model, x64); // devcheck: dtype-mismatch // devcheck-fix: dt_to_dtype(x64, DT_F32)

    dt_tensor *x = dt_randn(DT_SHAPE(2, 3));
    dt_tensor *xd = dt_to_dtype(x, DT_F64);
    dt_tensor *b = dt_add(xd, x); // devcheck: dtype-mismatch // devcheck-fix: dt_to_dtype(x, DT_F64)

    dt_tensor *x32 = dt_to_dtype(x64, DT_F32);
    dt_tensor *c = dt_forward(model, x32);              /* converted back */
    dt_tensor *d = dt_add(x64, xd);                     /* both float64 */
    dt_tensor *e = dt_mul(x64, dt_zeros_like(x64));     /* like x64: float64 */
    dt_tensor *labels = dt_from_i64(classes, DT_SHAPE(2));
    dt_tensor *loss = dt_cross_entropy(c, labels);      /* i64 labels are right */

    dt_release(loss);
    dt_release(labels);
    dt_release(e);
    dt_release(d);
    dt_release(c);
    dt_release(x32);
    dt_release(b);
    dt_release(xd);
    dt_release(x);
    dt_release(a);
    dt_release(x64);
    dt_module_release(model);
}

/* Moving to a device keeps the dtype. */
dt_tensor *moved_still_f64(void)
{
    dt_module *model = dt_linear(3, 2);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x64 = dt_from_f64(raw, DT_SHAPE(2, 3));
    dt_tensor *xg = dt_to(x64, dt_cuda(0));
    return dt_forward(model, xg); // devcheck: dtype-mismatch
}

/* Wrong device and wrong dtype at once: two rules, two findings. */
dt_tensor *both_wrong(void)
{
    dt_tensor *x64 = dt_from_f64(raw, DT_SHAPE(2, 3));
    dt_tensor *w = dt_randn_on(DT_SHAPE(2, 3), dt_cuda(0));
    return dt_add(x64, w); // devcheck: device-mismatch, dtype-mismatch
}
