/*
 * Ignore comments name a rule in devcheck's words or devtrace's: the shim's
 * kind for the same mistake, with underscores or hyphens.  A name that is
 * neither, or a kind no rule of devcheck's finds, is an error at its place
 * (exit 2), with the rule meant when one is near; it silences nothing, and
 * the findings are still printed.
 */
#include <cuda_runtime_api.h>
#include <devtensor.h>
#include <stdlib.h>

void named(void)
{
    dt_device dev = dt_cuda(0);
    dt_module *model = dt_linear(4, 2);
    dt_module_to(model, dev);
    dt_tensor *x = dt_randn(DT_SHAPE(3, 4));

    dt_tensor *a = dt_forward(model, x);    // devcheck-ignore(device_mismatch)
    // devcheck-ignore(dtype-mismatch, devcheck-device_mismatch)
    dt_tensor *b = dt_forward(model, x);
    dt_tensor *c = dt_forward(model, x);    // devcheck-ignore(device-mismatc) // devcheck: device-mismatch // devcheck-error: unknown rule 'device-mismatc' in // devcheck-error: (did you mean 'device-mismatch'?)
    dt_tensor *d = dt_forward(model, x);    // devcheck-ignore(leak) // devcheck: device-mismatch // devcheck-error: (a kind of devtrace's: devcheck has no rule for it)

    float *h = malloc(64);
    cudaMemset(h, 0, 64);                   // devcheck-ignore(host_memory_as_device)
    cudaMemset(h, 0, 64);                   // devcheck-ignore(host-pointer-kernel-arg)
    cudaMemset(h, 0, 64);                   // devcheck: memspace-mismatch
    free(h);

    dt_release(d);
    dt_release(c);
    dt_release(b);
    dt_release(a);
}
// devcheck-exit: 2
