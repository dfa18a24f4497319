/*
 * Scenario 2, loader_batch_not_moved (bug form).
 * The training loop gets each batch from a helper that is meant to put it on
 * the model's device, but the helper only passes on what the loader yields:
 * cpu batches reach a model that lives on the device.
 */
#include "example.h"
#include <stdint.h>
#include <stdio.h>

/* The next batch, on dev: 1, or 0 at the end of the data, -1 on error. */
static int next_batch(dt_loader *loader, dt_device dev, dt_tensor **x, dt_tensor **y)
{
    (void)dev;                              /* the move was never written */
    return dt_loader_next(loader, x, y) ? 1 : 0;
}

int main(void) // devtrace-exit: 1
{
    int rc = 1, got, step = 0;
    const int64_t lab[8] = {0, 1, 2, 0, 1, 2, 0, 1};
    dt_tensor *data = NULL, *labels = NULL, *x = NULL, *y = NULL, *logits = NULL, *loss = NULL;
    dt_dataset *ds = NULL;
    dt_loader *loader = NULL;
    dt_module *model = NULL;

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    data = dt_randn(DT_SHAPE(8, 4));
    CHECK(data);
    labels = dt_from_i64(lab, DT_SHAPE(8));
    CHECK(labels);
    ds = dt_dataset_new(data, labels);
    CHECK(ds);
    loader = dt_loader_new(ds, 4, false, false);
    CHECK(loader);
    model = dt_linear(4, 3);
    CHECK(model);
    dt_module_to(model, dev);

    while ((got = next_batch(loader, dev, &x, &y)) > 0) {
        logits = dt_forward(model, x); // devcheck: device-mismatch // devtrace: device_mismatch
        CHECK(logits);
        loss = dt_cross_entropy(logits, y);
        CHECK(loss);
        printf("batch %d: loss %.4f\n", step++, dt_item(loss));
        dt_release(loss), loss = NULL;
        dt_release(logits), logits = NULL;
        dt_release(x), x = NULL;
        dt_release(y), y = NULL;
    }
    CHECK(got == 0);
    rc = 0;
done:
    dt_release(loss);
    dt_release(logits);
    dt_release(x);
    dt_release(y);
    dt_module_release(model);
    if (loader)
        dt_loader_free(loader);
    if (ds)
        dt_dataset_free(ds);
    dt_release(labels);
    dt_release(data);
    return rc;
}
