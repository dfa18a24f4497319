/*
 * uninitialized-read at a launch: a kernel that reads what a parameter
 * points to (an atomic's read-modify-write, +=, ++, a load, through a
 * device function) and never writes it, handed fresh cudaMalloc memory.
 * Quiet: memory set first (cudaMemset, a copy, a kernel that writes it),
 * a kernel that writes what it reads, one that hands the pointer to a
 * function the scan cannot see into or stores it elsewhere.
 */
#include <cuda_runtime.h>

__global__ void count(const int *keys, int *counts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(counts + keys[i], 1);
}

__global__ void count_at(const int *keys, int *counts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&counts[keys[i]], 1);
}

__global__ void accumulate(float *sum, const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        sum[i % 4] += x[i];
}

__global__ void bump(int *hits)
{
    ++hits[threadIdx.x];
}

__global__ void scale(const float *in, float *out, float k)
{
    out[threadIdx.x] = in[threadIdx.x] * k;
}

__device__ float load(const float *p, int i)
{
    return p[i];
}

__global__ void scale_via(const float *in, float *out)
{
    out[threadIdx.x] = load(in, threadIdx.x);
}

template <typename T>
__global__ void add_into(T *acc, const T *x)
{
    acc[threadIdx.x] += x[threadIdx.x];
}

__global__ void cached(const float *in, float *out, int stride)
{
    in += blockIdx.x * stride;
    out[threadIdx.x] = __ldg(in + threadIdx.x);
}

/* HAIS's: an atomic's result kept, slots written by it. */
__global__ void claim(int *counts, int *slots, const int *keys)
{
    int at = atomicAdd(counts + keys[threadIdx.x], 1);
    if (at < 4)
        slots[keys[threadIdx.x] * 4 + at] = threadIdx.x;
}

__global__ void gather(const int *counts, const int *slots, int *out)
{
    for (int i = 0; i < counts[blockIdx.x]; i++)
        out[blockIdx.x * 4 + i] = slots[blockIdx.x * 4 + i];
}

/* Quiet kernels: each writes what it reads, or loses sight of it. */
__global__ void zero_then_count(int *counts, const int *keys)
{
    counts[threadIdx.x] = 0;
    __syncthreads();
    atomicAdd(counts + keys[threadIdx.x], 1);
}

__device__ void unknown_fill(int *p, int i);

__global__ void hand_on(int *counts)
{
    unknown_fill(counts, threadIdx.x);
    atomicAdd(counts, 1);
}

__device__ int *stash;

__global__ void store_away(int *counts)
{
    int *q = counts;
    stash = q;
    atomicAdd(counts, 1);
}

/* In place: what it reads through in, it may have written through out. */
__global__ void in_place(const float *in, float *out)
{
    out[threadIdx.x] = 0.0f;
    __syncthreads();
    out[threadIdx.x] += in[threadIdx.x ^ 1];
}

__global__ void fill(int *counts)
{
    counts[threadIdx.x] = 1;
}

void atomic_counts(const int *d_keys, int n)
{
    int *d_counts = nullptr;
    cudaMalloc((void **)&d_counts, 16 * sizeof(int));
    count<<<1, 256>>>(d_keys, d_counts, n); // devcheck: uninitialized-read // devcheck-message: kernel count reads 'd_counts', device memory that nothing has written yet // devcheck-note: count reads it here, before anything writes it: atomicAdd(counts + keys[i], 1) // devcheck-fix: cudaMemset(d_counts, 0, size) after the allocation
    cudaFree(d_counts);
}

void atomic_address(const int *d_keys, int n)
{
    int *d_counts = nullptr;
    cudaMalloc((void **)&d_counts, 16 * sizeof(int));
    count_at<<<1, 256>>>(d_keys, d_counts, n); // devcheck: uninitialized-read // devcheck-note: atomicAdd(&counts[keys[i]], 1)
    cudaFree(d_counts);
}

void sums(const float *d_x, int n)
{
    float *d_sum = nullptr;
    cudaMalloc((void **)&d_sum, 4 * sizeof(float));
    accumulate<<<1, 256>>>(d_sum, d_x, n); // devcheck: uninitialized-read // devcheck-note: sum[i % 4] += x[i]
    cudaFree(d_sum);
}

void hits(void)
{
    int *d_hits = nullptr;
    cudaMalloc((void **)&d_hits, 32 * sizeof(int));
    bump<<<1, 32>>>(d_hits); // devcheck: uninitialized-read // devcheck-note: ++hits[threadIdx.x]
    cudaFree(d_hits);
}

void plain_read(void)
{
    float *d_in = nullptr, *d_out = nullptr;
    cudaMalloc((void **)&d_in, 32 * sizeof(float));
    cudaMalloc((void **)&d_out, 32 * sizeof(float));
    scale<<<1, 32>>>(d_in, d_out, 2.0f); // devcheck: uninitialized-read // devcheck-message: kernel scale reads 'd_in'
    scale<<<1, 32>>>(d_out, d_in, 2.0f);  /* d_out was written by the first */
    cudaFree(d_out);
    cudaFree(d_in);
}

