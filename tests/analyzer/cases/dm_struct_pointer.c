/*
 * A device held in a struct passed by pointer: one function moves the
 * model to c->dev, another uses it with c->mask, which nothing moved from
 * the cpu.  The fields' facts cross functions, so the mismatch is seen;
 * the mask moved with the model is quiet.
 */
#include <devtensor.h>

typedef struct {
    dt_device dev;
    dt_module *model;
    dt_tensor *mask;
} ctx;

static void ctx_init(ctx *c)
{
    c->dev = dt_cuda(0);
    c->model = dt_linear(4, 4);
    dt_module_to(c->model, c->dev);
    c->mask = dt_ones(DT_SHAPE(3, 4));          /* left on the cpu */
}

dt_tensor *ctx_step(ctx *c, dt_tensor *x)
{
    dt_tensor *xd = dt_to(x, c->dev);
    return dt_add(dt_forward(c->model, xd), c->mask); // devcheck: device-mismatch
}

typedef struct {
    dt_device dev;
    dt_module *model;
    dt_tensor *mask;
} fixed_ctx;

static void fixed_init(fixed_ctx *c)
{
    c->dev = dt_cuda(0);
    c->model = dt_linear(4, 4);
    dt_module_to(c->model, c->dev);
    c->mask = dt_to(dt_ones(DT_SHAPE(3, 4)), c->dev);
}

dt_tensor *fixed_step(fixed_ctx *c, dt_tensor *x)
{
    dt_tensor *xd = dt_to(x, c->dev);
    return dt_add(dt_forward(c->model, xd), c->mask);
}

void setup(ctx *c, fixed_ctx *f)
{
    ctx_init(c);
    fixed_init(f);
}
