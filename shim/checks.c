#define _GNU_SOURCE     /* mincore */
/*
 * The checks: what is wrong with a launch, a copy or a free, decided against
 * the shadow state.  Each problem becomes one finding event.
 *
 * Where a pointer lives is asked of the shadow state first (our own record,
 * with the size the program asked for), then of the quarantine (freed), and
 * only then of the runtime beneath (cudaPointerGetAttributes; the driver's
 * cuPointerGetAttributes where a static cudart leaves no runtime in reach),
 * for memory allocated where the shim could not see it.  A finding needs
 * evidence: memory nobody can place stays quiet.
 *
 * Asking the runtime must not disturb the program: a failed query would set
 * the thread's last CUDA error, which the program may read.  So a query runs
 * on the program's thread only while that error is clear (and clears what it
 * left); with an error pending, it runs on a thread of its own, as CUDA's
 * last error is per thread.
 */
#include "devtrace.h"
#include "mangled.h"
#include "memkind.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

/* ---- asking the runtime beneath quietly -------------------------------------- */

typedef cudaError_t (*error_fn)(void);
typedef struct { void (*fn)(void *); void *arg; } question;

static void *ask_there(void *q)
{
    ((question *)q)->fn(((question *)q)->arg);
    return NULL;
}

static void ask_runtime(void (*fn)(void *), void *arg)
{
    error_fn peek = (error_fn)dv_next("cudaPeekAtLastError");
    error_fn clear = (error_fn)dv_next("cudaGetLastError");
    question q = { fn, arg };
    pthread_t t;
    if (!peek || !clear) {
        fn(arg);                        /* no runtime in reach: the driver keeps no error */
    } else if (peek() == cudaSuccess) {
        fn(arg);
        clear();
    } else if (pthread_create(&t, NULL, ask_there, &q) == 0) {
        pthread_join(t, NULL);
    }
}

/* ---- device variables ---------------------------------------------------------- */

typedef struct { const void *symbol; void *at; size_t size; } symbol_query;

static void query_symbol(void *query)
{
    typedef cudaError_t (*address_fn)(void **, const void *);
    typedef cudaError_t (*size_fn)(size_t *, const void *);
    address_fn address = (address_fn)dv_next("cudaGetSymbolAddress");
    size_fn size = (size_fn)dv_next("cudaGetSymbolSize");
    symbol_query *q = query;
    if (!address || !size || address(&q->at, q->symbol) != cudaSuccess ||
        size(&q->size, q->symbol) != cudaSuccess)
        q->at = NULL;
}

void *dv_symbol_address(const void *symbol, size_t offset, dv_api api)
{
    symbol_query q = { symbol, NULL, 0 };
    ask_runtime(query_symbol, &q);
    if (!q.at)
        return NULL;
    if (!dv_shadow_find((uintptr_t)q.at, &(dv_alloc){ 0 }))
        dv_shadow_add(&(dv_alloc){ .addr = (uintptr_t)q.at, .bytes = q.size,
                                   .device = (int16_t)dv_current_device(DV_RUNTIME_DEVICE),
                                   .memory = DV_MEM_DEVICE, .api = (uint8_t)api,
                                   .inherited = true, .written = true });
    return (char *)q.at + offset;
}

/* ---- kernels' parameters ------------------------------------------------------- */

#define MAX_KERNELS 1024                /* a power of two */
#define MAX_PARAMS 64

typedef enum { PARAM_VALUE, PARAM_POINTER, PARAM_MAYBE_POINTER } param_kind;

typedef struct {
    _Atomic(const void *) func;
    bool driver;                        /* func is a CUfunction */
    const char *name;
    const char *shown;                  /* name demangled, for messages */
    int nparams;                        /* -1: unknown */
    bool counted;                       /* nparams is the count, not just those known */
    bool opaque;                        /* a parameter of more than a pointer's size (a
                                           struct) may hold pointers the shim cannot see */
    uint8_t kind[MAX_PARAMS];
    uint8_t nchecked, checked[MAX_PARAMS];     /* those that may be pointers */
} kernel_layout;

