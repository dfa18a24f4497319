/*
 * CUPTI's callback API: how the shim sees the calls that never reach a
 * wrapper.  A program linked with the static cudart (nvcc's default) calls
 * no exported cudaMalloc: its runtime reaches the driver through
 * cuGetProcAddress on a handle of its own; a program may fill a table of
 * driver entry points with dlsym.  CUDA tells CUPTI's subscriber of every
 * call, in the runtime's domain and in the driver's, at its entry and its
 * exit, with the struct of its arguments (a launch's included): the same
 * handlers as the wrappers' take them apart, so the same checks run.  A
 * static cudart cannot describe its kernels to the shim (its runtime is the
 * program's own code), but a launch's callback names the kernel, mangled,
 * and a C++ name says its parameters (common/mangled.c).
 *
 * A call is counted once.  One the shim interposed is under way when its
 * callback comes (dv_in_call), and so is a runtime call when the driver
 * calls it makes come: those callbacks are passed over.  And on the emulated
 * device, whose runtime no program can link statically, the runtime's
 * callbacks are not asked for while the shim interposes it (they could only
 * repeat what the wrappers saw, at a cost on every call), but for the calls
 * whose device work has activity records, when those are asked for
 * (activity.c): a call's correlation id comes with its callbacks.
 *
 * CUPTI takes one subscriber.  When another tool holds it (a profiler), the
 * shim says so once and goes on with interposition alone.  Loaded as a CUDA
 * injection library (CUDA_INJECTION64_PATH), InitializeInjection is where it
 * starts; preloaded, it subscribes when it starts.
 */
#define _GNU_SOURCE     /* dladdr, RTLD_DEFAULT */
#include "devtrace.h"

#include <cupti.h>          /* with the <function>_params structs */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* ---- the runtime API's calls --------------------------------------------------- */

/* cudaMalloc and cudaMallocAsync: devPtr and size, in that order. */
static void allocated(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    const cudaMalloc_v3020_params *p = params;
    dv_seen_alloc(h->api, DV_MEM_DEVICE, dv_current_device(DV_RUNTIME_DEVICE),
                  rc == 0 ? *p->devPtr : NULL, p->size, e->site, rc, e->start);
}

static void allocated_pitched(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    const cudaMallocPitch_v3020_params *p = params;
    dv_seen_alloc(h->api, DV_MEM_DEVICE, dv_current_device(DV_RUNTIME_DEVICE),
                  rc == 0 ? *p->devPtr : NULL, rc == 0 ? *p->pitch * p->height : 0, e->site, rc,
                  e->start);
}

static void allocated_managed(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    const cudaMallocManaged_v6000_params *p = params;
    dv_seen_alloc(h->api, DV_MEM_MANAGED, dv_current_device(DV_RUNTIME_DEVICE),
                  rc == 0 ? *p->devPtr : NULL, p->size, e->site, rc, e->start);
}

/* cudaMallocHost and cudaHostAlloc: the pointer's address and size first. */
static void allocated_host(const dv_handler *h, const void *params, int rc, dv_event *e)
{
    const cudaMallocHost_v3020_params *p = params;
    dv_seen_alloc(h->api, DV_MEM_PINNED, -1, rc == 0 ? *p->ptr : NULL, p->size, e->site, rc,
                  e->start);
}

/* cudaFree, cudaFreeAsync and cudaFreeHost: the pointer first. */
static void freeing(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    dv_seen_free(e, h->api, ((const cudaFree_v3020_params *)params)->devPtr, site);
}

/* Each synchronous call's params struct is its asynchronous twin's less
   the stream at its end (cudaMemcpy's, cudaMemcpyAsync's). */
#define ASYNC(h) ((h)->api == DV_API_cudaMemcpyAsync || (h)->api == DV_API_cudaMemsetAsync)
#define STREAM(h, p) (ASYNC(h) ? (uint64_t)(uintptr_t)(p)->stream : 0)

/* cudaMemcpy and cudaMemcpyAsync. */
static void copying(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    const cudaMemcpyAsync_v3020_params *p = params;
    dv_seen_copy(e, h->api, p->dst, p->count, p->src, p->count, p->count, p->kind, ASYNC(h),
                 STREAM(h, p), site);
}

static void copying_peer(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    const cudaMemcpyPeer_v4000_params *p = params;
    dv_seen_copy(e, h->api, p->dst, p->count, p->src, p->count, p->count,
                 cudaMemcpyDeviceToDevice, false, 0, site);
}

/* cudaMemset and cudaMemsetAsync. */
static void setting(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    const cudaMemsetAsync_v3020_params *p = params;
    dv_seen_copy(e, h->api, p->devPtr, p->count, NULL, 0, p->count, cudaMemcpyDefault, ASYNC(h),
                 STREAM(h, p), site);
}

