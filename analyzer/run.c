/*
 * The run: its files parsed and lowered to facts (the front end), then
 * analyzed together (dataflow.c), each phase on threads with deep stacks.
 *
 * With -j, files are parsed by as many threads, each with its own libclang
 * index; the units are kept in the order the files were given, so that the
 * analysis, on one thread after them, is the same for any -j.  The parse
 * runs on those threads, with their deep stacks, not on the 8 MiB thread
 * libclang would start for each (LIBCLANG_NOTHREADS), so that deep code
 * parses as clang parses it; a crash in one file's parse, as in its
 * analysis, is caught (recover.c) and leaves that file out.
 */
#include "frontend.h"
#include "analysis.h"

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct dc_run {
    dc_model *model;
    CXIndex *indexes;                   /* one per thread that parsed */
    int nindexes;
    fx_unit **units;                    /* NULL: one whose analysis crashed */
    dc_source **from;                   /* the source of each unit */
    int n;
    command_paths paths;                /* what a command names */
    const char *cache;                  /* the cache's folder, or NULL */
    bool cache_failed;                  /* said once */
    double seconds;                     /* a file's budget in each phase (dc_run_budget) */
    size_t bytes;
    dc_reach *reach;                    /* dc_run_reach's, or NULL */
};

/* The sources parsed at once: each thread takes the next one not taken. */
typedef struct {
    dc_run *r;
    preludes preludes;
    dc_source *v;
    fx_unit **units;
    bool *known;                        /* facts read, not to parse */
    char **keys;                        /* the cache's, of those to parse */
    int n, next;
} pool;

typedef struct {
    pool *p;
    CXIndex index;
    int file;                           /* the one it parses */
} worker;

/* The parse of a file ended early, for what (fresh): said, and the file
   left out. */
static void parse_ended(dc_source *src, char *what)
{
    free(src->err);
    src->status = DC_SOURCE_ENDED;
    src->err = dc_format("devcheck: %s: %s in its parse: not analyzed, its functions unknown "
                         "to the other files", src->path, what);
    free(what);
}

#ifdef DEVCHECK_CRASH_HOOK
/* The test builds' hook (analysis.h): parse:NAME, once a file is parsed. */
static void crash_hook(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *what = dc_format("parse:%s", slash ? slash + 1 : path);
    dc_crash_hook(what);
    free(what);
}
#else
#define crash_hook(path) ((void)0)
#endif

/* The unit's pages, held in the heap between the facts kept, given back.
   Under AddressSanitizer glibc's heap holds none of them, and its first use
   from two parse threads at once was seen to leave its lock held. */
static void trim_heap(void)
{
#ifndef __SANITIZE_ADDRESS__
    malloc_trim(0);
#endif
}

static void parse_file(void *arg)
{
    worker *w = arg;
    dc_source *src = &w->p->v[w->file];
    CXTranslationUnit tu = NULL;
    int64_t since = dc_cache_clock();
    dc_run *r = w->p->r;
    const prelude *used = NULL;
    src->status = parse_source(&r->paths, &w->p->preludes, w->index, src, &tu, &used);
    if (src->status == DC_SOURCE_READ) {        /* the unit's facts, and the unit is done with */
        int why = 0;
        double start = dc_thread_seconds();
        fx_unit *u = fx_lower(tu, src->err, src->skipped, src->nskipped,
                              r->seconds > 0 ? start + r->seconds : 0, r->bytes, &why);
        w->p->units[w->file] = u;
        clang_disposeTranslationUnit(tu);
        trim_heap();
        if (!u)
            parse_ended(src, dc_what_ended(why, r->seconds, r->bytes));
        else if (w->p->keys[w->file])
            keep_facts(r->cache, &r->cache_failed, w->p->keys[w->file], since, u, used);
    }
    crash_hook(src->path);
}

/* A crash in libclang's parse of a file (a bug of libclang's, or of
   devcheck's there) costs that file: it is said, and left out; what the
   parse had made is abandoned. */
static void parse_crashed(dc_source *src, fx_unit **unit, int sig)
{
    *unit = NULL;
    parse_ended(src, dc_what_ended(sig, 0, 0));
}

/* Parses files until none is left, or until one crashes: then the thread
   ends, and the pool starts another (dc_run_parse). */