void read_in_device_function(void)
{
    float *d_in = nullptr, *d_out = nullptr;
    cudaMalloc((void **)&d_in, 32 * sizeof(float));
    cudaMalloc((void **)&d_out, 32 * sizeof(float));
    scale_via<<<1, 32>>>(d_in, d_out); // devcheck: uninitialized-read // devcheck-note: scale_via reads it here, before anything writes it: p[i]
    cudaFree(d_out);
    cudaFree(d_in);
}

void cache_load(int stride)
{
    float *d_in = nullptr, *d_out = nullptr;
    cudaMalloc((void **)&d_in, 32 * stride * sizeof(float));
    cudaMalloc((void **)&d_out, 32 * sizeof(float));
    cached<<<32, 32>>>(d_in, d_out, stride); // devcheck: uninitialized-read // devcheck-note: __ldg(in + threadIdx.x)
    cudaFree(d_out);
    cudaFree(d_in);
}

void template_kernel(const double *d_x)
{
    double *d_acc = nullptr;
    cudaMalloc((void **)&d_acc, 32 * sizeof(double));
    add_into<double><<<1, 32>>>(d_acc, d_x); // devcheck: uninitialized-read
    cudaFree(d_acc);
}

void claimed(const int *d_keys, int *d_out, int n)
{
    int *d_counts = nullptr, *d_slots = nullptr;
    cudaMalloc((void **)&d_counts, n * sizeof(int));
    cudaMalloc((void **)&d_slots, 4 * n * sizeof(int));
    if (n != 0)
        claim<<<1, 32>>>(d_counts, d_slots, d_keys); // devcheck: uninitialized-read // devcheck-message: kernel claim reads 'd_counts'
    gather<<<n, 1>>>(d_counts, d_slots, d_out);  /* on the path that launched claim, written */
    cudaFree(d_slots);
    cudaFree(d_counts);
}

/* ---- quiet ---- */

void set_first(const int *d_keys, int n)
{
    int *d_counts = nullptr;
    cudaMalloc((void **)&d_counts, 16 * sizeof(int));
    cudaMemset(d_counts, 0, 16 * sizeof(int));
    count<<<1, 256>>>(d_keys, d_counts, n);
    cudaFree(d_counts);
}

void copied_first(const int *d_keys, const int *host, int n)
{
    int *d_counts = nullptr;
    cudaMalloc((void **)&d_counts, 16 * sizeof(int));
    cudaMemcpy(d_counts, host, 16 * sizeof(int), cudaMemcpyHostToDevice);
    count<<<1, 256>>>(d_keys, d_counts, n);
    cudaFree(d_counts);
}

void kernel_writes_then_reads(const int *d_keys)
{
    int *d_counts = nullptr;
    cudaMalloc((void **)&d_counts, 16 * sizeof(int));
    zero_then_count<<<1, 16>>>(d_counts, d_keys);
    cudaFree(d_counts);
}

void written_by_earlier_kernel(const int *d_keys, int n)
{
    int *d_counts = nullptr;
    cudaMalloc((void **)&d_counts, 16 * sizeof(int));
    fill<<<1, 16>>>(d_counts);
    count<<<1, 256>>>(d_keys, d_counts, n);
    cudaFree(d_counts);
}

void handed_to_unknown(void)
{
    int *d_counts = nullptr;
    cudaMalloc((void **)&d_counts, 16 * sizeof(int));
    hand_on<<<1, 16>>>(d_counts);
    cudaFree(d_counts);
}

void stored_elsewhere(void)
{
    int *d_counts = nullptr;
    cudaMalloc((void **)&d_counts, 16 * sizeof(int));
    store_away<<<1, 16>>>(d_counts);
    cudaFree(d_counts);
}

void in_place_launch(void)
{
    float *d = nullptr;
    cudaMalloc((void **)&d, 32 * sizeof(float));
    in_place<<<1, 32>>>(d, d);
    cudaFree(d);
}

/* Captured into a graph: the launch runs when the graph does, after the
   memset (cuda-samples' graphConditionalNodes). */
void captured(const int *d_keys, int n, cudaStream_t stream)
{
    int *d_counts = nullptr;
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaMalloc((void **)&d_counts, 16 * sizeof(int));
    cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
    count<<<1, 256, 0, stream>>>(d_keys, d_counts, n);
    cudaStreamEndCapture(stream, &graph);
    cudaGraphInstantiate(&exec, graph, nullptr, nullptr, 0);
    cudaMemset(d_counts, 0, 16 * sizeof(int));
    cudaGraphLaunch(exec, stream);
    cudaFree(d_counts);
}

void written_on_one_path(const int *d_keys, int n, bool zero)
{
    int *d_counts = nullptr;
    cudaMalloc((void **)&d_counts, 16 * sizeof(int));
    if (zero)
        cudaMemset(d_counts, 0, 16 * sizeof(int));
    count<<<1, 256>>>(d_keys, d_counts, n);
    cudaFree(d_counts);
}
