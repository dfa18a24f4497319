/*
 * The dataflow's entry: every function the units define, summarized
 * callees first, so that each call finds what its callee does, in whatever
 * file (flow.h names the stages).
 *
 *   - The order is the call graph's, callees first: its strongly connected
 *     components (Tarjan's), each after those it calls, whatever order the
 *     files define the functions in.  The graph is the direct calls of
 *     each function's code to functions of the program the model does not
 *     know, and its calls through function pointers to each function the
 *     program stores into them (fnptr.c); a call the graph did not see
 *     summarizes its callee when it is met, nested at most MAX_NESTING deep.
 *   - Recursion: a call back into a function still being walked uses what
 *     its summary says so far; the outermost function of the cycle is then
 *     walked again, with the others, until no summary changes (a few
 *     rounds).
 *   - A limit hit (a nesting past MAX_NESTING, a cycle still changing
 *     after CYCLE_ROUNDS) is said in a note on stderr: what it left
 *     unknown makes no finding.
 *   - A function defined in a header is summarized for its callers, and
 *     its own findings are said, once, when a file named includes it and
 *     calls it, as a compiler says an error in a header: the project's
 *     headers only, never a library's (lower.c's FX_LIBRARY).
 *   - Functions inside extern "C" { } are the file's like any other;
 *     kernels and __device__ functions are device code, never walked.
 *   - A function whose code has an error (unread.c) is never walked: its
 *     summary is unknown, as a function's with no body.  One whose errors
 *     only leave statements unread (FX_READ_IN_PART) is walked for its own
 *     findings, its summary unknown still to its callers.
 *   - The program is walked twice: the first walk finds what every
 *     assignment stores into each struct field (fields.c), the second
 *     reads the fields with those facts and says the findings.  The
 *     second walks the functions whose findings are said, and the others
 *     as those call them: `devcheck -p build one.c` (and the editor's
 *     analysis of a file) walks the rest of the program once.
 *   - Unknown stays quiet: a value from somewhere the model does not know
 *     is unknown, and a finding needs a known place on both sides.
 *   - Each file's functions have a time budget (--timeout, processor
 *     seconds): the time of a function's walk is charged to its file, and a callee's in another
 *     file to that one's; the walk looks at the clock every few hundred
 *     statements, and the file that runs out abandons the analysis, which
 *     the front end starts again without it.
 *   - A run's files are one program, unless more than one defines main (a
 *     repository of several programs, llm.c's train_gpt2.c beside its
 *     train_gpt2.cu): then each file with a main is a program with the
 *     files that define none, so that the same struct or function in two
 *     programs is two.  The files they share are walked once per program,
 *     and a finding said twice is said once (findings.c).
 */
#include "flow.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_NESTING 48                  /* callers waiting on their callees */
#define CYCLE_ROUNDS 4

#define TICKS 256                       /* statements between two looks at the clock */

enum { NOT_YET, WALKING, IN_CYCLE, DONE };

/* The time each unit's functions have taken, and the memory their walks
   hold (env.c's paths and environments), against the budget. */
typedef struct {
    double budget;                      /* seconds a unit; 0: no end */
    size_t bytes;                       /* bytes a unit; 0: no end */
    double *spent;                      /* by unit */
    long long *held;                    /* by unit: bytes taken less bytes given back */
    double since;                       /* when the unit *at names began its turn */
    size_t held_since;                  /* df_env_held() then */
    int ticks;                          /* statements to the next look at the clock */
    dc_progress *at;
} timing;

typedef struct {
    fnode fn;
    df_summary *s;
    bool named;                         /* in a file the run was given */
    int unit;                           /* the unit it is read from */
    unsigned char state;
    int depth;                          /* WALKING: its place on the stack */
    int low;                            /* IN_CYCLE: the outermost function it reaches */
    bool limited;                       /* a limit said of it */
} function;

struct df_program {
    dc_model *model;
    const bool *said;                   /* by unit: its findings are said */
    dc_findings *out;
    timing *time;                       /* and where the analysis is: time->at */
    dc_findings elsewhere;              /* the findings in headers, or of the first walk: dropped */
    bool first;                         /* the first walk: the fields' facts are not known */
    function *fns;
    int n, cap;
    df_path_map by_usr;                    /* function index + 1, by interned USR */
    int low[MAX_NESTING];               /* per stack depth: the outermost reached */
    int depth;
    int *cycle;                         /* functions done within an open cycle */
    int ncycle, capcycle;
    int changes;                        /* summaries that changed, ever */
    dc_why none;                        /* why df_program_summary last said NULL */
};

