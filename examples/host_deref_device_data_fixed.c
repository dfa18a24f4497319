/*
 * Scenario 18, host_deref_device_data (fixed form).
 * The tensor on the device is copied to a host buffer with dt_copy_to_host,
 * the host copy is edited, and a new tensor built from it is moved back to
 * the device: host code never touches device memory.
 */
#include "example.h"
#include <stdio.h>

int main(void)
{
    int rc = 1;
    dt_tensor *t = NULL, *edited = NULL, *tg = NULL, *s = NULL;
    float host[6];

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    t = dt_randn_on(DT_SHAPE(2, 3), dev);
    CHECK(t);
    CHECK(dt_copy_to_host(t, host, sizeof host) == 0);
    host[0] = 1.0f;                         /* edit the host copy */
    edited = dt_from_f32(host, DT_SHAPE(2, 3));
    CHECK(edited);
    tg = dt_to(edited, dev);                /* and send it back */
    CHECK(tg);

    s = dt_sum(tg);
    CHECK(s);
    printf("sum after setting t[0][0] = 1: %.4f\n", dt_item(s));
    rc = 0;
done:
    dt_release(s);
    dt_release(tg);
    dt_release(edited);
    dt_release(t);
    return rc;
}
