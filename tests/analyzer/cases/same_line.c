/*
 * Findings of one rule on one line: each op is its own finding, at its own
 * column, whether the ops are side by side or one inside the other, and
 * whether their messages differ or not.  (The nested calls are written
 * without devtensor's macros: a macro's call inside another's argument is
 * placed at the outer macro, so the two would share a place.)
 */
#include <devtensor.h>

void side_by_side(void)
{
    dt_tensor *c = dt_randn(DT_SHAPE(2, 3)), *g = dt_randn_on(DT_SHAPE(2, 3), dt_cuda(0)), *s, *t;
    s = dt_add(c, g), t = dt_mul(g, c); // devcheck: device-mismatch, device-mismatch // devcheck-column: 9 // devcheck-column: 27
    dt_release(s);
    dt_release(t);
    s = dt_add(c, g), t = dt_add(c, g); // devcheck: device-mismatch, device-mismatch // devcheck-column: 9 // devcheck-column: 27
    dt_release(s);
    dt_release(t);
}

dt_tensor *nested(void)
{
    dt_tensor *c = dt_randn(DT_SHAPE(2, 3)), *g = dt_randn_on(DT_SHAPE(2, 3), dt_cuda(0));
    return dt_add_at(dt_mul_at(c, g, DT_HERE), g, DT_HERE); // devcheck: device-mismatch, device-mismatch // devcheck-column: 12 // devcheck-column: 22
}
