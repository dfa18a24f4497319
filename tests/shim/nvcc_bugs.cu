/*
 * nvcc_bugs: the launch bugs of a program nvcc built (-cudart shared),
 * found on the emulated device, which has no body to run for its kernels
 * but reads their parameters from their C++ names: a host array passed to
 * a kernel, memory used after its free by a function template's instance,
 * a __constant__ array set from device memory with cudaMemcpyToSymbol's
 * default kind (host to device: the runtime's template, inlined at -O2),
 * and one in a namespace whose name repeats a type (a substitution,
 * _ZN2ns3addEPKfS1_Pfi; the messages name it ns::add).  Built like
 * nvcc_program, with CUDA's code out of line and inlined: each finding is
 * at the user's <<<>>> line.
 */
// devtrace-sql: SELECT group_concat(name || ' ' || params, ', ') FROM (SELECT * FROM kernels ORDER BY name) => _Z4fillIfEvPT_S0_i 3, _Z5scalePfif 3, _ZN2ns3addEPKfS1_Pfi 4
// devtrace-sql: SELECT count(*) FROM findings WHERE message LIKE '%of kernel ns::add(float const*, float const*, float*, int) launched%' => 1
#include <cuda_runtime.h>
#include <stdio.h>

enum { N = 256 };

__constant__ float coeff[4];

__global__ void scale(float *x, int n, float a)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] *= a;
}

template <typename T> __global__ void fill(T *x, T v, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] = v;
}

namespace ns {
__global__ void add(const float *a, const float *b, float *c, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        c[i] = a[i] + b[i];
}
}

int main(void)
{
    static float h[N];
    float *d = NULL, *e = NULL;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&e, sizeof h);
    scale<<<1, N>>>(h, N, 2);                   // devtrace: host_pointer_kernel_arg, kernel_not_run
    cudaFree(e);
    fill<<<1, N>>>(e, 1.0f, N);                 // devtrace: use_after_free, kernel_not_run
    cudaMemcpyToSymbol(coeff, d, sizeof coeff); // devtrace: memcpy_direction, uninitialized_read
    ns::add<<<1, N>>>(d, h, d, N);              // devtrace: host_pointer_kernel_arg, kernel_not_run
    printf("%s\n", cudaGetErrorName(cudaGetLastError()));
    cudaFree(d);
    return 0;
}
