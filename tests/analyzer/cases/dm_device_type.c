/*
 * A test of a device's type field (`dt_device_of(x).type == DT_CUDA`, `!=`,
 * DT_CPU, or a local device's `.type`) refines like a DC_IS_CUDA test: on
 * each side x is on the GPU or on the cpu, so the side that forgot the
 * move is seen, and the side that needs none is quiet.  A device that is
 * either of two tensors' splits neither.
 */
#include <devtensor.h>

void type_field(bool moved)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x0 = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *x = moved ? dt_to(x0, dt_cuda(0)) : x0, *y, *z, *w;
    if (dt_device_of(x).type == DT_CUDA)
        y = dt_forward(model, x);               /* x is on the GPU here */
    else
        y = dt_forward(model, x); // devcheck: device-mismatch
    if (dt_device_of(x).type != DT_CPU)
        z = dt_forward(model, x);
    else
        z = dt_forward(model, dt_to(x, dt_cuda(0)));
    dt_device d = dt_device_of(x);
    if (DT_CPU == d.type)
        w = dt_forward(model, x); // devcheck: device-mismatch
    else
        w = dt_forward(model, x);
    dt_tensor *a = dt_randn(DT_SHAPE(3, 4)), *b = dt_randn(DT_SHAPE(3, 4)), *v;
    dt_device either = moved ? dt_device_of(a) : dt_device_of(b);
    if (either.type == DT_CUDA)                 /* says nothing of a alone */
        v = dt_forward(model, a); // devcheck: device-mismatch
    else
        v = dt_retain(b);
    dt_release(v);
    dt_release(w);
    dt_release(z);
    dt_release(y);
}
