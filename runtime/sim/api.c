/*
 * The CUDA runtime API of the emulated device: devices, errors, streams,
 * memory and copies.  Every call reports failure the way libcudart does: by
 * its return value and as the thread's last error.
 */
#include "sim.h"
#include "memkind.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CUDA_VERSION_NUMBER 13000

#define ERRORS(X)                                                                         \
    X(cudaSuccess, "no error")                                                            \
    X(cudaErrorInvalidValue, "invalid argument")                                          \
    X(cudaErrorMemoryAllocation, "out of memory")                                         \
    X(cudaErrorInitializationError, "initialization error")                               \
    X(cudaErrorInvalidConfiguration, "invalid configuration argument")                    \
    X(cudaErrorInvalidSymbol, "invalid device symbol")                                    \
    X(cudaErrorInvalidDevicePointer, "invalid device pointer")                            \
    X(cudaErrorInvalidMemcpyDirection, "invalid copy direction for memcpy")               \
    X(cudaErrorInvalidDeviceFunction, "invalid device function")                          \
    X(cudaErrorNoDevice, "no CUDA-capable device is detected")                            \
    X(cudaErrorNoKernelImageForDevice, "no kernel image is available for execution on the device") \
    X(cudaErrorInvalidDevice, "invalid device ordinal")                                   \
    X(cudaErrorInvalidResourceHandle, "invalid resource handle")                          \
    X(cudaErrorIllegalAddress, "an illegal memory access was encountered")                \
    X(cudaErrorPeerAccessAlreadyEnabled, "peer access is already enabled")                \
    X(cudaErrorPeerAccessNotEnabled, "peer access has not been enabled")                  \
    X(cudaErrorHostMemoryAlreadyRegistered,                                               \
      "part or all of the requested memory range is already mapped")                      \
    X(cudaErrorHostMemoryNotRegistered, "pointer does not correspond to a registered memory region") \
    X(cudaErrorLaunchFailure, "unspecified launch failure")                               \
    X(cudaErrorNotSupported, "operation not supported")                                   \
    X(cudaErrorUnknown, "unknown error")

#define ERROR_ROW(code, text) { code, #code, text },
static const struct { cudaError_t code; const char *name, *text; } errors[] = { ERRORS(ERROR_ROW) };

static __thread cudaError_t last_error;
static __thread int current_device;
static _Atomic cudaError_t sticky[SIM_MAX_DEVICES];
static atomic_bool peer[SIM_MAX_DEVICES][SIM_MAX_DEVICES];

/* Streams and events are entries of tables of their own: a handle is valid
   when it is the address of a live entry, which is told without reading
   through it, so a stale, foreign or made-up handle is an error and never a
   fault.  The special stream handles (cudaStreamLegacy, cudaStreamPerThread
   and the driver's equal ones) are the default stream, as NULL is: work
   here is in order whatever stream it is on, and done when its call
   returns, so an event is reached when it is recorded. */
#define MAX_STREAMS 4096
#define MAX_EVENTS 4096
struct CUstream_st { atomic_bool live; int device; };
struct CUevent_st {
    atomic_bool live;
    int device;
    unsigned flags;
    bool recorded;
    uint64_t ns;                        /* when it was recorded (CLOCK_MONOTONIC) */
};
static struct CUstream_st streams[MAX_STREAMS];
static struct CUevent_st events[MAX_EVENTS];

long sim_env_long(const char *name, long fallback, long lo, long hi)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return fallback;
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (errno || *end || n < lo || n > hi) {
        fprintf(stderr, "cudasim: %s=%s is not a whole number from %ld to %ld; using %ld\n",
                name, v, lo, hi, fallback);
        return fallback;
    }
    return n;
}

cudaError_t sim_return(cudaError_t e)
{
    if (e != cudaSuccess)
        last_error = e;
    return e;
}

int sim_current_device(void) { return current_device; }
void sim_set_current_device(int device) { current_device = device; }
bool sim_peer_enabled(int from, int to) { return atomic_load(&peer[from][to]); }
cudaError_t sim_sticky(int device) { return atomic_load(&sticky[device]); }
void sim_poison(int device) { atomic_store(&sticky[device], cudaErrorIllegalAddress); }

