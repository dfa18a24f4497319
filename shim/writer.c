#define _GNU_SOURCE     /* pthread_sigmask's full set */
/*
 * The writer thread: takes events off the queue and writes them into the
 * report (report.c, schema.h), one transaction per batch.  The program's
 * threads never touch SQLite.
 *
 * Each event goes one way (write_event): its sites' rows (site_rows.c), its
 * sums in memory (sums.c), a finding's row (findings.c), the run's end
 * (report.c), and its row in time (events.c); a batch writes only the sums
 * that changed.
 *
 * If the report cannot be opened or written, the program is told once on
 * stderr and the writer goes on draining the queue, so nothing waits on it.
 */
#include "devtrace.h"

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BATCH 16384
#define IDLE_MS 20
#define COMMIT_MS 50
#define READY_S 5

/* ---- the writer's state ---------------------------------------------------- */

static uint64_t events;                 /* the program's calls taken, runs.events */

static pthread_t thread;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static _Atomic bool started, running, stopping;
static _Atomic uint64_t committed;      /* queue positions taken and committed */
static _Atomic bool flush_wanted;       /* a thread waits in dv_writer_flush */
static sem_t wake;
static sem_t ready;                     /* the report is open, the first events in it */
/* Held whenever the writer is not idle: a fork then never finds it inside
   SQLite or the allocator, whose locks the child would inherit held. */
static pthread_mutex_t busy = PTHREAD_MUTEX_INITIALIZER;

/* ---- the one write path -------------------------------------------------------- */

static void write_event(dv_event *e)
{
    int64_t ref = 0;                    /* the kernel launched, the finding made */
    dv_site_rows_resolve(e);
    if (e->api < DV_API_COUNT) {
        dv_sum_call(e);
        events++;
    }
    switch ((dv_event_type)e->type) {
    case DV_EV_CALL: break;
    case DV_EV_ALLOC:
    case DV_EV_FREE: dv_sum_alloc(e); break;
    case DV_EV_COPY: dv_sum_copy(e); break;
    case DV_EV_LAUNCH: ref = dv_sum_launch(e); break;
    case DV_EV_FINDING: ref = dv_finding_write(e); break;
    case DV_EV_END: dv_report_end(e, events); break;
    }
    if (!dv_events_add(e, ref))
        dv_report_broken("writing the report's events failed");
}

/* ---- batches ----------------------------------------------------------------- */

static void free_messages(dv_event *batch, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (batch[i].type == DV_EV_FINDING && !batch[i].u.finding.static_message)
            free(batch[i].u.finding.message);
}

static uint64_t monotonic_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

/* The transaction the writer keeps open across batches while events keep
   coming: a commit of the rollback journal costs a dozen system calls (it
   makes the journal and unlinks it), and the sums are written once for
   many batches.  It is committed when a moment passes with nothing new,
   COMMIT_MS after it began, or when a thread waits for it (a flush: the
   program's end, a fatal signal, an exec). */
static struct {
    bool open;
    uint64_t began_ms;
    size_t events;                      /* taken off the queue since the last commit */
} tx;

static void write_batch(dv_event *batch, size_t n)
{
    if (dv_rep.db && !dv_rep.broken) {
        if (!tx.open) {
            dv_report_begin();
            tx.open = true;
            tx.began_ms = monotonic_ms();
        }
        for (size_t i = 0; i < n && !dv_rep.broken; i++)
            write_event(&batch[i]);
    }
    for (size_t i = 0; dv_rep.broken && i < n; i++)
        dv_finding_say_unwritten(&batch[i]);
    free_messages(batch, n);
    tx.events += n;
}

static bool commit_due(void)
{
    return atomic_load(&flush_wanted) || monotonic_ms() - tx.began_ms >= COMMIT_MS;
}

static void commit(void)
{
    if (tx.open && dv_rep.db) {
        dv_sums_write();
        if (!dv_events_batch_done())
            dv_report_broken("writing the report's events failed");
        dv_report_commit();
    }
    tx.open = false;
    atomic_store(&flush_wanted, false);
    atomic_fetch_add(&committed, tx.events);
    tx.events = 0;
}

/* ---- the thread ----------------------------------------------------------------- */

/* Sleeps until woken (a quarter-full queue, a flush, the end) or IDLE_MS. */
static void idle(void)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += IDLE_MS * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    while (sem_timedwait(&wake, &until) != 0 && errno == EINTR)
        ;
}

/* A batch that did not fill up is followed by a rest, so the next one is
   bigger; a commit follows a rest that brought nothing (see tx). */
