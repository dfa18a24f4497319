#define _GNU_SOURCE
/*
 * CUPTI's callback API on the emulated device, the part a tracer needs: one
 * subscriber, callbacks enabled by domain or one by one, and an API callback
 * at the entry and the exit of each traced call, with CUPTI's params struct
 * of its arguments and, at exit, its result (and a launch's kernel's mangled
 * name, its symbolName).  The traced calls are those of
 * the runtime and driver APIs that allocate, copy, set, free or launch
 * (SIM_RUNTIME and SIM_DRIVER in sim.h); the emulated device's calls to its
 * own functions are not traced, as CUDA's are not.
 *
 * CUPTI's Activity API for the device's work: kernels, copies and memsets,
 * each a record (the struct CUDA 13's CUPTI fills for its kind) with the
 * emulator's own start and end and the correlation id of the call that made
 * it, appended to a buffer the tool handed over and handed back full or at
 * cuptiActivityFlushAll.  DT_SIM_ACTIVITY=0 emulates a CUPTI without it.
 *
 * And CUDA's injection: CUDA_INJECTION64_PATH names a library that cuInit
 * (or the first traced call, for a program of the runtime API alone) loads,
 * calling its InitializeInjection, which is how CUDA loads tools (Nsight's
 * among them) into a program unchanged.
 */
#include "sim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct CUpti_Subscriber_st {
    CUpti_CallbackFunc callback;
    void *userdata;
};

_Atomic bool sim_enabled[CUPTI_CB_DOMAIN_SIZE][SIM_MAX_CBID];

static struct CUpti_Subscriber_st subscriber;
static _Atomic(struct CUpti_Subscriber_st *) listening;
static pthread_mutex_t subscribe_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic uint32_t correlations;

#define CUPTI_RESULTS(X) \
    X(CUPTI_SUCCESS, "CUPTI_SUCCESS") \
    X(CUPTI_ERROR_INVALID_PARAMETER, "CUPTI_ERROR_INVALID_PARAMETER") \
    X(CUPTI_ERROR_INVALID_OPERATION, "CUPTI_ERROR_INVALID_OPERATION") \
    X(CUPTI_ERROR_MAX_LIMIT_REACHED, "CUPTI_ERROR_MAX_LIMIT_REACHED") \
    X(CUPTI_ERROR_NOT_INITIALIZED, "CUPTI_ERROR_NOT_INITIALIZED") \
    X(CUPTI_ERROR_INVALID_KIND, "CUPTI_ERROR_INVALID_KIND") \
    X(CUPTI_ERROR_NOT_SUPPORTED, "CUPTI_ERROR_NOT_SUPPORTED") \
    X(CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED, \
      "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED") \
    X(CUPTI_ERROR_UNKNOWN, "CUPTI_ERROR_UNKNOWN")

#define RESULT_ROW(code, text) { code, text },
static const struct { CUptiResult code; const char *text; } results[] = { CUPTI_RESULTS(RESULT_ROW) };

CUptiResult CUPTIAPI cuptiGetResultString(CUptiResult result, const char **str)
{
    if (!str)
        return CUPTI_ERROR_INVALID_PARAMETER;
    for (size_t i = 0; i < sizeof results / sizeof *results; i++)
        if (results[i].code == result) {
            *str = results[i].text;
            return CUPTI_SUCCESS;
        }
    *str = NULL;
    return CUPTI_ERROR_INVALID_PARAMETER;
}

/* ---- the subscriber -------------------------------------------------------- */

CUptiResult CUPTIAPI cuptiSubscribe(CUpti_SubscriberHandle *handle, CUpti_CallbackFunc callback,
                                    void *userdata)
{
    CUptiResult r = CUPTI_SUCCESS;
    if (!handle || !callback)
        return CUPTI_ERROR_INVALID_PARAMETER;
    pthread_mutex_lock(&subscribe_lock);
    if (atomic_load(&listening)) {
        r = CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED;
    } else {
        subscriber.callback = callback;
        subscriber.userdata = userdata;
        atomic_store(&listening, &subscriber);
        *handle = &subscriber;
    }
    pthread_mutex_unlock(&subscribe_lock);
    return r;
}

