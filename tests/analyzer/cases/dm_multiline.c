/*
 * Where a finding goes: the line of the call's name, for a call that spans
 * lines or sits inside another call.  Its note says where the cpu operand
 * was created.
 */
#include <devtensor.h>

void locations(void)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *y = dt_forward(model, // devcheck: device-mismatch // devcheck-note: created on cpu
                              x);
    dt_release(dt_forward(model, x)); // devcheck: device-mismatch
    dt_release(y);
    dt_release(x);
    dt_module_release(model);
}
