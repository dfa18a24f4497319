/*
 * libdevtrace: the LD_PRELOAD shim that watches a program's CUDA calls.
 *
 * The data path:  call -> check -> event -> writer -> SQLite -> report.
 *
 *   intercept.c  the CUDA runtime functions a program calls, under their own
 *                names: each wrapper finds its call site, forwards the call to
 *                the runtime beneath, and hands the facts to the checks
 *   driver.c     the same for CUDA's driver API (cuMemAlloc_v2, cuLaunchKernel,
 *                ...), and the pointers cuGetProcAddress hands out
 *   cupti.c      CUPTI's callbacks: the calls interposition cannot see (a
 *                static cudart, a table of driver entry points), and the
 *                injection entry point
 *   activity.c   CUPTI's Activity API: kernels', copies' and memsets'
 *                device-side times, joined to their events by correlation id
 *   calls.c      a call's facts into checks and events, however it was seen
 *   beneath.c    the runtime beneath: libcudart (a GPU) or libcudasim (the
 *                emulated device, chosen when there is no GPU)
 *   checks.c     what is wrong with a launch, a copy or a free, against the
 *                shadow state; each problem becomes a finding event
 *   shadow.c     the shadow state: live device and pinned allocations, and a
 *                quarantine of freed ones, looked up by address
 *   sites.c      call sites: the first frame of the stack in the user's own
 *                code, interned once per source location; and findings' call
 *                chains, the callers that reached a site, interned alike
 *   symbols.c    pc -> file, line, function, with elfutils' libdw
 *   queue.c      the event queue from the program's threads to the writer
 *   events.c     events in time: the first DEVTRACE_EVENTS of a run, one row each
 *   writer.c     the writer thread: events off the queue, each through one
 *                write path into SQLite (schema.h), in batched transactions
 *   site_rows.c  the call sites' rows, and their source lines
 *   findings.c   the findings' rows: line, severity, call chain
 *   sums.c       the writer's sums: events counted per table's key, and the
 *                rows of the sums that changed
 *   tally.c      the sums' hash maps, keyed by up to four numbers
 *   report.c     the report's file: opened, replaced or shared, this run's
 *                row, the statements it is written with, its end
 *   descriptors.c the writer's file descriptors, kept high and out of the
 *                program's reach (its close, close_range, dup2 refused)
 *   vfs.c        SQLite's files of the report, kept open for the whole run
 *   say.c        what the shim says, on the stderr the program started with:
 *                findings as they are made (DEVTRACE_PRINT), a report it cannot write
 *   trace.c      devtensor's trace hook: tensor device and dtype mismatches
 *   lifecycle.c  start, exit, fork, and fatal signals
 *
 * Nothing here may change what the program does: every call reaches the
 * runtime beneath with its arguments unchanged and returns its result.
 */
#ifndef DEVTRACE_H
#define DEVTRACE_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lines.h"
#include "memkind.h"
#include "schema.h"

/* ---- the runtime beneath (beneath.c) ------------------------------------- */

/* true: the emulated device (DT_DEVICE=sim, or no GPU on this machine) */
bool dv_next_is_sim(void);
/* runs.device: "sim" or "cuda" */
static inline const char *dv_device_name(void)
{
    return dv_next_is_sim() ? "sim" : "cuda";
}
/* The runtime beneath's definition of a CUDA function, or NULL. */
void *dv_next(const char *name);
/* Chooses the device; sets DT_DEVICE=sim for devtensor when there is no GPU.
   Then subscribes to CUPTI (dv_cupti_start). */
void dv_next_choose(void);
/* A function of CUPTI beneath (the emulated device's, or libcupti where there
   is a GPU), or NULL. */
void *dv_cupti_symbol(const char *name);
/* Whether the program's own code (not a system library, not CUDA's) holds a
   CUDA runtime of its own, which the shim cannot reach: a static cudart,
   whose calls never reach the emulated device (it finds no driver). */
bool dv_own_runtime(void);

/* ---- call sites (sites.c) ------------------------------------------------- */

#define DV_STACK_MAX 24

typedef struct {
    uintptr_t pc;                       /* in the user's code */
    bool exact;                         /* pc is the instruction itself, not a return address */
    const char *file;                   /* the line as devtensor named it, else NULL */
    int line;
    int nframes;
    uintptr_t frames[DV_STACK_MAX];     /* the stack as first seen, to the system's code */
} dv_site;

