/*
 * The cuda backend: devices cuda:N through the CUDA runtime API.  Built into
 * libdevtensor-cuda.so (the real runtime, nvcc's kernels) and into
 * libdevtensor-sim.so (the emulated device, the host-built kernels); the
 * runtime loads one of them (device.c) and asks it for its backend.
 *
 * Launches and copies go to the default stream of the current device, and
 * every copy to or from the host is synchronous, so a tensor's bytes are
 * final when a copy to the host returns.  Tensor memory is stream-ordered
 * (cudaMallocAsync/cudaFreeAsync): releasing a tensor does not wait for the
 * device, as cudaFree would.
 */
#include "cuda.h"

#include <stdio.h>

#define BLOCK 256
#define MAX_BLOCKS (1u << 20)       /* beyond this the grid-stride loop takes over */

int dt_cuda_check(const char *op, cudaError_t e)
{
    if (e == cudaSuccess)
        return 0;
    dt_fail("%s: %s (%s)", op, cudaGetErrorString(e), cudaGetErrorName(e));
    return -1;
}

/* The current device is per thread, and raw CUDA code may change it;
   setting it is a traced call, asking is not. */
static void activate(int index)
{
    int current = -1;
    if (cudaGetDevice(&current) != cudaSuccess || current != index)
        cudaSetDevice(index);
}

int dt_cuda_launch(const char *op, const void *kernel, int64_t work, void **args)
{
    if (work <= 0)
        return 0;
    int64_t blocks = (work + BLOCK - 1) / BLOCK;
    dim3 grid = { blocks < MAX_BLOCKS ? (unsigned)blocks : MAX_BLOCKS, 1, 1 };
    dim3 block = { BLOCK, 1, 1 };
    /* a bad launch is reported here; a fault in the kernel, as on a GPU, by
       the next call on the device */
    return dt_cuda_check(op, cudaLaunchKernel(kernel, grid, block, args, 0, NULL));
}

void *dt_cuda_scratch_alloc(const char *op, size_t bytes)
{
    void *p = NULL;
    if (dt_cuda_check(op, cudaMallocAsync(&p, bytes ? bytes : 1, NULL)) != 0)
        return NULL;
    return p;
}

void dt_cuda_scratch_free(void *p)
{
    cudaFreeAsync(p, NULL);
}

/* A process's devices do not change once CUDA has counted them, and every
   op on a device asks whether it exists. */
static int device_count(void)
{
    static _Atomic int known = -1;
    int n = atomic_load_explicit(&known, memory_order_relaxed);
    if (n < 0) {
        n = 0;
        if (cudaGetDeviceCount(&n) != cudaSuccess)
            n = 0;
        atomic_store_explicit(&known, n, memory_order_relaxed);
    }
    return n;
}

/* alloc and copy name what failed in its message; the name is made only
   then, as they are called for every tensor. */
static void *alloc(int index, size_t bytes)
{
    void *p = NULL;
    cudaError_t e = cudaMallocAsync(&p, bytes, NULL);
    if (e == cudaSuccess)
        return p;
    char op[64];
    snprintf(op, sizeof op, "allocating %zu bytes on cuda:%d", bytes, index);
    dt_cuda_check(op, e);
    return NULL;
}

static void release(int index, void *p)
{
    (void)index;            /* made current by the runtime (dt_activate) */
    cudaFreeAsync(p, NULL);
}

static int copy(void *dst, dt_device dd, const void *src, dt_device sd, size_t bytes)
{
    static const enum cudaMemcpyKind kind[2][2] = {     /* [dst is cuda][src is cuda] */
        { cudaMemcpyHostToHost, cudaMemcpyDeviceToHost },
        { cudaMemcpyHostToDevice, cudaMemcpyDeviceToDevice },
    };
    bool to_cuda = dd.type == DT_CUDA, from_cuda = sd.type == DT_CUDA;
    cudaError_t e;
    if (to_cuda && from_cuda && dd.index != sd.index)
        e = cudaMemcpyPeer(dst, dd.index, src, sd.index, bytes);
    else
        e = cudaMemcpy(dst, src, bytes, kind[to_cuda][from_cuda]);
    if (e == cudaSuccess)
        return 0;
    char op[64];
    snprintf(op, sizeof op, "copying %s to %s", dt_device_name(sd), dt_device_name(dd));
    return dt_cuda_check(op, e);
}

static void *alloc_pinned(size_t bytes)
{
    void *p = NULL;
    return dt_cuda_check("dt_pin_memory", cudaMallocHost(&p, bytes)) == 0 ? p : NULL;
}

static void free_pinned(void *p)
{
    cudaFreeHost(p);
}

static const dt_backend cuda_backend = {
    .name = "cuda",
    .device_count = device_count,
    .alloc = alloc,
    .free = release,
    .copy = copy,
    .alloc_pinned = alloc_pinned,
    .free_pinned = free_pinned,
    .activate = activate,
    .kernels = &dt_cuda_kernels,
};

/* The one symbol device.c looks up in the plugin. */
const dt_backend *dt_cuda_plugin_backend(void)
{
    return &cuda_backend;
}