void df_ints_add(df_ints *k, int x)
{
    GROW(k->v, k->n, k->cap, 16, dc_realloc);
    k->v[k->n++] = x;
}

/* ---- the time each unit takes ------------------------------------------------------ */

#define now dc_thread_seconds

/* What unit may still take before env.c abandons the analysis (0: no end;
   one that has taken all stops at its next byte). */
static size_t room_of(const timing *t, int unit)
{
    if (!t->bytes || unit < 0)
        return 0;
    long long left = (long long)t->bytes - t->held[unit];
    return t->held_since + (left > 0 ? (size_t)left : 1);
}

/* The analysis moves on to next: the time since the last move, and the
   memory taken since, are the unit's it leaves (-1, all of them: no
   one's). */
static void move_to(timing *t, dc_progress next)
{
    double when = now();
    size_t held = df_env_held();
    if (t->at->unit >= 0) {
        t->spent[t->at->unit] += when - t->since;
        t->held[t->at->unit] += (long long)held - (long long)t->held_since;
    }
    t->since = when;
    t->held_since = held;
    t->ticks = 1;                       /* a unit that starts out of time stops at once */
    *t->at = next;
    df_env_limit(room_of(t, next.unit));
}

void df_program_tick(df_program *p)
{
    timing *t = p->time;
    if (--t->ticks > 0)
        return;
    t->ticks = TICKS;
    int unit = t->at->unit;
    if (t->budget > 0 && unit >= 0 && t->spent[unit] + now() - t->since > t->budget)
        dc_abandon(DC_OUT_OF_TIME);
}

/* ---- the functions, by USR ------------------------------------------------------ */

static int add_function(df_program *p, fnode fn, int unit, bool named)
{
    GROW(p->fns, p->n, p->cap, 64, dc_realloc);
    int *index = df_path_map_at(&p->by_usr, df_cursor_usr(fn, "usr"));
    if (!*index)                        /* two files that define one name: calls get the first */
        *index = p->n + 1;
    p->fns[p->n] = (function){ fn, df_summary_new(fx_nargs(fn)),
                               named, unit, NOT_YET, 0, INT_MAX, false };
    return p->n++;
}

/* ---- walking one function ----------------------------------------------------------- */

#ifdef DEVCHECK_CRASH_HOOK
/* The test builds' hook (analysis.h), by the function's name. */
static void crash_hook(fnode fn)
{
    char name[256];
    df_cursor_spelling(fn, name, sizeof name);
    dc_crash_hook(name);
}
#else
#define crash_hook(fn) ((void)0)
#endif

/* One walk of f (a copy: calls may grow the table) into summary s, with
   its flag parameter assumed to be `assume` (-1: not). */
static bool walk_into(df_program *p, function f, df_summary *s, int assume)
{
    bool say = f.named && !p->first && assume < 0;
    df_unit u = { .prog = p, .self = df_summary_for_walk(s), .model = p->model,
               .out = say ? p->out : &p->elsewhere,
               .named = f.named, .said = say, .assume = (signed char)assume };
    df_env e = { 0 };
    u.exit = (df_env){ .dead = true };
    df_summary_bind_parameters(&u, &e, f.fn);
    df_walk_body(&u, &e, f.fn);
    df_fields_settle(&u, f.fn, &u.exit);
    df_summary_finish(&u, f.fn);
    df_env_free(&e);
    df_env_free(&u.exit);
    return df_summary_take(s, u.self);
}

/* Its summary, and one for each value of a flag it tests (summary.c). */
static bool walk_function(df_program *p, function *f)
{
    function copy = *f;
    dc_progress caller = *p->time->at;
    move_to(p->time, (dc_progress){ copy.unit, p->first ? "the first walk of" : "the second walk of",
                                    copy.fn });
    crash_hook(copy.fn);
    bool changed = walk_into(p, copy, copy.s, -1);
    for (int v = 0; v < df_summary_variants(copy.s); v++) {
        df_summary *when = df_summary_variant(copy.s, v);
        if (when)
            walk_into(p, copy, when, v);
    }
    move_to(p->time, caller);
    return changed;
}

