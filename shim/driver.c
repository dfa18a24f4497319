/*
 * CUDA's driver API: the memory, copy, memset, free and launch entry points,
 * under the versioned names cuda.h maps the plain ones to (cuMemAlloc is
 * cuMemAlloc_v2).  A CUdeviceptr is the address it is.
 *
 * Each function is taken apart once, from the struct of its arguments that
 * CUPTI hands a callback (cuMemAlloc_v2_params, ...): the handlers below.
 * Preloaded, the wrappers put their arguments in that struct and use the
 * same handlers; CUPTI's callbacks (cupti.c) use them for the calls that
 * never reach a wrapper.  cuGetProcAddress hands out the wrappers in place
 * of the driver's own functions, so a program that takes its entry points
 * from it is seen as one that calls them by name.
 *
 * The context calls are seen the same three ways, only for what they do to
 * the current device, which the shim keeps per thread (calls.c).
 */
#include "devtrace.h"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h>           /* with the <function>_params structs */
#include <string.h>

#define ADDRESS(dptr) ((void *)(uintptr_t)(dptr))

/* ---- how each call is taken apart ------------------------------------------ */

/* cuMemAlloc_v2 and cuMemAllocAsync: dptr and bytesize, in that order. */
static void allocated(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    const cuMemAlloc_v2_params *p = params;
    dv_seen_alloc(h->api, DV_MEM_DEVICE, dv_current_device(DV_CONTEXT_DEVICE),
                  rc == 0 ? ADDRESS(*p->dptr) : NULL, p->bytesize, e->site, rc, e->start);
}

/* Its size is known once it is made: Height rows of the pitch it says. */
static void allocated_pitched(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    const cuMemAllocPitch_v2_params *p = params;
    dv_seen_alloc(h->api, DV_MEM_DEVICE, dv_current_device(DV_CONTEXT_DEVICE),
                  rc == 0 ? ADDRESS(*p->dptr) : NULL, rc == 0 ? *p->pPitch * p->Height : 0,
                  e->site, rc, e->start);
}

static void allocated_managed(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    const cuMemAllocManaged_params *p = params;
    dv_seen_alloc(h->api, DV_MEM_MANAGED, dv_current_device(DV_CONTEXT_DEVICE),
                  rc == 0 ? ADDRESS(*p->dptr) : NULL, p->bytesize, e->site, rc, e->start);
}

/* cuMemAllocHost_v2 and cuMemHostAlloc: pp and bytesize, in that order. */
static void allocated_host(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    const cuMemAllocHost_v2_params *p = params;
    dv_seen_alloc(h->api, DV_MEM_PINNED, -1, rc == 0 ? *p->pp : NULL, p->bytesize, e->site, rc,
                  e->start);
}

/* cuMemFree_v2 and cuMemFreeAsync: dptr first. */
static void free_device(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    dv_seen_free(e, h->api, ADDRESS(((const cuMemFree_v2_params *)params)->dptr), site);
}

static void free_host(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    dv_seen_free(e, h->api, ((const cuMemFreeHost_params *)params)->p, site);
}

/* A copy of n bytes in the direction its function names, on stream (0: a
   synchronous copy). */
static void copy(const dv_handler *h, void *dst, const void *src, size_t n, int kind,
                 CUstream stream, bool async, uint32_t site, dv_event *e)
{
    dv_seen_copy(e, h->api, dst, n, src, n, n, kind, async, (uint64_t)(uintptr_t)stream, site);
}

/* The handler name of the copy function fn: its params' destination, source,
   kind, and stream (NULL when it takes none). */
#define COPY_HANDLER(name, fn, dst, src, kind, stream, async) \
    static void name(const dv_handler *h, const void *params, uint32_t site, dv_event *e) \
    { \
        const fn##_params *p = params; \
        copy(h, dst, src, p->ByteCount, kind, stream, async, site, e); \
    }

COPY_HANDLER(copy_htod, cuMemcpyHtoD_v2, ADDRESS(p->dstDevice), p->srcHost,
             cudaMemcpyHostToDevice, NULL, false)
COPY_HANDLER(copy_dtoh, cuMemcpyDtoH_v2, p->dstHost, ADDRESS(p->srcDevice),
             cudaMemcpyDeviceToHost, NULL, false)
