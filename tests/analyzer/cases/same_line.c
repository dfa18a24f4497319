/*
 * Findings of one rule on one line: each op is its own finding, at its own
 * column, whether the ops are side by side or one inside the other, and
 * whether their messages differ or not.  (The nested calls are written
 * without devtensor's macros: a macro's call inside another's argument is
 * placed at the outer macro, so the two would share a place.)  So are the
 * checks a helper defers to its callers, each judged with its own operands.
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

static void helper(dt_tensor *a, dt_tensor *b, dt_tensor *c)
{
    dt_tensor *x = dt_add(a, b), *y = dt_add(a, c); // devcheck: device-mismatch // devcheck-column: 39
    dt_release(x);
    dt_release(y);
}

void calls_helper(void)
{
    dt_tensor *c = dt_randn(DT_SHAPE(2, 3)), *g = dt_randn_on(DT_SHAPE(2, 3), dt_cuda(0));
    helper(c, c, g);
}
