/*
 * Scenario 4, labels_not_moved (bug form).
 * Each batch of images is moved to the device, but its labels are not: the
 * forward pass works, and then on a GPU the loss mixes cuda logits with cpu
 * labels and fails.
 */
#include "example.h"
#include <stdint.h>
#include <stdio.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1, step = 0;
    const int64_t classes[6] = {2, 0, 1, 1, 2, 0};
    dt_tensor *data = NULL, *targets = NULL, *images = NULL, *labels = NULL;
    dt_tensor *imgs = NULL, *logits = NULL, *loss = NULL;
    dt_dataset *ds = NULL;
    dt_loader *loader = NULL;
    dt_module *model = NULL;

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    data = dt_randn(DT_SHAPE(6, 10));
    CHECK(data);
    targets = dt_from_i64(classes, DT_SHAPE(6));
    CHECK(targets);
    ds = dt_dataset_new(data, targets);
    CHECK(ds);
    loader = dt_loader_new(ds, 3, false, false);
    CHECK(loader);
    model = dt_linear(10, 3);
    CHECK(model);
    dt_module_to(model, dev);

    while (dt_loader_next(loader, &images, &labels)) {
        imgs = dt_to(images, dev);
        CHECK(imgs);
        logits = dt_forward(model, imgs);
        CHECK(logits);
        loss = dt_cross_entropy(logits, labels);   /* labels still on the cpu */ // devcheck: device-mismatch // devtrace: device_mismatch
        CHECK(loss);
        printf("batch %d: loss %.4f\n", step++, dt_item(loss));
        dt_release(loss), loss = NULL;
        dt_release(logits), logits = NULL;
        dt_release(imgs), imgs = NULL;
        dt_release(labels), labels = NULL;
        dt_release(images), images = NULL;
    }
    rc = 0;
done:
    dt_release(loss);
    dt_release(logits);
    dt_release(imgs);
    dt_release(labels);
    dt_release(images);
    dt_module_release(model);
    if (loader)
        dt_loader_free(loader);
    if (ds)
        dt_dataset_free(ds);
    dt_release(targets);
    dt_release(data);
    return rc;
}
