#define _GNU_SOURCE     /* pthread_sigmask's full set, strchrnul */
/*
 * The writer thread: takes events off the queue and writes them into the
 * report (schema.h), one transaction per batch, with prepared statements.
 * The program's threads never touch SQLite.
 *
 * Calls are counted per (api, site, result) and findings per (kind, site,
 * message, chain) in memory; a batch writes only what changed.  A report left by an
 * earlier traced command at the same path is replaced; the processes of one
 * command (DEVTRACE_SESSION, set by the first) add their runs to it.  If the
 * report cannot be opened or written, the program is told once on stderr
 * and the writer goes on draining the queue, so nothing waits on it.
 */
#include "devtrace.h"
#include "hash.h"
#include "json.h"
#include "memkind.h"
#include "mistakes.h"
#include "schema.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stddef.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BATCH 16384
#define IDLE_MS 20
#define COMMIT_MS 50
#define READY_S 5
#define MAP_SIZE 4096                   /* a power of two */

/* ---- statements ----------------------------------------------------------- */

enum {
    S_SITE, S_CALLS, S_ALLOCS, S_COPIES, S_KERNEL, S_LAUNCHES, S_FINDING, S_RECOUNT, S_END,
    S_COUNT
};

static const char *const statements[S_COUNT] = {
    [S_SITE] = "INSERT INTO call_sites(run, id, pc, object, function, file, line, stack, "
               "offset) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    /* The sums: ?1 the run, then the key; the totals at ?20 (count), ?21
       (bytes), ?22 (first seq) and ?23 (last seq), bound alike for all. */
    [S_CALLS] = "INSERT INTO api_calls(run, api, site, result, calls, first_seq, last_seq) "
                "VALUES(?1, ?2, ?3, ?4, ?20, ?22, ?23) ON CONFLICT(run, api, site, result) "
                "DO UPDATE SET calls = excluded.calls, last_seq = excluded.last_seq",
    [S_ALLOCS] = "INSERT INTO allocations(run, site, api, memory, device, count, bytes, "
                 "max_bytes, freed, freed_bytes, first_seq, last_seq) "
                 "VALUES(?1, ?2, ?3, ?4, ?5, ?20, ?21, ?6, ?7, ?8, ?22, ?23) "
                 "ON CONFLICT(run, site, api, memory, device) DO UPDATE SET "
                 "count = excluded.count, bytes = excluded.bytes, max_bytes = excluded.max_bytes, "
                 "freed = excluded.freed, freed_bytes = excluded.freed_bytes, "
                 "last_seq = excluded.last_seq",
    [S_COPIES] = "INSERT INTO transfers(run, site, api, direction, host_memory, src_device, "
                 "dst_device, result, calls, bytes, first_seq, last_seq) "
                 "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?20, ?21, ?22, ?23) "
                 "ON CONFLICT(run, site, api, direction, host_memory, src_device, dst_device, "
                 "result) DO UPDATE SET calls = excluded.calls, bytes = excluded.bytes, "
                 "last_seq = excluded.last_seq",
    [S_KERNEL] = "INSERT INTO kernels(run, id, name, params) VALUES(?1, ?2, ?3, ?4)",
    [S_LAUNCHES] = "INSERT INTO launches(run, site, kernel, device, result, count, threads, "
                   "first_seq, last_seq) VALUES(?1, ?2, ?3, ?4, ?5, ?20, ?21, ?22, ?23) "
                   "ON CONFLICT(run, site, kernel, device, result) DO UPDATE SET "
                   "count = excluded.count, threads = excluded.threads, "
                   "last_seq = excluded.last_seq",
    [S_FINDING] = "INSERT INTO findings(run, id, seq, kind, severity, message, file, line, "
                  "function, site, count, bytes, alloc_site, free_site, chain) "
                  "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1, ?11, ?12, ?13, ?14)",
    [S_RECOUNT] = "UPDATE findings SET count = ?20, bytes = nullif(?21, 0) "
                  "WHERE run = ?1 AND id = ?2",
    [S_END] = "UPDATE runs SET ended_ns = ?2, exit_status = ?3, signal = ?4, events = ?5, "
              "ended = ?6, untraced = ?7 WHERE id = ?1",
};

/* ---- the writer's state ---------------------------------------------------- */

/* A sum kept in memory under a key of up to four numbers: calls by (api,
   site, result), allocations, transfers and launches by their table's key,
   findings by (kind, site, message, chain), kernels by function. */
#define KEY 4
typedef struct {
    uint64_t key[KEY];
    int64_t id, count, bytes, max, freed, freed_bytes, first, last;
    bool dirty, written;                /* written: a finding's row is in the report */
} tally;