/* A limit left what function i does unknown, or not settled: said once
   a function, in the walk that says the findings. */
static void say_limit(df_program *p, int i, const char *what, int limit)
{
    if (p->first || p->fns[i].limited)
        return;
    p->fns[i].limited = true;
    dc_loc at = df_cursor_loc(p->fns[i].fn);
    fprintf(stderr, "%s:%u: note: '%s': ", at.file, at.line, fx_spelling(p->fns[i].fn));
    fprintf(stderr, what, limit);
    fputc('\n', stderr);
}

static void close_cycle(df_program *p, int from, unsigned char state)
{
    for (int i = from; i < p->ncycle; i++)
        p->fns[p->cycle[i]].state = state;
    p->ncycle = from;
}

/* Walks function i (its callees first, as its calls meet them); returns
   the outermost stack depth its calls reached back to, INT_MAX for none. */
static int summarize(df_program *p, int i)
{
    function *f = &p->fns[i];
    if (f->state == DONE)
        return INT_MAX;
    if (f->state == WALKING || f->state == IN_CYCLE)
        return f->state == WALKING ? f->depth : f->low;
    int depth = p->depth++, cycle_start = p->ncycle;
    f->state = WALKING;
    f->depth = depth;
    for (int round = 0;; round++) {
        int changes = p->changes;
        p->low[depth] = INT_MAX;
        if (walk_function(p, &p->fns[i]))
            p->changes++;
        f = &p->fns[i];                 /* the table may have grown */
        bool again = p->low[depth] == depth && p->changes != changes;
        if (again && round + 1 == CYCLE_ROUNDS)
            say_limit(p, i, "its recursion still changed after %d rounds: the last one's "
                            "summary is kept", CYCLE_ROUNDS);
        if (!again || round + 1 == CYCLE_ROUNDS)
            break;
        close_cycle(p, cycle_start, NOT_YET);   /* the cycle's others: walked again */
    }
    p->depth--;
    int low = p->low[depth];
    if (low < depth) {                  /* inside a cycle that an outer function opened */
        f->state = IN_CYCLE;
        f->low = low;
        GROW(p->cycle, p->ncycle, p->capcycle, 16, dc_realloc);
        p->cycle[p->ncycle++] = i;
        return low;
    }
    f->state = DONE;
    close_cycle(p, cycle_start, DONE);
    return INT_MAX;
}

/* The function callee is in the table, added (from unit) where it is
   first met; -1 where the program does not define it for the host (why
   in p->none). */
static int function_index(df_program *p, fnode callee, int unit)
{
    int i = *df_path_map_at(&p->by_usr, df_cursor_usr(callee, "usr")) - 1;
    if (i < 0) {
        fnode def = fx_definition(callee);  /* defined in a header, or known by another name */
        unsigned flags = fx_flags(def);
        p->none = flags & FX_HAS_ERRORS ? DC_WHY_PARSE_ERROR : DC_WHY_NO_BODY;
        if ((flags & (FX_DEFINITION | FX_HAS_ERRORS)) != FX_DEFINITION ||
            !side_on_host(df_cursor_cuda_side(def)))   /* device code: not lowered (lower.c) */
            return -1;
        i = add_function(p, def, unit, false);
    }
    if (!p->fns[i].named && unit >= 0 && p->said[unit] && !(fx_flags(p->fns[i].fn) & FX_LIBRARY))
        p->fns[i].named = true;         /* a header's function that a named file calls */
    return i;
}

dc_why df_program_why_none(const df_program *p)
{
    return p->none;
}

const df_summary *df_program_summary(df_program *p, fnode callee)
{
    int i = function_index(p, callee, p->time->at->unit);
    if (i < 0)
        return NULL;
    if (p->fns[i].state == NOT_YET && p->depth == MAX_NESTING) {
        say_limit(p, i, "called through more than %d nested calls: what it does is unknown there",
                  MAX_NESTING);
        p->none = DC_WHY_DEPTH;
        return NULL;                    /* too deep a chain of calls: unknown */
    }
    int low = summarize(p, i);
    if (p->depth > 0 && low < p->low[p->depth - 1])
        p->low[p->depth - 1] = low;
    if (fx_has(p->fns[i].fn, FX_READ_IN_PART)) {
        p->none = DC_WHY_PARSE_ERROR;   /* walked for its own findings: what the statements */
        return NULL;                    /* its errors left unread did is unknown */
    }
    return p->fns[i].s;
}