static bool default_stream(cudaStream_t s)
{
    return s == NULL || s == cudaStreamLegacy || s == cudaStreamPerThread;
}

/* The live entry of table (n entries of size bytes, each beginning with its
   atomic_bool live) that handle is, or NULL. */
static void *live_entry(const void *handle, void *table, size_t n, size_t size)
{
    uintptr_t at = (uintptr_t)handle - (uintptr_t)table;
    if (at >= n * size || at % size)
        return NULL;
    atomic_bool *live = (atomic_bool *)((char *)table + at);
    return atomic_load_explicit(live, memory_order_acquire) ? live : NULL;
}

/* A free entry of table taken, or NULL when all are live. */
static void *take_entry(void *table, size_t n, size_t size)
{
    for (size_t i = 0; i < n; i++) {
        atomic_bool *live = (atomic_bool *)((char *)table + i * size);
        bool taken = false;
        if (atomic_compare_exchange_strong(live, &taken, true))
            return live;
    }
    return NULL;
}

/* The entry's live flag cleared, once: false when it was no live entry. */
static bool drop_entry(void *entry)
{
    return entry && atomic_exchange((atomic_bool *)entry, false);
}

#define LIVE(table, handle) live_entry(handle, table, sizeof table / sizeof *table, sizeof *table)
#define TAKE(table) take_entry(table, sizeof table / sizeof *table, sizeof *table)

static cudaStream_t live_stream(cudaStream_t s)
{
    return LIVE(streams, s);
}

bool sim_stream_valid(cudaStream_t s)
{
    return default_stream(s) || live_stream(s);
}

int sim_stream_device(cudaStream_t s, int current)
{
    return default_stream(s) ? current : s->device;
}

cudaError_t sim_device_state(void)
{
    if (sim_device_count() == 0)
        return cudaErrorNoDevice;
    return sim_sticky(current_device);
}

static bool valid_device(int d)
{
    return d >= 0 && d < sim_device_count();
}

/* ---- devices and errors ------------------------------------------------- */

cudaError_t cudaGetDeviceCount(int *count)
{
    if (!count)
        return sim_return(cudaErrorInvalidValue);
    *count = sim_device_count();
    return sim_return(*count ? cudaSuccess : cudaErrorNoDevice);
}

static cudaError_t set_device(int device)
{
    if (sim_device_count() == 0)
        return sim_return(cudaErrorNoDevice);
    if (!valid_device(device))
        return sim_return(cudaErrorInvalidDevice);
    current_device = device;
    return cudaSuccess;
}

cudaError_t cudaSetDevice(int device)
{
    SIM_RUNTIME(cudaSetDevice, v3020, set_device(device), device);
}

cudaError_t cudaGetDevice(int *device)
{
    if (!device)
        return sim_return(cudaErrorInvalidValue);
    *device = current_device;
    return sim_return(sim_device_state() == cudaErrorNoDevice ? cudaErrorNoDevice : cudaSuccess);
}

cudaError_t cudaDeviceSynchronize(void)
{
    return sim_return(sim_device_state());     /* work is done when its call returns */
}

void sim_device_reset(int device)
{
    sim_device_free_all(device);
    sim_vars_reset(device);
    atomic_store(&sticky[device], cudaSuccess);
    for (int d = 0; d < SIM_MAX_DEVICES; d++)
        atomic_store(&peer[device][d], false);
}

cudaError_t cudaDeviceReset(void)
{
    if (sim_device_count() == 0)
        return sim_return(cudaErrorNoDevice);
    sim_device_reset(current_device);
    return cudaSuccess;
}

cudaError_t cudaDeviceCanAccessPeer(int *can, int device, int peer_device)
{
    if (!can)
        return sim_return(cudaErrorInvalidValue);
    if (!valid_device(device) || !valid_device(peer_device))
        return sim_return(cudaErrorInvalidDevice);
    *can = device != peer_device;
    return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peer_device, unsigned int flags)
{
    cudaError_t e = sim_device_state();
    if (e != cudaSuccess)
        return sim_return(e);
    if (flags != 0)
        return sim_return(cudaErrorInvalidValue);
    if (!valid_device(peer_device) || peer_device == current_device)
        return sim_return(cudaErrorInvalidDevice);
    if (atomic_exchange(&peer[current_device][peer_device], true))
        return sim_return(cudaErrorPeerAccessAlreadyEnabled);
    return cudaSuccess;
}