static void *writer_main(void *arg)
{
    static dv_event batch[BATCH];
    (void)arg;
    bool first = true;
    dv_descriptors_opener(true);
    dv_voice_open();
    pthread_mutex_lock(&busy);
    atomic_store(&running, true);
    dv_report_open();
    for (;;) {
        /* read before the take: a take after the stop was seen has every
           event sent before it (the run's end among them) */
        bool stop = atomic_load(&stopping);
        size_t n = dv_queue_take(batch, BATCH);
        if (n)
            write_batch(batch, n);
        if (n == 0 || first || commit_due())
            commit();
        if (first)
            sem_post(&ready);
        first = false;
        if (n == BATCH)
            continue;
        if (stop && !n) {
            if (dv_activity_flush()) {
                write_batch(batch, 0);  /* CUPTI's last records, into their events */
                commit();
            }
            break;
        }
        pthread_mutex_unlock(&busy);
        dv_voice_check();
        idle();
        pthread_mutex_lock(&busy);
    }
    dv_report_close();
    pthread_mutex_unlock(&busy);
    return NULL;
}

/* The first event's thread waits until the report is open and holds it
   (vfs.c): the program may chroot, lower RLIMIT_NOFILE or drop its
   privileges right after its first CUDA call.  Bounded, should the
   writer's first calls into CUDA wait on a lock this thread holds. */
static void wait_until_ready(void)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += READY_S;
    while (sem_timedwait(&ready, &until) != 0 && errno == EINTR)
        ;
}

static void start_thread(void)
{
    sigset_t all, old;
    int saved = errno;
    sem_init(&wake, 0, 0);
    sem_init(&ready, 0, 0);
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);        /* the program's signals are the program's */
    bool made = pthread_create(&thread, NULL, writer_main, NULL) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (made) {
        atomic_store(&started, true);
        wait_until_ready();
    } else {
        dv_say("devtrace: cannot start the report writer; no report is written\n");
    }
    errno = saved;
}

/* Out of line: on every event's path, where only the test may cost. */
__attribute__((cold, noinline)) static void start_once(void)
{
    pthread_once(&once, start_thread);
}

void dv_writer_start(void)
{
    if (!atomic_load_explicit(&started, memory_order_relaxed))
        start_once();
}

bool dv_writer_started(void)
{
    return atomic_load_explicit(&started, memory_order_relaxed);
}

void dv_writer_wake(void)
{
    if (atomic_load_explicit(&started, memory_order_relaxed))
        sem_post(&wake);
}

/* A full queue is some 65,000 events, which a loaded machine writes in
   seconds: the wait is as long as the writer keeps committing, and ends
   early only when it commits nothing for timeout_ms (stuck, say, behind a
   lock that the signalled thread holds).  A bound on the whole wait lost
   a killed run's end behind its backlog. */
bool dv_writer_flush(int timeout_ms)
{
    if (!atomic_load(&started))
        return true;
    uint64_t target = dv_queue_pushed(), seen = atomic_load(&committed);
    uint64_t moved = monotonic_ms();
    struct timespec tick = { 0, 1000000 };
    for (uint64_t done; (done = atomic_load(&committed)) < target;) {
        uint64_t now = monotonic_ms();
        if (done != seen) {
            seen = done;
            moved = now;
        } else if (now - moved >= (uint64_t)timeout_ms) {
            return false;
        }
        atomic_store(&flush_wanted, true);
        sem_post(&wake);
        nanosleep(&tick, NULL);
    }
    return true;
}

void dv_writer_stop(void)
{
    if (!atomic_load(&started))
        return;
    atomic_store(&stopping, true);
    sem_post(&wake);
    pthread_join(thread, NULL);
    atomic_store(&started, false);
}

/* A thread still starting may be inside the allocator (a sanitizer's is not
   fork-safe): wait until it runs, then until it is idle.  An idle writer may
   keep a transaction open, which a fork's child must not inherit (SQLite
   would see its lock held in the child for good), nor an exec lose: with
   the writer held, its transaction is committed here. */
void dv_writer_lock(void)
{
    struct timespec tick = { 0, 100000 };
    while (atomic_load(&started) && !atomic_load(&running))
        nanosleep(&tick, NULL);
    pthread_mutex_lock(&busy);
    commit();
}

void dv_writer_unlock(void)
{
    pthread_mutex_unlock(&busy);
}

/* The child has no writer thread (nor report: dv_report_after_fork): it
   starts its own when it first has something to say. */
void dv_writer_after_fork(void)
{
    dv_report_after_fork();
    dv_descriptors_opener(false);
    static const pthread_once_t fresh = PTHREAD_ONCE_INIT;
    memcpy(&once, &fresh, sizeof once);
    atomic_store(&started, false);
    atomic_store(&running, false);
    atomic_store(&stopping, false);
    atomic_store(&committed, dv_queue_pushed());    /* the queue goes on from there */
    atomic_store(&flush_wanted, false);
    memset(&tx, 0, sizeof tx);          /* the parent's, open or not */
    events = 0;
    dv_sums_after_fork();
    dv_site_rows_after_fork();
}