static kernel_layout layouts[MAX_KERNELS];
static int nlayouts;                    /* at most half the table: its probes must end */
static pthread_mutex_t layouts_lock = PTHREAD_MUTEX_INITIALIZER;

/* Who can say what a function takes: the runtime of a host function (a
   launch's), the driver of a CUfunction (cuLaunchKernel's); each is given
   only its own kind of handle, which it may dereference.  The two answer
   alike, 0 for success. */
static const struct { const char *info, *name; } describers[] = {
    [false] = { "cudaFuncGetParamInfo", "cudaFuncGetName" },
    [true] = { "cuFuncGetParamInfo", "cuFuncGetName" },
};

/* What each parameter is: sizes from CUDA (asked until it says there is no
   such parameter, an invalid value: any other error leaves the count
   unknown, as for a kernel the emulated device knows by name alone);
   whether a pointer from the emulated device, which knows, else "any 8
   bytes may be". */
static void learn_layout(void *layout)
{
    typedef int (*info_fn)(const void *, size_t, size_t *, size_t *);
    typedef int (*name_fn)(const char **, const void *);
    typedef int (*is_pointer_fn)(const void *, int);
    kernel_layout *k = layout;
    const void *func = atomic_load(&k->func);
    is_pointer_fn is_pointer = (is_pointer_fn)dv_next("cudasim_param_is_pointer");
    info_fn info = (info_fn)dv_next(describers[k->driver].info);
    name_fn name = (name_fn)dv_next(describers[k->driver].name);
    size_t offset, size;
    if (!info)
        return;
    if (!name || name(&k->name, func) != 0)
        k->name = NULL;
    int n = 0, rc = 0;
    for (; n < MAX_PARAMS && (rc = info(func, (size_t)n, &offset, &size)) == 0; n++) {
        int known = is_pointer ? is_pointer(func, n) : -1;
        k->kind[n] = known == 1 ? PARAM_POINTER
                   : known == 0 || size != sizeof(void *) ? PARAM_VALUE : PARAM_MAYBE_POINTER;
        k->opaque |= size > sizeof(void *);
    }
    k->nparams = n > 0 || k->name ? n : -1;
    k->counted = rc == cudaErrorInvalidValue || n == MAX_PARAMS;
}

/* A kernel no runtime in reach describes (a static cudart's: the program's
   own code), as its mangled name in CUPTI's launch callback says it; an
   extern "C" kernel's name says nothing, and it stays unknown. */
static void learn_layout_from_name(kernel_layout *k, const char *symbol)
{
    mangled_param params[MAX_PARAMS];
    int n = mangled_params(symbol, params, MAX_PARAMS);
    if (n < 0)
        return;
    for (int i = 0; i < n; i++)
        k->kind[i] = params[i].is_pointer ? PARAM_POINTER : PARAM_VALUE;
    k->name = strdup(symbol);           /* CUPTI's, for the callback only */
    k->nparams = n;
    k->counted = true;
}

static size_t layout_slot(const void *func)
{
    return (size_t)(((uintptr_t)func * 0x9E3779B97F4A7C15ull) >> 50) & (MAX_KERNELS - 1);
}

/* A kernel's name for messages, kept as long as its layout is. */
static const char *shown_name(const char *name)
{
    char shown[512];
    dv_demangle(shown, sizeof shown, name);
    const char *kept = name ? strdup(shown) : NULL;
    return kept ? kept : name;
}

/* A kernel's first launch: its layout learnt under the lock, from slot i
   on.  On a GPU, where a kernel is registered before it is launched, one
   CUDA cannot describe (a static cudart's, to the runtime beneath) is kept
   so, not asked again at every launch; the emulated device is asked again.
   Out of line, so that the lookup saves no registers. */