/* The site of the call into the function that says this: the innermost
   frame outside the shim, the runtime and the CUDA libraries, found by
   walking up from that function's own frame, or the user's line of the
   devtensor op in progress.  0 means none found. */
#define dv_site_here() dv_site_above(__builtin_frame_address(0))
uint32_t dv_site_above(const void *frame);
/* The site of an instruction (a faulting one), or of the user's call that
   led to it when it is in a system library; for a signal handler. */
uint32_t dv_site_at_pc(uintptr_t pc);
/* Whether the object at path (the program itself when main_program) is the
   user's own code: not a system library, not the shim's or CUDA's. */
bool dv_users_object(const char *path, bool main_program);
/* Sites 1..dv_site_count() are readable (the writer's view). */
uint32_t dv_site_count(void);
const dv_site *dv_site_get(uint32_t id);
void dv_sites_init(void);
/* Held across fork, so the child's copy is whole. */
void dv_sites_lock(void);
void dv_sites_unlock(void);

/* A finding's call chain: the return addresses of the callers of its
   site's frame, innermost first, out to the first frame in a system
   library (main's caller). */
typedef struct {
    int n;
    uintptr_t pc[DV_STACK_MAX];
} dv_chain;

/* The chain that reached site on this thread's stack now, interned: its
   id, the same for the same callers; 0 when none can be taken (the site
   is not on the stack, the table is full, or, not blocking, its lock is
   held).  A full unwind, for findings only, never on a call's path. */
uint32_t dv_chain_here(uint32_t site, bool blocking);
/* The chain of an id that dv_chain_here gave, or NULL for 0. */
const dv_chain *dv_chain_get(uint32_t id);

/* ---- symbols (symbols.c) --------------------------------------------------- */

/* Fills s for pc (return addresses are looked up at pc - 1). */
void dv_symbolize(uintptr_t pc, bool exact, dv_symbol *s);

/* ---- shadow state (shadow.c) ---------------------------------------------- */

/* Managed memory (cudaMallocManaged) is reachable from the host and from
   every device: it is never a finding to use it on either side. */
typedef enum { DV_MEM_DEVICE, DV_MEM_PINNED, DV_MEM_MANAGED } dv_memory;

/* Its entry in common/memkind.h's table of where memory lives. */
static inline memspace_id dv_space_of(dv_memory memory)
{
    return memory == DV_MEM_PINNED    ? MEMSPACE_PINNED
           : memory == DV_MEM_MANAGED ? MEMSPACE_MANAGED
                                      : MEMSPACE_DEVICE;
}

typedef struct {
    uintptr_t addr;
    uint64_t bytes;                     /* as asked for */
    uint32_t site, free_site;
    int16_t device;                     /* -1 for pinned host memory; managed: the allocating one */
    uint8_t memory;                     /* dv_memory */
    uint8_t api;                        /* dv_api of the allocating call */
    bool inherited;                     /* from before a fork, or the runtime's own (a
                                           device variable's): not this process's leak */
    bool written;                       /* something may have written it: a copy, a
                                           memset, a kernel, the host (not device memory) */
} dv_alloc;

void dv_shadow_add(const dv_alloc *a);
/* The live allocation holding p; false if none. */
bool dv_shadow_find(uintptr_t p, dv_alloc *out);
/* The device of the live allocation holding p (-1: pinned host memory), or
   DV_NO_DEVICE: the quick question a launch asks of each argument, which
   marks that allocation written when writes (a kernel may write it). */
#define DV_NO_DEVICE (-2)
int dv_shadow_device(uintptr_t p, bool writes);
/* Marks the live allocation holding p written. */
void dv_shadow_write(uintptr_t p);
/* Marks every live allocation written: a kernel whose arguments the shim
   cannot tell apart may have written any of them. */
void dv_shadow_write_all(void);
/* Removes the allocation of the given memory starting at p into *out, and
   quarantines it; false (and nothing removed) when there is none such. */
bool dv_shadow_remove(uintptr_t p, dv_memory memory, uint32_t free_site, dv_alloc *out);
/* The freed (quarantined) allocation that held p, most recent first. */
bool dv_shadow_freed(uintptr_t p, dv_alloc *out);
/* Whether p is the start of an allocation freed before the quarantine's
   time (and not handed out since). */
