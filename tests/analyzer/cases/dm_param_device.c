/*
 * A function that gets its device as a parameter: whether its operands
 * agree depends on the call.  The check waits for each call (through a
 * helper that passes the device on, too): a call with a GPU finds the
 * mismatch at its line in the callee; a call with the cpu alone would not.
 */
#include <devtensor.h>

static void train(dt_device dev)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_to(dt_randn(DT_SHAPE(3, 4)), dev);
    dt_tensor *y = dt_randn(DT_SHAPE(3, 2));
    dt_tensor *pred = dt_forward(model, x);
    dt_tensor *loss = dt_mse_loss(pred, y); // devcheck: device-mismatch
    dt_release(loss);
    dt_release(pred);
}

static void evaluate(dt_device dev)
{
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *pred = dt_forward(model, x); // devcheck: device-mismatch
    dt_release(pred);
}

static void evaluate_on(dt_device d)
{
    evaluate(d);
}

void run(void)
{
    train(dt_cpu());                            /* agrees: nothing to say */
    evaluate(dt_cpu());
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();
    train(dev);
    evaluate_on(dt_cuda(0));
}
