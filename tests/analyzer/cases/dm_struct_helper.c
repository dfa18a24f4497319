/*
 * A helper that moves the fields of a struct it is given by pointer: the
 * caller's fields are where the helper left them (its summary says what it
 * writes through the pointer), so the field it forgot is the one reported.
 */
#include <devtensor.h>

typedef struct {
    dt_tensor *x, *y;
} batch;

static void batch_to(batch *b, dt_device d)
{
    b->x = dt_to(b->x, d);                      /* y forgotten */
}

void train_step(dt_module *model_in)
{
    (void)model_in;
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    batch b;
    b.x = dt_randn(DT_SHAPE(3, 4));
    b.y = dt_randn(DT_SHAPE(3, 2));
    batch_to(&b, dev);
    dt_tensor *out = dt_forward(model, b.x);
    dt_tensor *loss = dt_mse_loss(out, b.y); // devcheck: device-mismatch
    dt_release(loss);
    dt_release(out);
}
