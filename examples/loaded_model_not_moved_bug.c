/*
 * Scenario 3, loaded_model_not_moved (bug form).
 * A model trained on the device is saved and loaded back, and dt_module_load
 * always puts it on the cpu.  The input is moved to the device but the loaded
 * model is not, so on a GPU the forward pass mixes cuda and cpu tensors.
 */
#include "example.h"
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    bool saved = false;
    char path[64];
    dt_module *model = NULL, *loaded = NULL;
    dt_tensor *x = NULL, *xg = NULL, *out = NULL;
    float v[4];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();
    snprintf(path, sizeof path, "/tmp/loaded_model_%ld.dtm", (long)getpid());

    model = dt_sequential(dt_linear(4, 8), dt_relu_layer(), dt_linear(8, 2), NULL);
    CHECK(model);
    dt_module_to(model, dev);               /* trained on the device ... */
    CHECK(dt_module_save(model, path) == 0);
    saved = true;
    dt_module_release(model), model = NULL;

    loaded = dt_module_load(path);          /* lands on the cpu */
    CHECK(loaded);
    /* the loaded model stays on the cpu: dt_module_to(loaded, dev) is missing */

    x = dt_randn(DT_SHAPE(2, 4));
    CHECK(x);
    xg = dt_to(x, dev);
    CHECK(xg);
    dt_set_name(xg, "xg");
    out = dt_forward(loaded, xg); // devcheck: device-mismatch // devtrace: device_mismatch
    CHECK(out);
    CHECK(dt_copy_to_host(out, v, sizeof v) == 0);
    printf("out = %.4f %.4f / %.4f %.4f\n", v[0], v[1], v[2], v[3]);
    rc = 0;
done:
    dt_release(out);
    dt_release(xg);
    dt_release(x);
    dt_module_release(loaded);
    dt_module_release(model);
    if (saved)
        remove(path);
    return rc;
}