static void *parse_some(void *arg)
{
    worker *w = arg;
    pool *p = w->p;
    while ((w->file = __atomic_fetch_add(&p->next, 1, __ATOMIC_RELAXED)) < p->n) {
        if (p->known[w->file])
            continue;
        p->units[w->file] = NULL;
        p->v[w->file].err = NULL;
        int sig = dc_recover(parse_file, w);
        if (sig) {
            parse_crashed(&p->v[w->file], &p->units[w->file], sig);
            break;
        }
    }
    return NULL;
}

/* The workers, each on a thread of its own with a deep stack, started
   again while files are left (a crashed parse ended its thread); one that
   cannot start leaves its share to the others, and if none can, this
   thread parses. */
static void parse_all(pool *p, worker *w, int jobs)
{
    pthread_t *threads = dc_realloc(NULL, (size_t)jobs * sizeof *threads);
    while (__atomic_load_n(&p->next, __ATOMIC_RELAXED) < p->n) {
        int started = 0;
        for (int k = 0; k < jobs; k++)
            started += dc_deep_thread(&threads[started], parse_some, &w[k]) == 0;
        if (started == 0)
            parse_some(&w[0]);
        for (int k = 0; k < started; k++)
            pthread_join(threads[k], NULL);
    }
    free(threads);
}

static void skipped_free(dc_source *src)
{
    dc_notes_free(src->skipped, src->nskipped);
    src->skipped = NULL;
    src->nskipped = 0;
}

/* A file that does not parse alone, in whole or in part, but that a unit
   of the run includes (a kernels.cu that main.cu #includes, as Rodinia's
   programs are built) is read there: it is left out with a word on
   stderr, not as an error.  A file that includes itself (X-macros,
   generated code) is no includer of its own: it is read alone, as any. */
static bool includes(const fx_unit *u, const char *path)
{
    for (int i = 1; i < fx_unit_nfiles(u); i++)
        if (strcmp(fx_unit_file(u, i), path) == 0)
            return true;
    return false;
}

static void left_to_includer(dc_source *src, fx_unit **own, const dc_source *v,
                             fx_unit *const *units, int n)
{
    char real[PATH_MAX];
    if ((src->status != DC_SOURCE_UNREAD && !(src->status == DC_SOURCE_READ && src->nskipped)) ||
        !realpath(src->path, real))
        return;
    for (int k = 0; k < n; k++) {
        if (&v[k] == src || v[k].status != DC_SOURCE_READ || !includes(units[k], real))
            continue;
        free(src->err);
        src->err = dc_format("devcheck: %s: does not parse alone; %s includes it, and it "
                             "is analyzed there", src->path, fx_unit_name(units[k]));
        if (src->status == DC_SOURCE_READ) {
            fx_unit_free(*own);
            *own = NULL;
            skipped_free(src);
        }
        src->status = DC_SOURCE_INCLUDED;
        return;
    }
}

/* Whether CUDA is in a source: CUDA by its language, or its unit read a
   header of the toolkit's (by its path as named, or its real one: a
   /usr/local/cuda that links to /usr/local/cuda-13.0). */
static bool uses_cuda(const dc_run *r, const dc_source *src, const fx_unit *u)
{
    if (file_language(src->path, &src->flags) == DC_LANG_CUDA)
        return true;
    char real[PATH_MAX];
    const char *dirs[] = { r->paths.toolkit,
                           r->paths.toolkit ? realpath(r->paths.toolkit, real) : NULL };
    for (int i = 0; u && i < fx_unit_nfiles(u); i++)
        for (size_t k = 0; k < sizeof dirs / sizeof *dirs; k++)
            if (dirs[k] && strncmp(fx_unit_file(u, i), dirs[k], strlen(dirs[k])) == 0)
                return true;
    return false;
}

