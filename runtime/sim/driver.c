/*
 * CUDA's driver API on the emulated device: the part a program written
 * against cuda.h needs to allocate, copy, set and free memory and launch
 * kernels, and cuGetProcAddress, through which a statically linked CUDA
 * runtime finds all of them.
 *
 * The driver API is the runtime's own memory, seen otherwise: a CUdeviceptr
 * is the address cudaMalloc would give, a primary context is a device (the
 * thread's current one), and a CUfunction is a registered kernel's handle
 * (cudaGetFuncBySymbol gives it).  Unlike the runtime, it wants cuInit
 * first and a current context for memory, and it keeps no last error.
 */
#include "sim.h"

#include <cuda.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct CUctx_st { int device; _Atomic int retained; };

static struct CUctx_st primary[SIM_MAX_DEVICES];
static atomic_bool initialized;
static __thread CUcontext current;
/* The contexts pushed under the current one, innermost last. */
#define MAX_PUSHED 16
static __thread CUcontext pushed[MAX_PUSHED];
static __thread int npushed;

#define DRIVER_ERRORS(X)                                                   \
    X(CUDA_SUCCESS, "no error")                                            \
    X(CUDA_ERROR_INVALID_VALUE, "invalid argument")                        \
    X(CUDA_ERROR_OUT_OF_MEMORY, "out of memory")                           \
    X(CUDA_ERROR_NOT_INITIALIZED, "initialization error")                  \
    X(CUDA_ERROR_NO_DEVICE, "no CUDA-capable device is detected")          \
    X(CUDA_ERROR_INVALID_DEVICE, "invalid device ordinal")                 \
    X(CUDA_ERROR_INVALID_CONTEXT, "invalid device context")                \
    X(CUDA_ERROR_INVALID_HANDLE, "invalid resource handle")                \
    X(CUDA_ERROR_NOT_FOUND, "named symbol not found")                      \
    X(CUDA_ERROR_ILLEGAL_ADDRESS, "an illegal memory access was encountered") \
    X(CUDA_ERROR_LAUNCH_FAILED, "unspecified launch failure")              \
    X(CUDA_ERROR_NOT_SUPPORTED, "operation not supported")                 \
    X(CUDA_ERROR_UNKNOWN, "unknown error")

#define DRIVER_ERROR_ROW(code, text) { code, #code, text },
static const struct { CUresult code; const char *name, *text; } driver_errors[] = {
    DRIVER_ERRORS(DRIVER_ERROR_ROW)
};

/* The runtime's errors that the driver names otherwise; the rest have the
   same number in both. */
static const struct { cudaError_t runtime; CUresult driver; } renamed[] = {
    { cudaErrorInvalidConfiguration, CUDA_ERROR_INVALID_VALUE },
    { cudaErrorInvalidDevicePointer, CUDA_ERROR_INVALID_VALUE },
    { cudaErrorInvalidMemcpyDirection, CUDA_ERROR_INVALID_VALUE },
    { cudaErrorInvalidDeviceFunction, CUDA_ERROR_INVALID_HANDLE },
};

static CUresult driver_result(cudaError_t e)
{
    for (size_t i = 0; i < sizeof renamed / sizeof *renamed; i++)
        if (renamed[i].runtime == e)
            return renamed[i].driver;
    return (CUresult)e;
}

/* What every call on memory starts from: cuInit, a current context, and a
   device that has not faulted. */
static CUresult ready(void)
{
    if (!atomic_load(&initialized))
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!current)
        return CUDA_ERROR_INVALID_CONTEXT;
    return driver_result(sim_device_state());
}

/* ---- errors, init, devices, contexts ------------------------------------- */

