#define _GNU_SOURCE     /* pthread_sigmask's full set */
/*
 * The writer thread: takes events off the queue and writes them into the
 * report (report.c, schema.h), one transaction per batch.  The program's
 * threads never touch SQLite.
 *
 * Calls are counted per (api, site, result) and findings per (kind, site,
 * message, chain) in memory (sums.c); a batch writes only what changed.
 * If the report cannot be opened or written, the program is told once on
 * stderr and the writer goes on draining the queue, so nothing waits on it.
 */
#include "devtrace.h"
#include "hash.h"
#include "json.h"
#include "mistakes.h"

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BATCH 16384
#define IDLE_MS 20
#define COMMIT_MS 50
#define READY_S 5

/* ---- the writer's state ---------------------------------------------------- */

/* A site's source line; same is the first site of that line (a line can
   hold several calls, or one unrolled), which the sums and findings use. */
typedef struct { char *file, *function; int line; uint32_t same; } site_text;

static struct {
    dv_tally_map lines;
    dv_tally_map said;                  /* (kind, site) said on stderr (DEVTRACE_PRINT) */
    site_text *sites;
    uint32_t sites_written, sites_cap;
    uint64_t events;
} w;

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

/* ---- call sites -------------------------------------------------------------- */

static void append_frame(char *buf, size_t n, size_t *len, uintptr_t pc, bool exact)
{
    dv_symbol sym;
    dv_symbolize(pc, exact, &sym);
    const char *obj = strrchr(sym.object, '/');
    int k = snprintf(buf + *len, n - *len, "%s%s", *len ? "\n" : "",
                     *sym.function ? sym.function : "??");
    if (k > 0 && (size_t)k < n - *len)
        *len += (size_t)k;
    k = *sym.file ? snprintf(buf + *len, n - *len, " %s:%d", sym.file, sym.line)
                  : snprintf(buf + *len, n - *len, " (%s)", obj ? obj + 1 : sym.object);
    if (k > 0 && (size_t)k < n - *len)
        *len += (size_t)k;
}

static void write_site(uint32_t id)
{
    const dv_site *s = dv_site_get(id);
    dv_symbol sym;
    char stack[4096];
    size_t len = 0;
    dv_symbolize(s->pc, s->exact, &sym);
    if (s->file) {                      /* devtensor said, with or without debug information */
        snprintf(sym.file, sizeof sym.file, "%s", s->file);
        sym.line = s->line;
    }
    stack[0] = 0;
    for (int i = 0; i < s->nframes; i++)
        append_frame(stack, sizeof stack, &len, s->frames[i], i == 0 && s->exact);
    if (id >= w.sites_cap) {
        uint32_t cap = w.sites_cap ? w.sites_cap * 2 : 256;
        while (cap <= id)
            cap *= 2;
        site_text *grown = realloc(w.sites, cap * sizeof *grown);
        if (!grown)
            return;
        memset(grown + w.sites_cap, 0, (cap - w.sites_cap) * sizeof *grown);
        w.sites = grown;
        w.sites_cap = cap;
    }
    free(w.sites[id].file);             /* written again in a forked child */
    free(w.sites[id].function);
    w.sites[id] = (site_text){ *sym.file ? strdup(sym.file) : NULL,
                               *sym.function ? strdup(sym.function) : NULL, sym.line, id };
    uint64_t line_key[DV_TALLY_KEY] = { fnv1a_string(sym.file), fnv1a_string(sym.function),
                                        (uint64_t)sym.line };
    bool fresh;
    dv_tally *first = *sym.file ? dv_tally_find(&w.lines, line_key, &fresh) : NULL;
    if (first && fresh)
        first->first = id;
    else if (first)
        w.sites[id].same = (uint32_t)first->first;
    if (dv_rep.broken)                       /* kept for the findings said on stderr */
        return;
    dv_bind_int(DV_S_SITE, 1, dv_rep.run);
    dv_bind_int(DV_S_SITE, 2, id);
    dv_bind_int(DV_S_SITE, 3, (int64_t)s->pc);
    dv_bind_text(DV_S_SITE, 4, sym.object);
    dv_bind_text(DV_S_SITE, 5, sym.function);
    dv_bind_text(DV_S_SITE, 6, sym.file);
    if (*sym.file)
        dv_bind_int(DV_S_SITE, 7, sym.line);
    dv_bind_text(DV_S_SITE, 8, stack);
    if (*sym.object)
        dv_bind_int(DV_S_SITE, 9, (int64_t)sym.offset);
    dv_report_step(DV_S_SITE);
}