static void launching(const dv_handler *h, const void *params, uint32_t site, dv_event *e)
{
    const cudaLaunchKernel_v7000_params *p = params;
    dv_seen_launch(e, h->api, p->func, (unsigned[]){ p->gridDim.x, p->gridDim.y, p->gridDim.z },
                   (unsigned[]){ p->blockDim.x, p->blockDim.y, p->blockDim.z }, p->args,
                   p->sharedMem, (uint64_t)(uintptr_t)p->stream,
                   dv_current_device(DV_RUNTIME_DEVICE), site);
}

#define RUNTIME(fn, version, before, after) \
    { CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_##fn##_##version, DV_API_##fn, \
      before, after },
/* The calls whose work on the device has activity records, which carry
   their callbacks' correlation ids. */
static const dv_handler recorded_handlers[] = {
    RUNTIME(cudaMemcpy, v3020, copying, dv_handler_send)
    RUNTIME(cudaMemcpyAsync, v3020, copying, dv_handler_send)
    RUNTIME(cudaMemcpyPeer, v4000, copying_peer, dv_handler_send)
    RUNTIME(cudaMemset, v3020, setting, dv_handler_send)
    RUNTIME(cudaMemsetAsync, v3020, setting, dv_handler_send)
    RUNTIME(cudaLaunchKernel, v7000, launching, dv_handler_launched)
};

static const dv_handler runtime_handlers[] = {
    RUNTIME(cudaMalloc, v3020, dv_handler_keep_site, allocated)
    RUNTIME(cudaMallocAsync, v11020, dv_handler_keep_site, allocated)
    RUNTIME(cudaMallocHost, v3020, dv_handler_keep_site, allocated_host)
    RUNTIME(cudaHostAlloc, v3020, dv_handler_keep_site, allocated_host)
    RUNTIME(cudaMallocManaged, v6000, dv_handler_keep_site, allocated_managed)
    RUNTIME(cudaMallocPitch, v3020, dv_handler_keep_site, allocated_pitched)
    RUNTIME(cudaFree, v3020, freeing, dv_handler_send)
    RUNTIME(cudaFreeAsync, v11020, freeing, dv_handler_send)
    RUNTIME(cudaFreeHost, v3020, freeing, dv_handler_send)
    /* no event, only what they do to the current device */
    { CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaSetDevice_v3020, DV_API_COUNT,
      dv_handler_pass, dv_handler_device_changed },
    { CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaDeviceReset_v3020, DV_API_COUNT,
      dv_handler_pass, dv_handler_devices_changed },
};

/* ---- the callback ----------------------------------------------------------------- */

#define MAX_CBID 1024

/* Handlers by domain (driver, runtime) and callback id. */
static const dv_handler *handlers[2][MAX_CBID];

static const dv_handler *handler_of(CUpti_CallbackDomain domain, CUpti_CallbackId cbid)
{
    if (cbid >= MAX_CBID)
        return NULL;
    if (domain == CUPTI_CB_DOMAIN_DRIVER_API)
        return handlers[0][cbid];
    return domain == CUPTI_CB_DOMAIN_RUNTIME_API ? handlers[1][cbid] : NULL;
}

/* The call under way on this thread, from its entry to its exit (one at a
   time: the calls it makes are passed over). */
static __thread dv_event pending __attribute__((tls_model("initial-exec")));

/* The correlation ids of the call under way: the outermost call's, and the
   first driver call's inside it.  CUPTI's record of a memset carries the
   driver call's that made it; a copy's carries the outermost runtime call's
   too (runtimeCorrelationId), a kernel's the call that launched it. */
static __thread uint32_t outermost __attribute__((tls_model("initial-exec")));
static __thread uint32_t driver __attribute__((tls_model("initial-exec")));

uint32_t dv_correlation_take(const dv_event *e)
{
    bool memset = e->type == DV_EV_COPY && e->u.copy.direction == DV_DIR_MEMSET;
    uint32_t id = memset && driver ? driver : outermost;
    outermost = driver = 0;
    return id;
}

void dv_correlation_reset(void)
{
    outermost = driver = 0;
}

/* A callback of a call the shim is inside. */
static void note_correlation(CUpti_CallbackDomain domain, uint32_t id)
{
    if (!outermost)
        outermost = id;
    if (!driver && domain == CUPTI_CB_DOMAIN_DRIVER_API)
        driver = id;
}