__attribute__((noinline)) static const kernel_layout *learn_kernel(const void *func, bool driver,
                                                                   const char *symbol, size_t i)
{
    pthread_mutex_lock(&layouts_lock);
    while (layouts[i].func && layouts[i].func != func)
        i = (i + 1) & (MAX_KERNELS - 1);
    kernel_layout *k = &layouts[i], learnt = { .driver = driver, .nparams = -1 };
    if (!k->func && nlayouts < MAX_KERNELS / 2) {
        atomic_init(&learnt.func, func);
        ask_runtime(learn_layout, &learnt);
        if (learnt.nparams < 0 && symbol)
            learn_layout_from_name(&learnt, symbol);
        if (learnt.nparams >= 0 || !dv_next_is_sim()) {
            k->name = learnt.name;
            k->shown = shown_name(learnt.name);
            k->nparams = learnt.nparams;
            k->counted = learnt.counted;
            k->opaque = learnt.opaque;
            memcpy(k->kind, learnt.kind, sizeof k->kind);
            for (int p = 0; p < k->nparams; p++)
                if (k->kind[p] != PARAM_VALUE)
                    k->checked[k->nchecked++] = (uint8_t)p;
            nlayouts++;
            atomic_store_explicit(&k->func, func, memory_order_release);
        }
    }
    pthread_mutex_unlock(&layouts_lock);
    return k->func && k->nparams >= 0 ? k : NULL;
}

/* func's layout, or NULL where CUDA cannot say it; symbol: its mangled
   name where a launch's callback gave it, else NULL. */
static const kernel_layout *layout_of(const void *func, bool driver, const char *symbol)
{
    size_t i = layout_slot(func);
    for (const void *f; (f = atomic_load_explicit(&layouts[i].func, memory_order_acquire));
         i = (i + 1) & (MAX_KERNELS - 1))
        if (f == func)
            return layouts[i].nparams >= 0 ? &layouts[i] : NULL;
    return learn_kernel(func, driver, symbol, i);
}

int dv_kernel_param_count(const void *func, bool driver)
{
    const kernel_layout *k = layout_of(func, driver, NULL);
    return k && k->counted ? k->nparams : -1;
}

const char *dv_kernel_name(const void *func, bool driver)
{
    const kernel_layout *k = layout_of(func, driver, NULL);
    return k ? k->name : NULL;
}


/* ---- where a pointer lives ----------------------------------------------------- */

/* Memory the shadow state holds in words (common/memkind.h). */
static const char *space_words(dv_memory memory)
{
    return memspaces[dv_space_of(memory)].words;
}

typedef enum {
    AT_NONE, AT_DEVICE, AT_PINNED, AT_MANAGED, AT_FREED, AT_HOST, AT_UNKNOWN
} place_kind;

/* The place of live memory the shadow state holds, by its dv_memory. */
static const place_kind tracked_place[] = { AT_DEVICE, AT_PINNED, AT_MANAGED };

typedef struct {
    place_kind kind;
    int device;                         /* AT_DEVICE, AT_MANAGED */
    bool tracked;                       /* a is the allocation */
    dv_alloc a;
} place;

typedef struct {
    const void *p;
    cudaError_t rc;
    struct cudaPointerAttributes attr;
} pointer_query;

/* The driver's answer in the runtime's words, where no runtime is in reach
   (a static cudart's is the program's own): a pointer it does not know has
   the attributes' zero values, plain host memory. */
static cudaError_t driver_attributes(struct cudaPointerAttributes *a, const void *p)
{
    typedef int (*attrs_fn)(unsigned, CUpointer_attribute *, void **, CUdeviceptr);
    attrs_fn attributes = (attrs_fn)dv_next("cuPointerGetAttributes");
    CUpointer_attribute asked[] = { CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                    CU_POINTER_ATTRIBUTE_IS_MANAGED,
                                    CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL };
    unsigned type = 0, managed = 0;     /* wide enough for a bool, zeroed for one */
    int device = -1;
    void *data[] = { &type, &managed, &device };
    if (!attributes || attributes(3, asked, data, (CUdeviceptr)(uintptr_t)p) != CUDA_SUCCESS)
        return cudaErrorUnknown;
    a->type = managed ? cudaMemoryTypeManaged
            : type == CU_MEMORYTYPE_DEVICE ? cudaMemoryTypeDevice
            : type == CU_MEMORYTYPE_HOST ? cudaMemoryTypeHost : cudaMemoryTypeUnregistered;
    a->device = device;
    return cudaSuccess;
}