void dc_run_parse(dc_run *r, dc_source *v, int n, int jobs)
{
    jobs = jobs < 1 ? 1 : jobs > n ? (n ? n : 1) : jobs;
    pool p = { r, { 0 }, v, dc_realloc(NULL, (size_t)(n ? n : 1) * sizeof *p.units),
               dc_realloc(NULL, (size_t)(n ? n : 1)),
               dc_realloc(NULL, (size_t)(n ? n : 1) * sizeof *p.keys), n, 0 };
    for (int i = 0; i < n; i++) {       /* each key made once: to get, and on a miss to put */
        v[i].err = NULL;
        p.keys[i] = cache_key(&r->paths, r->cache, &v[i]);
        p.units[i] = known_facts(r->cache, &v[i], p.keys[i]);
        p.known[i] = p.units[i] || v[i].facts;
        if (p.known[i]) {
            free(p.keys[i]);
            p.keys[i] = NULL;
        }
    }
    worker *w = dc_realloc(NULL, (size_t)jobs * sizeof *w);
    r->indexes = dc_realloc(r->indexes, (size_t)(r->nindexes + jobs) * sizeof *r->indexes);
    for (int k = 0; k < jobs; k++) {
        w[k] = (worker){ &p, clang_createIndex(1, 0), -1 };    /* without a PCH's declarations */
        r->indexes[r->nindexes++] = w[k].index;
    }
    dc_guard_opens(true);
    preludes_make(&r->paths, r->cache, &p.preludes, v, n, p.known);
    parse_all(&p, w, jobs);
    dc_guard_opens(false);
    preludes_remove(&p.preludes);
    for (int i = 0; i < n; i++) {
        v[i].cuda = uses_cuda(r, &v[i], p.units[i]);
        left_to_includer(&v[i], &p.units[i], v, p.units, n);
    }
    r->units = dc_realloc(r->units, (size_t)(r->n + n + 1) * sizeof *r->units);
    r->from = dc_realloc(r->from, (size_t)(r->n + n + 1) * sizeof *r->from);
    for (int i = 0; i < n; i++)
        if (v[i].status == DC_SOURCE_READ) {
            r->from[r->n] = &v[i];
            r->units[r->n++] = p.units[i];
        }
    for (int i = 0; i < n; i++)
        free(p.keys[i]);
    free(w);
    free(p.units);
    free(p.known);
    free(p.keys);
}

bool dc_run_reads(const dc_run *r, const dc_source *src, const char *real)
{
    for (int k = 0; k < r->n; k++)
        for (int i = 0; r->from[k] == src && r->units[k] && i < fx_unit_nfiles(r->units[k]); i++)
            if (strcmp(fx_unit_file(r->units[k], i), real) == 0)
                return true;
    return false;
}

void dc_run_cache(dc_run *r, const char *dir)
{
    r->cache = dir;
}

/* What the front end said of a source, less its "devcheck: PATH: ": the
   capture says the file in words of its own. */
static const char *reason_of(const dc_source *src)
{
    const char *e = src->err;
    size_t n = strlen(src->path);
    if (strncmp(e, "devcheck: ", 10) == 0 && strncmp(e + 10, src->path, n) == 0 &&
        strncmp(e + 10 + n, ": ", 2) == 0)
        return e + 12 + n;
    return e;
}

int dc_capture_unit(const char *file, const char *const *argv, int argc, const char *out,
                    const char *cache, char **err)
{
    char **flags, *path = dc_absolute_path(file), here[PATH_MAX];
    int n = dc_command_flags(argv, argc, file, file, &flags), rc = -1;
    dc_source src = { .path = path ? path : file,
                      .flags = { (const char *const *)flags, n, getcwd(here, sizeof here) } };
    dc_run *r = dc_run_new(NULL);
    if (cache)
        dc_run_cache(r, cache);
    dc_run_parse(r, &src, 1, 1);
    if (src.status != DC_SOURCE_READ || r->n != 1)
        *err = src.err ? dc_format("%.*s", (int)strcspn(reason_of(&src), "\n"), reason_of(&src))
                       : dc_format("not parsed");
    else if ((rc = fx_unit_write(r->units[0], out)) != 0)
        *err = dc_format("%s: %s", out, strerror(errno));
    free(src.err);
    dc_notes_free(src.skipped, src.nskipped);
    dc_run_free(r);
    for (int i = 0; i < n; i++)
        free(flags[i]);
    free(flags);
    free(path);
    return rc;
}

dc_run *dc_run_new(dc_model *model)
{
    dc_run *r = dc_realloc(NULL, sizeof *r);
    *r = (dc_run){ .model = model, .seconds = DC_SECONDS, .bytes = (size_t)DC_MIB << 20 };
    setenv("LIBCLANG_NOTHREADS", "1", 1);   /* before any thread: libclang reads it per parse */
    command_paths_find(&r->paths);
    return r;
}

