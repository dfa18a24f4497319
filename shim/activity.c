/*
 * Device-side times, from CUPTI's Activity API.  An asynchronous launch or
 * copy's host times say when it was queued, not when it ran; CUPTI records
 * when each kernel, copy and memset ran on the device, and tags the record
 * with the correlation id of the API call that made it: the id that call's
 * callbacks carried, which its event keeps (cupti.c).  The writer joins the
 * two: a record's start and duration go into its event's row
 * (events.device_start_ns, device_duration_ns), on the host's clock.
 *
 * CUPTI fills buffers the shim hands it, at most MAX_BUFFERS at a time, so
 * the memory is bounded: with none to spare, CUPTI drops records and says
 * how many, and runs.dropped_activity counts them.  A filled buffer comes
 * back (on a thread of CUPTI's, or inside a call on the emulated device) and
 * waits for the writer, which applies it after a batch of events; the
 * writer has CUPTI flush its last buffers when the run ends.  The writer
 * remembers the row of each event with a correlation id it wrote lately
 * (a table indexed by the id, the older overwritten), and a record updates
 * its row by rowid, which costs a third of a search by correlation id.  A
 * record whose event is not written yet (still queued, or its call not
 * returned) waits in a table by correlation id, bounded too, for the
 * event's row to take it as it is written.  Once the events table is full
 * no more rows come: CUPTI is told to stop making records
 * (dv_activity_stop), and one already made without a row is let go.
 *
 * Only when asked for (DEVTRACE_TIMELINE=1, which `devtrace run --timeline`
 * sets): else, and where CUPTI has no Activity API (or refuses it), events
 * keep their host times alone.  CUPTI is used as it is found (dv_cupti_symbol), so that the
 * shim builds and runs without the toolkit.
 */
#include "devtrace.h"

#include <cupti.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define BUFFER_BYTES (1u << 20)         /* some 4000 kernel records */
#define MAX_BUFFERS 8
#define MAX_WAITING (1u << 18)          /* a power of two, at most half full: 6 MiB */
#define ROWS (1u << 16)                 /* events' rows remembered: 16 buffers' records */

/* What the writer reads of each kind of record, where its struct has it:
   a copy's is joined by its runtime call's correlation id, when a runtime
   call made it (the shim keeps the outermost call's), else its own. */
#define LAYOUT(kind, type, runtime) \
    { kind, offsetof(type, start), offsetof(type, end), offsetof(type, correlationId), runtime }
static const struct {
    CUpti_ActivityKind kind;
    size_t start, end, correlation, runtime_correlation;    /* 0: none */
} layouts[] = {
    LAYOUT(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUpti_ActivityKernel10, 0),
    LAYOUT(CUPTI_ACTIVITY_KIND_KERNEL, CUpti_ActivityKernel10, 0),
    LAYOUT(CUPTI_ACTIVITY_KIND_MEMCPY, CUpti_ActivityMemcpy6,
           offsetof(CUpti_ActivityMemcpy6, runtimeCorrelationId)),
    LAYOUT(CUPTI_ACTIVITY_KIND_MEMSET, CUpti_ActivityMemset4, 0),
};

/* The kinds asked for: a kernel's record is the first of the two CUPTI
   takes (the concurrent kind does not serialize kernels). */
static const CUpti_ActivityKind wanted[][2] = {
    { CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_KERNEL },
    { CUPTI_ACTIVITY_KIND_MEMCPY, CUPTI_ACTIVITY_KIND_MEMCPY },
    { CUPTI_ACTIVITY_KIND_MEMSET, CUPTI_ACTIVITY_KIND_MEMSET },
};

typedef struct {
    uint32_t correlation;               /* 0: a free slot */
    uint64_t start, end;                /* on the host's clock */
} device_time;