typedef struct {
    tally *slot;
    size_t used, cap;
} tally_map;

/* A site's source line; same is the first site of that line (a line can
   hold several calls, or one unrolled), which the sums and findings use. */
typedef struct { char *file, *function; int line; uint32_t same; } site_text;

static struct {
    sqlite3 *db;
    sqlite3_stmt *st[S_COUNT];
    sqlite3_int64 run;
    bool broken;                        /* said so once; events are drained and dropped */
    tally_map calls, allocs, copies, launches, findings, kernels, lines;
    tally_map said;                     /* (kind, site) said on stderr (DEVTRACE_PRINT) */
    bool print;                         /* DEVTRACE_PRINT=1 */
    bool summary;                       /* not DEVTRACE_SUMMARY=0 (devtrace run's) */
    site_text *sites;
    uint32_t sites_written, sites_cap;
    bool pageable_access;
    uint64_t events;
    sqlite3 *parents[16];               /* connections of the processes we forked from */
    int nparents;
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

/* Says once what went wrong (a full disk by that name), and that the
   program goes on regardless. */
static void broken(const char *what, const char *consequence)
{
    int sys = w.db ? sqlite3_system_errno(w.db) : 0;
    bool full = w.db && ((sqlite3_extended_errcode(w.db) & 0xff) == SQLITE_FULL || sys == ENOSPC);
    if (!w.broken)
        dv_say("devtrace: %s: %s%s%s%s; the program runs on %s\n", what,
               full ? "the disk is full" : w.db ? sqlite3_errmsg(w.db) : "out of memory",
               sys && !full ? " (" : "", sys && !full ? strerror(sys) : "", sys && !full ? ")" : "",
               consequence);
    w.broken = true;
}

#define INCOMPLETE "and the report will be incomplete"
#define NO_REPORT "without a report"

/* ---- tallies -------------------------------------------------------------- */

static uint64_t mix(const uint64_t k[KEY])
{
    uint64_t h = 0;
    for (int i = 0; i < KEY; i++)
        h = (h ^ k[i]) * 0x9E3779B97F4A7C15ull;
    return h >> 17;
}

static bool grow_tallies(tally_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : MAP_SIZE;
    tally_map grown = { calloc(cap, sizeof(tally)), 0, cap };
    if (!grown.slot)
        return false;
    for (size_t i = 0; i < m->cap; i++)
        if (m->slot[i].id) {
            size_t j = mix(m->slot[i].key) & (grown.cap - 1);
            while (grown.slot[j].id)
                j = (j + 1) & (grown.cap - 1);
            grown.slot[j] = m->slot[i];
            grown.used++;
        }
    free(m->slot);
    *m = grown;
    return true;
}

static bool holds_key(const tally *t, const uint64_t key[KEY])
{
    bool same = t->id != 0;
    for (int i = 0; i < KEY; i++)       /* unrolled: memcmp's call cost more */
        same &= t->key[i] == key[i];
    return same;
}

static tally *find_tally(tally_map *m, const uint64_t key[KEY], bool *fresh)
{
    if (m->used * 2 >= m->cap && !grow_tallies(m))
        return NULL;
    size_t i = mix(key) & (m->cap - 1);
    while (m->slot[i].id && !holds_key(&m->slot[i], key))
        i = (i + 1) & (m->cap - 1);
    *fresh = !m->slot[i].id;
    if (*fresh) {
        memcpy(m->slot[i].key, key, sizeof m->slot[i].key);
        m->slot[i].id = (int64_t)++m->used;
    }
    return &m->slot[i];
}

static void clear_tallies(tally_map *m)
{
    free(m->slot);
    *m = (tally_map){ 0 };
}

/* ---- statements ------------------------------------------------------------ */

static bool step(int s)
{
    sqlite3_stmt *st = w.st[s];
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        broken("writing the report failed", INCOMPLETE);
        return false;
    }
    return true;
}

static void bind_int(int s, int i, int64_t v)
{
    sqlite3_bind_int64(w.st[s], i, v);
}

static void bind_text(int s, int i, const char *v)
{
    if (v && *v)
        sqlite3_bind_text(w.st[s], i, v, -1, SQLITE_TRANSIENT);
}

