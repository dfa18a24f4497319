/* An installed library's header (on -isystem): its code is not the
   project's, and its findings are not said, as a compiler keeps quiet in a
   system header. */
#include <devtensor.h>

static inline dt_tensor *vendor_step(void)
{
    dt_tensor *a = dt_randn(DT_SHAPE(3));
    dt_tensor *b = dt_randn_on(DT_SHAPE(3), dt_cuda(0));
    return dt_add(a, b);
}
