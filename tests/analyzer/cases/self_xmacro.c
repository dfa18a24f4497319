/*
 * An X-macro file that includes itself, a different macro defined each
 * time: with FORWARD it is read again for its function, in which the list
 * of tensors at its end is read twice more, with TENSOR making each and
 * then releasing each.  The mistake is in the function of the second
 * reading.
 */
#if defined(TENSOR)

TENSOR(input, dt_cpu())
TENSOR(weight, dt_cuda(0))

#elif defined(FORWARD)

void forward(void)
{
#define TENSOR(name, device) dt_tensor *name = dt_to(dt_randn(DT_SHAPE(2, 2)), device);
#include __FILE__
#undef TENSOR
    dt_tensor *y = dt_matmul(input, weight); // devcheck: device-mismatch
    dt_release(y);
#define TENSOR(name, device) dt_release(name);
#include __FILE__
#undef TENSOR
}

#else

#include <devtensor.h>
#define FORWARD
#include __FILE__
#undef FORWARD

#endif
