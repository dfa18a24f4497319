/*
 * The interposed CUDA runtime: the functions a program (or devtensor's cuda
 * plugin) calls, under their own names.  Preloaded, these come first; each
 * finds its call site, checks, forwards the call unchanged to the runtime
 * beneath (beneath.c), and sends what happened to the writer.
 *
 * The functions the shim only forwards are here too: with no GPU, a program
 * linked with -lcudart must have all of its calls answered by the emulated
 * device, not some by it and some by libcudart.
 */
#include "devtrace.h"

#include <cuda_runtime_api.h>
#include <sim/cuda_host_runtime.h>

/* The runtime beneath's fn, looked up once. */
#define NEXT(fn) ((__typeof__(&fn))next_of(&next_##fn, #fn))
#define NEXT_SLOT(fn) static _Atomic(void *) next_##fn;

static void *next_of(_Atomic(void *) *slot, const char *name)
{
    void *f = atomic_load_explicit(slot, memory_order_relaxed);
    if (!f) {
        f = dv_next(name);
        atomic_store_explicit(slot, f, memory_order_relaxed);
    }
    return f;
}

/* Forwards a call, or fails it as CUDA does for a call it does not have. */
#define FORWARD(fn, ...) ({ \
        __typeof__(&fn) next_ = NEXT(fn); \
        next_ ? DV_INSIDE(next_(__VA_ARGS__)) : cudaErrorNotSupported; \
    })

/* ---- forwarded only ---------------------------------------------------------- */

/* cudaGetDeviceProperties_v2 is CUDA 12's name (its struct is CUDA 12's),
   which CUDA 13's headers no longer declare. */
#define PASS_THROUGH(X) \
    X(cudaError_t, cudaDeviceCanAccessPeer, (int *can, int d, int peer), (can, d, peer)) \
    X(cudaError_t, cudaDriverGetVersion, (int *v), (v)) \
    X(cudaError_t, cudaRuntimeGetVersion, (int *v), (v)) \
    X(cudaError_t, cudaGetDeviceProperties, (struct cudaDeviceProp *p, int d), (p, d)) \
    X(cudaError_t, cudaGetDeviceProperties_v2, (struct cudaDeviceProp *p, int d), (p, d)) \
    X(cudaError_t, cudaDeviceGetAttribute, (int *v, enum cudaDeviceAttr a, int d), (v, a, d)) \
    X(cudaError_t, cudaMemGetInfo, (size_t *free, size_t *total), (free, total)) \
    X(cudaError_t, cudaPointerGetAttributes, (struct cudaPointerAttributes *a, const void *p), (a, p)) \
    X(cudaError_t, cudaHostRegister, (void *p, size_t n, unsigned int f), (p, n, f)) \
    X(cudaError_t, cudaHostUnregister, (void *p), (p)) \
    X(cudaError_t, cudaStreamCreate, (cudaStream_t *s), (s)) \
    X(cudaError_t, cudaStreamCreateWithFlags, (cudaStream_t *s, unsigned int f), (s, f)) \
    X(cudaError_t, cudaStreamDestroy, (cudaStream_t s), (s)) \
    X(cudaError_t, cudaEventCreate, (cudaEvent_t *e), (e)) \
    X(cudaError_t, cudaEventCreateWithFlags, (cudaEvent_t *e, unsigned int f), (e, f)) \
    X(cudaError_t, cudaEventDestroy, (cudaEvent_t e), (e)) \
    X(cudaError_t, cudaEventRecord, (cudaEvent_t e, cudaStream_t s), (e, s)) \
    X(cudaError_t, cudaEventQuery, (cudaEvent_t e), (e)) \
    X(cudaError_t, cudaEventSynchronize, (cudaEvent_t e), (e)) \
    X(cudaError_t, cudaEventElapsedTime, (float *ms, cudaEvent_t a, cudaEvent_t b), (ms, a, b)) \
    X(cudaError_t, cudaStreamWaitEvent, (cudaStream_t s, cudaEvent_t e, unsigned int f), (s, e, f)) \
    X(cudaError_t, cudaStreamQuery, (cudaStream_t s), (s)) \
    X(cudaError_t, cudaGetSymbolAddress, (void **p, const void *sym), (p, sym)) \
    X(cudaError_t, cudaGetSymbolSize, (size_t *n, const void *sym), (n, sym)) \
    X(cudaError_t, cudaSetDeviceFlags, (unsigned int f), (f)) \
    X(cudaError_t, cudaFuncSetAttribute, (const void *k, enum cudaFuncAttribute a, int v), (k, a, v)) \
    X(cudaError_t, cudaOccupancyMaxActiveBlocksPerMultiprocessor, \
      (int *n, const void *k, int threads, size_t shared), (n, k, threads, shared)) \
    X(cudaError_t, cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags, \
      (int *n, const void *k, int threads, size_t shared, unsigned int f), \
      (n, k, threads, shared, f)) \
    X(cudaError_t, cudaFuncGetName, (const char **name, const void *f), (name, f)) \
    X(cudaError_t, cudaFuncGetParamInfo, (const void *f, size_t i, size_t *o, size_t *n), (f, i, o, n))