static struct {
    __typeof__(&cuptiActivityGetNextRecord) next_record;
    __typeof__(&cuptiActivityGetNumDroppedRecords) dropped_records;
    __typeof__(&cuptiActivityFlushAll) flush_all;
    int64_t offset;                     /* host clock - CUPTI's clock */
    bool on;
    _Atomic int buffers;                /* handed to CUPTI and not yet freed */
    _Atomic uint64_t dropped;           /* records CUPTI could not keep */
    pthread_mutex_t lock;               /* the filled buffers, from CUPTI to the writer */
    struct { uint8_t *buffer; size_t valid; } filled[MAX_BUFFERS];
    size_t nfilled;
} act = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* The writer's: the records waiting for their events, open addressing by
   correlation id.  It writes them with the report's statements (report.c),
   on its own thread: CUPTI's threads only hand over the buffers. */
static struct {
    uint64_t dropped_written;
    device_time *waiting;               /* MAX_WAITING, calloc'd: untouched pages cost nothing */
    size_t nwaiting;
    struct row { uint32_t correlation; int64_t rowid; } *rows;     /* ROWS, by correlation id */
} jw;

/* Where correlation's row is remembered, if it is (the slot's own id says). */
static struct row *row_of(uint32_t correlation)
{
    return &jw.rows[correlation & (ROWS - 1)];
}

/* ---- CUPTI's side ------------------------------------------------------------ */

static void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
    *buffer = NULL;
    *size = 0;
    *max_records = 0;
    if (atomic_fetch_add(&act.buffers, 1) >= MAX_BUFFERS) {
        atomic_fetch_sub(&act.buffers, 1);
        return;                         /* CUPTI drops its records, and counts them */
    }
    *buffer = aligned_alloc(8, BUFFER_BYTES);
    if (*buffer)
        *size = BUFFER_BYTES;
    else
        atomic_fetch_sub(&act.buffers, 1);
}

static void CUPTIAPI buffer_completed(CUcontext context, uint32_t stream, uint8_t *buffer,
                                      size_t size, size_t valid)
{
    size_t dropped = 0;
    (void)size;
    if (act.dropped_records && act.dropped_records(context, stream, &dropped) == CUPTI_SUCCESS)
        atomic_fetch_add(&act.dropped, dropped);
    if (!buffer)
        return;
    pthread_mutex_lock(&act.lock);
    act.filled[act.nfilled].buffer = buffer;    /* room: at most MAX_BUFFERS are out */
    act.filled[act.nfilled++].valid = valid;
    pthread_mutex_unlock(&act.lock);
    dv_writer_wake();
}

/* Enables one of a row of kinds, the first CUPTI takes. */
static bool enable_one_of(const CUpti_ActivityKind kinds[2],
                          __typeof__(&cuptiActivityEnable) enable)
{
    return enable(kinds[0]) == CUPTI_SUCCESS || enable(kinds[1]) == CUPTI_SUCCESS;
}

/* The host's clock less CUPTI's, from the reading of CUPTI's that two of
   the host's closest bracket (a few tries: a thread may be preempted). */
static bool clock_offset(__typeof__(&cuptiGetTimestamp) timestamp, int64_t *offset)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 5; i++) {
        uint64_t cupti_now, before = dv_now_ns();
        if (timestamp(&cupti_now) != CUPTI_SUCCESS)
            return false;
        uint64_t after = dv_now_ns();
        if (after - before < best) {
            best = after - before;
            *offset = (int64_t)(before + (after - before) / 2 - cupti_now);
        }
    }
    return true;
}

/* Device-side times cost a GPU run more than the checks do (CUPTI's
   records of every kernel and copy, and the callbacks that carry their
   correlation ids): they are made only when asked for, by `devtrace run
   --timeline` or DEVTRACE_TIMELINE=1.  The checks need none of them. */
static bool timeline_asked(void)
{
    const char *v = getenv("DEVTRACE_TIMELINE");
    return v && *v && strcmp(v, "0") != 0;
}