static void query_pointer(void *query)
{
    typedef cudaError_t (*attr_fn)(struct cudaPointerAttributes *, const void *);
    attr_fn attributes = (attr_fn)dv_next("cudaPointerGetAttributes");
    pointer_query *q = query;
    q->rc = attributes ? attributes(&q->attr, q->p) : driver_attributes(&q->attr, q->p);
}

static place where(const void *p)
{
    place at = { AT_UNKNOWN, -1, false, { 0 } };
    if (!p)
        return (place){ AT_NONE, -1, false, { 0 } };
    if (dv_shadow_find((uintptr_t)p, &at.a)) {
        at.tracked = true;
        at.kind = tracked_place[at.a.memory];
        at.device = at.a.device;
        return at;
    }
    if (dv_shadow_freed((uintptr_t)p, &at.a))
        return (place){ AT_FREED, at.a.device, true, at.a };
    pointer_query q = { p, cudaErrorUnknown, { 0 } };
    ask_runtime(query_pointer, &q);
    if (q.rc != cudaSuccess)
        return at;
    struct cudaPointerAttributes attr = q.attr;
    if (attr.type == cudaMemoryTypeDevice)
        return (place){ AT_DEVICE, attr.device, false, { 0 } };
    if (attr.type == cudaMemoryTypeHost)
        return (place){ AT_PINNED, -1, false, { 0 } };
    if (attr.type == cudaMemoryTypeManaged)
        return (place){ AT_MANAGED, attr.device, false, { 0 } };
    return (place){ attr.type == cudaMemoryTypeUnregistered ? AT_HOST : AT_UNKNOWN, -1, false,
                    { 0 } };
}

/* An 8-byte argument we cannot tell from a number is a host pointer only if
   it points into this process's memory. */
static bool mapped(const void *p)
{
    long page = sysconf(_SC_PAGESIZE);
    unsigned char in;
    void *start = (void *)((uintptr_t)p & ~(uintptr_t)(page - 1));
    return (uintptr_t)p >= 65536 && mincore(start, 1, &in) == 0;
}

/* Freed memory is where it was: a freed pinned buffer is host memory.
   Managed memory is both; a copy's direction calls it the device's. */
static bool is_device(const place *at)
{
    return at->kind == AT_DEVICE || at->kind == AT_MANAGED ||
           (at->kind == AT_FREED && at->a.memory != DV_MEM_PINNED);
}

/* ---- peer access ----------------------------------------------------------------- */

#define MAX_DEVICES 64

static _Atomic bool peer[MAX_DEVICES][MAX_DEVICES];

void dv_peer_set(int dev, int other, bool enabled)
{
    if (dev >= 0 && dev < MAX_DEVICES && other >= 0 && other < MAX_DEVICES)
        atomic_store(&peer[dev][other], enabled);
}

static bool reaches(int dev, int other)
{
    return dev == other || (dev >= 0 && dev < MAX_DEVICES && other >= 0 &&
                            other < MAX_DEVICES && atomic_load(&peer[dev][other]));
}

/* ---- launches ------------------------------------------------------------------------ */

