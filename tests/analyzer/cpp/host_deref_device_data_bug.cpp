/* A C++ copy of examples/host_deref_device_data_bug.c (tests/analyzer/cpp): the same findings.
 *
 * Scenario 18, host_deref_device_data (bug form).
 * The program takes dt_data(t) of a tensor on the device and writes through
 * the pointer from host code.  On the cpu that works; on a GPU the pointer is
 * device memory and the host write faults (or silently corrupts).
 */
#include "example.h"
#include <stdio.h>

int main(void) // devtrace-exit: SIGSEGV
{
    int rc = 1;
    dt_tensor *t = NULL, *s = NULL;
    float *p = NULL;                        /* C++: no goto past an initialization */

    dt_manual_seed(0);
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();

    t = dt_randn_on(DT_SHAPE(2, 3), dev);
    CHECK(t);
    dt_set_name(t, "t");
    p = static_cast<float *>(dt_data(t));   /* device memory when t is on cuda */
    CHECK(p);
    p[0] = 1.0f;                            /* a host write into it */ // devcheck: host-deref // devtrace: host_deref_device

    s = dt_sum(t);
    CHECK(s);
    printf("sum after setting t[0][0] = 1: %.4f\n", dt_item(s));
    rc = 0;
done:
    dt_release(s);
    dt_release(t);
    return rc;
}