bool dv_activity_start(void)
{
    if (!timeline_asked())
        return false;                   /* host times alone */
    __typeof__(&cuptiActivityRegisterCallbacks) callbacks =
        (__typeof__(callbacks))dv_cupti_symbol("cuptiActivityRegisterCallbacks");
    __typeof__(&cuptiActivityEnable) enable =
        (__typeof__(enable))dv_cupti_symbol("cuptiActivityEnable");
    __typeof__(&cuptiGetTimestamp) timestamp =
        (__typeof__(timestamp))dv_cupti_symbol("cuptiGetTimestamp");
    act.next_record = (__typeof__(act.next_record))dv_cupti_symbol("cuptiActivityGetNextRecord");
    act.dropped_records =
        (__typeof__(act.dropped_records))dv_cupti_symbol("cuptiActivityGetNumDroppedRecords");
    act.flush_all = (__typeof__(act.flush_all))dv_cupti_symbol("cuptiActivityFlushAll");
    if (!callbacks || !enable || !timestamp || !act.next_record || !act.flush_all ||
        !clock_offset(timestamp, &act.offset) ||
        callbacks(buffer_requested, buffer_completed) != CUPTI_SUCCESS)
        return false;                   /* host times alone */
    bool any = false;
    for (size_t i = 0; i < sizeof wanted / sizeof *wanted; i++)
        any |= enable_one_of(wanted[i], enable);
    act.on = any;
    return any;
}

void dv_activity_stop(void)
{
    __typeof__(&cuptiActivityDisable) disable =
        (__typeof__(disable))dv_cupti_symbol("cuptiActivityDisable");
    for (size_t i = 0; act.on && disable && i < sizeof wanted / sizeof *wanted; i++) {
        disable(wanted[i][0]);          /* the one enabled, and the other: refused, or a no-op */
        disable(wanted[i][1]);
    }
    dv_cupti_correlations_stop();
}

/* A forked child of a process that started CUDA on a GPU cannot call CUDA
   or CUPTI (whose threads stayed in the parent, maybe holding act.lock):
   its run has no device times.  The emulated device's child goes on. */
void dv_activity_after_fork(void)
{
    if (!dv_next_is_sim())
        act.on = false;
}

bool dv_activity_flush(void)
{
    return act.on && act.flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED) == CUPTI_SUCCESS;
}

/* ---- the writer's side ---------------------------------------------------------- */

void dv_activity_open(void)
{
    free(jw.waiting);
    free(jw.rows);
    jw.waiting = calloc(MAX_WAITING, sizeof *jw.waiting);
    jw.rows = calloc(ROWS, sizeof *jw.rows);
    jw.nwaiting = 0;
    jw.dropped_written = atomic_load(&act.dropped);
}

void dv_activity_close(void)
{
    free(jw.waiting);
    free(jw.rows);
    jw.waiting = NULL;
    jw.rows = NULL;
    jw.nwaiting = 0;
}

void dv_activity_row(uint32_t correlation, int64_t rowid)
{
    if (jw.rows && correlation)
        *row_of(correlation) = (struct row){ correlation, rowid };
}

/* Puts t into its event's row: 1 when it has one, 0 when none (yet), -1
   when SQLite fails. */
static int join(const device_time *t)
{
    if (!jw.rows || row_of(t->correlation)->correlation != t->correlation)
        return 0;
    dv_bind_int(DV_S_DEVICE_TIME, 1, row_of(t->correlation)->rowid);
    dv_bind_int(DV_S_DEVICE_TIME, 3, (int64_t)t->start);
    dv_bind_int(DV_S_DEVICE_TIME, 4, (int64_t)t->end);
    return dv_report_try(DV_S_DEVICE_TIME) ? 1 : -1;
}

/* ---- records waiting for their events ---- */

static size_t home(uint32_t correlation)
{
    return (correlation * 2654435761u) & (MAX_WAITING - 1);
}

/* The slot of correlation: its record's, or the free one it would take. */
static size_t slot_of(uint32_t correlation)
{
    size_t i = home(correlation);
    while (jw.waiting[i].correlation && jw.waiting[i].correlation != correlation)
        i = (i + 1) & (MAX_WAITING - 1);
    return i;
}

/* Empties slot i, moving back the records after it that probed past it. */
static void release(size_t i)
{
    for (size_t j = i;;) {
        jw.waiting[i].correlation = 0;
        size_t k;
        do {
            j = (j + 1) & (MAX_WAITING - 1);
            if (!jw.waiting[j].correlation)
                return;
            k = home(jw.waiting[j].correlation);
        } while (i <= j ? i < k && k <= j : i < k || k <= j);
        jw.waiting[i] = jw.waiting[j];
        i = j;
    }
}