COPY_HANDLER(copy_dtod, cuMemcpyDtoD_v2, ADDRESS(p->dstDevice), ADDRESS(p->srcDevice),
             cudaMemcpyDeviceToDevice, NULL, false)
COPY_HANDLER(copy_htod_async, cuMemcpyHtoDAsync_v2, ADDRESS(p->dstDevice), p->srcHost,
             cudaMemcpyHostToDevice, p->hStream, true)
COPY_HANDLER(copy_dtoh_async, cuMemcpyDtoHAsync_v2, p->dstHost, ADDRESS(p->srcDevice),
             cudaMemcpyDeviceToHost, p->hStream, true)
COPY_HANDLER(copy_dtod_async, cuMemcpyDtoDAsync_v2, ADDRESS(p->dstDevice),
             ADDRESS(p->srcDevice), cudaMemcpyDeviceToDevice, p->hStream, true)
/* Unified addressing: the pointers say the direction. */
COPY_HANDLER(copy_any, cuMemcpy, ADDRESS(p->dst), ADDRESS(p->src), cudaMemcpyDefault, NULL,
             false)
COPY_HANDLER(copy_any_async, cuMemcpyAsync, ADDRESS(p->dst), ADDRESS(p->src),
             cudaMemcpyDefault, p->hStream, true)

/* The handler name of the memset fn, of N values of width bytes each. */
#define SET_HANDLER(name, fn, width, stream, async) \
    static void name(const dv_handler *h, const void *params, uint32_t site, dv_event *e) \
    { \
        const fn##_params *p = params; \
        uint64_t bytes = (uint64_t)p->N * (width); \
        dv_seen_copy(e, h->api, ADDRESS(p->dstDevice), bytes, NULL, 0, bytes, cudaMemcpyDefault, \
                     async, (uint64_t)(uintptr_t)(stream), site); \
    }

SET_HANDLER(set_d8, cuMemsetD8_v2, 1, NULL, false)
SET_HANDLER(set_d32, cuMemsetD32_v2, 4, NULL, false)
SET_HANDLER(set_d8_async, cuMemsetD8Async, 1, p->hStream, true)
SET_HANDLER(set_d32_async, cuMemsetD32Async, 4, p->hStream, true)

/* cuLaunchKernel and cuLaunchKernel_ptsz, whose params are the same. */
static void launch(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    const cuLaunchKernel_params *p = params;
    dv_seen_launch(e, h->api, (const void *)p->f,
                   (unsigned[]){ p->gridDimX, p->gridDimY, p->gridDimZ },
                   (unsigned[]){ p->blockDimX, p->blockDimY, p->blockDimZ }, p->kernelParams,
                   p->sharedMemBytes, (uint64_t)(uintptr_t)p->hStream,
                   dv_current_device(DV_CONTEXT_DEVICE), site);
}

/* cuLaunchKernelEx and its _ptsz twin: the launch's shape in its config.
   CUDA 13's static cudart launches through these. */
static void launch_ex(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    const cuLaunchKernelEx_params *p = params;
    const CUlaunchConfig *c = p->config;
    CUlaunchConfig none = { 0 };
    if (!c)
        c = &none;
    dv_seen_launch(e, h->api, (const void *)p->f,
                   (unsigned[]){ c->gridDimX, c->gridDimY, c->gridDimZ },
                   (unsigned[]){ c->blockDimX, c->blockDimY, c->blockDimZ }, p->kernelParams,
                   c->sharedMemBytes, (uint64_t)(uintptr_t)c->hStream,
                   dv_current_device(DV_CONTEXT_DEVICE), site);
}