static void bind_site(int s, int i, uint32_t site)
{
    if (site)
        bind_int(s, i, site);
}

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
    uint64_t line_key[KEY] = { fnv1a_string(sym.file), fnv1a_string(sym.function), (uint64_t)sym.line };
    bool fresh;
    tally *first = *sym.file ? find_tally(&w.lines, line_key, &fresh) : NULL;
    if (first && fresh)
        first->first = id;
    else if (first)
        w.sites[id].same = (uint32_t)first->first;
    if (w.broken)                       /* kept for the findings said on stderr */
        return;
    bind_int(S_SITE, 1, w.run);
    bind_int(S_SITE, 2, id);
    bind_int(S_SITE, 3, (int64_t)s->pc);
    bind_text(S_SITE, 4, sym.object);
    bind_text(S_SITE, 5, sym.function);
    bind_text(S_SITE, 6, sym.file);
    if (*sym.file)
        bind_int(S_SITE, 7, sym.line);
    bind_text(S_SITE, 8, stack);
    if (*sym.object)
        bind_int(S_SITE, 9, (int64_t)sym.offset);
    step(S_SITE);
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

/* Adds one event to the sum under key. */
static tally *add_to(tally_map *m, uint64_t k0, uint64_t k1, uint64_t k2, uint64_t k3,
                     const dv_event *e, int64_t bytes)
{
    uint64_t key[KEY] = { k0, k1, k2, k3 };
    bool fresh;
    tally *t = find_tally(m, key, &fresh);
    if (!t)
        return NULL;
    if (fresh)
        t->first = (int64_t)e->seq;
    t->count++;
    t->bytes += bytes;
    t->last = (int64_t)e->seq;
    t->dirty = true;
    return t;
}

static void count_alloc(const dv_event *e)
{
    const dv_alloc *a = &e->u.alloc;
    if (e->type == DV_EV_ALLOC) {
        tally *t = add_to(&w.allocs, a->site, a->api, a->memory, (uint64_t)(a->device + 1), e,
                          (int64_t)a->bytes);
        if (t && (int64_t)a->bytes > t->max)
            t->max = (int64_t)a->bytes;
        return;
    }
    uint64_t key[KEY] = { a->site, a->api, a->memory, (uint64_t)(a->device + 1) };
    bool fresh;
    tally *t = find_tally(&w.allocs, key, &fresh);
    if (t && !fresh) {                  /* else allocated before a fork: the parent's */
        t->freed++;
        t->freed_bytes += (int64_t)a->bytes;
        t->dirty = true;
    }
}

static void count_copy(const dv_event *e)
{
    uint64_t how = e->u.copy.direction | (uint64_t)e->u.copy.host_memory << 8;
    uint64_t devices = (uint64_t)(uint16_t)e->u.copy.src_device << 16 |
                       (uint16_t)e->u.copy.dst_device;
    add_to(&w.copies, e->site, e->api | how << 8, devices, (uint32_t)e->result, e,
           (int64_t)e->u.copy.bytes);
}

static int64_t kernel_id(const void *func, bool driver)
{
    uint64_t key[KEY] = { (uint64_t)(uintptr_t)func };
    bool fresh;
    tally *t = find_tally(&w.kernels, key, &fresh);
    if (!t)
        return 0;
    if (fresh) {
        bind_int(S_KERNEL, 1, w.run);
        bind_int(S_KERNEL, 2, t->id);
        bind_text(S_KERNEL, 3, dv_kernel_name(func, driver));
        int params = dv_kernel_param_count(func, driver);
        if (params >= 0)
            bind_int(S_KERNEL, 4, params);
        step(S_KERNEL);
    }
    return t->id;
}

/* Returns the kernel's kernels.id. */
static int64_t count_launch(const dv_event *e)
{
    const uint32_t *g = e->u.launch.grid, *b = e->u.launch.block;
    int64_t threads = (int64_t)g[0] * g[1] * g[2] * b[0] * b[1] * b[2];
    int64_t kernel = kernel_id(e->u.launch.func, dv_api_is_driver(e->api));
    add_to(&w.launches, e->site, (uint64_t)kernel, (uint64_t)(e->device + 1),
           (uint32_t)e->result, e, threads);
    return kernel;
}


/* a's file ends with b's (which may be relative, as __FILE__ can be) */
static bool same_line(const site_text *a, const site_text *b)
{
    size_t la = a->file ? strlen(a->file) : 0, lb = strlen(b->file);
    return a->line == b->line && la >= lb && strcmp(a->file + la - lb, b->file) == 0;
}

/* The mistake's, as devcheck gives it too; asked once per finding's row. */
static const char *severity_of(dv_finding_kind kind)
{
    if (kind == DV_HOST_POINTER_KERNEL_ARG && w.pageable_access)
        return "warning";               /* this GPU reads pageable memory: slow, not wrong */
    const char *name = dv_finding_names[kind];
    return mistake_named(name, strlen(name))->severity;
}

/* runs.device */
static const char *device_name(void)
{
    return dv_next_is_sim() ? "sim" : "cuda";
}