/* ---- the order: callees first ---------------------------------------------------- */

/* The functions a call of caller's calls: its callee, or those a
   function pointer may hold (fnptr.c); the model's left out. */
static void call_edges(df_program *p, int caller, fnode call, df_ints *out)
{
    fnode fn[MAY_CALL];
    dc_loc stored[MAY_CALL];
    fnode callee = fx_referenced(call);
    int n = 1;
    if (df_cursor_is_function(callee)) {
        if (dc_model_call_effects(p->model, call, callee))
            return;
        n = df_virtual_callees(call, callee, fn, MAY_CALL);   /* the overrides it may run */
        if (n <= 0)
            fn[0] = callee, n = 1;
    } else {
        n = df_fnptr_callees(call, fn, stored, MAY_CALL);
    }
    for (int k = 0; k < n; k++) {
        int i = function_index(p, fn[k], p->fns[caller].unit);
        if (i >= 0)
            df_ints_add(out, i);
    }
}

/* The functions fn's code calls directly (its lambdas' too, which run in
   it), those the model knows left out: each added to the table where it
   is first met. */
static void direct_callees(df_program *p, int caller, df_ints *out)
{
    df_ints todo = { NULL, 0, 0 };
    fnode fn = p->fns[caller].fn;
    for (int i = 0; i < fx_nchildren(fn); i++)
        df_ints_add(&todo, (int)fx_child(fn, i).id);
    while (todo.n) {
        fnode c = { fn.u, (uint32_t)todo.v[--todo.n] };
        for (int i = 0; i < fx_nchildren(c); i++)
            df_ints_add(&todo, (int)fx_child(c, i).id);
        if (fx_kind(c) == CXCursor_CallExpr)
            call_edges(p, caller, c, out);
    }
    free(todo.v);
}

/* Tarjan's walk, without recursion (a chain of calls may be long). */
typedef struct {
    df_ints *calls;                        /* by function */
    int *index, *low;                   /* 0: not reached yet */
    bool *on_stack;
    df_ints stack, order;
    int next;
} tarjan;

static void reach(tarjan *t, int v)
{
    t->index[v] = t->low[v] = ++t->next;
    df_ints_add(&t->stack, v);
    t->on_stack[v] = true;
}

/* From root: each component is appended to the order once all it calls
   are, its members together. */
static void components_from(tarjan *t, int root)
{
    df_ints path = { NULL, 0, 0 }, edge = { NULL, 0, 0 };   /* the walk's own stack */
    reach(t, root);
    df_ints_add(&path, root), df_ints_add(&edge, 0);
    while (path.n) {
        int v = path.v[path.n - 1], *e = &edge.v[edge.n - 1];
        if (*e < t->calls[v].n) {
            int w = t->calls[v].v[(*e)++];
            if (!t->index[w]) {
                reach(t, w);
                df_ints_add(&path, w), df_ints_add(&edge, 0);
            } else if (t->on_stack[w] && t->index[w] < t->low[v]) {
                t->low[v] = t->index[w];
            }
            continue;
        }
        path.n--, edge.n--;
        if (path.n && t->low[v] < t->low[path.v[path.n - 1]])
            t->low[path.v[path.n - 1]] = t->low[v];
        if (t->low[v] != t->index[v])
            continue;
        int w;
        do {
            w = t->stack.v[--t->stack.n];
            t->on_stack[w] = false;
            df_ints_add(&t->order, w);
        } while (w != v);
    }
    free(path.v);
    free(edge.v);
}

/* Every function of the table (it grows as the graph is made), callees
   first. */