static void write_sites_up_to(uint32_t id)
{
    if (id <= w.sites_written)
        return;
    uint32_t n = dv_site_count();
    while (w.sites_written < n)
        write_site(++w.sites_written);
}

/* ---- events ----------------------------------------------------------------- */


/* a's file ends with b's (which may be relative, as __FILE__ can be) */
static bool same_line(const site_text *a, const site_text *b)
{
    size_t la = a->file ? strlen(a->file) : 0, lb = strlen(b->file);
    return a->line == b->line && la >= lb && strcmp(a->file + la - lb, b->file) == 0;
}

/* The mistake's, as devcheck gives it too; asked once per finding's row. */
static const char *severity_of(dv_finding_kind kind)
{
    if (kind == DV_HOST_POINTER_KERNEL_ARG && dv_rep.pageable_access)
        return "warning";               /* this GPU reads pageable memory: slow, not wrong */
    const char *name = dv_finding_names[kind];
    return mistake_named(name, strlen(name))->severity;
}

/* file as the program's folder sees it, as devtrace report shows it. */
static const char *from_cwd(const char *file, char *cwd, size_t n)
{
    size_t k = getcwd(cwd, n) ? strlen(cwd) : 0;
    return k && !strncmp(file, cwd, k) && file[k] == '/' ? file + k + 1 : file;
}

/* DEVTRACE_PRINT=1 (devtrace run sets it): a finding is said as it is
   written, the first of its kind at each site, as a compiler says one, in
   one write so that threads' lines do not mix; its file and message with
   their control characters escaped, so that a name cannot drive the
   terminal or make a line of its own.  A limit of the device is no
   finding (mistakes.h): devtrace says it once, after the run. */
static void say_finding(const dv_event *e, const site_text *at, const char *severity,
                        const char *msg)
{
    uint64_t key[DV_TALLY_KEY] = { e->u.finding.kind, e->site };
    bool fresh = false;
    if (!dv_rep.print || mistake_is_limit(dv_finding_names[e->u.finding.kind], dv_device_name()) ||
        !dv_tally_find(&w.said, key, &fresh) || !fresh)
        return;
    char cwd[1024];
    const char *where = at && at->file ? from_cwd(at->file, cwd, sizeof cwd)
                        : at && at->function ? at->function : "(no line)";
    char *place = dv_printable(where), *text = dv_printable(msg);
    if (place && text && at && at->file)
        dv_say("devtrace: %s:%d: %s[%s]: %s\n", place, at->line, severity,
               dv_finding_names[e->u.finding.kind], text);
    else if (place && text)
        dv_say("devtrace: %s: %s[%s]: %s\n", place, severity, dv_finding_names[e->u.finding.kind],
               text);
    free(place);
    free(text);
}

static void put_key(FILE *f, const char *key, bool *more)
{
    fprintf(f, "%s\"%s\":", *more ? "," : "", key);
    *more = true;
}

static void put_string_member(FILE *f, const char *key, const char *value, bool *more)
{
    put_key(f, key, more);
    json_put_string(f, value, strlen(value));
}

/* A frame of findings.chain: its function; its file and line where the
   debug information says, else its object and offset, which devtrace can
   look up later (call_sites' columns). */
static void put_frame(FILE *f, const dv_symbol *s)
{
    bool more = false;
    putc('{', f);
    if (*s->function)
        put_string_member(f, "function", s->function, &more);
    if (*s->file) {
        put_string_member(f, "file", s->file, &more);
        put_key(f, "line", &more);
        fprintf(f, "%d", s->line);
    } else if (*s->object) {
        put_string_member(f, "object", s->object, &more);
        put_key(f, "offset", &more);
        fprintf(f, "%llu", (unsigned long long)s->offset);
    }
    putc('}', f);
}

