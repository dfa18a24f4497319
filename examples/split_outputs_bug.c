/*
 * Scenario 11, split_outputs (both forms are correct).
 * A forward returns the pieces of dt_split of the trunk's output.  The pieces
 * stay on the device of what was split, so the targets made on dev with
 * dt_zeros_on match them.  No finding is allowed here.
 */
#include "example.h"
#include <stdio.h>

/* A shared trunk whose [N,4] output is split into two heads of [N,2]. */
static dt_list *two_heads_forward(dt_module *trunk, dt_tensor *x)
{
    dt_tensor *h = dt_forward(trunk, x);
    if (!h)
        return NULL;
    dt_list *heads = dt_split(h, 2, 1);
    dt_release(h);
    return heads;
}

int main(void)
{
    int rc = 1;
    dt_module *trunk = NULL;
    dt_list *heads = NULL;
    dt_tensor *x = NULL, *xg = NULL, *a, *b, *ta = NULL, *tb = NULL;
    dt_tensor *la = NULL, *lb = NULL, *loss = NULL;

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    trunk = dt_sequential(dt_linear(3, 8), dt_relu_layer(), dt_linear(8, 4), NULL);
    CHECK(trunk);
    dt_module_to(trunk, dev);

    x = dt_randn(DT_SHAPE(5, 3));
    CHECK(x);
    xg = dt_to(x, dev);
    CHECK(xg);
    heads = two_heads_forward(trunk, xg);
    CHECK(heads && dt_list_len(heads) == 2);
    a = dt_list_get(heads, 0);              /* borrowed */
    b = dt_list_get(heads, 1);
    ta = dt_zeros_on(dt_shape_of(a), dev);
    CHECK(ta);
    tb = dt_zeros_on(dt_shape_of(b), dev);
    CHECK(tb);
    la = dt_mse_loss(a, ta);
    CHECK(la);
    lb = dt_mse_loss(b, tb);
    CHECK(lb);
    loss = dt_add(la, lb);
    CHECK(loss);
    printf("head a %.4f, head b %.4f, total %.4f\n", dt_item(la), dt_item(lb), dt_item(loss));
    rc = 0;
done:
    dt_release(loss);
    dt_release(lb);
    dt_release(la);
    dt_release(tb);
    dt_release(ta);
    if (heads)
        dt_list_release(heads);
    dt_release(xg);
    dt_release(x);
    dt_module_release(trunk);
    return rc;
}