static df_ints callees_first(df_program *p)
{
    df_ints *calls = NULL;
    for (int i = 0; i < p->n; i++) {
        calls = dc_realloc(calls, (size_t)p->n * sizeof *calls);
        calls[i] = (df_ints){ NULL, 0, 0 };
        direct_callees(p, i, &calls[i]);
    }
    size_t n = (size_t)p->n + 1;
    tarjan t = { calls, dc_realloc(NULL, n * sizeof(int)), dc_realloc(NULL, n * sizeof(int)),
                 dc_realloc(NULL, n), { NULL, 0, 0 }, { NULL, 0, 0 }, 0 };
    memset(t.index, 0, n * sizeof(int));
    memset(t.on_stack, 0, n);
    for (int i = 0; i < p->n; i++)
        if (!t.index[i])
            components_from(&t, i);
    for (int i = 0; i < p->n; i++)
        free(calls[i].v);
    free(calls);
    free(t.index);
    free(t.low);
    free(t.on_stack);
    free(t.stack.v);
    return t.order;
}

/* One program: units[k] is the run's unit ids[k]. */
static void walk_program(fx_unit *const *units, const bool *said, const int *ids, int n,
                         dc_model *m, dc_findings *out, timing *t)
{
    df_program p = { .model = m, .said = said, .out = out, .time = t };
    for (int k = 0; k < n; k++) {
        const fx_unit *u = units[ids[k]];
        move_to(t, (dc_progress){ ids[k], "the listing of its functions", fx_null() });
        for (int i = 0; i < fx_unit_ndefinitions(u); i++)
            add_function(&p, fx_unit_definition(u, i), ids[k], said[ids[k]]);
    }
    move_to(t, (dc_progress){ -1, "the function pointers of all files", fx_null() });
    df_fnptr_read(units, ids, n);
    df_virtual_read(units, ids, n);
    move_to(t, (dc_progress){ -1, "the call graph of all files", fx_null() });
    df_ints order = callees_first(&p);
    p.first = true;
    for (int k = 0; k < order.n; k++)
        summarize(&p, order.v[k]);
    move_to(t, (dc_progress){ -1, "the struct fields of all files", fx_null() });
    df_fields_resolve(out);
    p.first = false;
    for (int i = 0; i < p.n; i++)
        p.fns[i].state = NOT_YET;
    for (int k = 0; k < order.n; k++)   /* the others as the named call them: */
        if (p.fns[order.v[k]].named)    /* findings are said of the named only */
            summarize(&p, order.v[k]);
    free(order.v);
    dc_dataflow_reset();
    for (int i = 0; i < p.n; i++)
        df_summary_free(p.fns[i].s);
    free(p.fns);
    df_path_map_free(&p.by_usr);
    free(p.cycle);
    dc_findings_free(&p.elsewhere);
}

void dc_dataflow_program(fx_unit *const *units, const bool *said, int n, dc_model *m, dc_findings *out,
                         dc_progress *at, double budget, size_t bytes)
{
    bool *has_main = dc_realloc(NULL, (size_t)n + 1);
    int *ids = dc_realloc(NULL, ((size_t)n + 1) * sizeof *ids), mains = 0;
    timing t = { budget, bytes, dc_realloc(NULL, ((size_t)n + 1) * sizeof *t.spent),
                 dc_realloc(NULL, ((size_t)n + 1) * sizeof *t.held), now(), df_env_held(), TICKS, at };
    memset(t.spent, 0, ((size_t)n + 1) * sizeof *t.spent);
    memset(t.held, 0, ((size_t)n + 1) * sizeof *t.held);
    for (int k = 0; k < n; k++) {
        move_to(&t, (dc_progress){ k, "the search for its main", fx_null() });
        mains += has_main[k] = fx_unit_has_main(units[k]);
    }
    for (int k = 0; k < n; k++) {
        if (mains >= 2 && !has_main[k])
            continue;
        int g = 0;
        ids[g++] = k;
        for (int j = 0; j < n; j++)     /* with a program of its own, the files without main */
            if (j != k && (mains < 2 || !has_main[j]))
                ids[g++] = j;
        walk_program(units, said, ids, g, m, out, &t);
        if (mains < 2)
            break;
    }
    df_env_limit(0);
    free(t.spent);
    free(t.held);
    free(ids);
    free(has_main);
}

void dc_dataflow_reset(void)
{
    df_env_limit(0);
    df_fields_reset();
    df_fnptr_reset();
    df_virtual_reset();
    dc_devices_reset();
}