static CUresult error_text(CUresult error, const char **out, bool name)
{
    if (!out)
        return CUDA_ERROR_INVALID_VALUE;
    for (size_t i = 0; i < sizeof driver_errors / sizeof *driver_errors; i++)
        if (driver_errors[i].code == error) {
            *out = name ? driver_errors[i].name : driver_errors[i].text;
            return CUDA_SUCCESS;
        }
    *out = NULL;
    return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorName(CUresult error, const char **name)
{
    return error_text(error, name, true);
}

CUresult cuGetErrorString(CUresult error, const char **text)
{
    return error_text(error, text, false);
}

static CUresult init(unsigned int flags)
{
    sim_inject();
    if (flags != 0)
        return CUDA_ERROR_INVALID_VALUE;
    if (sim_device_count() == 0)
        return CUDA_ERROR_NO_DEVICE;
    atomic_store(&initialized, true);
    return CUDA_SUCCESS;
}

CUresult cuInit(unsigned int flags)
{
    SIM_DRIVER(cuInit, init(flags), flags);
}

CUresult cuDriverGetVersion(int *version)
{
    if (!version)
        return CUDA_ERROR_INVALID_VALUE;
    *version = CUDA_VERSION;
    return CUDA_SUCCESS;
}

/* What a call on devices starts from: cuInit, and somewhere to answer. */
static CUresult started(const void *answer)
{
    if (!atomic_load(&initialized))
        return CUDA_ERROR_NOT_INITIALIZED;
    return answer ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

static CUresult valid_device(CUdevice d)
{
    return d >= 0 && d < sim_device_count() ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUresult cuDeviceGetCount(int *count)
{
    CUresult e = started(count);
    if (e == CUDA_SUCCESS)
        *count = sim_device_count();
    return e;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal)
{
    CUresult e = started(device) ?: valid_device(ordinal);
    if (e == CUDA_SUCCESS)
        *device = ordinal;
    return e;
}

/* The properties are the runtime's (properties.c). */
CUresult cuDeviceGetName(char *name, int len, CUdevice device)
{
    CUresult e = started(name) ?: valid_device(device);
    if (e == CUDA_SUCCESS && len <= 0)
        e = CUDA_ERROR_INVALID_VALUE;
    if (e == CUDA_SUCCESS)
        snprintf(name, (size_t)len, "%s", sim_device_name);
    return e;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute, CUdevice device)
{
    CUresult e = started(value) ?: valid_device(device);
    return e != CUDA_SUCCESS ? e : driver_result(sim_attribute(value, (int)attribute));
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice device)
{
    size_t used;
    CUresult e = started(bytes) ?: valid_device(device);
    if (e == CUDA_SUCCESS)
        sim_memory_info(device, &used, bytes);
    return e;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice device)
{
    CUresult e = started(ctx) ?: valid_device(device);
    if (e != CUDA_SUCCESS)
        return e;
    primary[device].device = device;
    atomic_fetch_add(&primary[device].retained, 1);
    *ctx = &primary[device];
    return CUDA_SUCCESS;
}

static CUresult release_primary(CUdevice device)
{
    CUresult e = started(&device) ?: valid_device(device);
    if (e != CUDA_SUCCESS)
        return e;
    int held = atomic_load(&primary[device].retained);
    while (held > 0 && !atomic_compare_exchange_weak(&primary[device].retained, &held, held - 1))
        ;
    return held > 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice device)
{
    SIM_DRIVER(cuDevicePrimaryCtxRelease_v2, release_primary(device), device);
}

static CUresult reset_primary(CUdevice device)
{
    CUresult e = started(&device) ?: valid_device(device);
    if (e == CUDA_SUCCESS)
        sim_device_reset(device);
    return e;
}

CUresult cuDevicePrimaryCtxReset_v2(CUdevice device)
{
    SIM_DRIVER(cuDevicePrimaryCtxReset_v2, reset_primary(device), device);
}

/* The context is the device: making one current is cudaSetDevice for this
   thread. */
static void make_current(CUcontext ctx)
{
    current = ctx;
    if (ctx)
        sim_set_current_device(ctx->device);
}

/* cuInit, and a context that is none or one of ours. */
static CUresult context_call(CUcontext ctx)
{
    if (!atomic_load(&initialized))
        return CUDA_ERROR_NOT_INITIALIZED;
    bool ours = !ctx || (ctx >= primary && ctx < primary + sim_device_count());
    return ours ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

static CUresult set_current(CUcontext ctx)
{
    CUresult e = context_call(ctx);
    if (e == CUDA_SUCCESS)
        make_current(ctx);
    return e;
}

CUresult cuCtxSetCurrent(CUcontext ctx)
{
    SIM_DRIVER(cuCtxSetCurrent, set_current(ctx), ctx);
}

static CUresult push_current(CUcontext ctx)
{
    CUresult e = ctx ? context_call(ctx) : CUDA_ERROR_INVALID_VALUE;
    if (e == CUDA_SUCCESS && npushed == MAX_PUSHED)
        e = CUDA_ERROR_OUT_OF_MEMORY;
    if (e == CUDA_SUCCESS) {
        pushed[npushed++] = current;
        make_current(ctx);
    }
    return e;
}

CUresult cuCtxPushCurrent_v2(CUcontext ctx)
{
    SIM_DRIVER(cuCtxPushCurrent_v2, push_current(ctx), ctx);
}

static CUresult pop_current(CUcontext *out)
{
    CUresult e = context_call(NULL);
    if (e == CUDA_SUCCESS && !current)
        e = CUDA_ERROR_INVALID_CONTEXT;
    if (e != CUDA_SUCCESS)
        return e;
    if (out)
        *out = current;
    make_current(npushed ? pushed[--npushed] : NULL);
    return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent_v2(CUcontext *ctx)
{
    SIM_DRIVER(cuCtxPopCurrent_v2, pop_current(ctx), ctx);
}

/* A created context is its device's primary one, retained and pushed. */
static CUresult create(CUcontext *ctx, CUdevice device)
{
    CUresult e = cuDevicePrimaryCtxRetain(ctx, device);
    return e == CUDA_SUCCESS ? push_current(*ctx) : e;
}

CUresult cuCtxCreate_v4(CUcontext *ctx, CUctxCreateParams *params, unsigned int flags,
                        CUdevice device)
{
    SIM_DRIVER(cuCtxCreate_v4, create(ctx, device), ctx, params, flags, device);
}

/* Destroying the current context pops it. */
static CUresult destroy(CUcontext ctx)
{
    CUresult e = ctx ? context_call(ctx) : CUDA_ERROR_INVALID_VALUE;
    if (e == CUDA_SUCCESS)
        e = release_primary(ctx->device);
    if (e == CUDA_SUCCESS && ctx == current)
        make_current(npushed ? pushed[--npushed] : NULL);
    return e;
}

CUresult cuCtxDestroy_v2(CUcontext ctx)
{
    SIM_DRIVER(cuCtxDestroy_v2, destroy(ctx), ctx);
}

CUresult cuCtxGetCurrent(CUcontext *ctx)
{
    CUresult e = started(ctx);
    if (e == CUDA_SUCCESS)
        *ctx = current;
    return e;
}

CUresult cuCtxGetDevice(CUdevice *device)
{
    CUresult e = ready();
    if (e != CUDA_SUCCESS && e != CUDA_ERROR_ILLEGAL_ADDRESS)
        return e;
    if (!device)
        return CUDA_ERROR_INVALID_VALUE;
    *device = current->device;
    return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize(void)
{
    return ready();         /* work is done when its call returns */
}

/* ---- memory ----------------------------------------------------------------- */

static CUresult device_alloc(CUdeviceptr *dptr, size_t bytes)
{
    CUresult e = ready();
    if (e != CUDA_SUCCESS)
        return e;
    if (!dptr || bytes == 0)
        return CUDA_ERROR_INVALID_VALUE;
    void *p = sim_device_alloc(current->device, bytes);
    *dptr = (CUdeviceptr)(uintptr_t)p;
    return p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytes)
{
    SIM_DRIVER(cuMemAlloc_v2, device_alloc(dptr, bytes), dptr, bytes);
}

static CUresult device_free(CUdeviceptr dptr)
{
    CUresult e = ready();
    if (e != CUDA_SUCCESS || dptr == 0)
        return e;
    return sim_device_free((void *)(uintptr_t)dptr) == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuMemFree_v2(CUdeviceptr dptr)
{
    SIM_DRIVER(cuMemFree_v2, device_free(dptr), dptr);
}

/* Rows of width bytes, each of elements of element bytes (which the
   driver takes to be 4, 8 or 16). */
static CUresult pitched_alloc(CUdeviceptr *dptr, size_t *pitch, size_t width, size_t height,
                              unsigned int element)
{
    if (!pitch || width == 0 || height == 0 || (element != 4 && element != 8 && element != 16))
        return CUDA_ERROR_INVALID_VALUE;
    size_t row = sim_pitch(width);
    if (row > SIZE_MAX / height)
        return CUDA_ERROR_OUT_OF_MEMORY;
    CUresult e = device_alloc(dptr, row * height);
    if (e == CUDA_SUCCESS)
        *pitch = row;
    return e;
}

CUresult cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pitch, size_t width, size_t height,
                            unsigned int element)
{
    SIM_DRIVER(cuMemAllocPitch_v2, pitched_alloc(dptr, pitch, width, height, element), dptr, pitch,
               width, height, element);
}

/* Stream-ordered: on the emulated device every stream is already in order. */
CUresult cuMemAllocAsync(CUdeviceptr *dptr, size_t bytes, CUstream stream)
{
    SIM_DRIVER(cuMemAllocAsync,
               sim_stream_valid(stream) ? device_alloc(dptr, bytes) : CUDA_ERROR_INVALID_HANDLE,
               dptr, bytes, stream);
}

CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream stream)
{
    SIM_DRIVER(cuMemFreeAsync,
               sim_stream_valid(stream) ? device_free(dptr) : CUDA_ERROR_INVALID_HANDLE, dptr,
               stream);
}

static CUresult managed_alloc(CUdeviceptr *dptr, size_t bytes, unsigned int flags)
{
    CUresult e = ready();
    if (e != CUDA_SUCCESS)
        return e;
    if (!dptr || bytes == 0 || (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST))
        return CUDA_ERROR_INVALID_VALUE;
    void *p = sim_host_alloc(current->device, bytes, true);
    *dptr = (CUdeviceptr)(uintptr_t)p;
    return p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytes, unsigned int flags)
{
    SIM_DRIVER(cuMemAllocManaged, managed_alloc(dptr, bytes, flags), dptr, bytes, flags);
}

static CUresult host_alloc(void **pp, size_t bytes, unsigned int flags)
{
    CUresult e = ready();
    if (e != CUDA_SUCCESS)
        return e;
    if (!pp || bytes == 0 ||
        flags > (CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP |
                 CU_MEMHOSTALLOC_WRITECOMBINED))
        return CUDA_ERROR_INVALID_VALUE;
    *pp = sim_host_alloc(current->device, bytes, false);
    return *pp ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuMemHostAlloc(void **pp, size_t bytes, unsigned int flags)
{
    SIM_DRIVER(cuMemHostAlloc, host_alloc(pp, bytes, flags), pp, bytes, flags);
}

CUresult cuMemAllocHost_v2(void **pp, size_t bytes)
{
    SIM_DRIVER(cuMemAllocHost_v2, host_alloc(pp, bytes, 0), pp, bytes);
}

static CUresult host_free(void *p)
{
    CUresult e = ready();
    if (e != CUDA_SUCCESS)
        return e;
    return sim_host_free(p, false) == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuMemFreeHost(void *p)
{
    SIM_DRIVER(cuMemFreeHost, host_free(p), p);
}

/* ---- copies and fills ---------------------------------------------------------- */

static CUresult copy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind)
{
    CUresult e = ready();
    return e != CUDA_SUCCESS ? e : driver_result(sim_copy(dst, src, n, kind));
}

#define ADDRESS(dptr) ((void *)(uintptr_t)(dptr))

/* Stream-ordered: on the emulated device every stream is already in order. */
static CUresult copy_on(CUstream stream, void *dst, const void *src, size_t n,
                        enum cudaMemcpyKind kind)
{
    return sim_stream_valid(stream) ? copy(dst, src, n, kind) : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n)
{
    SIM_DRIVER(cuMemcpyHtoD_v2, copy(ADDRESS(dst), src, n, cudaMemcpyHostToDevice), dst, src, n);
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n)
{
    SIM_DRIVER(cuMemcpyDtoH_v2, copy(dst, ADDRESS(src), n, cudaMemcpyDeviceToHost), dst, src, n);
}

CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t n)
{
    SIM_DRIVER(cuMemcpyDtoD_v2, copy(ADDRESS(dst), ADDRESS(src), n, cudaMemcpyDeviceToDevice),
               dst, src, n);
}

/* Unified addressing: where each side lives says the direction. */
CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t n)
{
    SIM_DRIVER(cuMemcpy, copy(ADDRESS(dst), ADDRESS(src), n, cudaMemcpyDefault), dst, src, n);
}

CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream stream)
{
    SIM_DRIVER(cuMemcpyAsync, copy_on(stream, ADDRESS(dst), ADDRESS(src), n, cudaMemcpyDefault),
               dst, src, n, stream);
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t n, CUstream stream)
{
    SIM_DRIVER(cuMemcpyHtoDAsync_v2,
               copy_on(stream, ADDRESS(dst), src, n, cudaMemcpyHostToDevice), dst, src, n, stream);
}

CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n, CUstream stream)
{
    SIM_DRIVER(cuMemcpyDtoHAsync_v2,
               copy_on(stream, dst, ADDRESS(src), n, cudaMemcpyDeviceToHost), dst, src, n, stream);
}

CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream stream)
{
    SIM_DRIVER(cuMemcpyDtoDAsync_v2,
               copy_on(stream, ADDRESS(dst), ADDRESS(src), n, cudaMemcpyDeviceToDevice), dst, src,
               n, stream);
}

static CUresult fill(CUdeviceptr dst, const void *pattern, size_t width, size_t n)
{
    CUresult e = ready();
    return e != CUDA_SUCCESS ? e : driver_result(sim_fill(ADDRESS(dst), pattern, width, n));
}

CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char value, size_t n)
{
    SIM_DRIVER(cuMemsetD8_v2, fill(dst, &value, 1, n), dst, value, n);
}

