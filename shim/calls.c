/*
 * A call's facts into checks and events, whichever way the call was seen:
 * a wrapper of the runtime or the driver API, or a CUPTI callback.  The
 * checks run before the call (a free must leave the shadow state before the
 * memory can be handed out again; a launch's arguments before it runs), the
 * event is sent after it, with its result.
 */
#include "devtrace.h"

/* cudaErrorNoKernelImageForDevice, and the driver's CUDA_ERROR_NO_BINARY_FOR_GPU */
#define DV_NO_KERNEL_IMAGE 209

/* initial-exec: it is on every call's path, and the shim's thread-locals are
   in the static block anyway (sites.c). */
__thread int dv_in_call __attribute__((tls_model("initial-exec")));
__thread const char *dv_callback_symbol __attribute__((tls_model("initial-exec")));

/* flatten: the shadow state's change and the queue's push inlined here,
   whatever else calls them (a launch-heavy loop's allocations, measured:
   250 instructions a step when the link-time inliner stopped).  The event
   is built in its queue cell, not on the stack and then copied there. */
__attribute__((flatten)) void dv_seen_alloc(dv_api api, dv_memory memory, int device, const void *p, uint64_t bytes,
                   uint32_t site, int rc, uint64_t start)
{
    int16_t dev = (int16_t)(memory != DV_MEM_PINNED ? device : -1);
    uint64_t duration = dv_since(start);
    dv_alloc a = { .addr = (uintptr_t)p, .bytes = bytes, .site = site, .device = dev,
                   .memory = (uint8_t)memory, .api = (uint8_t)api,
                   .written = memory != DV_MEM_DEVICE };
    bool made = rc == 0 && p;
    if (made)
        dv_shadow_add(&a);
    if (!start)
        start = dv_event_clock();
    uint64_t pos;
    dv_event *e = dv_emit_claim(&pos);
    e->type = made ? DV_EV_ALLOC : DV_EV_CALL;
    e->api = (uint8_t)api;
    e->device = dev;
    e->result = rc;
    e->site = site;
    e->correlation = 0;
    e->start = start;
    e->duration = duration;
    e->u.alloc = a;
    dv_emit_publish(e, pos);
}

void dv_seen_free(dv_event *e, dv_api api, void *p, uint32_t site)
{
    *e = (dv_event){ .type = DV_EV_CALL, .api = (uint8_t)api, .device = -1, .site = site };
    if (dv_check_free(api, p, site, &e->u.alloc))
        e->type = DV_EV_FREE;
    e->start = dv_event_clock();
}

void dv_seen_copy(dv_event *e, dv_api api, void *dst, uint64_t dst_span, const void *src,
                  uint64_t src_span, uint64_t bytes, int kind, bool async, uint64_t stream,
                  uint32_t site)
{
    *e = (dv_event){ .type = DV_EV_COPY, .api = (uint8_t)api, .device = -1, .site = site };
    e->u.copy.bytes = bytes;
    e->u.copy.async = async;
    e->u.copy.stream = stream;
    dv_correlation_reset();             /* the call's own comes with its callbacks */
    dv_check_copy(dst, dst_span, src, src_span, kind, site, e);
    e->start = dv_event_clock();
}

void dv_seen_launch(dv_event *e, dv_api api, const void *func, const unsigned grid[3],
                    const unsigned block[3], void **args, uint64_t shared, uint64_t stream,
                    int dev, uint32_t site)
{
    *e = (dv_event){ .type = DV_EV_LAUNCH, .api = (uint8_t)api, .device = (int16_t)dev,
                     .site = site,
                     .u.launch = { .func = func, .grid = { grid[0], grid[1], grid[2] },
                                   .block = { block[0], block[1], block[2] },
                                   .shared = shared, .stream = stream } };
    dv_correlation_reset();
    dv_check_launch(func, dv_api_is_driver(api), dv_callback_symbol, args, dev, site);
    e->start = dv_event_clock();
}

/* flatten: as dv_seen_alloc, the queue's push inlined (100 a step). */
__attribute__((flatten)) void dv_seen_end(dv_event *e, int rc)
{
    e->result = rc;
    e->correlation = dv_correlation_take(e);
    e->duration = dv_since(e->start);
    dv_emit(e);
}

/* A launch's end: a kernel with no code for the device ran nothing. */
void dv_seen_launch_end(dv_event *e, int rc)
{
    dv_seen_end(e, rc);
    if (__builtin_expect(rc == DV_NO_KERNEL_IMAGE, 0))
        dv_check_not_run(e->u.launch.func, dv_api_is_driver(e->api), e->site);
}

/* ---- the current device --------------------------------------------------
 * Each allocation and launch names its device, and asking the runtime costs
 * as much as the rest of the call's checks.  So each thread keeps the answer,
 * stamped with the epoch it was asked in: a call that changes this thread's
 * device forgets it, one that may change any thread's moves the epoch.  A new
 * thread knows nothing yet; a failed answer is not kept.
 */
static _Atomic uint64_t device_epoch = 1;
static __thread struct {
    uint64_t epoch;                     /* 0: not known */
    int device;
} known[DV_DEVICE_QUERIES] __attribute__((tls_model("initial-exec")));
static const char *const device_query_names[DV_DEVICE_QUERIES] = {
    [DV_RUNTIME_DEVICE] = "cudaGetDevice",
    [DV_CONTEXT_DEVICE] = "cuCtxGetDevice",
};
static _Atomic(void *) device_query_fns[DV_DEVICE_QUERIES];

/* Out of line, so that the fast path saves no registers. */
__attribute__((noinline)) static int ask_device(dv_device_query q, uint64_t epoch)
{
    int d = -1;
    void *f = atomic_load_explicit(&device_query_fns[q], memory_order_relaxed);
    if (!f) {
        f = dv_next(device_query_names[q]);
        atomic_store_explicit(&device_query_fns[q], f, memory_order_relaxed);
    }
    if (!f || DV_INSIDE(((int (*)(int *))f)(&d)) != 0 || d < 0)
        return -1;
    known[q].device = d;
    known[q].epoch = epoch;
    return d;
}

int dv_current_device(dv_device_query q)
{
    uint64_t epoch = atomic_load_explicit(&device_epoch, memory_order_acquire);
    return known[q].epoch == epoch ? known[q].device : ask_device(q, epoch);
}

void dv_device_changed(bool every_thread)
{
    if (every_thread)
        atomic_fetch_add_explicit(&device_epoch, 1, memory_order_acq_rel);
    for (int q = 0; q < DV_DEVICE_QUERIES; q++)
        known[q].epoch = 0;
}

void dv_handler_keep_site(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    (void)h, (void)params;
    *e = (dv_event){ .site = site, .start = dv_event_clock() };
}

void dv_handler_send(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    (void)h, (void)params;
    dv_seen_end(e, rc);
}

void dv_handler_launched(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    (void)h, (void)params;
    dv_seen_launch_end(e, rc);
}

void dv_handler_pass(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    (void)h, (void)params, (void)site, (void)e;
}

void dv_handler_device_changed(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    (void)h, (void)params, (void)rc, (void)e;
    dv_device_changed(false);
}

void dv_handler_devices_changed(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    (void)h, (void)params, (void)rc, (void)e;
    dv_device_changed(true);
}
