/*
 * Modules: a built-in network never moved, a loaded one (always on the cpu),
 * the device read back from a module, and a parameter pointer taken before
 * the move (it follows the module, as in PyTorch).
 */
#include <devtensor.h>

/* A sequential never moved, its input moved. */
dt_tensor *sequential_not_moved(void)
{
    dt_module *net = dt_sequential(dt_linear(4, 8), dt_relu_layer(), dt_linear(8, 2), NULL);
    dt_tensor *xg = dt_randn_on(DT_SHAPE(3, 4), dt_cuda(0));
    return dt_forward(net, xg); // devcheck: device-mismatch
}

/* dt_module_load lands on the cpu, whatever device the model was saved from. */
dt_tensor *loaded_not_moved(const char *path)
{
    dt_module *net = dt_module_load(path);
    dt_tensor *xg = dt_randn_on(DT_SHAPE(3, 4), dt_cuda(0));
    return dt_forward(net, xg); // devcheck: device-mismatch
}

/* The input sent to wherever the model is: no finding. */
dt_tensor *input_to_model_device(void)
{
    dt_module *net = dt_linear(4, 2);
    dt_module_to(net, dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));
    dt_tensor *xg = dt_to(x, dt_module_device(net));
    return dt_forward(net, xg);
}

/* w, taken before dt_module_to, follows the module to cuda:0. */
dt_tensor *param_follows_module(void)
{
    dt_module *lin = dt_linear(4, 2);
    dt_tensor *w = dt_module_get(lin, "weight");
    dt_module_to(lin, dt_cuda(0));
    dt_tensor *xg = dt_randn_on(DT_SHAPE(2, 4), dt_cuda(0));
    dt_tensor *x = dt_randn(DT_SHAPE(2, 4));
    dt_release(dt_matmul(w, xg));               /* both on cuda:0 */
    return dt_matmul(w, x); // devcheck: device-mismatch
}
