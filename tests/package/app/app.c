/*
 * A user's own program, built against an installed devtensor (by pkg-config
 * and by find_package): it must compile with the installed headers alone,
 * link, find the runtime at run time, and find the cuda plugin beside it.
 */
#include <devtensor.h>

#include <stdio.h>

int main(void)
{
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();
    dt_tensor *x = dt_ones(DT_SHAPE(2, 3));
    dt_tensor *xd = dt_to(x, dev);
    dt_tensor *y = xd ? dt_add(xd, xd) : NULL;
    dt_tensor *s = y ? dt_to(dt_sum(y), dt_cpu()) : NULL;
    if (!s) {
        fprintf(stderr, "%s\n", dt_last_error());
        return 1;
    }
    printf("sum %.1f on %s\n", dt_item(s), dt_device_name(dt_device_of(y)));
    dt_release(s);
    dt_release(y);
    dt_release(xd);
    dt_release(x);
    return 0;
}
