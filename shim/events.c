/*
 * Events in time: besides the sums, each run keeps its first DEVTRACE_EVENTS
 * events (copies, memsets, launches, allocations, frees, syncs, findings),
 * one row each in the events table, with when they started and how long the
 * call took.  Past the cap an event is only counted (runs.dropped_events):
 * the sums stay exact, the timeline says where it stops.
 *
 * A row costs the writer some 3 us, and a launch-heavy loop on small tensors
 * makes a call every 0.6 us: the queue fills, and the program would wait
 * for rows, slowing its first 100,000 events by a fifth.  So once a thread
 * has found the queue full, the run's rows end there, as at the cap, and
 * the writer catches up by counting; DEVTRACE_EVENTS_WAIT=1 keeps every row
 * up to the cap, and the program waits for them.
 *
 * Times are the host's (CLOCK_REALTIME, as runs.started_ns): a synchronous
 * call's duration is its work's; an asynchronous one's says how long it took
 * to queue.  A launch's, copy's or memset's row also keeps its call's
 * correlation id, by which activity.c adds when its work ran on the device.
 * The writer thread alone calls the dv_events_* functions, and writes the
 * rows with the report's statements (report.c), as every table's.
 */
#include "devtrace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Some 60 bytes a row in the report: the default keeps its events near 6 MB. */
#define DEFAULT_CAP 100000

static struct {
    uint64_t cap, kept, lost, lost_written;
    bool wait;                          /* DEVTRACE_EVENTS_WAIT=1: keep the cap's rows, however slow */
} ev;

_Atomic bool dv_events_full;

static const char *const type_names[] = {
    [DV_EV_CALL] = "call", [DV_EV_ALLOC] = "alloc", [DV_EV_FREE] = "free",
    [DV_EV_COPY] = "copy", [DV_EV_LAUNCH] = "launch", [DV_EV_FINDING] = "finding",
};
static const char *const direction_names[] = { "HtoD", "DtoH", "DtoD", "HtoH", "memset" };

uint64_t dv_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* ---- ticks into unix time ------------------------------------------------------
 * The writer reads the TSC and the clock together (a pair) as it meets an
 * event a millisecond or more past the last pair, and turns ticks into
 * time along the line through the last pair, its slope the TSC's rate over
 * the pairs of the last second or so (kept a tenth of a second apart; from
 * the start, early on).  The events it turns lie within a batch's wait of
 * the last pair, and the rate was measured over at least as long, so the
 * error stays near that of one clock read; and as the rate is recent, a
 * clock that NTP slews is followed.
 */
#define PAIRS 16
#define PAIR_NS 1000000.0               /* at most one pair a millisecond */
#define RATE_NS 100000000.0             /* the rate's pairs a tenth of a second apart */

bool dv_tsc;

typedef struct { uint64_t ticks, ns; } clock_pair;

static struct {
    clock_pair last, rates[PAIRS];      /* rates: the oldest at [oldest] */
    size_t oldest, n;
    double rate;                        /* nanoseconds a tick */
} tc;

/* The TSC and the clock read together: of a few tries, the closest. */
static clock_pair read_pair(void)
{
    clock_pair p = { 0, 0 };
    uint64_t closest = UINT64_MAX;
    for (int i = 0; i < 4; i++) {
        uint64_t before = dv_ticks(), ns = dv_now_ns(), after = dv_ticks();
        if (after - before < closest) {
            closest = after - before;
            p = (clock_pair){ before + (after - before) / 2, ns };
        }
    }
    return p;
}

static bool kernel_keeps_time_by_tsc(void)
{
    char source[16] = "";
    FILE *f = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "re");
    if (!f)
        return false;
    bool tsc = fgets(source, sizeof source, f) && strcmp(source, "tsc\n") == 0;
    fclose(f);
    return tsc;
}

static int64_t on_line(uint64_t ticks)
{
    return (int64_t)tc.last.ns + (int64_t)((double)(int64_t)(ticks - tc.last.ticks) * tc.rate);
}

/* Starts the pairs over from p (at the start, and when the clock was set). */
static void restart_pairs(clock_pair p)
{
    tc.last = tc.rates[0] = p;
    tc.oldest = 0;
    tc.n = 1;
}

__attribute__((constructor(101))) static void clock_init(void)
{
#if defined(__x86_64__) || defined(__i386__)
    dv_tsc = kernel_keeps_time_by_tsc();
#endif
    if (dv_tsc)
        restart_pairs(read_pair());
}

static void keep_pair(void)
{
    clock_pair p = read_pair();
    if (tc.rate && llabs(on_line(p.ticks) - (int64_t)p.ns) > 1000000) {
        restart_pairs(p);               /* the clock was set: follow it, at the rate known */
        return;
    }
    const clock_pair *newest = &tc.rates[(tc.oldest + tc.n - 1) % PAIRS];
    if (!tc.rate || (double)(p.ns - newest->ns) >= RATE_NS) {
        if (tc.n < PAIRS)
            tc.n++;
        else
            tc.oldest = (tc.oldest + 1) % PAIRS;
        tc.rates[(tc.oldest + tc.n - 1) % PAIRS] = p;
    }
    const clock_pair *base = &tc.rates[tc.oldest];
    if (p.ticks > base->ticks && p.ns > base->ns)
        tc.rate = (double)(p.ns - base->ns) / (double)(p.ticks - base->ticks);
    tc.last = p;
}

