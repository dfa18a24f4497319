/*
 * A compile command whose -I is relative to its "directory": devcheck must
 * resolve it there, not in the folder devcheck was started from.  Without
 * the header the file does not parse.
 */
#include <devtensor.h>
#include "local.h"

dt_tensor *sum_on_two_devices(void)
{
    dt_tensor *g = dt_randn_on(DT_SHAPE(LOCAL_SIZE), dt_cuda(0));
    dt_tensor *c = dt_randn(DT_SHAPE(LOCAL_SIZE));
    return dt_add(g, c); // devcheck: device-mismatch
}