/* findings.chain, a JSON array innermost first: the finding's own frame,
   its line as its row says (at), then the callers that reached it, or its
   site's as first seen where none were taken; malloc'd, NULL without a
   site (or memory). */
static char *chain_text(const dv_event *e, const site_text *at)
{
    const dv_site *s = dv_site_get(e->site);
    const dv_chain *c = dv_chain_get(e->u.finding.chain);
    char *text = NULL;
    size_t size;
    FILE *f = s ? open_memstream(&text, &size) : NULL;
    if (!f)
        return NULL;
    dv_symbol sym;
    dv_symbolize(s->pc, s->exact, &sym);
    if (at && at->file) {
        snprintf(sym.file, sizeof sym.file, "%s", at->file);
        snprintf(sym.function, sizeof sym.function, "%s", at->function ? at->function : "");
        sym.line = at->line;
    }
    putc('[', f);
    put_frame(f, &sym);
    const uintptr_t *pc = c ? c->pc : s->frames + 1;
    for (int i = 0, n = c ? c->n : s->nframes - 1; i < n; i++) {
        dv_symbolize(pc[i], false, &sym);
        putc(',', f);
        put_frame(f, &sym);
    }
    putc(']', f);
    if (fclose(f) == 0)
        return text;
    free(text);
    return NULL;
}

/* The line a finding is at: its site's, or the one the caller told (into
   *told), with the site's function if it agrees. */
static const site_text *finding_at(const dv_event *e, site_text *told)
{
    const site_text *at = e->site && e->site < w.sites_cap ? &w.sites[e->site] : NULL;
    *told = (site_text){ (char *)e->u.finding.file, NULL, e->u.finding.line, 0 };
    if (!told->file)
        return at;
    if (at && same_line(at, told))
        told->function = at->function;
    return told;
}

/* Returns the finding's findings.id, 0 while it has no row (a pageable
   copy's, until the bytes of its line and chain are worth it). */
static int64_t write_finding(const dv_event *e)
{
    const char *msg = e->u.finding.message ? e->u.finding.message : "";
    uint64_t key[DV_TALLY_KEY] = { e->u.finding.kind, e->site, fnv1a_string(msg),
                                   e->u.finding.chain };
    bool fresh;
    dv_tally *t = dv_sum_finding(key, &fresh);
    if (!t)
        return 0;
    t->count++;
    t->bytes += (int64_t)e->u.finding.bytes;
    if (fresh)
        t->first = (int64_t)e->seq;
    if (t->written) {
        t->dirty = true;
        return t->id;
    }
    if (e->u.finding.when_worth && t->bytes < DV_WORTH_PINNING)
        return 0;
    t->written = true;
    t->dirty = t->count > 1;
    site_text told;
    const site_text *at = finding_at(e, &told);
    dv_bind_int(DV_S_FINDING, 1, dv_rep.run);
    dv_bind_int(DV_S_FINDING, 2, t->id);
    dv_bind_int(DV_S_FINDING, 3, t->first);
    dv_bind_text(DV_S_FINDING, 4, dv_finding_names[e->u.finding.kind]);
    dv_bind_text(DV_S_FINDING, 5, severity_of(e->u.finding.kind));
    dv_bind_text(DV_S_FINDING, 6, msg);
    if (at && at->file) {
        dv_bind_text(DV_S_FINDING, 7, at->file);
        dv_bind_int(DV_S_FINDING, 8, at->line);
    }
    if (at)
        dv_bind_text(DV_S_FINDING, 9, at->function);
    dv_bind_site(DV_S_FINDING, 10, e->site);
    if (e->u.finding.bytes)
        dv_bind_int(DV_S_FINDING, 11, (int64_t)e->u.finding.bytes);
    dv_bind_site(DV_S_FINDING, 12, e->u.finding.alloc_site);
    dv_bind_site(DV_S_FINDING, 13, e->u.finding.free_site);
    char *chain = chain_text(e, at);
    dv_bind_text(DV_S_FINDING, 14, chain);
    free(chain);
    dv_report_step(DV_S_FINDING);
    say_finding(e, at, severity_of(e->u.finding.kind), msg);
    return t->id;
}

