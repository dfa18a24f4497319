/*
 * A file that includes itself by its own name, guarded by its own macro:
 * the first reading declares, the second (the same file, read again by
 * the #include) defines the function with the mistake.
 */
#ifndef SELF_BY_NAME_DEFINE
#include <devtensor.h>

void scale_on_gpu(void);

#define SELF_BY_NAME_DEFINE
#include "self_by_name.c"

#else

void scale_on_gpu(void)
{
    dt_tensor *x = dt_randn(DT_SHAPE(2, 2));
    dt_tensor *w = dt_to(dt_randn(DT_SHAPE(2, 2)), dt_cuda(0));
    dt_tensor *y = dt_mul(w, x); // devcheck: device-mismatch
    dt_release(y);
    dt_release(w);
    dt_release(x);
}

#endif
