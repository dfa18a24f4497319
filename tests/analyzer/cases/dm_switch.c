/*
 * device-mismatch through a switch: a default that leaves x on the cpu makes
 * the use after it a "may be" finding; every case moving it makes none.
 */
#include <devtensor.h>

dt_tensor *default_not_moved(int k)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4)), *xs;
    switch (k) {
    case 0:
        xs = dt_to(x, dt_cuda(0));
        break;
    case 1:
        xs = dt_to(dt_pin_memory(x), dt_cuda(0));
        break;
    default:
        xs = x;
        break;
    }
    return dt_forward(model, xs); // devcheck: device-mismatch
}

dt_tensor *every_case_moves(int k)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4)), *xs;
    switch (k) {
    case 0:
        xs = dt_to(x, dt_cuda(0));
        break;
    default:
        xs = dt_to(dt_pin_memory(x), dt_cuda(0));
        break;
    }
    return dt_forward(model, xs);
}
