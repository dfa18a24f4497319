/* A C++ copy of examples/cnn_not_moved_fixed.c (tests/analyzer/cpp): the same findings.
 *
 * Scenario 5, cnn_not_moved (fixed form).
 * The network is moved with one dt_module_to on the parent, and the program
 * checks that this moved every child's weight and bias (exit 1 if not)
 * before it runs the images through.
 */
#include "example.h"
#include <stdint.h>
#include <stdio.h>

int main(void)
{
    int rc = 1, weights = 0;
    char name[16];
    dt_module *net = NULL, *child;
    dt_tensor *images = NULL, *imgs = NULL, *logits = NULL, *pred = NULL;
    float v[20];
    int64_t cls[2];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    /* [2,1,8,8] -> conv 3x3 -> [2,4,6,6] -> pool 2 -> [2,4,3,3] -> [2,36] -> [2,10] */
    net = dt_sequential(dt_conv2d(1, 4, 3), dt_maxpool2d(2, 2), dt_relu_layer(),
                        dt_flatten_layer(), dt_linear(36, 10), NULL);
    CHECK(net);
    dt_module_to(net, dev);                 /* moves the children too */

    for (int i = 0;; i++) {                 /* children "0", "1", ... */
        snprintf(name, sizeof name, "%d", i);
        if (!(child = dt_module_child(net, name)))
            break;
        const char *params[2] = {"weight", "bias"};
        for (int j = 0; j < 2; j++) {
            dt_tensor *p = dt_module_get(child, params[j]);
            if (!p)
                continue;
            weights += j == 0;
            if (!dt_device_equal(dt_device_of(p), dev)) {
                fprintf(stderr, "error: child %s: %s is on %s, not on %s\n", name, params[j],
                        dt_device_name(dt_device_of(p)), dt_device_name(dev));
                goto done;
            }
        }
    }
    if (weights != 2) {
        fprintf(stderr, "error: expected 2 children with a weight, found %d\n", weights);
        goto done;
    }

    images = dt_randn(DT_SHAPE(2, 1, 8, 8));
    CHECK(images);
    imgs = dt_to(images, dev);
    CHECK(imgs);
    logits = dt_forward(net, imgs);
    CHECK(logits);
    pred = dt_argmax(logits, 1);
    CHECK(pred);

    CHECK(dt_copy_to_host(logits, v, sizeof v) == 0);
    CHECK(dt_copy_to_host(pred, cls, sizeof cls) == 0);
    for (int i = 0; i < 2; i++)
        printf("image %d: class %lld, logits %.4f %.4f %.4f ...\n", i, (long long)cls[i],
               v[10 * i], v[10 * i + 1], v[10 * i + 2]);
    rc = 0;
done:
    dt_release(pred);
    dt_release(logits);
    dt_release(imgs);
    dt_release(images);
    dt_module_release(net);
    return rc;
}