/* i from 0; the messages count arguments from 1, as compilers do. */
static void check_argument(const kernel_layout *k, int i, const void *p, int dev, uint32_t site)
{
    place at = where(p);
    const char *name = k->shown ? k->shown : "?";
    if (at.kind == AT_FREED)
        dv_finding(DV_USE_AFTER_FREE, site, at.a.bytes, &at.a,
                   "argument %d of kernel %s (%p) points into %llu bytes of device memory "
                   "that were freed before the launch", i + 1, name, p,
                   (unsigned long long)at.a.bytes);
    else if (at.kind == AT_DEVICE && !reaches(dev, at.device))
        dv_finding(DV_WRONG_DEVICE_POINTER, site, 0, at.tracked ? &at.a : NULL,
                   "argument %d of kernel %s launched on cuda:%d (%p) is memory of cuda:%d, "
                   "and peer access to it is not enabled: allocate it on cuda:%d, copy it "
                   "there (cudaMemcpyPeer), or enable peer access", i + 1, name, dev, p, at.device,
                   dev);
    else if (at.kind == AT_HOST && (k->kind[i] == PARAM_POINTER || mapped(p)))
        dv_finding(DV_HOST_POINTER_KERNEL_ARG, site, 0, NULL,
                   "argument %d of kernel %s launched on cuda:%d (%p) is host memory, which "
                   "the kernel cannot reach: %s", i + 1, name, dev, p, memspace_fix_device);
}

/* Most arguments are live memory of the launch's device: one lookup says
   so, and only the others are asked where they are.  The kernel may write
   any memory an argument points into; a kernel whose arguments cannot all
   be seen may write any. */
void dv_check_launch(const void *func, bool driver, const char *symbol, void **args, int dev,
                     uint32_t site)
{
    const kernel_layout *k = layout_of(func, driver, symbol);
    if (!k || !args || k->opaque)
        dv_shadow_write_all();
    for (int c = 0; k && args && c < k->nchecked; c++) {
        int i = k->checked[c];
        if (!args[i])
            continue;
        const void *p = *(void *const *)args[i];
        int at = dv_shadow_device((uintptr_t)p, true);
        if (at < 0 || !reaches(dev, at))
            check_argument(k, i, p, dev, site);
    }
}

/* ---- kernels that did not run --------------------------------------------------------- */

/* A kernel is said not to run once: its first launch that failed so. */
#define MAX_NOT_RUN 256                 /* past it, the later ones go unsaid */
static const void *not_run[MAX_NOT_RUN];
static int nnot_run;
static pthread_mutex_t not_run_lock = PTHREAD_MUTEX_INITIALIZER;

static bool first_not_run(const void *func)
{
    pthread_mutex_lock(&not_run_lock);
    bool first = nnot_run < MAX_NOT_RUN;
    for (int i = 0; first && i < nnot_run; i++)
        first = not_run[i] != func;
    if (first)
        not_run[nnot_run++] = func;
    pthread_mutex_unlock(&not_run_lock);
    return first;
}

/* On the emulated device every kernel nvcc compiled is such a one: the
   program's results after its launch are not its own, and nothing else
   says so. */
void dv_check_not_run(const void *func, bool driver, uint32_t site)
{
    if (!first_not_run(func))
        return;
    const kernel_layout *k = layout_of(func, driver, NULL);
    dv_finding(DV_KERNEL_NOT_RUN, site, 0, NULL, "kernel %s was not run: %s",
               k && k->shown ? k->shown : "?",
               dv_next_is_sim()
                   ? "the emulated device has no body for a kernel nvcc compiled for the GPU, "
                     "so its launch was checked, not run, and what the program computes after "
                     "it is not its own (cudaErrorNoKernelImageForDevice); run it on a GPU"
                   : "the program holds no code for this GPU (cudaErrorNoKernelImageForDevice): "
                     "build it for the GPU's architecture (nvcc -arch=sm_XX, or "
                     "CMAKE_CUDA_ARCHITECTURES) or with its PTX");
}

/* ---- copies ---------------------------------------------------------------------------- */

