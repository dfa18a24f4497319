/*
 * C++'s algorithms read and write through their iterators on the host: a
 * device pointer given to std::copy, std::fill, std::accumulate and the
 * like, or made a std::vector's range, is host-deref, as memcpy's is a
 * mismatch.  Host arrays, a vector's own iterators, pinned and managed
 * memory, and vectors of device pointers are quiet.
 */
#include <cuda_runtime_api.h>
#include <algorithm>
#include <numeric>
#include <vector>

#define N 64

static float *device_floats(void)
{
    float *d = nullptr;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMemset(d, 0, N * sizeof *d);
    return d;
}

float device_ranges(void)
{
    float *d = device_floats(), host[N];
    std::vector<float> h(N);
    std::copy(d, d + N, h.begin()); // devcheck: host-deref
    std::copy(host, host + N, d); // devcheck: host-deref
    std::copy_n(d, N, host); // devcheck: host-deref
    std::fill(d, d + N, 0.f); // devcheck: host-deref
    float sum = std::accumulate(d, d + N, 0.f); // devcheck: host-deref
    float top = *std::max_element(d, d + N); // devcheck: host-deref
    std::sort(d, d + N); // devcheck: host-deref
    std::vector<float> v(d, d + N); // devcheck: host-deref
    h.assign(d, d + N); // devcheck: host-deref
    cudaFree(d);
    return sum + top + v[0];
}

float host_ranges(void)
{
    float host[N], *pinned = nullptr, *managed = nullptr, *d = device_floats();
    cudaMallocHost((void **)&pinned, N * sizeof *pinned);
    cudaMallocManaged((void **)&managed, N * sizeof *managed);
    std::vector<float> h(N, 1.f);
    std::fill(host, host + N, 0.f);
    std::copy(h.begin(), h.end(), host);
    std::copy_n(host, N, pinned);
    std::iota(managed, managed + N, 0.f);
    std::vector<float> v(pinned, pinned + N), w(N, 2.f);
    std::vector<float *> ptrs(4, d);
    std::vector<float *> more(ptrs.begin(), ptrs.end());
    float sum = std::accumulate(v.begin(), v.end(), 0.f) + w[0] + managed[1];
    cudaMemcpy(d, host, sizeof host, cudaMemcpyHostToDevice);
    cudaFreeHost(pinned);
    cudaFree(managed);
    cudaFree(more[0]);
    return sum;
}