bool dv_shadow_freed_long_ago(uintptr_t p);
/* Calls f on every live allocation (at exit). */
void dv_shadow_each(void (*f)(const dv_alloc *a, void *arg), void *arg);
void dv_shadow_after_fork(void);
void dv_shadow_lock(void);
void dv_shadow_unlock(void);

/* ---- events (queue.c) ------------------------------------------------------ */

/* The intercepted functions, for events and the api_calls table: the
   runtime's, devtensor's, then the driver's (dv_api_is_driver). */
#define DV_APIS(X) \
    X(cudaMalloc) X(cudaMallocAsync) X(cudaFree) X(cudaFreeAsync) \
    X(cudaMallocHost) X(cudaHostAlloc) X(cudaFreeHost) X(cudaMallocManaged) X(cudaMallocPitch) \
    X(cudaMemcpy) X(cudaMemcpyAsync) X(cudaMemcpyPeer) X(cudaMemcpyPeerAsync) \
    X(cudaMemcpy2D) X(cudaMemcpy2DAsync) X(cudaMemset) X(cudaMemsetAsync) \
    X(cudaMemcpyToSymbol) X(cudaMemcpyToSymbolAsync) \
    X(cudaMemcpyFromSymbol) X(cudaMemcpyFromSymbolAsync) \
    X(cudaLaunchKernel) X(cudaDeviceSynchronize) X(cudaStreamSynchronize) \
    X(dt_trace) \
    X(cuMemAlloc_v2) X(cuMemAllocHost_v2) X(cuMemHostAlloc) X(cuMemAllocManaged) \
    X(cuMemFree_v2) X(cuMemFreeHost) X(cuMemAllocPitch_v2) X(cuMemAllocAsync) X(cuMemFreeAsync) \
    X(cuMemcpy) X(cuMemcpyAsync) X(cuMemcpyHtoD_v2) X(cuMemcpyDtoH_v2) X(cuMemcpyDtoD_v2) \
    X(cuMemcpyHtoDAsync_v2) X(cuMemcpyDtoHAsync_v2) X(cuMemcpyDtoDAsync_v2) \
    X(cuMemsetD8_v2) X(cuMemsetD32_v2) X(cuMemsetD8Async) X(cuMemsetD32Async) X(cuLaunchKernel) \
    X(cuLaunchKernel_ptsz) X(cuLaunchKernelEx) X(cuLaunchKernelEx_ptsz)

typedef enum {
#define DV_API_ENUM(name) DV_API_##name,
    DV_APIS(DV_API_ENUM)
#undef DV_API_ENUM
    DV_API_COUNT
} dv_api;
extern const char *const dv_api_names[DV_API_COUNT];

static inline bool dv_api_is_driver(int api)
{
    return api > DV_API_dt_trace;
}

typedef enum {
#define DV_KIND_ENUM(id, name) id,
    DEVTRACE_FINDING_KINDS(DV_KIND_ENUM)
#undef DV_KIND_ENUM
    DV_FINDING_COUNT
} dv_finding_kind;

/* Each kind's name, as schema.h lists them (mistakes.h: its severity). */
extern const char *const dv_finding_names[DV_FINDING_COUNT];

/* Pageable copies at one line that add up to this many bytes are worth
   pinning their memory for; fewer cost too little to warn about. */
#define DV_WORTH_PINNING (1u << 20)

typedef enum { DV_DIR_HTOD, DV_DIR_DTOH, DV_DIR_DTOD, DV_DIR_HTOH, DV_DIR_MEMSET } dv_direction;
typedef enum { DV_HOST_NONE, DV_HOST_PAGEABLE, DV_HOST_PINNED } dv_host_memory;

typedef enum {
    DV_EV_CALL,         /* a call and its result, nothing more */
    DV_EV_ALLOC,        /* u.alloc: a new live allocation */
    DV_EV_FREE,         /* u.alloc: the allocation it ended (free_seq = seq) */
    DV_EV_COPY,         /* u.copy */
    DV_EV_LAUNCH,       /* u.launch */
    DV_EV_FINDING,      /* u.finding */
    DV_EV_END           /* u.end: the process ends (or an exec failed, and it goes on) */
} dv_event_type;

/* How a run ended: runs.ended, as dv_end_names says it (NULL: not yet). */
typedef enum { DV_END_EXIT, DV_END_SIGNAL, DV_END_EXEC, DV_END_NOT_YET } dv_end;

