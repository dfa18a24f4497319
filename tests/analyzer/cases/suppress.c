/*
 * Suppression: `// devcheck-ignore` or `// devcheck-ignore(host-deref)` on
 * the finding's line, or alone on the line above, silences it.  Another
 * rule's id does not, nor a comment two lines above.
 */
#include <devtensor.h>

void suppressed(void)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));

    dt_tensor *a = dt_forward(model, x);       // devcheck-ignore
    dt_tensor *b = dt_forward(model, x);       // devcheck-ignore(device-mismatch)
    // devcheck-ignore
    dt_tensor *c = dt_forward(model, x);
    // devcheck-ignore(device-mismatch)
    dt_tensor *d = dt_forward(model, x);
    dt_to(x, dev);                              // devcheck-ignore(discarded-transfer)

    dt_tensor *e = dt_forward(model, x);       // devcheck-ignore(host-deref) // devcheck: device-mismatch
    // devcheck-ignore(discarded-transfer)
    dt_tensor *f = dt_forward(model, x); // devcheck: device-mismatch
    // devcheck-ignore

    dt_tensor *g = dt_forward(model, x); // devcheck: device-mismatch

    dt_release(g);
    dt_release(f);
    dt_release(e);
    dt_release(d);
    dt_release(c);
    dt_release(b);
    dt_release(a);
}
