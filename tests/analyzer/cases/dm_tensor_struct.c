/*
 * A function of the program that makes a tensor struct itself (as the
 * runtime's own dt_view does): the memory it returns is the struct's, on
 * the host, and says nothing of the tensor's device.  Quiet.
 */
#include <devtensor.h>
#include <stdlib.h>

static dt_tensor *make_header(dt_tensor *like)
{
    (void)like;
    return calloc(1, 256);
}

dt_tensor *forward_input(dt_module *self, dt_tensor *x)
{
    dt_tensor *h = make_header(x);
    return dt_matmul(h, x);
}
