/*
 * A mistake inside a function of the project's header (helpers.h) is said
 * at its line in the header, as a compiler says an error there; one in a
 * library's header (library/vendor.h, on -isystem) is not.
 */
#include "helpers.h"
#include <vendor.h>

dt_tensor *first_step(void)
{
    dt_tensor *x = dt_randn_on(DT_SHAPE(4), dt_cuda(0));
    dt_tensor *y = bias_step(x);
    dt_release(x);
    dt_release(vendor_step());
    return y;
}