/* One try at the analysis of the units not left out, with where it got. */
typedef struct {
    dc_run *r;
    fx_unit **units;
    dc_source **from;
    bool *said;                         /* by unit: its findings said (not context) */
    int n;
    dc_findings found;
    dc_progress at;
    double budget;                      /* seconds a file; 0: no end */
    int sig;                            /* the signal that ended it, DC_OUT_OF_TIME or _MEMORY, or 0 */
} attempt;

static void analyze_units(void *arg)
{
    attempt *t = arg;
    t->found = (dc_findings){ 0 };
    for (int k = 0; k < t->n; k++)
        t->said[k] = !t->from[k]->context;
    t->at = (dc_progress){ -1, "the start", fx_null() };
    dc_reach_start(t->r->reach != NULL);
    dc_dataflow_program(t->units, t->said, t->n, t->r->model, &t->found, &t->at, t->budget,
                        t->r->bytes);
}

/* The file of unit k crashed, or ran out of time: said, and left out of
   the units to analyze, and its facts freed (the analysis only reads
   them, whatever crashed). */
static void leave_out(attempt *t, int k, int sig)
{
    char name[256] = "";
    if (!fx_is_null(t->at.fn))
        snprintf(name, sizeof name, " '%s'", fx_spelling(t->at.fn));
    dc_source *src = t->from[k];
    char *what = dc_what_ended(sig, t->budget, t->r->bytes);
    src->status = DC_SOURCE_ENDED;
    src->err = dc_format("devcheck: %s: %s in %s%s: not analyzed, its functions unknown to the "
                         "other files", src->path, what, t->at.stage, name);
    free(what);
    for (int i = 0; i < t->r->n; i++)
        if (t->r->units[i] == t->units[k])
            t->r->units[i] = NULL;
    fx_unit_free(t->units[k]);
    memmove(t->units + k, t->units + k + 1, (size_t)(t->n - k - 1) * sizeof *t->units);
    memmove(t->from + k, t->from + k + 1, (size_t)(t->n - k - 1) * sizeof *t->from);
    t->n--;
}

/* One try, on the thread that runs it. */
static void *try_analysis(void *arg)
{
    attempt *t = arg;
    t->sig = dc_recover(analyze_units, t);
    return NULL;
}

/* Each try on a thread of its own, with a deep stack (analysis.h). */
static void try_on_thread(attempt *t)
{
    pthread_t walker;
    if (dc_deep_thread(&walker, try_analysis, t) == 0)
        pthread_join(walker, NULL);
    else
        try_analysis(t);        /* no thread: this one's stack */
}

/* A crash in the analysis of one file, or its running out of time, leaves
   it out, and the others are analyzed again without it: they see its
   functions as unknown, as they would an unparsed file's, and their
   findings are those of a run without it wherever the crash came.  A
   crash in what all files share leaves out all of them. */
void dc_run_analyze(dc_run *r, double budget, dc_findings *out)
{
    attempt a = { r, dc_realloc(NULL, (size_t)(r->n + 1) * sizeof *a.units),
                  dc_realloc(NULL, (size_t)(r->n + 1) * sizeof *a.from),
                  dc_realloc(NULL, (size_t)r->n + 1), 0, { 0 }, { 0 }, budget, 0 };
    for (int i = 0; i < r->n; i++)
        if (r->units[i]) {
            a.units[a.n] = r->units[i];
            a.from[a.n++] = r->from[i];
        }
    for (try_on_thread(&a); a.sig; try_on_thread(&a)) {
        dc_findings_free(&a.found);
        dc_dataflow_reset();
        int k = a.at.unit;
        if (k >= 0)
            leave_out(&a, k, a.sig);
        while (k < 0 && a.n > 0)
            leave_out(&a, a.n - 1, a.sig);
    }
    dc_findings_take(out, &a.found);
    if (r->reach)
        dc_reach_finish(r->reach);
    free(a.units);
    free(a.from);
    free(a.said);
}

void dc_run_reach(dc_run *r, dc_reach *out)
{
    r->reach = out;
}

void dc_run_budget(dc_run *r, double seconds, size_t bytes)
{
    r->seconds = seconds;
    r->bytes = bytes;
}

void dc_run_free(dc_run *r)
{
    for (int i = 0; i < r->n; i++)
        fx_unit_free(r->units[i]);
    free(r->units);
    free(r->from);
    for (int i = 0; i < r->nindexes; i++)
        clang_disposeIndex(r->indexes[i]);
    free(r->indexes);
    free(r);
}