CUresult cuMemsetD32_v2(CUdeviceptr dst, unsigned int value, size_t n)
{
    SIM_DRIVER(cuMemsetD32_v2, fill(dst, &value, sizeof value, n), dst, value, n);
}

static CUresult fill_on(CUstream stream, CUdeviceptr dst, const void *pattern, size_t width,
                        size_t n)
{
    return sim_stream_valid(stream) ? fill(dst, pattern, width, n) : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t n, CUstream stream)
{
    SIM_DRIVER(cuMemsetD8Async, fill_on(stream, dst, &value, 1, n), dst, value, n, stream);
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value, size_t n, CUstream stream)
{
    SIM_DRIVER(cuMemsetD32Async, fill_on(stream, dst, &value, sizeof value, n), dst, value, n,
               stream);
}

/* ---- launches --------------------------------------------------------------------- */

/* Parameters come as kernelParams only: the packed buffer of extra is not
   emulated. */
static CUresult launch(CUfunction f, dim3 grid, dim3 block, CUstream stream, void **params,
                       void **extra)
{
    CUresult e = ready();
    if (e != CUDA_SUCCESS)
        return e;
    if (extra)
        return params ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_SUPPORTED;
    const void *entry = sim_function_entry(f);
    if (!entry)
        return CUDA_ERROR_INVALID_HANDLE;
    return driver_result(sim_launch(entry, grid, block, params, stream));
}

CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
                        unsigned int bx, unsigned int by, unsigned int bz, unsigned int shared,
                        CUstream stream, void **params, void **extra)
{
    SIM_DRIVER(cuLaunchKernel,
               launch(f, (dim3){ gx, gy, gz }, (dim3){ bx, by, bz }, stream, params, extra), f,
               gx, gy, gz, bx, by, bz, shared, stream, params, extra);
}

/* A config's launch; its attributes (a cluster's shape, a priority) change
   nothing here. */
CUresult cuLaunchKernelEx(const CUlaunchConfig *c, CUfunction f, void **params, void **extra)
{
    SIM_DRIVER(cuLaunchKernelEx,
               c ? launch(f, (dim3){ c->gridDimX, c->gridDimY, c->gridDimZ },
                          (dim3){ c->blockDimX, c->blockDimY, c->blockDimZ }, c->hStream, params,
                          extra)
                 : CUDA_ERROR_INVALID_VALUE,
               c, f, params, extra);
}

/* ---- pointers --------------------------------------------------------------------- */

/* The runtime's answer in the driver's words: memory it does not know has
   the attributes' zero values, as CUDA's (a managed pointer is device
   memory that is managed). */
CUresult cuPointerGetAttributes(unsigned int n, CUpointer_attribute *attrs, void **data,
                                CUdeviceptr ptr)
{
    static const unsigned types[] = {
        [cudaMemoryTypeHost] = CU_MEMORYTYPE_HOST, [cudaMemoryTypeDevice] = CU_MEMORYTYPE_DEVICE,
        [cudaMemoryTypeManaged] = CU_MEMORYTYPE_DEVICE,
    };
    struct cudaPointerAttributes a;
    if (!attrs || !data || cudaPointerGetAttributes(&a, (const void *)(uintptr_t)ptr) != cudaSuccess)
        return CUDA_ERROR_INVALID_VALUE;
    for (unsigned i = 0; i < n; i++) {
        if (!data[i])
            return CUDA_ERROR_INVALID_VALUE;
        if (attrs[i] == CU_POINTER_ATTRIBUTE_MEMORY_TYPE)
            *(unsigned *)data[i] = types[a.type];
        else if (attrs[i] == CU_POINTER_ATTRIBUTE_IS_MANAGED)
            *(bool *)data[i] = a.type == cudaMemoryTypeManaged;
        else if (attrs[i] == CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL)
            *(int *)data[i] = a.type == cudaMemoryTypeUnregistered ? -2 : a.device;
        else
            return CUDA_ERROR_INVALID_VALUE;
    }
    return CUDA_SUCCESS;
}

