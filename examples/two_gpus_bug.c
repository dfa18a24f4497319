/*
 * Scenario 19, two_gpus (bug form).
 * A model split over two GPUs: stage 1 on cuda:0, stage 2 on cuda:1.  The
 * activations of stage 1 (on cuda:0) go straight into stage 2, so with two
 * GPUs the forward pass fails.  With fewer, both stages run on the cpu.
 */
#include "example.h"
#include <stdio.h>

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    dt_device d0, d1;
    dt_module *stage1 = NULL, *stage2 = NULL;
    dt_tensor *x = NULL, *xg = NULL, *h = NULL, *out = NULL;
    float v[4];

    dt_manual_seed(0);
    if (dt_cuda_device_count() >= 2) {
        d0 = dt_cuda(0);
        d1 = dt_cuda(1);
    } else {
        fprintf(stderr, "fewer than two GPUs: running both stages on the cpu\n");
        d0 = d1 = dt_cpu();
    }

    stage1 = dt_sequential(dt_linear(4, 8), dt_relu_layer(), NULL);
    CHECK(stage1);
    stage2 = dt_linear(8, 2);
    CHECK(stage2);
    dt_module_to(stage1, d0);
    dt_module_to(stage2, d1);

    x = dt_randn(DT_SHAPE(2, 4));
    CHECK(x);
    xg = dt_to(x, d0);
    CHECK(xg);
    h = dt_forward(stage1, xg);
    CHECK(h);
    dt_set_name(h, "h");
    out = dt_forward(stage2, h);            /* h is still on d0 */ // devcheck: device-mismatch // devtrace: device_mismatch
    CHECK(out);
    CHECK(dt_copy_to_host(out, v, sizeof v) == 0);
    printf("out = %.4f %.4f / %.4f %.4f\n", v[0], v[1], v[2], v[3]);
    rc = 0;
done:
    dt_release(out);
    dt_release(h);
    dt_release(xg);
    dt_release(x);
    dt_module_release(stage2);
    dt_module_release(stage1);
    return rc;
}
