/*
 * Findings inside a user's macros are reported at the line that uses the
 * macro.
 */
#include <devtensor.h>

#define ADD(a, b) dt_add((a), (b))
#define TO_GPU(t) dt_to((t), dt_cuda(0))

void macros(void)
{
    dt_tensor *x = dt_randn(DT_SHAPE(2, 2));
    dt_tensor *xg = TO_GPU(x);
    dt_tensor *fine = ADD(xg, xg);              /* both on cuda:0 */
    dt_tensor *bad = ADD(x, xg); // devcheck: device-mismatch
    TO_GPU(x); // devcheck: discarded-transfer
    dt_release(bad);
    dt_release(fine);
    dt_release(xg);
    dt_release(x);
}
