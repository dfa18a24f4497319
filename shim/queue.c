/*
 * The event queue: many program threads put, the writer thread takes.
 *
 * A bounded ring in the manner of Dmitry Vyukov's MPMC queue: each cell
 * carries a sequence number that says whose turn it is, so a put is one
 * compare-and-swap and a copy, with no lock, and is safe in a signal
 * handler.  A full queue makes the putting thread wait for the writer: the
 * program slows down, but no event is lost.
 */
#include "devtrace.h"

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAP (1u << 16)

typedef struct {
    _Atomic uint64_t turn;
    dv_event ev;
} cell;

static cell cells[CAP];
static _Atomic uint64_t head;           /* next position to claim */
static _Atomic uint64_t tail;           /* next position to take: the writer's */
static _Atomic bool was_full;

__thread volatile sig_atomic_t dv_emitting __attribute__((tls_model("initial-exec")));

const char *const dv_api_names[DV_API_COUNT] = {
#define DV_API_NAME(name) #name,
    DV_APIS(DV_API_NAME)
#undef DV_API_NAME
};

const char *const dv_finding_names[DV_FINDING_COUNT] = {
#define DV_KIND_NAME(id, name) [id] = name,
    DEVTRACE_FINDING_KINDS(DV_KIND_NAME)
#undef DV_KIND_NAME
};

/* An empty queue whose next place is from. */
static void reset(uint64_t from)
{
    for (uint64_t p = from; p < from + CAP; p++)
        atomic_store_explicit(&cells[p & (CAP - 1)].turn, p, memory_order_relaxed);
    atomic_store(&head, from);
    atomic_store(&tail, from);
    atomic_store(&was_full, false);
}

__attribute__((constructor(101))) static void queue_init(void)
{
    reset(0);
}

/* Whatever the parent had queued is the parent's to write; the child's
   seqs go on from the parent's. */
void dv_queue_after_fork(void)
{
    reset(atomic_load(&head));
}

/* The claim: the next place in the queue, waiting for the writer while
   the queue is full.  Signals are held from here to the publish. */
static inline cell *claim(uint64_t *at)
{
    dv_emitting = 1;
    atomic_signal_fence(memory_order_seq_cst);
    uint64_t pos = atomic_load_explicit(&head, memory_order_relaxed);
    cell *c;
    for (;;) {
        c = &cells[pos & (CAP - 1)];
        uint64_t turn = atomic_load_explicit(&c->turn, memory_order_acquire);
        if (turn == pos) {
            if (atomic_compare_exchange_weak_explicit(&head, &pos, pos + 1,
                                                      memory_order_relaxed, memory_order_relaxed))
                break;
        } else if (turn < pos) {        /* full: the writer has to catch up */
            atomic_store_explicit(&was_full, true, memory_order_relaxed);
            dv_writer_wake();
            sched_yield();
            pos = atomic_load_explicit(&head, memory_order_relaxed);
        } else {
            pos = atomic_load_explicit(&head, memory_order_relaxed);
        }
    }
    *at = pos;
    return c;
}

dv_event *dv_emit_claim(uint64_t *at)
{
    return &claim(at)->ev;
}

void dv_emit_publish(dv_event *ev, uint64_t pos)
{
    cell *c = &cells[pos & (CAP - 1)];
    ev->seq = pos + 1;
    atomic_store_explicit(&c->turn, pos + 1, memory_order_release);
    atomic_signal_fence(memory_order_seq_cst);
    dv_emitting = 0;
    atomic_signal_fence(memory_order_seq_cst);
    dv_writer_start();                  /* the first event: it waits for the report */
    if (dv_held_signal)
        dv_fatal_held();
    if (pos - atomic_load_explicit(&tail, memory_order_relaxed) == CAP / 4)
        dv_writer_wake();
}

void dv_emit(dv_event *e)
{
    if (!e->start)
        e->start = dv_event_clock();
    uint64_t pos;
    cell *c = claim(&pos);
    c->ev = *e;
    dv_emit_publish(&c->ev, pos);
}

size_t dv_queue_take(dv_event *out, size_t max)
{
    size_t n = 0;
    uint64_t pos = atomic_load_explicit(&tail, memory_order_relaxed);
    while (n < max) {
        cell *c = &cells[pos & (CAP - 1)];
        if (atomic_load_explicit(&c->turn, memory_order_acquire) != pos + 1)
            break;
        out[n++] = c->ev;
        atomic_store_explicit(&c->turn, pos + CAP, memory_order_release);
        pos++;
    }
    atomic_store_explicit(&tail, pos, memory_order_relaxed);
    return n;
}

uint64_t dv_queue_pushed(void)
{
    return atomic_load(&head);
}

bool dv_queue_was_full(void)
{
    return atomic_load_explicit(&was_full, memory_order_relaxed);
}

void dv_queue_forget_full(void)
{
    atomic_store_explicit(&was_full, false, memory_order_relaxed);
}

void dv_emit_call(dv_api api, uint32_t site, int result, uint64_t start)
{
    dv_event e = { .type = DV_EV_CALL, .api = (uint8_t)api, .device = -1, .result = result,
                   .site = site, .start = start, .duration = dv_since(start) };
    dv_emit(&e);
}

static void emit_finding(dv_finding_kind kind, uint32_t site, uint32_t chain, const char *file,
                         int line, uint64_t bytes, const dv_alloc *mem, const char *fmt,
                         va_list ap)
{
    dv_event e = { .type = DV_EV_FINDING, .api = DV_API_COUNT, .device = -1, .site = site };
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    e.u.finding.kind = (uint8_t)kind;
    e.u.finding.bytes = bytes;
    e.u.finding.alloc_site = mem ? mem->site : 0;
    e.u.finding.free_site = mem ? mem->free_site : 0;
    e.u.finding.message = strdup(buf);
    e.u.finding.file = file;
    e.u.finding.line = line;
    e.u.finding.chain = chain;
    dv_emit(&e);
}

void dv_finding(dv_finding_kind kind, uint32_t site, uint64_t bytes, const dv_alloc *mem,
                const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_finding(kind, site, dv_chain_here(site, true), NULL, 0, bytes, mem, fmt, ap);
    va_end(ap);
}

void dv_finding_at(dv_finding_kind kind, uint32_t site, const char *file, int line,
                   const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_finding(kind, site, dv_chain_here(site, true), file, line, 0, NULL, fmt, ap);
    va_end(ap);
}

void dv_finding_of_memory(dv_finding_kind kind, const dv_alloc *mem, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_finding(kind, mem->site, 0, NULL, 0, mem->bytes, mem, fmt, ap);
    va_end(ap);
}