/* false when the kind contradicts the pointers */
static bool check_direction(const place *dst, const place *src, uint64_t bytes, int kind,
                            uint32_t site)
{
    bool known = dst->kind != AT_UNKNOWN && dst->kind != AT_NONE &&
                 src->kind != AT_UNKNOWN && src->kind != AT_NONE &&
                 dst->kind != AT_MANAGED && src->kind != AT_MANAGED;    /* any kind fits it */
    if (!known || !memkind_contradicts(kind, is_device(dst), is_device(src)))
        return true;
    char copy[96], said[256];
    snprintf(copy, sizeof copy, "a copy of %llu bytes with %s", (unsigned long long)bytes,
             memkinds[kind].name);
    memkind_say_contradiction(said, sizeof said, copy, "dst", is_device(dst), "src", is_device(src));
    dv_finding(DV_MEMCPY_DIRECTION, site, bytes, NULL, "%s; fix: %s", said,
               memkinds[memkind_fitting(is_device(dst), is_device(src))].fix);
    return false;
}

/* One side of a copy or a memset: freed memory, or a range past the end. */
static void check_range(const place *at, const void *p, uint64_t bytes, const char *side,
                        uint32_t site)
{
    if (at->kind == AT_FREED) {
        dv_finding(DV_USE_AFTER_FREE, site, bytes, &at->a,
                   "the %s of a %llu-byte copy or memset (%p) is %s that was freed",
                   side, (unsigned long long)bytes, p, space_words(at->a.memory));
        return;
    }
    if (!at->tracked)
        return;
    uint64_t offset = (uintptr_t)p - at->a.addr;
    if (offset + bytes > at->a.bytes)
        dv_finding(DV_MEMCPY_OUT_OF_BOUNDS, site, bytes, &at->a,
                   "the %s of a %llu-byte copy or memset starts %llu bytes into a %llu-byte allocation: "
                   "%llu bytes past its end", side, (unsigned long long)bytes,
                   (unsigned long long)offset, (unsigned long long)at->a.bytes,
                   (unsigned long long)(offset + bytes - at->a.bytes));
}

/* A memset's destination, or a side of a peer copy, must be device memory:
   pageable host memory fails the call on any GPU.  (Pinned memory is left
   alone: with unified addressing a GPU reaches it at the same address.) */
static bool check_device_side(const place *at, const void *p, uint64_t bytes, const char *side,
                              bool peer, dv_api api, uint32_t site)
{
    if (at->kind != AT_HOST)
        return true;
    dv_finding(DV_HOST_MEMORY_AS_DEVICE, site, bytes, NULL,
               "%s of %llu bytes: its %s (%p) is host memory, and %s works on device memory "
               "only: %s", dv_api_names[api], (unsigned long long)bytes, side, p,
               dv_api_names[api],
               peer ? "copy host memory with cudaMemcpy" :
                      "fill host memory with memset, or allocate this buffer with cudaMalloc");
    return false;
}

static void describe_transfer(const place *dst, const place *src, dv_event *e)
{
    bool d = is_device(dst), s = is_device(src);
    const place *host = !s ? src : !d ? dst : NULL;
    e->u.copy.direction = d ? (s ? DV_DIR_DTOD : DV_DIR_HTOD) : (s ? DV_DIR_DTOH : DV_DIR_HTOH);
    e->u.copy.src_device = (int16_t)(s ? src->device : -1);
    e->u.copy.dst_device = (int16_t)(d ? dst->device : -1);
    e->u.copy.host_memory = !host ? DV_HOST_NONE
                          : host->kind == AT_PINNED ? DV_HOST_PINNED : DV_HOST_PAGEABLE;
}

#define PIN_THE_SOURCE \
    "pin the source (cudaMallocHost, or cudaHostRegister where it lies; dt_pin_memory; a " \
    "loader with pin_memory)"

/* Only where it costs: an async copy, which pageable memory makes
   synchronous, at once; other copies once their line's bytes are worth
   pinning for (the writer adds them up).  One row per line, its chain the
   line's first (chain 0), as a leak's: such copies come on every step of a
   loop, and an unwind each would cost the program more than the copy. */
