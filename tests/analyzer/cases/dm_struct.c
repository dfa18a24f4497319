/*
 * device-mismatch through struct fields: nested (s.inner.t), through a
 * pointer (p->m.w), and field by field (two instances of one struct are two
 * places); a whole-struct assignment copies every field.
 */
#include <devtensor.h>
#include <stdlib.h>

struct inner { dt_tensor *t; };
struct batch { struct inner inner; dt_tensor *labels; };
struct parts { struct { dt_tensor *w; } m; dt_module *net; };

/* A nested field, never moved, fed to a moved model. */
dt_tensor *nested_field_not_moved(void)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    struct batch b;
    b.inner.t = dt_randn(DT_SHAPE(3, 4));
    return dt_forward(model, b.inner.t); // devcheck: device-mismatch
}

/* The field replaced by its moved copy: no finding. */
dt_tensor *nested_field_moved(void)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dt_cuda(0));
    struct batch b;
    b.inner.t = dt_randn(DT_SHAPE(3, 4));
    b.inner.t = dt_to(b.inner.t, dt_cuda(0));
    return dt_forward(model, b.inner.t);
}

/* Through a pointer: p->m.w is on cuda:0; with itself it is fine, with a cpu
   tensor it is not. */
dt_tensor *pointer_field(void)
{
    struct parts *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->m.w = dt_randn_on(DT_SHAPE(4, 4), dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(2, 4));
    dt_release(dt_matmul(p->m.w, p->m.w));
    return dt_matmul(x, p->m.w); // devcheck: device-mismatch
}

/* Two instances: a's field is on the cpu, b's on the device. */
dt_tensor *two_instances(void)
{
    struct batch a, b;
    dt_tensor *g = dt_randn_on(DT_SHAPE(3, 4), dt_cuda(0));
    a.inner.t = dt_randn(DT_SHAPE(3, 4));
    b.inner.t = dt_randn_on(DT_SHAPE(3, 4), dt_cuda(0));
    dt_release(dt_add(b.inner.t, g));
    return dt_add(a.inner.t, g); // devcheck: device-mismatch
}

/* b = a: b's field is a's tensor now, on cuda:0.  No finding. */
dt_tensor *struct_assignment(void)
{
    struct batch a, b;
    a.inner.t = dt_randn_on(DT_SHAPE(3, 4), dt_cuda(0));
    b.inner.t = dt_randn(DT_SHAPE(3, 4));
    dt_release(b.inner.t);
    b = a;
    return dt_add(b.inner.t, a.inner.t);
}
