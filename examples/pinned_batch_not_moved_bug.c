/*
 * Scenario 14, pinned_batch_not_moved (bug form).
 * The loader is created with pin_memory on, which only puts each batch in
 * page-locked host memory for a faster copy; the copy itself is never made.
 * The batches reach the model on the cpu and on a GPU the forward pass fails.
 */
#include "example.h"
#include <stdio.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1, step = 0;
    dt_tensor *data = NULL, *targets = NULL, *x = NULL, *y = NULL;
    dt_tensor *pred = NULL, *loss = NULL;
    dt_dataset *ds = NULL;
    dt_loader *loader = NULL;
    dt_module *model = NULL;

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    data = dt_randn(DT_SHAPE(12, 8));
    CHECK(data);
    targets = dt_randn(DT_SHAPE(12, 4));
    CHECK(targets);
    ds = dt_dataset_new(data, targets);
    CHECK(ds);
    loader = dt_loader_new(ds, 4, false, true);    /* pin_memory on */
    CHECK(loader);
    model = dt_linear(8, 4);
    CHECK(model);
    dt_module_to(model, dev);

    while (dt_loader_next(loader, &x, &y)) {
        /* pinned, but still on the cpu: no dt_to here */
        pred = dt_forward(model, x); // devcheck: device-mismatch // devtrace: device_mismatch
        CHECK(pred);
        loss = dt_mse_loss(pred, y);
        CHECK(loss);
        printf("batch %d: loss %.4f\n", step++, dt_item(loss));
        dt_release(loss), loss = NULL;
        dt_release(pred), pred = NULL;
        dt_release(y), y = NULL;
        dt_release(x), x = NULL;
    }
    rc = 0;
done:
    dt_release(loss);
    dt_release(pred);
    dt_release(y);
    dt_release(x);
    dt_module_release(model);
    if (loader)
        dt_loader_free(loader);
    if (ds)
        dt_dataset_free(ds);
    dt_release(targets);
    dt_release(data);
    return rc;
}
