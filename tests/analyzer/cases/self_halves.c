/*
 * A file that includes itself, its halves told apart by its own macro: the
 * second half is the main file's text read again, a buffer of its own to
 * clang, and its functions are the file's as much as the first half's.
 * A mistake in either half is found.
 */
#ifndef SELF_HALVES_PART2
#define SELF_HALVES_PART2
#include <devtensor.h>

static dt_tensor *on_gpu(dt_tensor *t);

void first_half(void)
{
    dt_tensor *x = dt_randn(DT_SHAPE(2, 2));
    dt_tensor *xg = on_gpu(x);
    dt_tensor *bad = dt_add(x, xg); // devcheck: device-mismatch
    dt_release(bad);
    dt_release(xg);
    dt_release(x);
}

#include __FILE__

#else

/* Defined in the second half, called from the first: its summary holds. */
static dt_tensor *on_gpu(dt_tensor *t)
{
    return dt_to(t, dt_cuda(0));
}

void second_half(void)
{
    dt_tensor *x = dt_randn(DT_SHAPE(2, 2));
    dt_tensor *xg = dt_to(x, dt_cuda(0));
    dt_tensor *bad = dt_add(xg, x); // devcheck: device-mismatch
    dt_release(bad);
    dt_release(xg);
    dt_release(x);
}

#endif