cudaError_t cudaDeviceDisablePeerAccess(int peer_device)
{
    if (!valid_device(peer_device))
        return sim_return(cudaErrorInvalidDevice);
    if (!atomic_exchange(&peer[current_device][peer_device], false))
        return sim_return(cudaErrorPeerAccessNotEnabled);
    return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *version)
{
    if (!version)
        return sim_return(cudaErrorInvalidValue);
    *version = CUDA_VERSION_NUMBER;
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *version)
{
    return cudaRuntimeGetVersion(version);
}

cudaError_t cudaGetLastError(void)
{
    cudaError_t e = last_error;
    last_error = cudaSuccess;
    return e;
}

cudaError_t cudaPeekAtLastError(void) { return last_error; }

const char *cudaGetErrorName(cudaError_t error)
{
    for (size_t i = 0; i < sizeof errors / sizeof *errors; i++)
        if (errors[i].code == error)
            return errors[i].name;
    return "unrecognized error code";
}

const char *cudaGetErrorString(cudaError_t error)
{
    for (size_t i = 0; i < sizeof errors / sizeof *errors; i++)
        if (errors[i].code == error)
            return errors[i].text;
    return "unrecognized error code";
}

/* ---- streams ------------------------------------------------------------ */

/* Non-blocking or not, a stream here is in order with the default one. */
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags)
{
    cudaError_t e = sim_device_state();
    if (e != cudaSuccess)
        return sim_return(e);
    if (!stream || flags > cudaStreamNonBlocking)
        return sim_return(cudaErrorInvalidValue);
    cudaStream_t s = TAKE(streams);
    if (!s)
        return sim_return(cudaErrorMemoryAllocation);
    s->device = current_device;
    *stream = s;
    return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t *stream)
{
    return cudaStreamCreateWithFlags(stream, cudaStreamDefault);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    return drop_entry(live_stream(stream)) ? cudaSuccess
                                           : sim_return(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    if (!sim_stream_valid(stream))
        return sim_return(cudaErrorInvalidResourceHandle);
    return sim_return(sim_sticky(sim_stream_device(stream, current_device)));
}

/* Work here is done when its call returns: a stream has nothing to wait
   for, and is done. */
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
    if (!sim_stream_valid(stream) || !LIVE(events, event))
        return sim_return(cudaErrorInvalidResourceHandle);
    if (flags & ~cudaEventWaitExternal)
        return sim_return(cudaErrorInvalidValue);
    return sim_return(sim_sticky(sim_stream_device(stream, current_device)));
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    return cudaStreamSynchronize(stream);
}

/* How a host thread waits, and mapped memory (always, here): nothing to do. */
cudaError_t cudaSetDeviceFlags(unsigned int flags)
{
    unsigned known = cudaDeviceScheduleMask | cudaDeviceMapHost | cudaDeviceLmemResizeToMax |
                     cudaDeviceSyncMemops;
    if ((flags & ~known) || (flags & cudaDeviceScheduleMask) == 3 ||
        (flags & cudaDeviceScheduleMask) > 4)
        return sim_return(cudaErrorInvalidValue);
    return sim_return(sim_device_state());
}

/* ---- the program's memory, pinned ------------------------------------------ */

#define HOST_REGISTER_FLAGS \
    (cudaHostRegisterPortable | cudaHostRegisterMapped | cudaHostRegisterIoMemory | \
     cudaHostRegisterReadOnly)

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
    cudaError_t e = sim_device_state();
    if (e != cudaSuccess)
        return sim_return(e);
    if (!ptr || size == 0 || (flags & ~HOST_REGISTER_FLAGS))
        return sim_return(cudaErrorInvalidValue);
    return sim_return(sim_host_register(ptr, size, current_device)
                          ? cudaSuccess
                          : cudaErrorHostMemoryAlreadyRegistered);
}

