/*
 * Scenario 8, unregistered_weight (bug form).
 * A custom module keeps its weight in its own state struct and never
 * registers it, so dt_module_to cannot see it: the weight stays on the cpu
 * while the module and its input go to the device, and on a GPU the forward
 * pass fails.
 */
#include "example.h"
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    dt_tensor *weight;                      /* [in, out] */
} projection;

static dt_tensor *projection_forward(dt_module *self, dt_tensor *x)
{
    projection *st = dt_module_state(self);
    return dt_matmul(x, st->weight); // devtrace: device_mismatch
}

static void projection_free(void *state)
{
    projection *st = state;
    dt_release(st->weight);
    free(st);
}

int main(void) // devtrace-exit: 1
{
    int rc = 1;
    projection *st = NULL;
    dt_module *proj = NULL;
    dt_tensor *x = NULL, *xg = NULL, *y = NULL;
    float v[6];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    st = calloc(1, sizeof *st);
    if (!st || !(st->weight = dt_randn(DT_SHAPE(4, 2)))) {
        fprintf(stderr, "error: cannot make the projection's weight\n");
        free(st);
        return 1;
    }
    dt_set_name(st->weight, "weight");
    proj = dt_module_new("Projection", projection_forward, st);
    if (!proj)
        projection_free(st);
    CHECK(proj);
    dt_module_set_state_free(proj, projection_free);
    /* st->weight is never registered: dt_module_to will not move it */
    dt_module_to(proj, dev); // devcheck: unregistered-tensor

    x = dt_randn(DT_SHAPE(3, 4));
    CHECK(x);
    xg = dt_to(x, dev);
    CHECK(xg);
    dt_set_name(xg, "xg");
    y = dt_forward(proj, xg);
    CHECK(y);
    CHECK(dt_copy_to_host(y, v, sizeof v) == 0);
    printf("y = %.4f %.4f / %.4f %.4f / %.4f %.4f\n", v[0], v[1], v[2], v[3], v[4], v[5]);
    rc = 0;
done:
    dt_release(y);
    dt_release(xg);
    dt_release(x);
    dt_module_release(proj);
    return rc;
}
