/*
 * Lists read with a loop index: a list moved whole with dt_list_to has
 * every element where it went, under any index; a list built by hand has,
 * under an index not known, whatever any of its elements may be.
 */
#include <devtensor.h>

void list_loop(void)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2), *stays = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_list *l = dt_list_new();
    for (int i = 0; i < 3; i++)
        dt_list_push(l, dt_randn(DT_SHAPE(3, 4)));
    dt_list *moved = dt_list_to(l, dev);
    for (size_t i = 0; i < 3; i++) {
        dt_tensor *y = dt_forward(model, dt_list_get(moved, i));
        dt_tensor *z = dt_forward(model, dt_list_get(l, i)); // devcheck: device-mismatch
        dt_tensor *w = dt_forward(stays, dt_list_get(moved, i)); // devcheck: device-mismatch
        dt_release(w);
        dt_release(z);
        dt_release(y);
    }
    dt_list_release(moved);
    dt_list_release(l);
}