cudaError_t cudaHostUnregister(void *ptr)
{
    if (!ptr)
        return sim_return(cudaErrorInvalidValue);
    return sim_return(sim_host_unregister(ptr) == 0 ? cudaSuccess
                                                    : cudaErrorHostMemoryNotRegistered);
}

/* ---- events ------------------------------------------------------------- */

#define EVENT_FLAGS (cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess)

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    cudaError_t e = sim_device_state();
    if (e != cudaSuccess)
        return sim_return(e);
    if (!event || (flags & ~EVENT_FLAGS) ||
        ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming)))
        return sim_return(cudaErrorInvalidValue);
    cudaEvent_t ev = TAKE(events);
    if (!ev)
        return sim_return(cudaErrorMemoryAllocation);
    ev->device = current_device;
    ev->flags = flags;
    ev->recorded = false;
    *event = ev;
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    return drop_entry(LIVE(events, event)) ? cudaSuccess
                                           : sim_return(cudaErrorInvalidResourceHandle);
}

static uint64_t monotonic_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* On the stream's device, which must be the event's. */
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    cudaEvent_t ev = LIVE(events, event);
    if (!ev || !sim_stream_valid(stream) ||
        sim_stream_device(stream, current_device) != ev->device)
        return sim_return(cudaErrorInvalidResourceHandle);
    ev->ns = monotonic_ns();
    ev->recorded = true;
    return sim_return(sim_sticky(ev->device));
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
    cudaEvent_t ev = LIVE(events, event);
    return sim_return(ev ? sim_sticky(ev->device) : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    return cudaEventQuery(event);
}

/* Both recorded, neither without timing. */
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    cudaEvent_t a = LIVE(events, start), b = LIVE(events, end);
    if (!ms)
        return sim_return(cudaErrorInvalidValue);
    if (!a || !b || !a->recorded || !b->recorded ||
        ((a->flags | b->flags) & cudaEventDisableTiming))
        return sim_return(cudaErrorInvalidResourceHandle);
    *ms = (float)((double)(int64_t)(b->ns - a->ns) / 1e6);
    return cudaSuccess;
}

/* ---- memory ------------------------------------------------------------- */

static cudaError_t device_malloc(void **ptr, size_t size)
{
    cudaError_t e = sim_device_state();
    if (e != cudaSuccess)
        return sim_return(e);
    if (!ptr)
        return sim_return(cudaErrorInvalidValue);
    *ptr = NULL;
    if (size == 0)
        return cudaSuccess;                 /* as libcudart: success, and NULL */
    *ptr = sim_device_alloc(current_device, size);
    return sim_return(*ptr ? cudaSuccess : cudaErrorMemoryAllocation);
}

static cudaError_t device_free(void *ptr)
{
    if (!ptr)
        return cudaSuccess;
    if (sim_device_count() == 0)
        return sim_return(cudaErrorNoDevice);
    int d = sim_device_of(ptr);
    if (d >= 0 && sim_sticky(d) != cudaSuccess)
        return sim_return(sim_sticky(d));
    return sim_return(sim_device_free(ptr) == 0 ? cudaSuccess : cudaErrorInvalidValue);
}

cudaError_t cudaMalloc(void **ptr, size_t size)
{
    SIM_RUNTIME(cudaMalloc, v3020, device_malloc(ptr, size), ptr, size);
}

cudaError_t cudaFree(void *ptr)
{
    SIM_RUNTIME(cudaFree, v3020, device_free(ptr), ptr);
}

/* Stream-ordered: on the emulated device every stream is already in order. */
static cudaError_t pitched_malloc(void **ptr, size_t *pitch, size_t width, size_t height)
{
    if (!pitch)
        return sim_return(cudaErrorInvalidValue);
    size_t row = sim_pitch(width);
    if (height && row > SIZE_MAX / height)
        return sim_return(cudaErrorMemoryAllocation);
    cudaError_t e = device_malloc(ptr, row * height);
    if (e == cudaSuccess)
        *pitch = row;
    return e;
}

cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height)
{
    SIM_RUNTIME(cudaMallocPitch, v3020, pitched_malloc(ptr, pitch, width, height), ptr, pitch,
                width, height);
}