/* The questions a program asks before nearly every call (devtensor: the
   device before each allocation, free and launch), which make no call the
   shim handles: a jump to the runtime's, with no count of calls under way
   to keep around it. */
#define QUERIES(X) \
    X(cudaError_t, cudaGetDeviceCount, (int *n), (n)) \
    X(cudaError_t, cudaGetDevice, (int *d), (d)) \
    X(cudaError_t, cudaGetLastError, (void), ()) \
    X(cudaError_t, cudaPeekAtLastError, (void), ())

#define DEFINE_PASS_THROUGH(ret, fn, params, args) \
    NEXT_SLOT(fn) \
    ret fn params { return FORWARD(fn, EXPAND args); }
#define DEFINE_QUERY(ret, fn, params, args) \
    NEXT_SLOT(fn) \
    ret fn params \
    { \
        __typeof__(&fn) next_ = NEXT(fn); \
        return next_ ? next_ args : cudaErrorNotSupported; \
    }
#define EXPAND(...) __VA_ARGS__
PASS_THROUGH(DEFINE_PASS_THROUGH)
QUERIES(DEFINE_QUERY)

/* What nvcc's host code calls (crt/host_runtime.h): a module's and its
   kernels' registration, and <<<>>>'s configuration.  Forwarded so that the
   runtime that launches the kernels is the one that knows them by name: on
   the emulated device, libcudasim, not the program's libcudart. */
NEXT_SLOT(__cudaRegisterFatBinary)
void **__cudaRegisterFatBinary(void *fat_binary)
{
    return NEXT(__cudaRegisterFatBinary) ? NEXT(__cudaRegisterFatBinary)(fat_binary) : NULL;
}

#define FORWARD_VOID(fn, ...) do { if (NEXT(fn)) NEXT(fn)(__VA_ARGS__); } while (0)

NEXT_SLOT(__cudaRegisterFatBinaryEnd)
void __cudaRegisterFatBinaryEnd(void **handle)
{
    FORWARD_VOID(__cudaRegisterFatBinaryEnd, handle);
}

NEXT_SLOT(__cudaUnregisterFatBinary)
void __cudaUnregisterFatBinary(void **handle)
{
    FORWARD_VOID(__cudaUnregisterFatBinary, handle);
}

NEXT_SLOT(__cudaRegisterVar)
void __cudaRegisterVar(void **handle, char *host_var, char *device_address, const char *name,
                       int ext, size_t size, int constant, int global)
{
    FORWARD_VOID(__cudaRegisterVar, handle, host_var, device_address, name, ext, size, constant,
                 global);
}

NEXT_SLOT(__cudaRegisterFunction)
void __cudaRegisterFunction(void **handle, const char *host_function, char *device_function,
                            const char *name, int thread_limit, void *tid, void *bid,
                            dim3 *block, dim3 *grid, int *warp_size)
{
    FORWARD_VOID(__cudaRegisterFunction, handle, host_function, device_function, name,
                 thread_limit, tid, bid, block, grid, warp_size);
}

/* Nonzero: the launch is not made. */
NEXT_SLOT(__cudaPushCallConfiguration)
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared, cudaStream_t stream)
{
    return NEXT(__cudaPushCallConfiguration)
               ? NEXT(__cudaPushCallConfiguration)(grid, block, shared, stream) : 1;
}

NEXT_SLOT(__cudaPopCallConfiguration)
cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared, void *stream)
{
    return FORWARD(__cudaPopCallConfiguration, grid, block, shared, stream);
}

NEXT_SLOT(__cudaGetKernel)
cudaError_t __cudaGetKernel(const void **kernel, const void *host_function)
{
    return FORWARD(__cudaGetKernel, kernel, host_function);
}

/* Error strings are not cudaError_t: NULL-safe forwarding of their own. */
NEXT_SLOT(cudaGetErrorString)
const char *cudaGetErrorString(cudaError_t e)
{
    return NEXT(cudaGetErrorString) ? NEXT(cudaGetErrorString)(e) : "unknown error";
}

