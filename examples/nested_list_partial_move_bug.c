/*
 * Scenario 12, nested_list_partial_move (bug form).
 * A batch travels as a list {inputs, targets}.  It is moved by hand into a
 * new list, but only the inputs go through dt_to; the targets are pushed as
 * they are, so on a GPU the loss mixes cuda predictions with cpu targets.
 */
#include "example.h"
#include <stdio.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    dt_module *model = NULL;
    dt_list *batch = NULL, *moved = NULL;
    dt_tensor *inputs = NULL, *targets = NULL, *xg = NULL, *pred = NULL, *loss = NULL;

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    model = dt_linear(4, 2);
    CHECK(model);
    dt_module_to(model, dev);

    inputs = dt_randn(DT_SHAPE(3, 4));
    CHECK(inputs);
    targets = dt_randn(DT_SHAPE(3, 2));
    CHECK(targets);
    dt_set_name(targets, "targets");
    batch = dt_list_new();
    CHECK(batch);
    dt_list_push(batch, inputs);
    dt_list_push(batch, targets);

    moved = dt_list_new();
    CHECK(moved);
    xg = dt_to(dt_list_get(batch, 0), dev);
    CHECK(xg);
    dt_list_push(moved, xg);
    dt_list_push(moved, dt_list_get(batch, 1));    /* the targets were not moved */

    pred = dt_forward(model, dt_list_get(moved, 0));
    CHECK(pred);
    loss = dt_mse_loss(pred, dt_list_get(moved, 1)); // devcheck: device-mismatch // devtrace: device_mismatch
    CHECK(loss);
    printf("loss %.4f\n", dt_item(loss));
    rc = 0;
done:
    dt_release(loss);
    dt_release(pred);
    dt_release(xg);
    if (moved)
        dt_list_release(moved);
    if (batch)
        dt_list_release(batch);
    dt_release(targets);
    dt_release(inputs);
    dt_module_release(model);
    return rc;
}