/* file as the program's folder sees it, as devtrace report shows it. */
static const char *from_cwd(const char *file, char *cwd, size_t n)
{
    size_t k = getcwd(cwd, n) ? strlen(cwd) : 0;
    return k && !strncmp(file, cwd, k) && file[k] == '/' ? file + k + 1 : file;
}

/* text with its control characters escaped (json_printable), malloc'd;
   NULL when memory is short. */
static char *printable(const char *text)
{
    size_t n = strlen(text);
    char *out = malloc(4 * n + 1);
    if (out)
        json_printable(out, text, n, false);
    return out;
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
    uint64_t key[KEY] = { e->u.finding.kind, e->site };
    bool fresh = false;
    if (!w.print || mistake_is_limit(dv_finding_names[e->u.finding.kind], device_name()) ||
        !find_tally(&w.said, key, &fresh) || !fresh)
        return;
    char cwd[1024];
    const char *where = at && at->file ? from_cwd(at->file, cwd, sizeof cwd)
                        : at && at->function ? at->function : "(no line)";
    char *place = printable(where), *text = printable(msg);
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
    uint64_t key[KEY] = { e->u.finding.kind, e->site, fnv1a_string(msg), e->u.finding.chain };
    bool fresh;
    tally *t = find_tally(&w.findings, key, &fresh);
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
    bind_int(S_FINDING, 1, w.run);
    bind_int(S_FINDING, 2, t->id);
    bind_int(S_FINDING, 3, t->first);
    bind_text(S_FINDING, 4, dv_finding_names[e->u.finding.kind]);
    bind_text(S_FINDING, 5, severity_of(e->u.finding.kind));
    bind_text(S_FINDING, 6, msg);
    if (at && at->file) {
        bind_text(S_FINDING, 7, at->file);
        bind_int(S_FINDING, 8, at->line);
    }
    if (at)
        bind_text(S_FINDING, 9, at->function);
    bind_site(S_FINDING, 10, e->site);
    if (e->u.finding.bytes)
        bind_int(S_FINDING, 11, (int64_t)e->u.finding.bytes);
    bind_site(S_FINDING, 12, e->u.finding.alloc_site);
    bind_site(S_FINDING, 13, e->u.finding.free_site);
    char *chain = chain_text(e, at);
    bind_text(S_FINDING, 14, chain);
    free(chain);
    step(S_FINDING);
    say_finding(e, at, severity_of(e->u.finding.kind), msg);
    return t->id;
}

/* runs.ended, by dv_end */
static const char *const end_names[] = { "exit", "signal", "exec", NULL };

/* The end of the run; or, after an exec that failed, its end undone. */
static void write_end(const dv_event *e)
{
    uint8_t how = e->u.end.how;
    bind_int(S_END, 1, w.run);
    if (how != DV_END_NOT_YET)
        bind_int(S_END, 2, (int64_t)dv_now_ns());
    if (how == DV_END_EXIT)
        bind_int(S_END, 3, e->u.end.status);
    else if (how == DV_END_SIGNAL)
        bind_int(S_END, 4, e->u.end.signal);
    bind_int(S_END, 5, (int64_t)w.events);
    bind_text(S_END, 6, end_names[how]);
    /* On the emulated device a static cudart's calls fail in the program,
       unseen: a run that saw none says why, not "no findings". */
    if (how != DV_END_NOT_YET && w.events == 0 && dv_next_is_sim() && dv_own_runtime())
        bind_text(S_END, 7, "own_runtime");
    step(S_END);
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
        add_to(&w.calls, e->api, e->site, (uint32_t)e->result, 0, e, 0);
        w.events++;
    }
    switch ((dv_event_type)e->type) {
    case DV_EV_CALL: break;
    case DV_EV_ALLOC:
    case DV_EV_FREE: count_alloc(e); break;
    case DV_EV_COPY: count_copy(e); break;
    case DV_EV_LAUNCH: ref = count_launch(e); break;
    case DV_EV_FINDING: ref = write_finding(e); break;
    case DV_EV_END: write_end(e); break;
    }
    if (!dv_events_add(e, ref))
        broken("writing the report's events failed", INCOMPLETE);
}

/* ---- writing the sums -------------------------------------------------------- */

static const char *const direction_names[] = { "HtoD", "DtoH", "DtoD", "HtoH", "memset" };

/* The report's names for where memory lives (common/memkind.h). */
static const char *memory_name(dv_memory memory)
{
    return memspaces[dv_space_of(memory)].column;
}