static cudaError_t stream_check(cudaStream_t stream)
{
    return sim_stream_valid(stream) ? cudaSuccess : sim_return(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaStream_t stream)
{
    SIM_RUNTIME(cudaMallocAsync, v11020, stream_check(stream) ?: device_malloc(ptr, size), ptr,
                size, stream);
}

cudaError_t cudaFreeAsync(void *ptr, cudaStream_t stream)
{
    SIM_RUNTIME(cudaFreeAsync, v11020, stream_check(stream) ?: device_free(ptr), ptr, stream);
}

static cudaError_t host_alloc(void **ptr, size_t size, unsigned int flags)
{
    cudaError_t e = sim_device_state();
    if (e != cudaSuccess)
        return sim_return(e);
    if (!ptr || flags > (cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined))
        return sim_return(cudaErrorInvalidValue);
    *ptr = sim_host_alloc(current_device, size, false);
    return sim_return(*ptr ? cudaSuccess : cudaErrorMemoryAllocation);
}

cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags)
{
    SIM_RUNTIME(cudaHostAlloc, v3020, host_alloc(ptr, size, flags), ptr, size, flags);
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    SIM_RUNTIME(cudaMallocHost, v3020, host_alloc(ptr, size, cudaHostAllocDefault), ptr, size);
}

static cudaError_t host_free(void *ptr)
{
    if (!ptr)
        return cudaSuccess;
    return sim_return(sim_host_free(ptr, false) == 0 ? cudaSuccess : cudaErrorInvalidValue);
}

cudaError_t cudaFreeHost(void *ptr)
{
    SIM_RUNTIME(cudaFreeHost, v3020, host_free(ptr), ptr);
}

/* Managed memory is host memory every device's kernels reach: the
   emulated device has no pages to migrate, so the flags only say who may
   touch it first, which nothing here checks. */
static cudaError_t managed_alloc(void **ptr, size_t size, unsigned int flags)
{
    cudaError_t e = sim_device_state();
    if (e != cudaSuccess)
        return sim_return(e);
    if (!ptr || size == 0 || (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost))
        return sim_return(cudaErrorInvalidValue);
    *ptr = sim_host_alloc(current_device, size, true);
    return sim_return(*ptr ? cudaSuccess : cudaErrorMemoryAllocation);
}

cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned int flags)
{
    SIM_RUNTIME(cudaMallocManaged, v6000, managed_alloc(ptr, size, flags), ptr, size, flags);
}

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
    cudaError_t e = sim_device_state();
    if (e != cudaSuccess)
        return sim_return(e);
    if (!free_bytes || !total)
        return sim_return(cudaErrorInvalidValue);
    size_t used;
    sim_memory_info(current_device, &used, total);
    *free_bytes = *total - used;
    return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *a, const void *ptr)
{
    if (!a)
        return sim_return(cudaErrorInvalidValue);
    sim_device_count();
    sim_where w = sim_locate(ptr);
    memset(a, 0, sizeof *a);
    a->device = -2;
    a->hostPointer = (void *)ptr;
    if (w.space == SIM_DEVICE && w.base) {
        a->type = cudaMemoryTypeDevice;
        a->device = w.device;
        a->devicePointer = (void *)ptr;
        a->hostPointer = NULL;
    } else if (w.space == SIM_PINNED) {
        a->type = cudaMemoryTypeHost;       /* mapped: the same address on the device */
        a->device = w.device;
        a->devicePointer = (void *)ptr;
    } else if (w.space == SIM_MANAGED) {
        a->type = cudaMemoryTypeManaged;
        a->device = w.device;
        a->devicePointer = (void *)ptr;
    }
    return cudaSuccess;
}

/* ---- copies ------------------------------------------------------------- */

/* One side of a copy: in the space the kind says (managed memory is in
   both), inside its allocation, and where its bytes are. */