static void CUPTIAPI on_call(void *userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                             const void *data)
{
    const CUpti_CallbackData *cb = data;
    (void)userdata;
    if (cb->callbackSite == CUPTI_API_EXIT) {
        if (*cb->correlationData) {     /* set at the entry: a handled call, sent here */
            const dv_handler *h = handler_of(domain, cbid);
            dv_in_call--;
            h->after(h, cb->functionParams, *(const int *)cb->functionReturnValue, &pending);
        }
        return;
    }
    const dv_handler *h = handler_of(domain, cbid);
    *cb->correlationData = h && dv_in_call == 0 && dv_active();
    if (*cb->correlationData) {
        dv_in_call++;
        dv_callback_symbol = cb->symbolName;
        h->before(h, cb->functionParams, dv_site_here(), &pending);
        dv_callback_symbol = NULL;
    }
    if (h)
        note_correlation(domain, cb->correlationId);
}

/* ---- subscribing ---------------------------------------------------------------------- */

static pthread_once_t once = PTHREAD_ONCE_INIT;
static bool subscribed;
/* Interposed on the emulated device, the recorded calls' callbacks are
   asked for only for their correlation ids: the wrappers see the calls. */
static struct {
    _Atomic bool only;
    CUpti_SubscriberHandle handle;
    __typeof__(&cuptiEnableCallback) enable;
} correlations;

/* Whether the program's cudaMalloc is the shim's: it is preloaded. */
static bool interposing(void)
{
    Dl_info found, self;
    void *f = dlsym(RTLD_DEFAULT, "cudaMalloc");
    return f && dladdr(f, &found) && dladdr((void *)interposing, &self) &&
           found.dli_fbase == self.dli_fbase;
}

static void enter(const dv_handler *rows, size_t n, CUpti_SubscriberHandle sub,
                  CUptiResult (*enable)(uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain,
                                        CUpti_CallbackId))
{
    for (size_t i = 0; i < n; i++) {
        handlers[rows[i].domain == CUPTI_CB_DOMAIN_RUNTIME_API][rows[i].cbid] = &rows[i];
        enable(1, sub, (CUpti_CallbackDomain)rows[i].domain, rows[i].cbid);
    }
}

static void subscribe(void)
{
    __typeof__(&cuptiSubscribe) sub = (__typeof__(sub))dv_cupti_symbol("cuptiSubscribe");
    __typeof__(&cuptiEnableCallback) enable =
        (__typeof__(enable))dv_cupti_symbol("cuptiEnableCallback");
    __typeof__(&cuptiGetResultString) text =
        (__typeof__(text))dv_cupti_symbol("cuptiGetResultString");
    CUpti_SubscriberHandle handle;
    const char *why = NULL;
    if (!sub || !enable)
        return;                         /* no CUPTI here: interposition alone */
    CUptiResult r = sub(&handle, on_call, NULL);
    if (r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED) {
        dv_say("devtrace: another tool (a profiler?) holds CUPTI, which takes one "
               "subscriber: only the CUDA calls made through the shared libraries' exported "
               "names are seen, not those of a statically linked CUDA runtime or of driver "
               "entry points taken past the shim\n");
        return;
    }
    if (r != CUPTI_SUCCESS) {
        if (!text || text(r, &why) != CUPTI_SUCCESS)
            why = "unknown error";
        dv_say("devtrace: CUPTI refused the shim (%s): interposition alone\n", why);
        return;
    }
    bool activity = dv_activity_start();
    bool wrapped = dv_next_is_sim() && interposing();
    enter(dv_driver_handlers, dv_driver_handler_count, handle, enable);
    if (!wrapped || activity)
        enter(recorded_handlers, sizeof recorded_handlers / sizeof *recorded_handlers, handle,
              enable);
    if (wrapped && activity) {
        correlations.handle = handle;
        correlations.enable = enable;
        atomic_store(&correlations.only, true);
    }
    if (!wrapped)
        enter(runtime_handlers, sizeof runtime_handlers / sizeof *runtime_handlers, handle,
              enable);
    subscribed = true;
}

void dv_cupti_correlations_stop(void)
{
    if (!atomic_exchange(&correlations.only, false))
        return;
    for (size_t i = 0; i < sizeof recorded_handlers / sizeof *recorded_handlers; i++)
        correlations.enable(0, correlations.handle,
                            (CUpti_CallbackDomain)recorded_handlers[i].domain,
                            recorded_handlers[i].cbid);
}

bool dv_cupti_start(void)
{
    pthread_once(&once, subscribe);
    return subscribed;
}

/* What CUDA calls in a library named by CUDA_INJECTION64_PATH, at cuInit. */
int InitializeInjection(void);
int InitializeInjection(void)
{
    dv_cupti_start();
    return 1;
}