/* What a CUfunction takes and is called, as the runtime says it of its
   kernel's host function.  (No context is needed: as CUDA's.) */
CUresult cuFuncGetParamInfo(CUfunction f, size_t index, size_t *offset, size_t *size)
{
    const void *entry = sim_function_entry(f);
    return entry ? driver_result(sim_param_info(entry, index, offset, size))
                 : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuFuncGetName(const char **name, CUfunction f)
{
    const void *entry = sim_function_entry(f);
    return entry ? driver_result(sim_function_name(name, entry)) : CUDA_ERROR_INVALID_HANDLE;
}

/* ---- cuGetProcAddress ----------------------------------------------------------------- */

/* The driver's entry points by the names cuGetProcAddress is asked for (the
   unversioned ones), each the version CUDA 13's headers map that name to. */
#define PROC(name, fn) { #name, (void *)fn },
static const struct { const char *name; void *fn; } procs[] = {
    PROC(cuGetErrorName, cuGetErrorName) PROC(cuGetErrorString, cuGetErrorString)
    PROC(cuInit, cuInit) PROC(cuDriverGetVersion, cuDriverGetVersion)
    PROC(cuDeviceGet, cuDeviceGet) PROC(cuDeviceGetCount, cuDeviceGetCount)
    PROC(cuDeviceGetName, cuDeviceGetName) PROC(cuDeviceGetAttribute, cuDeviceGetAttribute)
    PROC(cuDeviceTotalMem, cuDeviceTotalMem_v2)
    PROC(cuDevicePrimaryCtxRetain, cuDevicePrimaryCtxRetain)
    PROC(cuDevicePrimaryCtxRelease, cuDevicePrimaryCtxRelease_v2)
    PROC(cuDevicePrimaryCtxReset, cuDevicePrimaryCtxReset_v2)
    PROC(cuCtxCreate, cuCtxCreate_v4) PROC(cuCtxDestroy, cuCtxDestroy_v2)
    PROC(cuCtxPushCurrent, cuCtxPushCurrent_v2) PROC(cuCtxPopCurrent, cuCtxPopCurrent_v2)
    PROC(cuCtxSetCurrent, cuCtxSetCurrent) PROC(cuCtxGetCurrent, cuCtxGetCurrent)
    PROC(cuCtxGetDevice, cuCtxGetDevice) PROC(cuCtxSynchronize, cuCtxSynchronize)
    PROC(cuMemAlloc, cuMemAlloc_v2) PROC(cuMemFree, cuMemFree_v2)
    PROC(cuMemAllocPitch, cuMemAllocPitch_v2) PROC(cuMemAllocAsync, cuMemAllocAsync)
    PROC(cuMemFreeAsync, cuMemFreeAsync)
    PROC(cuMemAllocHost, cuMemAllocHost_v2) PROC(cuMemHostAlloc, cuMemHostAlloc)
    PROC(cuMemFreeHost, cuMemFreeHost) PROC(cuMemAllocManaged, cuMemAllocManaged)
    PROC(cuMemcpy, cuMemcpy)
    PROC(cuMemcpyAsync, cuMemcpyAsync) PROC(cuMemcpyHtoD, cuMemcpyHtoD_v2)
    PROC(cuMemcpyDtoH, cuMemcpyDtoH_v2) PROC(cuMemcpyDtoD, cuMemcpyDtoD_v2)
    PROC(cuMemcpyHtoDAsync, cuMemcpyHtoDAsync_v2) PROC(cuMemcpyDtoHAsync, cuMemcpyDtoHAsync_v2)
    PROC(cuMemcpyDtoDAsync, cuMemcpyDtoDAsync_v2)
    PROC(cuMemsetD8, cuMemsetD8_v2) PROC(cuMemsetD32, cuMemsetD32_v2)
    PROC(cuMemsetD8Async, cuMemsetD8Async) PROC(cuMemsetD32Async, cuMemsetD32Async)
    PROC(cuLaunchKernel, cuLaunchKernel) PROC(cuLaunchKernelEx, cuLaunchKernelEx)
    PROC(cuPointerGetAttributes, cuPointerGetAttributes)
    PROC(cuGetProcAddress, cuGetProcAddress_v2)
};

CUresult cuGetProcAddress_v2(const char *symbol, void **pfn, int version, cuuint64_t flags,
                             CUdriverProcAddressQueryResult *status)
{
    (void)flags;
    if (!symbol || !pfn)
        return CUDA_ERROR_INVALID_VALUE;
    *pfn = NULL;
    for (size_t i = 0; i < sizeof procs / sizeof *procs && !*pfn; i++)
        if (strcmp(procs[i].name, symbol) == 0)
            *pfn = procs[i].fn;
    CUdriverProcAddressQueryResult found =
        !*pfn ? CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND
              : version > CUDA_VERSION ? CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT
                                       : CU_GET_PROC_ADDRESS_SUCCESS;
    if (found == CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT)
        *pfn = NULL;
    if (status)
        *status = found;
    return found == CU_GET_PROC_ADDRESS_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}

/* The entry point of CUDA 11.3 to 11.8, without the status. */
#undef cuGetProcAddress
CUresult cuGetProcAddress(const char *symbol, void **pfn, int version, cuuint64_t flags);
CUresult cuGetProcAddress(const char *symbol, void **pfn, int version, cuuint64_t flags)
{
    return cuGetProcAddress_v2(symbol, pfn, version, flags, NULL);
}
