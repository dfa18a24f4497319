/*
 * A function that does not parse: devcheck says where on stderr, after the
 * findings, as FILE:LINE:COL: note: 'broken' not analyzed: error: ...,
 * prints no finding for it, and exits 2.
 */
// devcheck-exit: 2
#include <devtensor.h>

void broken(void)
{
    dt_tensor *x = dt_randn(DT_SHAPE(2, 2)) // devcheck-error
    dt_release(x);
}