static cudaError_t copy_side(const void *p, size_t count, bool check, bool device, char **bytes,
                             sim_where *at)
{
    if (!p)
        return cudaErrorInvalidValue;
    sim_where w = *at = sim_locate(p);
    if (check && w.space != SIM_MANAGED && device != (w.space == SIM_DEVICE))
        return cudaErrorInvalidValue;
    if (w.space == SIM_DEVICE && sim_sticky(w.device) != cudaSuccess)
        return sim_sticky(w.device);
    if (w.space != SIM_HOST && (!w.base || count > w.size - (size_t)((const char *)p - w.base)))
        return cudaErrorInvalidValue;
    *bytes = w.space == SIM_DEVICE ? sim_alias(w.device, p) : (char *)p;
    return cudaSuccess;
}

/* memkind.h indexes its table by CUDA's own values. */
_Static_assert((int)cudaMemcpyDefault == MEMKIND_DEFAULT, "memkinds follows cudaMemcpyKind");

cudaError_t sim_copy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    char *to, *from;
    cudaError_t e = sim_device_state();
    if (e != cudaSuccess)
        return e;
    if ((unsigned)kind > cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    if (count == 0)
        return cudaSuccess;
    const memkind *k = &memkinds[kind];
    sim_where wd, ws;
    if ((e = copy_side(dst, count, k->sided, k->dst_device, &to, &wd)) != cudaSuccess ||
        (e = copy_side(src, count, k->sided, k->src_device, &from, &ws)) != cudaSuccess)
        return e;
    uint64_t start = sim_recording(SIM_RECORD_COPIES) ? sim_clock() : 0;
    memmove(to, from, count);
    if (start)
        sim_record_copy(&wd, &ws, count, start);
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    SIM_RUNTIME(cudaMemcpy, v3020, sim_return(sim_copy(dst, src, count, kind)), dst, src, count,
                kind);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream)
{
    SIM_RUNTIME(cudaMemcpyAsync, v3020,
                stream_check(stream) ?: sim_return(sim_copy(dst, src, count, kind)), dst, src,
                count, kind, stream);
}

static cudaError_t copy_peer(void *dst, int dst_device, const void *src, int src_device,
                             size_t count)
{
    if (!valid_device(dst_device) || !valid_device(src_device))
        return sim_return(cudaErrorInvalidDevice);
    if (count && (sim_device_of(dst) != dst_device || sim_device_of(src) != src_device))
        return sim_return(cudaErrorInvalidValue);
    return sim_return(sim_copy(dst, src, count, cudaMemcpyDeviceToDevice));
}

cudaError_t cudaMemcpyPeer(void *dst, int dst_device, const void *src, int src_device,
                           size_t count)
{
    SIM_RUNTIME(cudaMemcpyPeer, v4000, copy_peer(dst, dst_device, src, src_device, count), dst,
                dst_device, src, src_device, count);
}

cudaError_t sim_fill(void *ptr, const void *pattern, size_t width, size_t count)
{
    char *bytes;
    cudaError_t e = sim_device_state();
    if (e != cudaSuccess || count == 0)
        return e;
    if (count > SIZE_MAX / width)
        return cudaErrorInvalidValue;
    sim_where w;
    if ((e = copy_side(ptr, count * width, true, true, &bytes, &w)) != cudaSuccess)
        return e;
    uint64_t start = sim_recording(SIM_RECORD_FILLS) ? sim_clock() : 0;
    if (width == 1)
        memset(bytes, *(const unsigned char *)pattern, count);
    for (size_t i = 0; width > 1 && i < count; i++)
        memcpy(bytes + i * width, pattern, width);
    if (start) {
        uint32_t value = 0;
        memcpy(&value, pattern, width < sizeof value ? width : sizeof value);
        sim_record_fill(&w, count * width, value, start);
    }
    return e;
}

cudaError_t cudaMemset(void *ptr, int value, size_t count)
{
    unsigned char byte = (unsigned char)value;
    SIM_RUNTIME(cudaMemset, v3020, sim_return(sim_fill(ptr, &byte, 1, count)), ptr, value, count);
}

cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count, cudaStream_t stream)
{
    unsigned char byte = (unsigned char)value;
    SIM_RUNTIME(cudaMemsetAsync, v3020,
                stream_check(stream) ?: sim_return(sim_fill(ptr, &byte, 1, count)), ptr, value,
                count, stream);
}