/* Keeps t until its event comes (one call's records make one span). */
static void wait_for_event(const device_time *t)
{
    if (!jw.waiting) {
        atomic_fetch_add(&act.dropped, 1);
        return;
    }
    device_time *w = &jw.waiting[slot_of(t->correlation)];
    if (w->correlation) {
        w->start = t->start < w->start ? t->start : w->start;
        w->end = t->end > w->end ? t->end : w->end;
    } else if (jw.nwaiting < MAX_WAITING / 2) {
        *w = *t;
        jw.nwaiting++;
    } else {
        atomic_fetch_add(&act.dropped, 1);      /* no room to wait */
    }
}

bool dv_activity_times(uint32_t correlation, int64_t *start, int64_t *duration)
{
    if (!correlation || !jw.nwaiting)
        return false;
    size_t i = slot_of(correlation);
    if (!jw.waiting[i].correlation)
        return false;
    *start = (int64_t)jw.waiting[i].start;
    *duration = (int64_t)(jw.waiting[i].end - jw.waiting[i].start);
    release(i);
    jw.nwaiting--;
    return true;
}

/* Puts t into its event's row, or keeps it for the row to come; false when
   SQLite fails. */
static bool join_or_keep(const device_time *t)
{
    int joined = join(t);
    if (joined == 0 && !atomic_load_explicit(&dv_events_full, memory_order_relaxed))
        wait_for_event(t);
    return joined >= 0;
}

static uint64_t field(const CUpti_Activity *r, size_t offset, size_t size)
{
    uint64_t v = 0;
    memcpy(&v, (const char *)r + offset, size);     /* the records are packed */
    return v;
}

/* The device time of record r, false when it is of no kind joined. */
static bool device_time_of(const CUpti_Activity *r, device_time *t)
{
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++)
        if (layouts[i].kind == r->kind) {
            size_t runtime = layouts[i].runtime_correlation;
            t->correlation = (uint32_t)field(r, layouts[i].correlation, sizeof(uint32_t));
            if (runtime && field(r, runtime, sizeof(uint32_t)))
                t->correlation = (uint32_t)field(r, runtime, sizeof(uint32_t));
            t->start = field(r, layouts[i].start, sizeof(uint64_t)) + (uint64_t)act.offset;
            t->end = field(r, layouts[i].end, sizeof(uint64_t)) + (uint64_t)act.offset;
            return t->correlation != 0 && t->end >= t->start;
        }
    return false;
}

static bool apply_buffer(uint8_t *buffer, size_t valid)
{
    CUpti_Activity *r = NULL;
    device_time t;
    bool ok = true;
    while (ok && act.next_record(buffer, valid, &r) == CUPTI_SUCCESS && r)
        if (device_time_of(r, &t))
            ok = join_or_keep(&t);
    free(buffer);
    atomic_fetch_sub(&act.buffers, 1);
    return ok;
}

static bool write_dropped(void)
{
    uint64_t dropped = atomic_load(&act.dropped);
    if (dropped == jw.dropped_written)
        return true;
    dv_bind_int(DV_S_ACTIVITY_DROPPED, 1, dv_rep.run);
    dv_bind_int(DV_S_ACTIVITY_DROPPED, 2, (int64_t)dropped);
    jw.dropped_written = dropped;
    return dv_report_try(DV_S_ACTIVITY_DROPPED);
}

bool dv_activity_apply(void)
{
    if (!act.on)
        return true;
    bool ok = true;
    pthread_mutex_lock(&act.lock);
    size_t nfilled = act.nfilled;
    __typeof__(act.filled[0]) filled[MAX_BUFFERS];
    memcpy(filled, act.filled, nfilled * sizeof *filled);
    act.nfilled = 0;
    pthread_mutex_unlock(&act.lock);
    for (size_t i = 0; i < nfilled; i++)
        ok = apply_buffer(filled[i].buffer, filled[i].valid) && ok;
    return write_dropped() && ok;
}
