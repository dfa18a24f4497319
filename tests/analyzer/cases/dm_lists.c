/*
 * Lists: dt_list_to moves every element; a list built by hand holds what was
 * pushed; dt_split's pieces stay on the device of what was split.
 */
#include <devtensor.h>

void lists(void)
{
    dt_device dev = dt_cuda(0);
    dt_tensor *x = dt_randn(DT_SHAPE(4, 4)), *y = dt_randn(DT_SHAPE(4, 4));
    dt_list *l = dt_list_new();
    dt_list_push(l, x);
    dt_list_push(l, y);
    dt_list *moved = dt_list_to(l, dev);
    dt_tensor *fine = dt_mse_loss(dt_list_get(moved, 0), dt_list_get(moved, 1));
    dt_tensor *bad = dt_mse_loss(dt_list_get(moved, 0), dt_list_get(l, 1)); // devcheck: device-mismatch

    dt_tensor *xg = dt_to(x, dev), *yg = dt_to(y, dev);
    dt_list *pieces = dt_split(xg, 2, 1);
    dt_tensor *sum = dt_add(dt_list_get(pieces, 0), dt_list_get(pieces, 1));
    dt_tensor *more = dt_mul(dt_list_get(pieces, 0), yg);
    dt_tensor *worse = dt_mul(dt_list_get(pieces, 1), y); // devcheck: device-mismatch
    dt_release(worse);
    dt_release(more);
    dt_release(sum);
    dt_release(bad);
    dt_release(fine);
    dt_list_release(pieces);
    dt_list_release(moved);
    dt_list_release(l);
}
