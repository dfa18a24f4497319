/* A C++ copy of examples/cnn_not_moved_bug.c (tests/analyzer/cpp): the same findings.
 *
 * Scenario 5, cnn_not_moved (bug form).
 * A small conv / pool / linear network is built as a sequential of children
 * and never moved to the device; the images are.  On a GPU the first
 * convolution gets cuda images and cpu weights.
 */
#include "example.h"
#include <stdint.h>
#include <stdio.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    dt_module *net = NULL;
    dt_tensor *images = NULL, *imgs = NULL, *logits = NULL, *pred = NULL;
    float v[20];
    int64_t cls[2];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    /* [2,1,8,8] -> conv 3x3 -> [2,4,6,6] -> pool 2 -> [2,4,3,3] -> [2,36] -> [2,10] */
    net = dt_sequential(dt_conv2d(1, 4, 3), dt_maxpool2d(2, 2), dt_relu_layer(),
                        dt_flatten_layer(), dt_linear(36, 10), NULL);
    CHECK(net);
    /* dt_module_to(net, dev) is missing: every weight stays on the cpu */

    images = dt_randn(DT_SHAPE(2, 1, 8, 8));
    CHECK(images);
    imgs = dt_to(images, dev);
    CHECK(imgs);
    dt_set_name(imgs, "imgs");
    logits = dt_forward(net, imgs); // devcheck: device-mismatch // devtrace: device_mismatch
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
