/*
 * What each transfer leaves where: dt_pin_memory stays on the cpu,
 * dt_to_dtype keeps the device, dt_to(t, dt_cpu()) comes back to the cpu,
 * and the _like creators follow their argument.
 */
#include <devtensor.h>

void transfers(void)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));

    dt_tensor *pinned = dt_pin_memory(x);       /* page-locked, still the cpu */
    dt_tensor *a = dt_forward(model, pinned); // devcheck: device-mismatch

    dt_tensor *xg = dt_to(x, dt_cuda(0));
    dt_tensor *xg32 = dt_to_dtype(xg, DT_F32);  /* still on cuda:0 */
    dt_tensor *b = dt_forward(model, xg32);

    dt_tensor *back = dt_to(xg, dt_cpu());      /* home again */
    dt_tensor *c = dt_forward(model, back); // devcheck: device-mismatch

    dt_tensor *z = dt_zeros_like(xg);           /* on cuda:0, like xg */
    dt_tensor *d = dt_forward(model, z);

    dt_release(d);
    dt_release(z);
    dt_release(c);
    dt_release(back);
    dt_release(b);
    dt_release(xg32);
    dt_release(xg);
    dt_release(a);
    dt_release(pinned);
    dt_release(x);
    dt_module_release(model);
}
