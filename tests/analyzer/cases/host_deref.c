/*
 * host-deref: the memory dt_data returns for a tensor on a GPU is device
 * memory, and host code may neither read nor write it.  For a cpu tensor, or
 * one of unknown device, it is quiet.
 */
#include <devtensor.h>

float device_data(void)
{
    dt_tensor *t = dt_randn_on(DT_SHAPE(2, 3), dt_cuda(0));
    float *p = dt_data(t);
    p[0] = 1.0f; // devcheck: host-deref
    float v = p[1]; // devcheck: host-deref
    *p += v; // devcheck: host-deref
    float *q = p + 1;                           /* still device memory */
    v += q[1]; // devcheck: host-deref
    dt_release(t);
    return v;
}

float host_data(dt_tensor *unknown)
{
    dt_tensor *t = dt_randn(DT_SHAPE(2, 3));
    float *p = dt_data(t);                      /* cpu memory */
    p[0] = 1.0f;
    float *q = dt_data(unknown);
    float v = q[0];                             /* unknown device */
    dt_tensor *tg = dt_to(t, dt_cuda(0));
    float host[6];
    if (dt_copy_to_host(tg, host, sizeof host) == 0)   /* the right way */
        v += host[0];
    dt_release(tg);
    dt_release(t);
    return v;
}