NEXT_SLOT(cudaGetErrorName)
const char *cudaGetErrorName(cudaError_t e)
{
    return NEXT(cudaGetErrorName) ? NEXT(cudaGetErrorName)(e) : "cudaErrorUnknown";
}

/* ---- helpers ------------------------------------------------------------------- */

static int current_device(void)
{
    return dv_current_device(DV_RUNTIME_DEVICE);
}

/* ---- allocation ------------------------------------------------------------------- */

static void record_alloc(dv_api api, void **p, size_t bytes, dv_memory memory, uint32_t site,
                         cudaError_t rc, uint64_t start)
{
    dv_seen_alloc(api, memory, memory != DV_MEM_PINNED ? current_device() : -1,
                  rc == cudaSuccess && p ? *p : NULL, bytes, site, rc, start);
}

/* size: the bytes allocated, known once the call returned rc. */
#define ALLOCATOR_OF(which, memory, size, call) do { \
        if (!dv_active()) \
            return call; \
        uint32_t site = dv_site_here(); \
        uint64_t start = dv_event_clock(); \
        cudaError_t rc = call; \
        record_alloc(which, p, size, memory, site, rc, start); \
        return rc; \
    } while (0)
#define ALLOCATOR(which, memory, call) ALLOCATOR_OF(which, memory, bytes, call)

NEXT_SLOT(cudaMalloc)
cudaError_t cudaMalloc(void **p, size_t bytes)
{
    ALLOCATOR(DV_API_cudaMalloc, DV_MEM_DEVICE, FORWARD(cudaMalloc, p, bytes));
}

NEXT_SLOT(cudaMallocAsync)
cudaError_t cudaMallocAsync(void **p, size_t bytes, cudaStream_t s)
{
    ALLOCATOR(DV_API_cudaMallocAsync, DV_MEM_DEVICE, FORWARD(cudaMallocAsync, p, bytes, s));
}

/* Its size is known once it is made: height rows of the pitch it says. */
NEXT_SLOT(cudaMallocPitch)
cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t width, size_t height)
{
    ALLOCATOR_OF(DV_API_cudaMallocPitch, DV_MEM_DEVICE, rc == cudaSuccess ? *pitch * height : 0,
                 FORWARD(cudaMallocPitch, p, pitch, width, height));
}

NEXT_SLOT(cudaMallocHost)
cudaError_t cudaMallocHost(void **p, size_t bytes)
{
    ALLOCATOR(DV_API_cudaMallocHost, DV_MEM_PINNED, FORWARD(cudaMallocHost, p, bytes));
}

NEXT_SLOT(cudaHostAlloc)
cudaError_t cudaHostAlloc(void **p, size_t bytes, unsigned int flags)
{
    ALLOCATOR(DV_API_cudaHostAlloc, DV_MEM_PINNED, FORWARD(cudaHostAlloc, p, bytes, flags));
}

NEXT_SLOT(cudaMallocManaged)
cudaError_t cudaMallocManaged(void **p, size_t bytes, unsigned int flags)
{
    ALLOCATOR(DV_API_cudaMallocManaged, DV_MEM_MANAGED,
              FORWARD(cudaMallocManaged, p, bytes, flags));
}

/* ---- free -------------------------------------------------------------------------- */

/* Checked (and taken off the shadow state) before the memory goes back, so
   no other thread can be handed the address while it still looks live. */
#define DEALLOCATOR(which, call) do { \
        if (!dv_active()) \
            return call; \
        dv_event e; \
        dv_seen_free(&e, which, p, dv_site_here()); \
        dv_seen_end(&e, call); \
        return (cudaError_t)e.result; \
    } while (0)

NEXT_SLOT(cudaFree)
cudaError_t cudaFree(void *p)
{
    DEALLOCATOR(DV_API_cudaFree, FORWARD(cudaFree, p));
}

NEXT_SLOT(cudaFreeAsync)
cudaError_t cudaFreeAsync(void *p, cudaStream_t s)
{
    DEALLOCATOR(DV_API_cudaFreeAsync, FORWARD(cudaFreeAsync, p, s));
}

NEXT_SLOT(cudaFreeHost)
cudaError_t cudaFreeHost(void *p)
{
    DEALLOCATOR(DV_API_cudaFreeHost, FORWARD(cudaFreeHost, p));
}

/* ---- copies ------------------------------------------------------------------------- */

/* stream: the copy's, or NULL (the default stream) for a synchronous one. */
#define COPY(which, to, to_span, from, from_span, nbytes, how, is_async, stream, call) do { \
        if (!dv_active()) \
            return call; \
        dv_event e; \
        dv_seen_copy(&e, which, to, to_span, from, from_span, nbytes, how, is_async, \
                     (uint64_t)(uintptr_t)(stream), dv_site_here()); \
        dv_seen_end(&e, call); \
        return (cudaError_t)e.result; \
    } while (0)

