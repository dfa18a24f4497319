/*
 * device-mismatch in loops: a batch moved inside the body each time is fine;
 * one left on the cpu is found; a tensor that the body reassigns is judged
 * over every iteration, not just the first.
 */
#include <devtensor.h>

/* Each batch moved in the body, inputs and targets: no finding. */
void moved_each_step(dt_loader *loader)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(8, 4);
    dt_module_to(model, dev);
    dt_tensor *x, *y;
    while (dt_loader_next(loader, &x, &y)) {
        dt_tensor *xg = dt_to(x, dev), *yg = dt_to(y, dev);
        dt_tensor *pred = dt_forward(model, xg);
        dt_tensor *loss = dt_mse_loss(pred, yg);
        dt_release(loss);
        dt_release(pred);
        dt_release(yg);
        dt_release(xg);
        dt_release(y);
        dt_release(x);
    }
    dt_module_release(model);
}

/* The targets are never moved: the loss mixes devices. */
void targets_left_behind(dt_loader *loader)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(8, 4);
    dt_module_to(model, dev);
    dt_tensor *x, *y;
    while (dt_loader_next(loader, &x, &y)) {
        dt_tensor *xg = dt_to(x, dev);
        dt_tensor *pred = dt_forward(model, xg);
        dt_tensor *loss = dt_mse_loss(pred, y); // devcheck: device-mismatch
        dt_release(loss);
        dt_release(pred);
        dt_release(xg);
        dt_release(y);
        dt_release(x);
    }
    dt_module_release(model);
}

/* h starts on the device, but the body replaces it with a cpu tensor: from
   the second iteration on, the forward gets a cpu input. */
void reassigned_on_cpu(void)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 4);
    dt_module_to(model, dev);
    dt_tensor *h = dt_randn_on(DT_SHAPE(2, 4), dev);
    for (int i = 0; i < 3; i++) {
        dt_tensor *out = dt_forward(model, h); // devcheck: device-mismatch
        dt_release(out);
        dt_release(h);
        h = dt_randn(DT_SHAPE(2, 4));       /* no device given: the cpu */
    }
    dt_release(h);
    dt_module_release(model);
}

/* x moved at the end of the body: the first iteration's forward gets the cpu
   x.  One finding for the one op, however many iterations are looked at. */
dt_tensor *moved_at_end(int n)
{
    dt_module *model = dt_linear(4, 4);
    dt_module_to(model, dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    while (n-- > 0) {
        dt_tensor *y = dt_forward(model, x); // devcheck: device-mismatch
        dt_release(x);
        x = dt_to(y, dt_cuda(0));
        dt_release(y);
    }
    dt_module_release(model);
    return x;
}

/* The body replaces h with the forward's result, on the device: no finding. */
void reassigned_on_device(void)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 4);
    dt_module_to(model, dev);
    dt_tensor *h = dt_randn_on(DT_SHAPE(2, 4), dev);
    for (int i = 0; i < 3; i++) {
        dt_tensor *out = dt_forward(model, h);
        dt_release(h);
        h = out;
    }
    dt_release(h);
    dt_module_release(model);
}