static const char *host_memory_name(dv_host_memory memory)
{
    return memory == DV_HOST_NONE ? "none"
         : memspaces[memory == DV_HOST_PINNED ? MEMSPACE_PINNED : MEMSPACE_HOST].column;
}

static int device_of(uint64_t stored)
{
    return (int)(int16_t)(uint16_t)stored;
}

static void bind_calls(const tally *t)
{
    bind_text(S_CALLS, 2, dv_api_names[t->key[0]]);
    bind_int(S_CALLS, 3, (int64_t)t->key[1]);
    bind_int(S_CALLS, 4, (int32_t)t->key[2]);
}

static void bind_allocs(const tally *t)
{
    bind_int(S_ALLOCS, 2, (int64_t)t->key[0]);
    bind_text(S_ALLOCS, 3, dv_api_names[t->key[1]]);
    bind_text(S_ALLOCS, 4, memory_name((dv_memory)t->key[2]));
    bind_int(S_ALLOCS, 5, (int64_t)t->key[3] - 1);
    bind_int(S_ALLOCS, 6, t->max);
    bind_int(S_ALLOCS, 7, t->freed);
    bind_int(S_ALLOCS, 8, t->freed_bytes);
}

static void bind_copies(const tally *t)
{
    bind_int(S_COPIES, 2, (int64_t)t->key[0]);
    bind_text(S_COPIES, 3, dv_api_names[t->key[1] & 0xff]);
    bind_text(S_COPIES, 4, direction_names[t->key[1] >> 8 & 0xff]);
    bind_text(S_COPIES, 5, host_memory_name((dv_host_memory)(t->key[1] >> 16 & 0xff)));
    bind_int(S_COPIES, 6, device_of(t->key[2] >> 16));
    bind_int(S_COPIES, 7, device_of(t->key[2] & 0xffff));
    bind_int(S_COPIES, 8, (int32_t)t->key[3]);
}

static void bind_launches(const tally *t)
{
    bind_int(S_LAUNCHES, 2, (int64_t)t->key[0]);
    bind_int(S_LAUNCHES, 3, (int64_t)t->key[1]);
    bind_int(S_LAUNCHES, 4, (int64_t)t->key[2] - 1);
    bind_int(S_LAUNCHES, 5, (int32_t)t->key[3]);
}

static void bind_recount(const tally *t)
{
    bind_int(S_RECOUNT, 2, t->id);
}

/* Each sum, the statement that stores it, and how its row is bound. */
static const struct {
    size_t map;                         /* offsetof the tally_map in w */
    int statement;
    void (*bind)(const tally *t);
} sums[] = {
    { offsetof(__typeof__(w), calls), S_CALLS, bind_calls },
    { offsetof(__typeof__(w), allocs), S_ALLOCS, bind_allocs },
    { offsetof(__typeof__(w), copies), S_COPIES, bind_copies },
    { offsetof(__typeof__(w), launches), S_LAUNCHES, bind_launches },
    { offsetof(__typeof__(w), findings), S_RECOUNT, bind_recount },
};

/* The sums that changed in this batch. */
static void write_tallies(void)
{
    for (size_t s = 0; s < sizeof sums / sizeof *sums; s++) {
        tally_map *m = (tally_map *)((char *)&w + sums[s].map);
        for (size_t i = 0; i < m->cap; i++) {
            tally *t = &m->slot[i];
            if (!t->id || !t->dirty)
                continue;
            int st = sums[s].statement, last = sqlite3_bind_parameter_count(w.st[st]);
            int64_t totals[] = { t->count, t->bytes, t->first, t->last };
            bind_int(st, 1, w.run);
            sums[s].bind(t);
            for (int i = 0; i < 4 && 20 + i <= last; i++)
                bind_int(st, 20 + i, totals[i]);
            step(sums[s].statement);
            t->dirty = false;
        }
    }
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
    if (!w.print || e->type != DV_EV_FINDING || e->u.finding.when_worth)
        return;
    resolve_sites(e);
    site_text told;
    say_finding(e, finding_at(e, &told), severity_of(e->u.finding.kind),
                e->u.finding.message ? e->u.finding.message : "");
}

