/*
 * A branch on cudaPointerGetAttributes: memory of unknown origin is device
 * memory where its attributes say so, host memory where they say that.
 */
#include <cuda_runtime_api.h>
#include <stddef.h>

void by_attributes(float *p, size_t n)
{
    struct cudaPointerAttributes a;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess)
        return;
    if (a.type == cudaMemoryTypeDevice)
        p[0] = 1; // devcheck: host-deref
    else
        p[0] = 1;                               /* host, managed or unregistered */
    if (n > 0 && (a.type == cudaMemoryTypeHost || a.type == cudaMemoryTypeManaged))
        p[0] = 2;                               /* nothing certain on either side */
    if (a.type != cudaMemoryTypeHost)
        return;
    cudaMemset(p, 0, n); // devcheck: memspace-mismatch
}