typedef struct {
    uint8_t type, api;
    int16_t device;                     /* current device of the call, -1 unknown */
    int32_t result;                     /* cudaError_t */
    uint32_t site;
    uint32_t correlation;               /* CUPTI's id of the call, 0: none (activity.c) */
    uint64_t seq;
    uint64_t start, duration;           /* the call's, on the host, in ticks (dv_ticks);
                                           start 0: unknown */
    union {
        dv_alloc alloc;
        struct {
            uint64_t bytes;
            int16_t src_device, dst_device;
            uint8_t direction, host_memory;
            bool async;
            uint64_t stream;            /* the handle; 0 for the default stream */
        } copy;
        struct {
            const void *func;
            uint32_t grid[3], block[3];
            uint64_t shared, stream;
        } launch;
        struct {
            uint8_t kind;               /* dv_finding_kind */
            bool static_message;        /* else malloc'd, and the writer frees it */
            bool when_worth;            /* written once the bytes of its line and
                                           chain reach DV_WORTH_PINNING, not at once */
            uint32_t alloc_site, free_site;
            /* file and line: the line, when the caller knows it better than
               the stack (a tail call hides a frame); line here fills a hole */
            int line;
            uint64_t bytes;
            char *message;
            const char *file;
            uint32_t chain;             /* dv_chain_here's; 0: the site's stack as first seen */
        } finding;
        struct { int status, signal; uint8_t how; } end;     /* how: dv_end */
    } u;
} dv_event;

/* Queues e (copied), numbered by its place in the queue (its seq: the
   queue's order is the events' order, and a place is claimed anyway, so a
   counter of its own would cost a second atomic add); never drops one. */
void dv_emit(dv_event *e);
/* dv_emit in two halves, for an event built in its queue cell rather than
   copied there (an allocation's, the most frequent): the cell claimed (its
   place taken, signals held), to be filled whole, then published. */
dv_event *dv_emit_claim(uint64_t *pos);
void dv_emit_publish(dv_event *e, uint64_t pos);
/* Set while this thread is inside dv_emit: the writer takes the queue's
   cells in order, so a fatal signal handled between a claim and its
   publish would wait for a cell that its own thread can no longer fill.
   Such a signal is held (dv_held_signal) and handled once the event is
   published (dv_fatal_held, lifecycle.c). */
extern __thread volatile sig_atomic_t dv_emitting __attribute__((tls_model("initial-exec")));
extern __thread volatile sig_atomic_t dv_held_signal __attribute__((tls_model("initial-exec")));
__attribute__((cold, noinline)) void dv_fatal_held(void);
/* Takes up to max events off the queue into out; returns how many. */
size_t dv_queue_take(dv_event *out, size_t max);
/* How many events were ever queued. */
uint64_t dv_queue_pushed(void);
/* Whether a thread of this process found the queue full and had to wait
   for the writer, since the last dv_queue_forget_full. */
bool dv_queue_was_full(void);
void dv_queue_forget_full(void);
void dv_queue_after_fork(void);

/* Emits a call that has no more to it than its result; start is when it
   began (dv_event_clock), 0 when that is not known. */
void dv_emit_call(dv_api api, uint32_t site, int result, uint64_t start);
/* Emits a finding of kind at site, made by the call in progress (its chain
   is the stack that reached it), its message printed from fmt; mem is the
   memory involved, if any. */