/* fn (its cbid and api named after it), what is done before it, after it. */
#define DRIVER_CALLS(X) \
    X(cuMemAlloc_v2, dv_handler_keep_site, allocated) \
    X(cuMemAllocHost_v2, dv_handler_keep_site, allocated_host) \
    X(cuMemHostAlloc, dv_handler_keep_site, allocated_host) \
    X(cuMemAllocManaged, dv_handler_keep_site, allocated_managed) \
    X(cuMemFree_v2, free_device, dv_handler_send) \
    X(cuMemFreeHost, free_host, dv_handler_send) \
    X(cuMemAllocPitch_v2, dv_handler_keep_site, allocated_pitched) \
    X(cuMemAllocAsync, dv_handler_keep_site, allocated) \
    X(cuMemFreeAsync, free_device, dv_handler_send) \
    X(cuMemcpyHtoD_v2, copy_htod, dv_handler_send) \
    X(cuMemcpyDtoH_v2, copy_dtoh, dv_handler_send) \
    X(cuMemcpyDtoD_v2, copy_dtod, dv_handler_send) \
    X(cuMemcpy, copy_any, dv_handler_send) \
    X(cuMemcpyAsync, copy_any_async, dv_handler_send) \
    X(cuMemcpyHtoDAsync_v2, copy_htod_async, dv_handler_send) \
    X(cuMemcpyDtoHAsync_v2, copy_dtoh_async, dv_handler_send) \
    X(cuMemcpyDtoDAsync_v2, copy_dtod_async, dv_handler_send) \
    X(cuMemsetD8_v2, set_d8, dv_handler_send) \
    X(cuMemsetD32_v2, set_d32, dv_handler_send) \
    X(cuMemsetD8Async, set_d8_async, dv_handler_send) \
    X(cuMemsetD32Async, set_d32_async, dv_handler_send) \
    X(cuLaunchKernel, launch, dv_handler_launched) \
    X(cuLaunchKernel_ptsz, launch, dv_handler_launched) \
    X(cuLaunchKernelEx, launch_ex, dv_handler_launched) \
    X(cuLaunchKernelEx_ptsz, launch_ex, dv_handler_launched)

/* The calls that change the current context (fn, and what is done after
   it): the calling thread's, or one that may be current on any thread.  No
   event: they are not the calls a report counts. */
#define CONTEXT_CALLS(X) \
    X(cuCtxSetCurrent, dv_handler_device_changed) \
    X(cuCtxPushCurrent_v2, dv_handler_device_changed) \
    X(cuCtxPopCurrent_v2, dv_handler_device_changed) \
    X(cuCtxCreate_v2, dv_handler_device_changed) \
    X(cuCtxCreate_v4, dv_handler_device_changed) \
    X(cuCtxDestroy_v2, dv_handler_devices_changed) \
    X(cuDevicePrimaryCtxRelease_v2, dv_handler_devices_changed) \
    X(cuDevicePrimaryCtxReset_v2, dv_handler_devices_changed)

/* CUDA 12.0 to 12.4's cuCtxCreate, which CUDA 13's header no longer declares,
   and the per-thread default stream's launches, which it declares only to
   a program that asks for that stream. */
CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev);
CUresult cuLaunchKernel_ptsz(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
                             unsigned int bx, unsigned int by, unsigned int bz,
                             unsigned int shared, CUstream s, void **params, void **extra);
CUresult cuLaunchKernelEx_ptsz(const CUlaunchConfig *config, CUfunction f, void **params,
                               void **extra);

enum {
#define DRIVER_INDEX(fn, ...) H_##fn,
    DRIVER_CALLS(DRIVER_INDEX)
    CONTEXT_CALLS(DRIVER_INDEX)
#undef DRIVER_INDEX
    H_COUNT
};