static bool valid(CUpti_SubscriberHandle h, CUpti_CallbackDomain domain)
{
    return h == &subscriber && atomic_load(&listening) == h && domain > CUPTI_CB_DOMAIN_INVALID &&
           domain < CUPTI_CB_DOMAIN_SIZE;
}

CUptiResult CUPTIAPI cuptiUnsubscribe(CUpti_SubscriberHandle h)
{
    CUptiResult r = CUPTI_ERROR_INVALID_PARAMETER;
    pthread_mutex_lock(&subscribe_lock);
    if (h && h == atomic_load(&listening)) {
        atomic_store(&listening, NULL);
        for (int d = 0; d < CUPTI_CB_DOMAIN_SIZE; d++)
            for (int i = 0; i < SIM_MAX_CBID; i++)
                atomic_store(&sim_enabled[d][i], false);
        r = CUPTI_SUCCESS;
    }
    pthread_mutex_unlock(&subscribe_lock);
    return r;
}

CUptiResult CUPTIAPI cuptiEnableCallback(uint32_t enable, CUpti_SubscriberHandle h,
                                         CUpti_CallbackDomain domain, CUpti_CallbackId cbid)
{
    if (!valid(h, domain) || cbid >= SIM_MAX_CBID)
        return CUPTI_ERROR_INVALID_PARAMETER;
    atomic_store(&sim_enabled[domain][cbid], enable != 0);
    return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiEnableDomain(uint32_t enable, CUpti_SubscriberHandle h,
                                       CUpti_CallbackDomain domain)
{
    if (!valid(h, domain))
        return CUPTI_ERROR_INVALID_PARAMETER;
    for (int i = 0; i < SIM_MAX_CBID; i++)
        atomic_store(&sim_enabled[domain][i], enable != 0);
    return CUPTI_SUCCESS;
}

/* ---- the callbacks of a traced call ------------------------------------------ */

/* What CUDA's launch callbacks name besides the call: the kernel, by its
   mangled name.  A program launches its kernels many times, and a kernel
   is registered for the program's life, so each thread keeps the names it
   has found, by handle, rather than search the registry at every launch. */
#define NAMED 64                        /* a power of two */
static __thread struct { const void *handle; const char *name; } named[NAMED];

static const char *launched_symbol(CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                                   const void *params)
{
    const void *handle = NULL;         /* a host function, or a CUfunction */
    bool driver = domain == CUPTI_CB_DOMAIN_DRIVER_API;
    if (!driver && cbid == CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000)
        handle = ((const cudaLaunchKernel_v7000_params *)params)->func;
    else if (driver && cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel)
        handle = ((const cuLaunchKernel_params *)params)->f;
    if (!handle)
        return NULL;
    size_t slot = ((uintptr_t)handle >> 4) & (NAMED - 1);
    if (named[slot].handle == handle)
        return named[slot].name;
    const char *name = NULL;
    if (sim_function_name(&name, driver ? sim_function_entry(handle) : handle) == cudaSuccess) {
        named[slot].handle = handle;
        named[slot].name = name;
    }
    return name;
}

void sim_trace_enter(sim_traced_call *t, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                     const char *name, const void *params)
{
    struct CUpti_Subscriber_st *s = atomic_load_explicit(&listening, memory_order_acquire);
    if (!s)
        return;                         /* unsubscribed since sim_tracing said yes */
    t->callback = s->callback;
    t->userdata = s->userdata;
    t->domain = domain;
    t->cbid = cbid;
    t->correlation = 0;
    t->data = (CUpti_CallbackData){
        .callbackSite = CUPTI_API_ENTER, .functionName = name, .functionParams = params,
        .symbolName = launched_symbol(domain, cbid, params),
        .correlationData = &t->correlation,
        .correlationId = sim_correlation ? sim_correlation
                                         : (sim_correlation = sim_next_correlation()),
    };
    t->callback(t->userdata, domain, cbid, &t->data);
}

void sim_trace_exit(sim_traced_call *t, void *result)
{
    if (!t->callback)
        return;
    t->data.callbackSite = CUPTI_API_EXIT;
    t->data.functionReturnValue = result;
    t->callback(t->userdata, t->domain, t->cbid, &t->data);
}

/* ---- activity records ------------------------------------------------------------ */

_Atomic unsigned sim_activity;
__thread uint32_t sim_correlation;
__thread bool sim_in_runtime;

uint32_t sim_next_correlation(void)
{
    return atomic_fetch_add(&correlations, 1) + 1;
}

uint64_t sim_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* The kinds emulated: what each records, and its record's size. */
static const struct {
    CUpti_ActivityKind kind;
    unsigned records;
    size_t size;
} kinds[] = {
    { CUPTI_ACTIVITY_KIND_MEMCPY, SIM_RECORD_COPIES, sizeof(CUpti_ActivityMemcpy6) },
    { CUPTI_ACTIVITY_KIND_MEMSET, SIM_RECORD_FILLS, sizeof(CUpti_ActivityMemset4) },
    { CUPTI_ACTIVITY_KIND_KERNEL, SIM_RECORD_KERNELS, sizeof(CUpti_ActivityKernel10) },
    { CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, SIM_RECORD_KERNELS, sizeof(CUpti_ActivityKernel10) },
};

/* reserve keeps each record 8-byte aligned by keeping their sizes so. */
_Static_assert(sizeof(CUpti_ActivityMemcpy6) % 8 == 0 && sizeof(CUpti_ActivityMemset4) % 8 == 0 &&
               sizeof(CUpti_ActivityKernel10) % 8 == 0, "record sizes keep records aligned");

static int kind_index(CUpti_ActivityKind kind)
{
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (kinds[i].kind == kind)
            return (int)i;
    return -1;
}

static struct {
    atomic_flag busy;                   /* its lock: see act_lock */
    CUpti_BuffersCallbackRequestFunc request;
    CUpti_BuffersCallbackCompleteFunc complete;
    CUpti_ActivityKind kernel_kind;     /* the one enabled, which kernel records carry */
    uint8_t *buffer;                    /* the tool's, being filled */
    size_t size, used;
    size_t dropped;                     /* since the tool last asked */
} act = { .busy = ATOMIC_FLAG_INIT, .kernel_kind = CUPTI_ACTIVITY_KIND_KERNEL };

/* act is held for a record's few stores (or while the tool hands over a
   buffer), once a kernel, copy or memset: a flag that a waiter yields on
   costs a tenth of a mutex. */
static void act_lock(void)
{
    while (atomic_flag_test_and_set_explicit(&act.busy, memory_order_acquire))
        sched_yield();
}

static void act_unlock(void)
{
    atomic_flag_clear_explicit(&act.busy, memory_order_release);
}

static bool activity_supported(void)
{
    return sim_env_long("DT_SIM_ACTIVITY", 1, 0, 1) != 0;
}

CUptiResult CUPTIAPI cuptiGetTimestamp(uint64_t *timestamp)
{
    if (!timestamp)
        return CUPTI_ERROR_INVALID_PARAMETER;
    *timestamp = sim_clock();
    return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiActivityRegisterCallbacks(CUpti_BuffersCallbackRequestFunc request,
                                                    CUpti_BuffersCallbackCompleteFunc complete)
{
    if (!activity_supported())
        return CUPTI_ERROR_NOT_SUPPORTED;
    if (!request || !complete)
        return CUPTI_ERROR_INVALID_PARAMETER;
    act_lock();
    act.request = request;
    act.complete = complete;
    act_unlock();
    return CUPTI_SUCCESS;
}

static CUptiResult set_kind(CUpti_ActivityKind kind, bool on)
{
    int i = kind_index(kind);
    if (!activity_supported())
        return CUPTI_ERROR_NOT_SUPPORTED;
    if (i < 0)
        return CUPTI_ERROR_INVALID_KIND;
    if (on && kinds[i].records == SIM_RECORD_KERNELS)
        act.kernel_kind = kind;
    if (on)
        atomic_fetch_or(&sim_activity, kinds[i].records);
    else
        atomic_fetch_and(&sim_activity, ~kinds[i].records);
    return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiActivityEnable(CUpti_ActivityKind kind)
{
    return set_kind(kind, true);
}

CUptiResult CUPTIAPI cuptiActivityDisable(CUpti_ActivityKind kind)
{
    return set_kind(kind, false);
}

/* A buffer the tool gets back: its size, and how much of it holds records. */
typedef struct {
    uint8_t *buffer;
    size_t size, used;
} filled;

/* Hands back a buffer taken from act under its lock, outside it: the tool's
   callback may take locks of its own. */
static void hand_back(const filled *f, CUpti_BuffersCallbackCompleteFunc complete)
{
    if (f->buffer && complete)
        complete(NULL, 0, f->buffer, f->size, f->used);
}

/* The place of a record of size in the tool's buffer, taken with act held
   until publish: the record is written in place under the lock, so a
   flush never hands back half of one.  Asks the tool for a buffer when there
   is none or the one being filled has no room left (that one then goes into
   *full); NULL when there is still none, the record dropped.  Records are
   written as structs, so a buffer must be 8-byte aligned, as CUPTI asks. */
static void *reserve(size_t size, filled *full)
{
    *full = (filled){ NULL, 0, 0 };
    act_lock();
    if (act.buffer && act.size - act.used < size) {
        *full = (filled){ act.buffer, act.size, act.used };
        act.buffer = NULL;
    }
    if (!act.buffer && act.request) {
        size_t max_records = 0;
        act.request(&act.buffer, &act.size, &max_records);
        act.used = 0;
        if (act.buffer && (act.size < size || (uintptr_t)act.buffer % 8))
            act.buffer = NULL;          /* too small to hold one, or misaligned: as good as none */
    }
    if (!act.buffer) {
        act.dropped++;
        return NULL;
    }
    void *r = act.buffer + act.used;
    act.used += size;
    return r;
}

/* Ends what reserve began. */
static void publish(const filled *full)
{
    CUpti_BuffersCallbackCompleteFunc complete = act.complete;
    act_unlock();
    hand_back(full, complete);
}

CUptiResult CUPTIAPI cuptiActivityFlushAll(uint32_t flag)
{
    (void)flag;                         /* every record is complete once it is made */
    act_lock();
    filled f = { act.buffer, act.size, act.used };
    CUpti_BuffersCallbackCompleteFunc complete = act.complete;
    act.buffer = NULL;
    act_unlock();
    hand_back(&f, complete);
    return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiActivityGetNextRecord(uint8_t *buffer, size_t valid,
                                                CUpti_Activity **next)
{
    if (!buffer || !next)
        return CUPTI_ERROR_INVALID_PARAMETER;
    size_t at = 0;
    if (*next) {
        int i = kind_index((*next)->kind);
        if (i < 0)
            return CUPTI_ERROR_INVALID_KIND;
        at = (size_t)((uint8_t *)*next - buffer) + kinds[i].size;
    }
    if (at + sizeof(CUpti_Activity) > valid) {
        *next = NULL;
        return CUPTI_ERROR_MAX_LIMIT_REACHED;
    }
    *next = (CUpti_Activity *)(void *)(buffer + at);
    return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiActivityGetNumDroppedRecords(CUcontext context, uint32_t stream,
                                                       size_t *dropped)
{
    (void)context, (void)stream;
    if (!dropped)
        return CUPTI_ERROR_INVALID_PARAMETER;
    act_lock();
    *dropped = act.dropped;
    act.dropped = 0;
    act_unlock();
    return CUPTI_SUCCESS;
}

/* CUPTI's names for where memory is, by sim_space. */
static const uint8_t memory_kinds[] = {
    [SIM_HOST] = CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE,
    [SIM_PINNED] = CUPTI_ACTIVITY_MEMORY_KIND_PINNED,
    [SIM_MANAGED] = CUPTI_ACTIVITY_MEMORY_KIND_MANAGED,
    [SIM_DEVICE] = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE,
};

/* The copy's kind, [dst on a device][src on a device], as CUPTI names it. */
static const uint8_t copy_kinds[2][2] = {
    { CUPTI_ACTIVITY_MEMCPY_KIND_HTOH, CUPTI_ACTIVITY_MEMCPY_KIND_DTOH },
    { CUPTI_ACTIVITY_MEMCPY_KIND_HTOD, CUPTI_ACTIVITY_MEMCPY_KIND_DTOD },
};

void sim_record_copy(const sim_where *dst, const sim_where *src, size_t bytes, uint64_t start)
{
    bool to = dst->space == SIM_DEVICE, from = src->space == SIM_DEVICE;
    uint64_t end = sim_clock();
    filled full;
    CUpti_ActivityMemcpy6 *r = reserve(sizeof *r, &full);
    if (r)
        *r = (CUpti_ActivityMemcpy6){
            .kind = CUPTI_ACTIVITY_KIND_MEMCPY, .copyKind = copy_kinds[to][from],
            .srcKind = memory_kinds[src->space], .dstKind = memory_kinds[dst->space],
            .bytes = bytes, .start = start, .end = end,
            .deviceId = (uint32_t)(to ? dst->device : from ? src->device : sim_current_device()),
            .correlationId = sim_correlation,
            .runtimeCorrelationId = sim_in_runtime ? sim_correlation : 0,
        };
    publish(&full);
}

void sim_record_fill(const sim_where *dst, size_t bytes, uint32_t value, uint64_t start)
{
    uint64_t end = sim_clock();
    filled full;
    CUpti_ActivityMemset4 *r = reserve(sizeof *r, &full);
    if (r)
        *r = (CUpti_ActivityMemset4){
            .kind = CUPTI_ACTIVITY_KIND_MEMSET, .value = value, .bytes = bytes, .start = start,
            .end = end, .deviceId = (uint32_t)(dst->device >= 0 ? dst->device : 0),
            .correlationId = sim_correlation, .memoryKind = memory_kinds[dst->space],
        };
    publish(&full);
}

void sim_record_kernel(const char *name, int device, dim3 grid, dim3 block, uint64_t start)
{
    uint64_t end = sim_clock();
    filled full;
    CUpti_ActivityKernel10 *r = reserve(sizeof *r, &full);
    if (r)
        *r = (CUpti_ActivityKernel10){
            .kind = act.kernel_kind, .start = start, .end = end, .completed = end,
            .deviceId = (uint32_t)device, .gridX = (int32_t)grid.x, .gridY = (int32_t)grid.y,
            .gridZ = (int32_t)grid.z, .blockX = (int32_t)block.x, .blockY = (int32_t)block.y,
            .blockZ = (int32_t)block.z, .correlationId = sim_correlation, .name = name,
            .queued = start, .submitted = start,
        };
    publish(&full);
}

/* ---- injection ------------------------------------------------------------------ */

_Atomic bool sim_injected;
static pthread_mutex_t inject_lock = PTHREAD_MUTEX_INITIALIZER;
static __thread bool injecting;         /* the library's own calls while it starts */

static void load_injection(const char *path)
{
    void *h = dlopen(path, RTLD_NOW);
    int (*initialize)(void) = h ? (int (*)(void))dlsym(h, "InitializeInjection") : NULL;
    if (!initialize)
        fprintf(stderr, "cudasim: CUDA_INJECTION64_PATH=%s: %s\n", path,
                h ? "it has no InitializeInjection" : dlerror());
    else if (!initialize())
        fprintf(stderr, "cudasim: CUDA_INJECTION64_PATH=%s: its InitializeInjection failed\n",
                path);
}

void sim_inject(void)
{
    if (atomic_load_explicit(&sim_injected, memory_order_acquire) || injecting)
        return;
    pthread_mutex_lock(&inject_lock);
    if (!atomic_load(&sim_injected)) {
        const char *path = getenv("CUDA_INJECTION64_PATH");
        injecting = true;
        if (path && *path)
            load_injection(path);
        injecting = false;
        atomic_store_explicit(&sim_injected, true, memory_order_release);
    }
    pthread_mutex_unlock(&inject_lock);
}