/* runs.ended, by dv_end */
static const char *const end_names[] = { "exit", "signal", "exec", NULL };

/* The end of the run; or, after an exec that failed, its end undone. */
static void write_end(const dv_event *e)
{
    uint8_t how = e->u.end.how;
    dv_bind_int(DV_S_END, 1, dv_rep.run);
    if (how != DV_END_NOT_YET)
        dv_bind_int(DV_S_END, 2, (int64_t)dv_now_ns());
    if (how == DV_END_EXIT)
        dv_bind_int(DV_S_END, 3, e->u.end.status);
    else if (how == DV_END_SIGNAL)
        dv_bind_int(DV_S_END, 4, e->u.end.signal);
    dv_bind_int(DV_S_END, 5, (int64_t)w.events);
    dv_bind_text(DV_S_END, 6, end_names[how]);
    /* On the emulated device a static cudart's calls fail in the program,
       unseen: a run that saw none says why, not "no findings". */
    if (how != DV_END_NOT_YET && w.events == 0 && dv_next_is_sim() && dv_own_runtime())
        dv_bind_text(DV_S_END, 7, "own_runtime");
    dv_report_step(DV_S_END);
}

static uint32_t same_site(uint32_t id)
{
    return id && id < w.sites_cap && w.sites[id].same ? w.sites[id].same : id;
}

/* Every site of the event, by its source line. */
static void resolve_sites(dv_event *e)
{
    write_sites_up_to(e->site);
    e->site = same_site(e->site);
    if (e->type == DV_EV_FINDING) {
        write_sites_up_to(e->u.finding.alloc_site);
        write_sites_up_to(e->u.finding.free_site);
        e->u.finding.alloc_site = same_site(e->u.finding.alloc_site);
        e->u.finding.free_site = same_site(e->u.finding.free_site);
    } else if (e->type == DV_EV_ALLOC || e->type == DV_EV_FREE) {
        write_sites_up_to(e->u.alloc.free_site);
        e->u.alloc.site = same_site(e->u.alloc.site);
        e->u.alloc.free_site = same_site(e->u.alloc.free_site);
    }
}

static void write_event(dv_event *e)
{
    int64_t ref = 0;                    /* the kernel launched, the finding made */
    resolve_sites(e);
    if (e->api < DV_API_COUNT) {
        dv_sum_call(e);
        w.events++;
    }
    switch ((dv_event_type)e->type) {
    case DV_EV_CALL: break;
    case DV_EV_ALLOC:
    case DV_EV_FREE: dv_sum_alloc(e); break;
    case DV_EV_COPY: dv_sum_copy(e); break;
    case DV_EV_LAUNCH: ref = dv_sum_launch(e); break;
    case DV_EV_FINDING: ref = write_finding(e); break;
    case DV_EV_END: write_end(e); break;
    }
    if (!dv_events_add(e, ref))
        dv_report_broken("writing the report's events failed");
}


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

/* A report that cannot be written still lets the findings reach the
   terminal (DEVTRACE_PRINT), where devtrace run's user looks for them. */
static void say_unwritten(dv_event *e)
{
    if (!dv_rep.print || e->type != DV_EV_FINDING || e->u.finding.when_worth)
        return;
    resolve_sites(e);
    site_text told;
    say_finding(e, finding_at(e, &told), severity_of(e->u.finding.kind),
                e->u.finding.message ? e->u.finding.message : "");
}

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
        say_unwritten(&batch[i]);
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
    w.events = 0;
    dv_sums_after_fork();
    dv_tally_clear(&w.lines);
    dv_tally_clear(&w.said);
    w.sites_written = 0;
}