const dv_handler dv_driver_handlers[] = {
#define DRIVER_ROW(fn, before, after) \
    [H_##fn] = { CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_##fn, DV_API_##fn, before, after },
    DRIVER_CALLS(DRIVER_ROW)
#undef DRIVER_ROW
#define CONTEXT_ROW(fn, after) \
    [H_##fn] = { CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_##fn, DV_API_COUNT, \
                 dv_handler_pass, after },
    CONTEXT_CALLS(CONTEXT_ROW)
#undef CONTEXT_ROW
};
const size_t dv_driver_handler_count = H_COUNT;

/* ---- the wrappers ------------------------------------------------------------- */

static _Atomic(void *) next_fn[H_COUNT];

static void *next_of(int i, const char *name)
{
    void *f = atomic_load_explicit(&next_fn[i], memory_order_relaxed);
    if (!f) {
        f = dv_next(name);
        atomic_store_explicit(&next_fn[i], f, memory_order_relaxed);
    }
    return f;
}

/* The wrapper of fn, taking (params) and passing (args) on, its params
   struct filled from them in order.  It is defined as wrap_fn, which binds
   here, and exported as fn. */
#define WRAPPER(fn, params, args) \
    static CUresult wrap_##fn params \
    { \
        __typeof__(&fn) next = (__typeof__(&fn))next_of(H_##fn, #fn); \
        const dv_handler *h = &dv_driver_handlers[H_##fn]; \
        fn##_params args_ = { EXPAND args }; \
        dv_event e; \
        if (!next) \
            return CUDA_ERROR_NOT_SUPPORTED; \
        if (!dv_active()) \
            return next args; \
        h->before(h, &args_, dv_site_here(), &e); \
        CUresult rc = DV_INSIDE(next args); \
        h->after(h, &args_, rc, &e); \
        return rc; \
    } \
    CUresult fn params __attribute__((alias("wrap_" #fn)));
#define EXPAND(...) __VA_ARGS__

WRAPPER(cuMemAlloc_v2, (CUdeviceptr *dptr, size_t n), (dptr, n))
WRAPPER(cuMemAllocHost_v2, (void **pp, size_t n), (pp, n))
WRAPPER(cuMemHostAlloc, (void **pp, size_t n, unsigned int flags), (pp, n, flags))
WRAPPER(cuMemAllocManaged, (CUdeviceptr *dptr, size_t n, unsigned int flags), (dptr, n, flags))
WRAPPER(cuMemFree_v2, (CUdeviceptr dptr), (dptr))
WRAPPER(cuMemFreeHost, (void *p), (p))
WRAPPER(cuMemAllocPitch_v2,
        (CUdeviceptr *dptr, size_t *pitch, size_t width, size_t height, unsigned int element),
        (dptr, pitch, width, height, element))
WRAPPER(cuMemAllocAsync, (CUdeviceptr *dptr, size_t n, CUstream s), (dptr, n, s))
WRAPPER(cuMemFreeAsync, (CUdeviceptr dptr, CUstream s), (dptr, s))
WRAPPER(cuMemcpyHtoD_v2, (CUdeviceptr dst, const void *src, size_t n), (dst, src, n))
WRAPPER(cuMemcpyDtoH_v2, (void *dst, CUdeviceptr src, size_t n), (dst, src, n))
WRAPPER(cuMemcpyDtoD_v2, (CUdeviceptr dst, CUdeviceptr src, size_t n), (dst, src, n))
WRAPPER(cuMemcpy, (CUdeviceptr dst, CUdeviceptr src, size_t n), (dst, src, n))
WRAPPER(cuMemcpyAsync, (CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s), (dst, src, n, s))
WRAPPER(cuMemcpyHtoDAsync_v2, (CUdeviceptr dst, const void *src, size_t n, CUstream s),
        (dst, src, n, s))
WRAPPER(cuMemcpyDtoHAsync_v2, (void *dst, CUdeviceptr src, size_t n, CUstream s), (dst, src, n, s))
WRAPPER(cuMemcpyDtoDAsync_v2, (CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s),
        (dst, src, n, s))
WRAPPER(cuMemsetD8_v2, (CUdeviceptr dst, unsigned char v, size_t n), (dst, v, n))
WRAPPER(cuMemsetD32_v2, (CUdeviceptr dst, unsigned int v, size_t n), (dst, v, n))
WRAPPER(cuMemsetD8Async, (CUdeviceptr dst, unsigned char v, size_t n, CUstream s), (dst, v, n, s))
WRAPPER(cuMemsetD32Async, (CUdeviceptr dst, unsigned int v, size_t n, CUstream s), (dst, v, n, s))
#define LAUNCH_PARAMS \
    (CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx, \
     unsigned int by, unsigned int bz, unsigned int shared, CUstream s, void **params, \
     void **extra)
#define LAUNCH_ARGS (f, gx, gy, gz, bx, by, bz, shared, s, params, extra)
WRAPPER(cuLaunchKernel, LAUNCH_PARAMS, LAUNCH_ARGS)
WRAPPER(cuLaunchKernel_ptsz, LAUNCH_PARAMS, LAUNCH_ARGS)
WRAPPER(cuLaunchKernelEx, (const CUlaunchConfig *c, CUfunction f, void **params, void **extra),
        (c, f, params, extra))
WRAPPER(cuLaunchKernelEx_ptsz,
        (const CUlaunchConfig *c, CUfunction f, void **params, void **extra),
        (c, f, params, extra))
WRAPPER(cuCtxSetCurrent, (CUcontext ctx), (ctx))
WRAPPER(cuCtxPushCurrent_v2, (CUcontext ctx), (ctx))
WRAPPER(cuCtxPopCurrent_v2, (CUcontext *pctx), (pctx))
WRAPPER(cuCtxCreate_v2, (CUcontext *pctx, unsigned int flags, CUdevice dev), (pctx, flags, dev))
WRAPPER(cuCtxCreate_v4,
        (CUcontext *pctx, CUctxCreateParams *params, unsigned int flags, CUdevice dev),
        (pctx, params, flags, dev))
WRAPPER(cuCtxDestroy_v2, (CUcontext ctx), (ctx))
WRAPPER(cuDevicePrimaryCtxRelease_v2, (CUdevice dev), (dev))
WRAPPER(cuDevicePrimaryCtxReset_v2, (CUdevice dev), (dev))

/* ---- cuGetProcAddress ------------------------------------------------------------ */

static const struct { const char *name; void *wrapper; } wrappers[H_COUNT] = {
#define WRAPPER_ROW(fn, ...) [H_##fn] = { #fn, (void *)wrap_##fn },
    DRIVER_CALLS(WRAPPER_ROW)
    CONTEXT_CALLS(WRAPPER_ROW)
#undef WRAPPER_ROW
};

/* A version's suffix: _v2, _v4. */
static bool is_version(const char *s)
{
    return s[0] == '_' && s[1] == 'v' && s[2] && s[2 + strspn(s + 2, "0123456789")] == 0;
}

/* Whether cuGetProcAddress's name (the plain one) names versioned. */
static bool plain_name_of(const char *name, const char *versioned)
{
    size_t n = strlen(name);
    return strncmp(name, versioned, n) == 0 && (versioned[n] == 0 || is_version(versioned + n));
}

static CUresult wrap_cuGetProcAddress_v2(const char *symbol, void **pfn, int version,
                                         cuuint64_t flags, CUdriverProcAddressQueryResult *status);

/* The shim's wrapper for the entry point fn of the function called name,
   when fn is the very function it wraps (an older version is left alone). */
static void *wrapped(const char *name, void *fn)
{
    if (strcmp(name, "cuGetProcAddress") == 0 && fn == dv_next("cuGetProcAddress_v2"))
        return (void *)wrap_cuGetProcAddress_v2;
    for (int i = 0; i < H_COUNT; i++)
        if (plain_name_of(name, wrappers[i].name) && fn == next_of(i, wrappers[i].name))
            return wrappers[i].wrapper;
    return fn;
}

static CUresult wrap_cuGetProcAddress_v2(const char *symbol, void **pfn, int version,
                                         cuuint64_t flags, CUdriverProcAddressQueryResult *status)
{
    static _Atomic(void *) next;
    __typeof__(&wrap_cuGetProcAddress_v2) f = atomic_load(&next);
    if (!f) {
        f = (__typeof__(f))dv_next("cuGetProcAddress_v2");
        atomic_store(&next, (void *)f);
    }
    if (!f)
        return CUDA_ERROR_NOT_SUPPORTED;
    CUresult rc = DV_INSIDE(f(symbol, pfn, version, flags, status));
    if (rc == CUDA_SUCCESS && symbol && pfn && *pfn)
        *pfn = wrapped(symbol, *pfn);
    return rc;
}
CUresult cuGetProcAddress_v2(const char *symbol, void **pfn, int version, cuuint64_t flags,
                             CUdriverProcAddressQueryResult *status)
    __attribute__((alias("wrap_cuGetProcAddress_v2")));

/* CUDA 11's entry point, without the status: the same lookup. */
#undef cuGetProcAddress
CUresult cuGetProcAddress(const char *symbol, void **pfn, int version, cuuint64_t flags);
CUresult cuGetProcAddress(const char *symbol, void **pfn, int version, cuuint64_t flags)
{
    return wrap_cuGetProcAddress_v2(symbol, pfn, version, flags, NULL);
}
