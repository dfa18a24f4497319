/*
 * A function that does not parse: devcheck says where on stderr, after the
 * findings, as compilers do (FILE:LINE:COL: error: ...), then the note
 * 'broken' not analyzed there; prints no finding for it, and exits 2.  No
 * CUDA is in it: the line on CUDA's headers is not said (CMakeLists.txt).
 */
// devcheck-exit: 2
#include <devtensor.h>

void broken(void)
{
    dt_tensor *x = dt_randn(DT_SHAPE(2, 2)) // devcheck-error: expected ';' // devcheck-unread: 'broken' not analyzed
    dt_release(x);
}