NEXT_SLOT(cudaMemcpy)
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind)
{
    COPY(DV_API_cudaMemcpy, dst, n, src, n, n, kind, false, NULL, FORWARD(cudaMemcpy, dst, src, n, kind));
}

NEXT_SLOT(cudaMemcpyAsync)
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind,
                            cudaStream_t s)
{
    COPY(DV_API_cudaMemcpyAsync, dst, n, src, n, n, kind, true, s,
         FORWARD(cudaMemcpyAsync, dst, src, n, kind, s));
}

NEXT_SLOT(cudaMemcpyPeer)
cudaError_t cudaMemcpyPeer(void *dst, int dd, const void *src, int sd, size_t n)
{
    COPY(DV_API_cudaMemcpyPeer, dst, n, src, n, n, DV_COPY_PEER, false, NULL,
         FORWARD(cudaMemcpyPeer, dst, dd, src, sd, n));
}

NEXT_SLOT(cudaMemcpyPeerAsync)
cudaError_t cudaMemcpyPeerAsync(void *dst, int dd, const void *src, int sd, size_t n,
                                cudaStream_t s)
{
    COPY(DV_API_cudaMemcpyPeerAsync, dst, n, src, n, n, DV_COPY_PEER, true, s,
         FORWARD(cudaMemcpyPeerAsync, dst, dd, src, sd, n, s));
}

/* The bytes a 2D copy reaches from its start. */
static size_t span_2d(size_t pitch, size_t width, size_t height)
{
    return height ? pitch * (height - 1) + width : 0;
}

NEXT_SLOT(cudaMemcpy2D)
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind)
{
    COPY(DV_API_cudaMemcpy2D, dst, span_2d(dpitch, width, height), src,
         span_2d(spitch, width, height), width * height, kind, false, NULL,
         FORWARD(cudaMemcpy2D, dst, dpitch, src, spitch, width, height, kind));
}

NEXT_SLOT(cudaMemcpy2DAsync)
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t s)
{
    COPY(DV_API_cudaMemcpy2DAsync, dst, span_2d(dpitch, width, height), src,
         span_2d(spitch, width, height), width * height, kind, true, s,
         FORWARD(cudaMemcpy2DAsync, dst, dpitch, src, spitch, width, height, kind, s));
}

NEXT_SLOT(cudaMemset)
cudaError_t cudaMemset(void *p, int value, size_t n)
{
    COPY(DV_API_cudaMemset, p, n, NULL, 0, n, cudaMemcpyDefault, false, NULL,
         FORWARD(cudaMemset, p, value, n));
}

NEXT_SLOT(cudaMemsetAsync)
cudaError_t cudaMemsetAsync(void *p, int value, size_t n, cudaStream_t s)
{
    COPY(DV_API_cudaMemsetAsync, p, n, NULL, 0, n, cudaMemcpyDefault, true, s,
         FORWARD(cudaMemsetAsync, p, value, n, s));
}

/* ---- launches ------------------------------------------------------------------------- */

#define LAUNCH(func, call) do { \
        if (!dv_active()) \
            return call; \
        dv_event e; \
        dv_seen_launch(&e, DV_API_cudaLaunchKernel, func, (unsigned[]){ grid.x, grid.y, grid.z }, \
                       (unsigned[]){ block.x, block.y, block.z }, args, shared, \
                       (uint64_t)(uintptr_t)stream, current_device(), dv_site_here()); \
        dv_seen_launch_end(&e, call); \
        return (cudaError_t)e.result; \
    } while (0)

NEXT_SLOT(cudaLaunchKernel)
cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared,
                             cudaStream_t stream)
{
    LAUNCH(func, FORWARD(cudaLaunchKernel, func, grid, block, args, shared, stream));
}

/* What nvcc's launch stubs call (CUDA 12.8 and later), with a cudaKernel_t,
   which CUDA's cudaFunc* queries accept in place of a function. */
NEXT_SLOT(__cudaLaunchKernel)
cudaError_t __cudaLaunchKernel(const void *kernel, dim3 grid, dim3 block, void **args,
                               size_t shared, cudaStream_t stream)
{
    LAUNCH(kernel, FORWARD(__cudaLaunchKernel, kernel, grid, block, args, shared, stream));
}

