/* A C++ copy of examples/predict_input_on_cpu_bug.c (tests/analyzer/cpp): the same findings.
 *
 * Scenario 1, predict_input_on_cpu (bug form).
 * The model is moved to the device, but the input is built on the cpu and
 * handed to dt_forward as it is: on a GPU the first layer sees a cuda weight
 * and a cpu input, and the prediction fails.
 */
#include "example.h"
#include <stdint.h>
#include <stdio.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    dt_module *model = NULL;
    dt_tensor *x = NULL, *logits = NULL, *probs = NULL, *pred = NULL;
    float p[6];
    int64_t cls[2];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    model = dt_sequential(dt_linear(4, 8), dt_relu_layer(), dt_linear(8, 3), NULL);
    CHECK(model);
    dt_module_to(model, dev);

    x = dt_randn(DT_SHAPE(2, 4));           /* the input, on the cpu ... */
    CHECK(x);
    dt_set_name(x, "x");
    logits = dt_forward(model, x);          /* ... never moved to dev */ // devcheck: device-mismatch // devcheck-note: created on cpu // devtrace: device_mismatch
    CHECK(logits);
    probs = dt_softmax(logits, 1);
    CHECK(probs);
    pred = dt_argmax(probs, 1);
    CHECK(pred);

    CHECK(dt_copy_to_host(probs, p, sizeof p) == 0);
    CHECK(dt_copy_to_host(pred, cls, sizeof cls) == 0);
    for (int i = 0; i < 2; i++)
        printf("sample %d: class %lld, p = %.4f %.4f %.4f\n", i, (long long)cls[i],
               p[3 * i], p[3 * i + 1], p[3 * i + 2]);
    rc = 0;
done:
    dt_release(pred);
    dt_release(probs);
    dt_release(logits);
    dt_release(x);
    dt_module_release(model);
    return rc;
}
