/* The project's own header: its functions' findings are said where they
   are, once, however many files include it (first.c, second.c). */
#include <devtensor.h>

static inline dt_tensor *bias_step(dt_tensor *x)
{
    dt_tensor *bias = dt_zeros(dt_shape_of(x));
    dt_tensor *gpu_bias = dt_to(bias, dt_cuda(0));
    dt_tensor *y = dt_add(x, gpu_bias);
    dt_tensor *noise = dt_randn(DT_SHAPE(4));
    dt_tensor *on_gpu = dt_randn_on(DT_SHAPE(4), dt_cuda(0));
    dt_tensor *wrong = dt_add(on_gpu, noise); // devcheck: device-mismatch
    dt_release(bias), dt_release(gpu_bias), dt_release(noise), dt_release(on_gpu);
    dt_release(wrong);
    return y;
}

/* Never called from a file named: never walked, nothing said. */
static inline dt_tensor *unused_step(void)
{
    return dt_add(dt_randn(DT_SHAPE(2)), dt_randn_on(DT_SHAPE(2), dt_cuda(0)));
}
