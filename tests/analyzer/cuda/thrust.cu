/*
 * thrust's vectors: a device_vector's data() is device memory and a
 * host_vector's host memory, though both are their common base's data():
 * the object's class says which.  thrust::raw_pointer_cast passes the
 * memory through.  A host vector's memory at a launch, and a device
 * vector's at memset, are found; the right ones are quiet.
 */
#include <cstring>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>

__global__ void twice(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= 2;
}

void vectors(int n)
{
    thrust::device_vector<float> d(n);
    thrust::host_vector<float> h(n);
    float *dp = thrust::raw_pointer_cast(d.data());
    float *hp = thrust::raw_pointer_cast(h.data());
    twice<<<(n + 255) / 256, 256>>>(dp, n);
    twice<<<(n + 255) / 256, 256>>>(hp, n); // devcheck: memspace-mismatch
    memset(hp, 0, n * sizeof(float));
    memset(dp, 0, n * sizeof(float)); // devcheck: memspace-mismatch
    thrust::device_vector<float> *p = &d;
    twice<<<1, 32>>>(thrust::raw_pointer_cast(p->data()), n);
    memcpy(hp, thrust::raw_pointer_cast(p->data()), sizeof(float)); // devcheck: memspace-mismatch
}
