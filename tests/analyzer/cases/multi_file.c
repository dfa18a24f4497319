/*
 * A file with a finding.  Alone it exits 1; devcheck.multi_file also runs it
 * together with syntax_error.c, which does not parse: then the exit status is
 * 2, and this file's finding is still printed.
 */
#include <devtensor.h>

dt_tensor *stale(void)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    return dt_forward(model, x); // devcheck: device-mismatch
}