static void pageable_transfer(uint32_t site, uint64_t bytes, bool async)
{
    dv_event e = { .type = DV_EV_FINDING, .api = DV_API_COUNT, .device = -1, .site = site };
    e.u.finding.kind = DV_PAGEABLE_TRANSFER;
    e.u.finding.bytes = bytes;
    e.u.finding.static_message = true;
    e.u.finding.when_worth = !async;
    e.u.finding.message = async
        ? "asynchronous host-to-device copy from pageable memory: it runs synchronously, "
          "staged through a pinned buffer, and overlaps nothing; " PIN_THE_SOURCE
        : "host-to-device copies from pageable memory, enough bytes at this line to be worth "
          "pinning: each is staged through a pinned buffer and cannot overlap other work; "
          PIN_THE_SOURCE;
    dv_emit(&e);
}

/* Device memory that nothing wrote since it was allocated, read: said once
   per allocation, which is then taken as written. */
static void check_written(const place *at, const void *p, uint64_t bytes, uint32_t site)
{
    if (at->kind != AT_DEVICE || !at->tracked || at->a.written || !bytes)
        return;
    dv_finding(DV_UNINITIALIZED_READ, site, bytes, &at->a,
               "a %llu-byte copy reads %s of cuda:%d (%p) that nothing wrote since it was "
               "allocated (no copy, memset or kernel had it as destination): what it copies "
               "is garbage; write it first (cudaMemset, a copy into it, or the kernel that "
               "fills it) or copy from the buffer that was filled", (unsigned long long)bytes,
               space_words(at->a.memory), at->a.device, p);
    dv_shadow_write(at->a.addr);
}

/* A destination's allocation is written from now on (the whole of it,
   whatever part the copy reaches). */
static void mark_written(const place *at)
{
    if (at->kind == AT_DEVICE && at->tracked && !at->a.written)
        dv_shadow_write(at->a.addr);
}

void dv_check_copy(void *dst, uint64_t dst_span, const void *src, uint64_t src_span, int kind,
                   uint32_t site, dv_event *e)
{
    place d = where(dst), s = src ? where(src) : (place){ AT_NONE, -1, false, { 0 } };
    uint64_t bytes = e->u.copy.bytes;
    if (src)
        check_written(&s, src, bytes, site);
    mark_written(&d);
    check_range(&d, dst, dst_span, "destination", site);
    if (!src) {                         /* a memset */
        check_device_side(&d, dst, bytes, "destination", false, e->api, site);
        e->u.copy.direction = DV_DIR_MEMSET;
        e->u.copy.dst_device = (int16_t)d.device;
        e->u.copy.src_device = -1;
        return;
    }
    check_range(&s, src, src_span, "source", site);
    bool fits;
    if (kind == DV_COPY_PEER) {         /* both sides said, whichever is wrong */
        bool to = check_device_side(&d, dst, bytes, "destination", true, e->api, site);
        bool from = check_device_side(&s, src, bytes, "source", true, e->api, site);
        fits = to && from;
    } else {
        fits = check_direction(&d, &s, bytes, kind, site);
    }
    describe_transfer(&d, &s, e);
    if (fits && e->u.copy.direction == DV_DIR_HTOD && s.kind == AT_HOST)
        pageable_transfer(site, bytes, e->u.copy.async);
}

/* ---- frees ------------------------------------------------------------------------------ */

static bool is_host_free(dv_api api)
{
    return api == DV_API_cudaFreeHost || api == DV_API_cuMemFreeHost;
}

/* The function that releases a's memory, by the call that allocated it
   (cuMemAlloc's is cuMemFree's, cudaHostAlloc's cudaFreeHost's). */
static const char *releaser_of(const dv_alloc *a)
{
    const memalloc *m = memalloc_named(dv_api_names[a->api]);
    return m ? m->release : a->memory == DV_MEM_PINNED ? "cudaFreeHost" : "cudaFree";
}

/* What is wrong with a free of p that ended no live allocation.  Out of
   line and cold: the usual free's path then saves no registers for it. */
