/*
 * Evidence only: a tensor, module or device that devcheck cannot see the
 * origin of is unknown, and unknown is never a finding.  No findings here.
 */
#include <devtensor.h>

dt_tensor *mystery(void);                   /* defined elsewhere */
dt_device pick_device(void);
void prepare(dt_module *m);                 /* may move m: unknown */

void unknowns(dt_tensor *param, dt_module *given)
{
    dt_shape s = DT_SHAPE(2, 2);
    dt_tensor *g = dt_randn_on(s, dt_cuda(0));
    dt_tensor *a = dt_add(param, g);            /* a parameter: any device */
    dt_tensor *m = mystery();
    dt_tensor *b = dt_add(m, g);                /* an unknown function's result */
    dt_tensor *c = dt_randn(s);
    dt_tensor *u = dt_to(c, pick_device());     /* an unknown device */
    dt_tensor *d = dt_add(u, g);
    dt_tensor *e = dt_forward(given, c);        /* a module of unknown device */
    dt_module *made = dt_linear(2, 2);
    prepare(made);                              /* after this, made is unknown */
    dt_tensor *f = dt_forward(made, g);
    dt_release(f);
    dt_module_release(made);
    dt_release(e);
    dt_release(d);
    dt_release(u);
    dt_release(c);
    dt_release(b);
    dt_release(m);
    dt_release(a);
    dt_release(g);
}