NEXT_SLOT(__cudaLaunchKernel_ptsz)
cudaError_t __cudaLaunchKernel_ptsz(const void *kernel, dim3 grid, dim3 block, void **args,
                                    size_t shared, cudaStream_t stream)
{
    LAUNCH(kernel, FORWARD(__cudaLaunchKernel_ptsz, kernel, grid, block, args, shared, stream));
}

/* ---- synchronisation and peers ------------------------------------------------------------ */

#define COUNTED(api, call) do { \
        if (!dv_active()) \
            return call; \
        uint32_t site = dv_site_here(); \
        uint64_t start = dv_event_clock(); \
        cudaError_t rc = call; \
        dv_emit_call(api, site, rc, start); \
        return rc; \
    } while (0)

NEXT_SLOT(cudaDeviceSynchronize)
cudaError_t cudaDeviceSynchronize(void)
{
    COUNTED(DV_API_cudaDeviceSynchronize, FORWARD(cudaDeviceSynchronize));
}

NEXT_SLOT(cudaStreamSynchronize)
cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
    COUNTED(DV_API_cudaStreamSynchronize, FORWARD(cudaStreamSynchronize, s));
}

NEXT_SLOT(cudaDeviceEnablePeerAccess)
cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned int flags)
{
    cudaError_t rc = FORWARD(cudaDeviceEnablePeerAccess, peer, flags);
    if (rc == cudaSuccess)
        dv_peer_set(current_device(), peer, true);
    return rc;
}

NEXT_SLOT(cudaDeviceDisablePeerAccess)
cudaError_t cudaDeviceDisablePeerAccess(int peer)
{
    cudaError_t rc = FORWARD(cudaDeviceDisablePeerAccess, peer);
    if (rc == cudaSuccess)
        dv_peer_set(current_device(), peer, false);
    return rc;
}

/* ---- device variables ------------------------------------------------------------ */

/* A __device__ or __constant__ variable's side of a copy is where the
   runtime keeps it; one it does not know leaves nothing to check (and the
   call fails). */
#define SYMBOL_COPY(which, to_symbol, other, symbol, offset, n, kind, is_async, stream, call) \
    do { \
        char *at_ = dv_active() ? dv_symbol_address(symbol, offset, which) : NULL; \
        if (!at_) \
            COUNTED(which, call); \
        COPY(which, to_symbol ? at_ : (void *)(other), n, \
             to_symbol ? (const void *)(other) : at_, n, n, kind, is_async, stream, call); \
    } while (0)

NEXT_SLOT(cudaMemcpyToSymbol)
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t n, size_t offset,
                               enum cudaMemcpyKind kind)
{
    SYMBOL_COPY(DV_API_cudaMemcpyToSymbol, true, src, symbol, offset, n, kind, false, NULL,
                FORWARD(cudaMemcpyToSymbol, symbol, src, n, offset, kind));
}

NEXT_SLOT(cudaMemcpyToSymbolAsync)
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t n, size_t offset,
                                    enum cudaMemcpyKind kind, cudaStream_t s)
{
    SYMBOL_COPY(DV_API_cudaMemcpyToSymbolAsync, true, src, symbol, offset, n, kind, true, s,
                FORWARD(cudaMemcpyToSymbolAsync, symbol, src, n, offset, kind, s));
}

NEXT_SLOT(cudaMemcpyFromSymbol)
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t n, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    SYMBOL_COPY(DV_API_cudaMemcpyFromSymbol, false, dst, symbol, offset, n, kind, false, NULL,
                FORWARD(cudaMemcpyFromSymbol, dst, symbol, n, offset, kind));
}

NEXT_SLOT(cudaMemcpyFromSymbolAsync)
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t n, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t s)
{
    SYMBOL_COPY(DV_API_cudaMemcpyFromSymbolAsync, false, dst, symbol, offset, n, kind, true, s,
                FORWARD(cudaMemcpyFromSymbolAsync, dst, symbol, n, offset, kind, s));
}

/* ---- the current device ------------------------------------------------------------------ */

NEXT_SLOT(cudaSetDevice)
cudaError_t cudaSetDevice(int d)
{
    cudaError_t rc = FORWARD(cudaSetDevice, d);
    dv_device_changed(false);
    return rc;
}

/* A reset drops the device's peer access, as CUDA does, and its primary
   context, which may be current on any thread. */
NEXT_SLOT(cudaDeviceReset)
cudaError_t cudaDeviceReset(void)
{
    int dev = current_device();
    cudaError_t rc = FORWARD(cudaDeviceReset);
    dv_device_changed(true);
    for (int peer = 0; rc == cudaSuccess && peer < 64; peer++)
        dv_peer_set(dev, peer, false);
    return rc;
}