__attribute__((cold, noinline)) static void check_bad_free(dv_api api, void *p, uint32_t site)
{
    bool host_api = is_host_free(api);
    const char *fn = dv_api_names[api];
    dv_alloc a;
    if (dv_shadow_find((uintptr_t)p, &a)) {
        if (a.addr != (uintptr_t)p)
            dv_finding(DV_INVALID_FREE, site, 0, &a,
                       "%s(%p) is %llu bytes into a %llu-byte allocation, not its start", fn, p,
                       (unsigned long long)((uintptr_t)p - a.addr), (unsigned long long)a.bytes);
        else
            dv_finding(DV_INVALID_FREE, site, 0, &a, "%s(%p) of %s: it is freed with %s",
                       fn, p, space_words(a.memory), releaser_of(&a));
        return;
    }
    if (dv_shadow_freed((uintptr_t)p, &a) && a.addr == (uintptr_t)p) {
        dv_finding(DV_DOUBLE_FREE, site, a.bytes, &a, "%s(%p): this memory was already freed",
                   fn, p);
        return;
    }
    if (dv_shadow_freed_long_ago((uintptr_t)p)) {
        dv_finding(DV_DOUBLE_FREE, site, 0, NULL, "%s(%p): this memory was already freed, "
                   "so long ago that where is forgotten", fn, p);
        return;
    }
    place at = where(p);
    if (at.kind == AT_HOST || (host_api && at.kind == AT_DEVICE))
        dv_finding(DV_INVALID_FREE, site, 0, NULL, "%s(%p) of memory that did not come from %s",
                   fn, p, host_api ? "cudaMallocHost or cudaHostAlloc" : "cudaMalloc");
}

bool dv_check_free(dv_api api, void *p, uint32_t site, dv_alloc *out)
{
    if (!p)
        return false;
    if (is_host_free(api) ? dv_shadow_remove((uintptr_t)p, DV_MEM_PINNED, site, out)
                          : dv_shadow_remove((uintptr_t)p, DV_MEM_DEVICE, site, out) ||
                            dv_shadow_remove((uintptr_t)p, DV_MEM_MANAGED, site, out))
        return true;                    /* the usual free */
    check_bad_free(api, p, site);
    return false;
}

/* ---- faults ------------------------------------------------------------------------------- */

/* In a signal handler: no allocation, and the message in a static buffer
   (there is one fatal fault per process). */
bool dv_check_fault(uintptr_t addr, uintptr_t pc)
{
    static char message[512];
    dv_alloc a;
    bool live = dv_shadow_find(addr, &a);
    if (!live && !dv_shadow_freed(addr, &a))
        return false;
    if (a.memory != DV_MEM_DEVICE)
        return false;
    snprintf(message, sizeof message,
             "host code accessed %s device memory of cuda:%d at %p, %llu bytes into a %llu-byte "
             "allocation: only kernels and cudaMemcpy reach device memory; copy it to the host "
             "first", live ? "the" : "freed", a.device, (void *)addr,
             (unsigned long long)(addr - a.addr), (unsigned long long)a.bytes);
    dv_event e = { .type = DV_EV_FINDING, .api = DV_API_COUNT, .device = a.device,
                   .site = dv_site_at_pc(pc) };
    e.u.finding.kind = DV_HOST_DEREF_DEVICE;
    e.u.finding.chain = dv_chain_here(e.site, false);
    e.u.finding.static_message = true;
    e.u.finding.message = message;
    e.u.finding.alloc_site = a.site;
    e.u.finding.free_site = live ? 0 : a.free_site;
    dv_emit(&e);
    return true;
}

/* ---- leaks -------------------------------------------------------------------------------- */

static void report_leak(const dv_alloc *a, void *arg)
{
    char device[32] = "";
    (void)arg;
    if (a->inherited)
        return;
    if (a->memory != DV_MEM_PINNED)
        snprintf(device, sizeof device, " of cuda:%d", a->device);
    dv_finding_of_memory(DV_LEAK, a, "%s%s allocated here (%s) was never freed",
                         space_words(a->memory), device, dv_api_names[a->api]);
}

void dv_check_leaks(void)
{
    dv_shadow_each(report_leak, NULL);
}