static void write_batch(dv_event *batch, size_t n)
{
    if (w.db && !w.broken) {
        if (!tx.open) {
            sqlite3_exec(w.db, "BEGIN", NULL, NULL, NULL);
            tx.open = true;
            tx.began_ms = monotonic_ms();
        }
        for (size_t i = 0; i < n && !w.broken; i++)
            write_event(&batch[i]);
    }
    for (size_t i = 0; w.broken && i < n; i++)
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
    if (tx.open && w.db) {
        write_tallies();
        if (!dv_events_batch_done())
            broken("writing the report's events failed", INCOMPLETE);
        if (sqlite3_exec(w.db, w.broken ? "ROLLBACK" : "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
            broken("committing to the report failed", INCOMPLETE);
    }
    tx.open = false;
    atomic_store(&flush_wanted, false);
    atomic_fetch_add(&committed, tx.events);
    tx.events = 0;
}

/* ---- opening the report -------------------------------------------------------- */

/* DEVTRACE_DB as the image saw it when it started, made absolute there: a
   program that changes folder before its first call, and a child it forks
   after, write where the run began. */
static char db_pattern[4096];

void dv_writer_init(void)
{
    const char *pattern = getenv("DEVTRACE_DB");
    char cwd[2048];
    if (!pattern || !*pattern)
        pattern = "devtrace.db";
    if (pattern[0] != '/' && getcwd(cwd, sizeof cwd))
        snprintf(db_pattern, sizeof db_pattern, "%s/%s", cwd, pattern);
    else
        snprintf(db_pattern, sizeof db_pattern, "%s", pattern);
}

static void report_path(char *path, size_t n)
{
    const char *pattern = db_pattern;
    size_t len = 0;
    for (const char *p = pattern; *p && len + 1 < n; p++) {
        if (p[0] == '%' && p[1] == 'p') {
            len += (size_t)snprintf(path + len, n - len, "%d", (int)getpid());
            p++;
        } else {
            path[len++] = *p;
        }
        if (len >= n)
            len = n - 1;
    }
    path[len] = 0;
}

static int64_t query_int(const char *sql, const char *arg)
{
    sqlite3_stmt *st;
    int64_t v = -1;
    if (sqlite3_prepare_v2(w.db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    if (arg)
        sqlite3_bind_text(st, 1, arg, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

typedef enum { FILE_OURS, FILE_STALE, FILE_FOREIGN, FILE_NEWER } file_state;

/* Whether another command may still be writing here: a run of another
   session with no end, whose process lives.  Its report is shared, never
   replaced: SQLite keeps two writers' transactions apart. */
static bool another_writer(const char *session)
{
    sqlite3_stmt *st;
    bool live = false;
    if (sqlite3_prepare_v2(w.db, "SELECT pid FROM runs WHERE ended_ns IS NULL AND session IS NOT ?1",
                           -1, &st, NULL) != SQLITE_OK)
        return true;                    /* cannot tell: keep it */
    sqlite3_bind_text(st, 1, session, -1, SQLITE_STATIC);
    while (!live && sqlite3_step(st) == SQLITE_ROW) {
        pid_t pid = (pid_t)sqlite3_column_int64(st, 0);
        live = pid > 0 && (kill(pid, 0) == 0 || errno == EPERM);
    }
    sqlite3_finalize(st);
    return live;
}

/* What is at the path: ours (this command's, another live command's, or
   empty), an earlier command's report, a newer devtrace's, or not a report
   at all. */
static file_state inspect(const char *session)
{
    int64_t app = query_int("PRAGMA application_id", NULL);
    int64_t tables = query_int("SELECT count(*) FROM sqlite_master", NULL);
    if (app != DEVTRACE_APP_ID)
        return tables == 0 ? FILE_OURS : FILE_FOREIGN;
    if (query_int("PRAGMA user_version", NULL) > DEVTRACE_SCHEMA_VERSION)
        return FILE_NEWER;
    return query_int("SELECT count(*) FROM runs WHERE session IS NOT ?1", session) > 0 &&
                   !another_writer(session)
               ? FILE_STALE : FILE_OURS;
}

static void remove_report(const char *path)
{
    static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };
    char name[4200];
    for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        unlink(name);
    }
}

static bool open_db(const char *path)
{
    const char *vfs = dv_vfs();
    if (!vfs || sqlite3_open_v2(path, &w.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                SQLITE_OPEN_NOMUTEX, vfs) != SQLITE_OK)
        return false;
    sqlite3_busy_timeout(w.db, 5000);
    /* A rollback journal, not WAL: each commit lands in the file itself, so
       the .db alone holds everything committed, after an exit, a fatal
       signal or a SIGKILL between batches, and a copy of it loses nothing.
       (WAL keeps commits in -wal until a checkpoint, and a crash leaves them
       there.)  Truncated, not deleted, at each commit, and kept open in
       between (vfs.c): what the report needs is open from the first
       commit on.  Temporary tables and statement journals in memory, for
       the same reason.  No fsync: the report must survive the program, not
       the machine. */
    return sqlite3_exec(w.db, "PRAGMA journal_mode = TRUNCATE; PRAGMA synchronous = OFF; "
                        "PRAGMA temp_store = MEMORY", NULL, NULL, NULL) == SQLITE_OK;
}

static void close_db(void)
{
    for (int i = 0; i < S_COUNT; i++)
        sqlite3_finalize(w.st[i]);
    memset(w.st, 0, sizeof w.st);
    dv_events_close();
    sqlite3_close(w.db);
    w.db = NULL;
}

/* The journal is kept open by every writer of the report (vfs.c), and left
   beside it; the last to leave removes it.  A writer is a process that
   lives and has a run here (not this one's, nor an earlier image's of it).
   The write lock is held meanwhile, so none opens it anew (its first
   write waits for the lock).  A folder out of reach leaves it, empty. */
static void remove_journal(void)
{
    sqlite3_stmt *st;
    bool alone = true;
    if (sqlite3_exec(w.db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return;
    if (sqlite3_prepare_v2(w.db, "SELECT DISTINCT pid FROM runs WHERE pid IS NOT ?1", -1, &st,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, getpid());
        while (alone && sqlite3_step(st) == SQLITE_ROW) {
            pid_t pid = (pid_t)sqlite3_column_int64(st, 0);
            alone = pid <= 0 || (kill(pid, 0) != 0 && errno != EPERM);
        }
        sqlite3_finalize(st);
        const char *journal = sqlite3_filename_journal(sqlite3_db_filename(w.db, "main"));
        if (alone && journal)
            unlink(journal);
    }
    sqlite3_exec(w.db, "ROLLBACK", NULL, NULL, NULL);
}

/* (With open, not fopen: the C library's fopen opens beneath the shim's
   open, and the descriptor would be the program's to close.) */
static void command_line(char *buf, size_t n)
{
    int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    ssize_t got = fd >= 0 ? read(fd, buf, n - 1) : 0;
    size_t len = got > 0 ? (size_t)got : 0;
    if (fd >= 0)
        close(fd);
    for (size_t i = 0; i + 1 < len; i++)
        if (!buf[i])
            buf[i] = ' ';
    buf[len] = 0;
}

static bool insert_run(const char *session)
{
    typedef int (*count_fn)(int *);
    typedef int (*attr_fn)(int *, int, int);
    count_fn count = (count_fn)dv_next("cudaGetDeviceCount");
    attr_fn attr = dv_next_is_sim() ? NULL : (attr_fn)dv_next("cudaDeviceGetAttribute");
    int devices = 0, pageable = 0;
    if (count && count(&devices) != 0)
        devices = 0;
    if (devices > 0 && attr && attr(&pageable, 88 /* cudaDevAttrPageableMemoryAccess */, 0) != 0)
        pageable = 0;
    w.pageable_access = pageable != 0;
    char cmd[4096];
    command_line(cmd, sizeof cmd);
    sqlite3_stmt *st;
    char *cwd = getcwd(NULL, 0);
    if (sqlite3_prepare_v2(w.db, "INSERT INTO runs(pid, ppid, session, command, started_ns, "
                           "device, devices, pageable_access, cwd) "
                           "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", -1, &st, NULL) != SQLITE_OK) {
        free(cwd);
        return false;
    }
    sqlite3_bind_int64(st, 1, getpid());
    sqlite3_bind_int64(st, 2, getppid());
    sqlite3_bind_text(st, 3, session, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, cmd, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 5, (int64_t)dv_started_ns);
    sqlite3_bind_text(st, 6, device_name(), -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 7, devices);
    sqlite3_bind_int(st, 8, pageable);
    sqlite3_bind_text(st, 9, cwd, -1, SQLITE_STATIC);
    bool ok = sqlite3_step(st) == SQLITE_DONE;
    sqlite3_finalize(st);
    free(cwd);
    w.run = sqlite3_last_insert_rowid(w.db);
    return ok;
}

static bool prepare_all(void)
{
    for (int i = 0; i < S_COUNT; i++)
        if (sqlite3_prepare_v3(w.db, statements[i], -1, SQLITE_PREPARE_PERSISTENT, &w.st[i],
                               NULL) != SQLITE_OK)
            return false;
    return true;
}

/* A report that could not be started is not left behind half made. */
static void abandon(const char *path, bool created)
{
    broken(path, created ? NO_REPORT " (the partial file is removed)" : NO_REPORT);
    if (created) {
        close_db();
        remove_report(path);
    }
}

/* The report is never written through a symbolic link (someone else's file,
   or one the link would create): the writer's opens that create a file do
   not follow one (descriptors.c), and this says so. */
static bool symbolic_link(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
        return false;
    dv_say("devtrace: %s is a symbolic link, which devtrace does not follow; "
           "the program runs on " NO_REPORT "\n", path);
    w.broken = true;
    return true;
}

static void open_report(void)
{
    char path[4096];
    struct stat st;
    const char *session = getenv("DEVTRACE_SESSION"), *print = getenv("DEVTRACE_PRINT");
    const char *summary = getenv("DEVTRACE_SUMMARY");
    w.print = print && !strcmp(print, "1");
    w.summary = !summary || strcmp(summary, "0");
    report_path(path, sizeof path);
    if (symbolic_link(path))
        return;
    bool created = lstat(path, &st) != 0;
    if (!open_db(path)) {
        abandon(path, created);
        return;
    }
    file_state state = inspect(session);
    if (state == FILE_STALE) {
        close_db();
        remove_report(path);
        if (!open_db(path)) {
            abandon(path, true);
            return;
        }
    } else if (state != FILE_OURS) {
        dv_say("devtrace: %s is %s; it is left alone and no report is written\n", path,
               state == FILE_NEWER ? "a report of a newer devtrace" : "not a devtrace report");
        w.broken = true;
        close_db();
        return;
    }
    /* A program's umask of 0777 would make a report its owner cannot read. */
    if ((created || state == FILE_STALE) && stat(path, &st) == 0 && (st.st_mode & 0600) != 0600)
        chmod(path, (st.st_mode & 07777) | 0600);
    if (sqlite3_exec(w.db, devtrace_schema_sql, NULL, NULL, NULL) != SQLITE_OK ||
        !insert_run(session) || !prepare_all() || !dv_events_open(w.db, w.run))
        abandon(path, created || state == FILE_STALE);
}

/* ---- the end ------------------------------------------------------------------- */

/* Preloaded by hand, a run that made findings says so as it ends, as
   devtrace run does for its command (which sets DEVTRACE_SUMMARY=0 and
   says one line for all its processes): once, as the writer stops at the
   program's exit, so not at an exec (the new image is a run of its own,
   and says its own), nor in a process that ends by _exit or a signal; on
   the stderr the program started with (say.c), never on its stdout.  A
   limit of the device (mistakes.h) is no finding: devtrace report says it. */
static void say_summary(void)
{
    sqlite3_stmt *st;
    if (!w.summary || w.broken ||
        sqlite3_prepare_v2(w.db, "SELECT count(*) FILTER (WHERE severity = 'error'),"
                           " count(*) FILTER (WHERE severity IS NOT 'error')"
                           " FROM findings WHERE run = ?1 AND NOT "
                           MISTAKE_LIMIT_SQL("kind", "run"), -1, &st, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_int64(st, 1, w.run);
    if (sqlite3_step(st) == SQLITE_ROW) {
        int64_t errors = sqlite3_column_int64(st, 0), warnings = sqlite3_column_int64(st, 1);
        char *path = printable(sqlite3_db_filename(w.db, "main"));
        if (errors + warnings && path)
            dv_say("devtrace: %lld error%s and %lld warning%s in this run (pid %d); "
                   "see them with: devtrace report %s findings\n", (long long)errors,
                   errors == 1 ? "" : "s", (long long)warnings, warnings == 1 ? "" : "s",
                   (int)getpid(), path);
        free(path);
    }
    sqlite3_finalize(st);
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
    open_report();
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
    if (w.db) {
        say_summary();
        remove_journal();
        close_db();
    }
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

/* The child has no writer thread, and the parent's connection is not its to
   use (SQLite forbids carrying one across fork): it starts its own, with a
   run of its own, when it first has something to say.  The parent's is kept
   where it can be seen, untouched: closing it would write to the parent's
   files. */
void dv_writer_after_fork(void)
{
    if (w.db && w.nparents < 16)
        w.parents[w.nparents++] = w.db;
    dv_descriptors_opener(false);
    static const pthread_once_t fresh = PTHREAD_ONCE_INIT;
    memcpy(&once, &fresh, sizeof once);
    atomic_store(&started, false);
    atomic_store(&running, false);
    atomic_store(&stopping, false);
    atomic_store(&committed, dv_queue_pushed());    /* the queue goes on from there */
    atomic_store(&flush_wanted, false);
    memset(&tx, 0, sizeof tx);          /* the parent's, open or not */
    memset(w.st, 0, sizeof w.st);
    w.db = NULL;
    w.broken = false;
    w.events = 0;
    clear_tallies(&w.calls);
    clear_tallies(&w.allocs);
    clear_tallies(&w.copies);
    clear_tallies(&w.launches);
    clear_tallies(&w.findings);
    clear_tallies(&w.kernels);
    clear_tallies(&w.lines);
    clear_tallies(&w.said);
    w.sites_written = 0;
}