/* An event's start, in unix nanoseconds. */
static int64_t start_ns(uint64_t ticks)
{
    if (!dv_tsc)
        return (int64_t)ticks;
    if (!tc.rate || (int64_t)(ticks - tc.last.ticks) * tc.rate >= PAIR_NS)
        keep_pair();
    return tc.rate ? on_line(ticks) : (int64_t)tc.last.ns;
}

static int64_t span_ns(uint64_t ticks)
{
    return dv_tsc ? (int64_t)((double)ticks * tc.rate) : (int64_t)ticks;
}

/* DEVTRACE_EVENTS=N, a count; anything else is the default, said once. */
static uint64_t cap_from_environment(void)
{
    const char *s = getenv("DEVTRACE_EVENTS");
    char *end;
    if (!s || !*s)
        return DEFAULT_CAP;
    errno = 0;
    unsigned long long n = strtoull(s, &end, 10);
    if (!*end && *s != '-' && errno == 0)
        return n;
    dv_say("devtrace: DEVTRACE_EVENTS=%s is not a count of events; the report keeps "
           "the first %d\n", s, DEFAULT_CAP);
    return DEFAULT_CAP;
}

void dv_events_open(void)
{
    const char *s;
    ev.cap = cap_from_environment();
    ev.wait = (s = getenv("DEVTRACE_EVENTS_WAIT")) && strcmp(s, "1") == 0;
    ev.kept = ev.lost = ev.lost_written = 0;
    dv_queue_forget_full();             /* waiting for the report to open is no row's fault */
    atomic_store_explicit(&dv_events_full, false, memory_order_relaxed);
    dv_activity_open();
}

void dv_events_close(void)
{
    dv_activity_close();
}

static void bind_known(int i, int64_t v, bool known)
{
    if (known)
        dv_bind_int(DV_S_EVENT, i, v);
}

/* A launch's, copy's or memset's correlation id, and its device times when
   they came first. */
static void bind_correlation(const dv_event *e)
{
    int64_t start, duration;
    bind_known(14, e->correlation, e->correlation != 0);
    if (dv_activity_times(e->correlation, &start, &duration)) {
        dv_bind_int(DV_S_EVENT, 15, start);
        dv_bind_int(DV_S_EVENT, 16, duration);
    }
}

/* The bytes, device and direction each type of event has. */
static void bind_facts(const dv_event *e, int64_t ref)
{
    switch ((dv_event_type)e->type) {
    case DV_EV_ALLOC:
    case DV_EV_FREE:
        dv_bind_int(DV_S_EVENT, 9, (int64_t)e->u.alloc.bytes);
        bind_known(7, e->u.alloc.device, e->u.alloc.device >= 0);
        break;
    case DV_EV_COPY:
        dv_bind_int(DV_S_EVENT, 9, (int64_t)e->u.copy.bytes);
        dv_bind_name(DV_S_EVENT, 10, direction_names[e->u.copy.direction]);
        dv_bind_int(DV_S_EVENT, 8, (int64_t)e->u.copy.stream);
        bind_correlation(e);
        /* the device doing the work: the destination's, else the source's */
        dv_bind_int(DV_S_EVENT, 7, e->u.copy.dst_device >= 0 ? e->u.copy.dst_device
                                                             : e->u.copy.src_device);
        break;
    case DV_EV_LAUNCH:
        dv_bind_int(DV_S_EVENT, 8, (int64_t)e->u.launch.stream);
        bind_correlation(e);
        bind_known(12, ref, ref > 0);
        break;
    case DV_EV_FINDING:
        bind_known(9, (int64_t)e->u.finding.bytes, e->u.finding.bytes > 0);
        dv_bind_int(DV_S_EVENT, 13, ref);
        break;
    case DV_EV_CALL:
    case DV_EV_END:
        break;
    }
}

bool dv_events_add(const dv_event *e, int64_t ref)
{
    if (e->type == DV_EV_END || (e->type == DV_EV_FINDING && ref <= 0))
        return true;                    /* a finding not (yet) reported is no event */
    if (ev.kept < ev.cap && !ev.wait && dv_queue_was_full())
        ev.cap = ev.kept;               /* the program outran its rows (see the top) */
    if (ev.kept >= ev.cap) {
        ev.lost++;
        if (!atomic_exchange_explicit(&dv_events_full, true, memory_order_relaxed))
            dv_activity_stop();
        return true;
    }
    ev.kept++;
    dv_bind_int(DV_S_EVENT, 1, dv_rep.run);
    dv_bind_int(DV_S_EVENT, 2, (int64_t)e->seq);
    dv_bind_name(DV_S_EVENT, 3, type_names[e->type]);
    if (e->api < DV_API_COUNT)
        dv_bind_name(DV_S_EVENT, 4, dv_api_names[e->api]);
    if (e->start) {
        dv_bind_int(DV_S_EVENT, 5, start_ns(e->start));
        bind_known(6, span_ns(e->duration), e->duration > 0);
    }
    bind_known(7, e->device, e->device >= 0);
    bind_facts(e, ref);
    bind_known(11, e->site, e->site > 0);
    bool ok = dv_report_try(DV_S_EVENT);
    if (ok)
        dv_activity_row(e->correlation, dv_report_last_row());
    return ok;
}

bool dv_events_batch_done(void)
{
    if (!dv_activity_apply())
        return false;
    if (ev.lost == ev.lost_written)
        return true;
    dv_bind_int(DV_S_EVENTS_DROPPED, 1, dv_rep.run);
    dv_bind_int(DV_S_EVENTS_DROPPED, 2, (int64_t)ev.lost);
    ev.lost_written = ev.lost;
    return dv_report_try(DV_S_EVENTS_DROPPED);
}
