/*
 * A local array is host memory, initialized or not (`float h[4] = { 0 }`,
 * torch::from_blob's buffer in FTorch's tests): where device memory is
 * wanted it is memspace-mismatch, as the destination of a copy to the
 * device memcpy-direction.  An initializer list of addresses (a kernel's
 * arguments for cudaLaunchKernel) is read as before.
 */
#include <cuda_runtime_api.h>

void initialized_arrays_to_the_device(void)
{
    float h[4] = { 0 };
    int counts[2][2] = { { 1, 2 }, { 3, 4 } };
    cudaMemset(h, 0, sizeof h); // devcheck: memspace-mismatch // devcheck-message: 'h' is host memory, but cudaMemset needs device memory
    cudaMemset(counts, 0, sizeof counts); // devcheck: memspace-mismatch
}

void initialized_array_as_the_destination(const float *src)
{
    float h[4] = { 1, 2, 3, 4 };
    cudaMemcpy(h, src, sizeof h, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
}

void initialized_array_uploaded_quiet(float *d)
{
    float h[4] = { 1, 2, 3, 4 };
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
}