void dv_finding(dv_finding_kind kind, uint32_t site, uint64_t bytes, const dv_alloc *mem,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The same, at a source line the caller knows (file lives as long as the
   program, as __FILE__ does). */
void dv_finding_at(dv_finding_kind kind, uint32_t site, const char *file, int line,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The same, of mem at the site of the call that allocated it, long done
   (a leak, found at exit): its chain is that site's stack as first seen. */
void dv_finding_of_memory(dv_finding_kind kind, const dv_alloc *mem, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- events in time (events.c) ----------------------------------------------- */

/* Unix time in nanoseconds, as runs.started_ns. */
uint64_t dv_now_ns(void);
/* Where the kernel keeps time by the TSC (its clock source is "tsc": the
   counter is constant-rate and the same on every core), an event's times
   are the TSC's ticks, which cost a third of a clock_gettime to read (two
   a call); the writer turns them into unix time.  Elsewhere a tick is a
   nanosecond of dv_now_ns.  Decided once, before any event. */
extern bool dv_tsc;
static inline uint64_t dv_ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
    if (dv_tsc)
        return __builtin_ia32_rdtsc();
#endif
    return dv_now_ns();
}
/* Set by the writer once its run has kept its cap of events: past it an
   event is only counted, so the program's threads stop reading the clock. */
extern _Atomic bool dv_events_full;
/* When a call begins or ends, for its event: dv_ticks(), or 0 (unknown)
   once no more events are kept in time. */
static inline uint64_t dv_event_clock(void)
{
    return atomic_load_explicit(&dv_events_full, memory_order_relaxed) ? 0 : dv_ticks();
}
/* A call's duration from its dv_event_clock() start: 0 where that is. */
static inline uint64_t dv_since(uint64_t start)
{
    return start ? dv_ticks() - start : 0;
}
/* The writer's, as the report opens (its statements prepared, report.c):
   the cap read from DEVTRACE_EVENTS, none kept yet; and as it closes. */
void dv_events_open(void);
void dv_events_close(void);
/* e as a row, or counted as dropped past the cap; ref is the launch's
   kernels.id or the finding's findings.id.  false when SQLite fails. */
bool dv_events_add(const dv_event *e, int64_t ref);
/* After a batch: runs.dropped_events, when it changed. */
bool dv_events_batch_done(void);

/* ---- device-side times (activity.c) -------------------------------------------- */

/* The correlation id CUPTI's records of e's work will carry, as the
   callbacks of its call said it (0: none came), forgotten once taken
   (cupti.c); a call's own starts from none. */
uint32_t dv_correlation_take(const dv_event *e);
void dv_correlation_reset(void);
/* Asks CUPTI for activity records (once subscribed) when DEVTRACE_TIMELINE
   asks for them; false when it does not, or CUPTI has no Activity API or
   refuses it: events keep their host times alone. */
bool dv_activity_start(void);
/* The events' cap is reached: no row will take a record, so CUPTI is told
   to make no more (their cost, on the device and in the shim, ends). */
void dv_activity_stop(void);
/* Has CUPTI hand back the records it holds (the run ends); false if off. */
bool dv_activity_flush(void);
/* In a forked child: no CUPTI there on a GPU. */
void dv_activity_after_fork(void);
/* The writer's: joins the records handed back so far to their events (after
   a batch, inside its transaction), and runs.dropped_activity.  CUPTI's
   threads only hand their buffers over (under a lock): the writer alone
   writes, with the report's statements. */
void dv_activity_open(void);
void dv_activity_close(void);
bool dv_activity_apply(void);
/* The row the event of correlation was written to, for its records. */
void dv_activity_row(uint32_t correlation, int64_t rowid);
/* The device times that came before the event of correlation, taken for
   its row; false when none did. */
bool dv_activity_times(uint32_t correlation, int64_t *start, int64_t *duration);

/* ---- the call sites' rows (site_rows.c) ---------------------------------------- */

/* A site's source line; same is the first site of that line (a line can
   hold several calls, or one unrolled), which the sums and findings use. */
typedef struct { char *file, *function; int line; uint32_t same; } dv_site_text;

/* The writer's: the rows of the event's sites not yet written, and its
   sites made the first of their source lines'. */
void dv_site_rows_resolve(dv_event *e);
/* A written site's line, or NULL (site 0, or none written). */
const dv_site_text *dv_site_text_get(uint32_t id);
/* In a forked child: its sites written again, into its run. */
void dv_site_rows_after_fork(void);

/* ---- the sums' maps (tally.c) ------------------------------------------------- */

/* A sum kept in memory under a key of up to four numbers: calls by (api,
   site, result), allocations, transfers and launches by their table's key,
   findings by (kind, site, message, chain), kernels by function. */
#define DV_TALLY_KEY 4
typedef struct {
    uint64_t key[DV_TALLY_KEY];
    int64_t id, count, bytes, max, freed, freed_bytes, first, last;
    bool dirty, written;                /* written: a finding's row is in the report */
} dv_tally;

typedef struct {
    dv_tally *slot;
    size_t used, cap;
} dv_tally_map;

/* The sum under key, made (with *fresh set, and its id the map's next)
   where there was none; NULL when memory runs out. */
dv_tally *dv_tally_find(dv_tally_map *m, const uint64_t key[DV_TALLY_KEY], bool *fresh);
void dv_tally_clear(dv_tally_map *m);

/* ---- the writer's sums (sums.c) ------------------------------------------------- */

/* An event counted into its table's sum (allocations' frees into their
   allocation's); a launch's returns its kernel's kernels.id, its row
   written the first time. */
void dv_sum_call(const dv_event *e);
void dv_sum_alloc(const dv_event *e);
void dv_sum_copy(const dv_event *e);
int64_t dv_sum_launch(const dv_event *e);
/* The finding's sum under key (kind, site, message, chain), as
   dv_tally_find. */
dv_tally *dv_sum_finding(const uint64_t key[DV_TALLY_KEY], bool *fresh);
/* The rows of the sums that changed since the last call (a commit's). */
void dv_sums_write(void);
/* In a forked child: the parent's sums forgotten. */
void dv_sums_after_fork(void);

/* ---- the findings' rows (findings.c) ----------------------------------------- */

/* The writer's: a finding event counted, and its row written the first
   time (said live then); returns its findings.id, 0 while it has none (a
   pageable copy's, until the bytes of its line and chain are worth it). */
int64_t dv_finding_write(const dv_event *e);
/* A finding the report could not take, said live all the same. */
void dv_finding_say_unwritten(dv_event *e);

/* ---- the report (report.c) --------------------------------------------------- */

/* The report's statements, which the writer binds and steps. */
enum {
    DV_S_SITE, DV_S_CALLS, DV_S_ALLOCS, DV_S_COPIES, DV_S_KERNEL, DV_S_LAUNCHES, DV_S_FINDING,
    DV_S_RECOUNT, DV_S_END, DV_S_EVENT, DV_S_EVENTS_DROPPED, DV_S_DEVICE_TIME,
    DV_S_ACTIVITY_DROPPED, DV_S_COUNT
};

typedef struct {
    struct sqlite3 *db;                 /* NULL while none is open */
    int64_t run;                        /* this run's runs.id */
    bool broken;                        /* said so once; events are drained and dropped */
    bool print;                         /* DEVTRACE_PRINT=1: findings said as they are made */
    bool summary;                       /* not DEVTRACE_SUMMARY=0 (devtrace run's) */
    bool pageable_access;               /* the GPU reads pageable memory */
} dv_report;
extern dv_report dv_rep;

/* Where the report goes, as the image starts (DEVTRACE_DB, absolute). */
void dv_report_init(void);
/* The writer's, as it starts: opens the report (replacing an earlier
   command's), adds this run, prepares the statements; where it cannot,
   says so and leaves dv_rep.db NULL or dv_rep.broken set. */
void dv_report_open(void);
/* As the writer stops: says the run's summary, removes the journal if this
   is the last writer, closes. */
void dv_report_close(void);
/* In a forked child: the parent's connection set aside, untouched. */
void dv_report_after_fork(void);
/* Says once that writing failed (what), and that the report will be
   incomplete; the writer drains and drops events from then on. */
void dv_report_broken(const char *what);
/* A statement's parameters (?N; text and sites only when not empty or 0;
   a name: text that lives as long as the program, not copied), its run
   (false when it fails: said), and how many parameters it has. */
void dv_bind_int(int s, int i, int64_t v);
void dv_bind_text(int s, int i, const char *v);
void dv_bind_name(int s, int i, const char *v);
void dv_bind_site(int s, int i, uint32_t site);
bool dv_report_step(int s);
int dv_bind_count(int s);
/* The run of a statement whose failure its caller says (the events' and
   device times', which say it as the writer's batch ends); the rowid of
   the last row inserted. */
bool dv_report_try(int s);
int64_t dv_report_last_row(void);
/* The run's end (or, after an exec that failed, its end undone) into its
   row, with the events the writer took (runs.events). */
void dv_report_end(const dv_event *e, uint64_t events);
/* A batch's transaction: begun; committed (rolled back once broken). */
void dv_report_begin(void);
void dv_report_commit(void);

/* ---- the writer (writer.c) -------------------------------------------------- */

/* The VFS the report is opened with (vfs.c), registered at the first
   call; NULL if SQLite refuses. */
const char *dv_vfs(void);
/* Starts the writer thread (once per process), and waits until it has
   opened the report and written the events queued so far. */
void dv_writer_start(void);
/* Wakes the writer; async-signal-safe. */
__attribute__((cold, noinline)) void dv_writer_wake(void);
/* Waits until every event queued so far is committed, or the writer has
   committed nothing for timeout_ms; async-signal-safe. */
bool dv_writer_flush(int timeout_ms);
/* Drains, commits and closes the report (at exit). */
void dv_writer_stop(void);
/* Whether this process image has made an event, and so has a run. */
bool dv_writer_started(void);
/* Across fork: the writer is never inside SQLite (whose locks the child
   would inherit held) when a fork happens. */
void dv_writer_lock(void);
void dv_writer_unlock(void);
void dv_writer_after_fork(void);

/* ---- the shim's descriptors (descriptors.c) ----------------------------------- */

/* me: the calling thread (the writer) is the one whose descriptors are the
   shim's, from now on; else none is (a forked child, until its writer starts). */
void dv_descriptors_opener(bool me);
/* fd (just made, by any thread) becomes the shim's: moved high,
   close-on-exec, out of the program's reach; returned where it went. */
int dv_descriptor_keep(int fd);
/* One of the shim's closed, by any thread (a forked child's copy). */
void dv_descriptor_drop(int fd);

/* ---- what the shim says (say.c) ----------------------------------------------- */

/* Notes which file the program's stderr is, as it starts. */
void dv_say_init(void);
/* The writer's copy of that stderr, while fd 2 is still that file:
   made (at the writer's start), and given up once fd 2 is another file or
   none (checked as the writer idles, and before it speaks).  A forked
   child gives its copy up (its writer makes its own). */
void dv_voice_open(void);
void dv_voice_check(void);
void dv_voice_after_fork(void);
/* A message on the stderr the program started with: the writer's copy
   from the writer, fd 2 from another thread while it is still that file,
   else nowhere (the report holds it all).  Never raises SIGPIPE. */
void dv_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* text with its control characters escaped (json_printable), so that a
   name cannot drive the terminal; malloc'd, NULL when memory is short. */
char *dv_printable(const char *text);
/* DEVTRACE_PRINT=1: a finding's first at its site, said as a compiler
   says one (at: its line, or NULL). */
void dv_say_finding(const dv_event *e, const dv_site_text *at, const char *severity,
                    const char *msg);

/* ---- checks (checks.c) ------------------------------------------------------ */

/* Pointer arguments of a launch of func (a CUfunction where driver, else a
   runtime's host function or cudaKernel_t) on device dev; symbol, the
   kernel's mangled name where CUPTI gave it, says them where no runtime in
   reach can. */
void dv_check_launch(const void *func, bool driver, const char *symbol, void **args, int dev,
                     uint32_t site);
/* A launch of func that failed for want of code for the device, at site:
   said once per kernel. */
void dv_check_not_run(const void *func, bool driver, uint32_t site);
/* A copy from src to dst with the given cudaMemcpyKind (or DV_COPY_PEER:
   both sides must be device memory), reaching dst_span and src_span bytes
   (more than the bytes copied in a 2D copy); src NULL for a memset, whose
   destination must be device memory.  Fills the transfer's facts into e. */
#define DV_COPY_PEER 16
void dv_check_copy(void *dst, uint64_t dst_span, const void *src, uint64_t src_span, int kind,
                   uint32_t site, dv_event *e);
/* The device address of the byte at offset of a __device__ or __constant__
   variable (cudaGetSymbolAddress, asked quietly); NULL when the runtime
   knows no such symbol.  Its storage becomes live memory of the shadow
   state, the runtime's (a lazily loaded module's may lie where the program
   freed memory), the first time api asks. */
void *dv_symbol_address(const void *symbol, size_t offset, dv_api api);
/* A free by api (cudaFree* or cudaFreeHost) of p; true and *out when p was a
   live allocation that api may free. */
bool dv_check_free(dv_api api, void *p, uint32_t site, dv_alloc *out);
/* The fault at addr was a host access to device memory: record it. */
bool dv_check_fault(uintptr_t addr, uintptr_t pc);
/* Peer access, as the program enabled it. */
void dv_peer_set(int dev, int peer, bool enabled);
/* Leaks at exit: one finding per allocating site. */
void dv_check_leaks(void);
/* How many parameters func (as dv_check_launch's) takes, or -1 if CUDA
   cannot say; its name, or NULL. */
int dv_kernel_param_count(const void *func, bool driver);
const char *dv_kernel_name(const void *func, bool driver);

/* ---- calls, however they were seen (calls.c, driver.c, cupti.c) ------------ */

/* How many seen calls this thread is inside.  A call that reaches the shim a
   second way while one is under way (CUPTI's callback for a call that was
   interposed, the driver call inside a runtime call) is not counted again. */
extern __thread int dv_in_call __attribute__((tls_model("initial-exec")));
/* The kernel's mangled name that the CUPTI launch callback under way on
   this thread gave (its symbolName), else NULL. */
extern __thread const char *dv_callback_symbol __attribute__((tls_model("initial-exec")));
#define DV_INSIDE(call) ({ dv_in_call++; __typeof__(call) r_ = (call); dv_in_call--; r_; })

/* An allocation's result (p the memory, when rc is 0); start when the
   call began. */
void dv_seen_alloc(dv_api api, dv_memory memory, int device, const void *p, uint64_t bytes,
                   uint32_t site, int rc, uint64_t start);
/* Before a free, a copy or a launch: the checks, and e filled for dv_seen_end. */
void dv_seen_free(dv_event *e, dv_api api, void *p, uint32_t site);
void dv_seen_copy(dv_event *e, dv_api api, void *dst, uint64_t dst_span, const void *src,
                  uint64_t src_span, uint64_t bytes, int kind, bool async, uint64_t stream,
                  uint32_t site);
void dv_seen_launch(dv_event *e, dv_api api, const void *func, const unsigned grid[3],
                    const unsigned block[3], void **args, uint64_t shared, uint64_t stream,
                    int dev, uint32_t site);
/* After it: its result, and the event sent; a launch's end says too when
   its kernel had no code for the device. */
void dv_seen_end(dv_event *e, int rc);
void dv_seen_launch_end(dv_event *e, int rc);
/* The calling thread's current device, as the runtime (cudaGetDevice) or
   the driver (cuCtxGetDevice, its current context's) says; -1 when it
   cannot.  Known per thread until a call that may change it. */
typedef enum { DV_RUNTIME_DEVICE, DV_CONTEXT_DEVICE, DV_DEVICE_QUERIES } dv_device_query;
int dv_current_device(dv_device_query q);
/* After a call that may have changed the calling thread's current device
   (cudaSetDevice, the driver's context calls), or, every_thread, any
   thread's (a reset, a context destroyed): what was known is asked again. */
void dv_device_changed(bool every_thread);

/* How one function's calls are taken apart, from the struct of its
   arguments that CUPTI hands its callbacks (a <name>_params of CUDA's
   generated headers): before the call, the checks; after it, the event. */
typedef struct dv_handler {
    int domain;                         /* CUpti_CallbackDomain */
    uint32_t cbid;
    dv_api api;
    void (*before)(const struct dv_handler *h, const void *params, uint32_t site, dv_event *e);
    void (*after)(const struct dv_handler *h, const void *params, int rc, dv_event *e);
} dv_handler;

/* What most calls do: keep the site before, send the event after. */
void dv_handler_keep_site(const dv_handler *h, const void *params, uint32_t site, dv_event *e);
void dv_handler_send(const dv_handler *h, const void *params, int rc, dv_event *e);
/* A launch's: the event sent, and a kernel that did not run said. */
void dv_handler_launched(const dv_handler *h, const void *params, int rc, dv_event *e);
/* What a call that changes the current device does: nothing before; after,
   the device forgotten, the calling thread's or (devices) every thread's. */
void dv_handler_pass(const dv_handler *h, const void *params, uint32_t site, dv_event *e);
void dv_handler_device_changed(const dv_handler *h, const void *params, int rc, dv_event *e);
void dv_handler_devices_changed(const dv_handler *h, const void *params, int rc, dv_event *e);

/* The driver API's handlers (driver.c). */
extern const dv_handler dv_driver_handlers[];
extern const size_t dv_driver_handler_count;

/* Subscribes to CUPTI where there is one (once; at start, and from
   InitializeInjection).  false when there is none, or another tool holds it
   (said once on stderr): interposition alone then sees the calls. */
bool dv_cupti_start(void);
/* No row will take a correlation id any more (the events table is full):
   where the callbacks were asked for only for those, they are no longer. */
void dv_cupti_correlations_stop(void);

/* ---- process state (lifecycle.c) --------------------------------------------- */

/* false before the constructor and after the report is closed: wrappers
   then only forward. */
bool dv_active(void);
/* When this process image began to be traced (the shim's constructor, or
   the fork that made it): its run's started_ns, which its first events
   come after, though the writer opens the report only at the first. */
extern uint64_t dv_started_ns;

#endif /* DEVTRACE_H */
