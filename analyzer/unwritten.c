/*
 * Memory nothing has written yet (uninitialized-read).  Each allocation
 * whose first contents are garbage (device memory, pinned host memory,
 * malloc's) that the walk sees gets a mark in the environment,
 * "#unwritten FILE:LINE:COLUMN" after where it was made, which every alias
 * of it shares (they hold the same place).  The mark says unwritten until
 * anything may have written the memory: any call that is handed the
 * pointer, its address or a list holding either (a kernel, a copy into it,
 * memset, a library, a function of the program, an unknown one), a store
 * of it anywhere but a local variable, a write through it.  Branches join
 * the mark as "may be written", so only what no path wrote is reported,
 * with one exception, clang's -Wsometimes-uninitialized for buffers: where
 * one side of an if writes the memory and the other leaves it unwritten
 * on every path, the mark says "sometimes" (with the branch) at the join,
 * and stays so while every path from that side goes on to the read with
 * no write: a path that ends or writes on the way, a loop or a switch
 * after the branch, or a read inside a later branch's side (`if (c)
 * w(x); ... if (c) r(x);`) keeps it quiet.
 */
#include "flow.h"

#include <string.h>

enum { WRITTEN = 0, UNWRITTEN = 1, SOMETIMES = 2 };    /* SOMETIMES + k: u->sometimes[k]'s */

/* What a fresh allocation of the kind holds is garbage: calloc's, a
   vector's, new's with an initializer are written. */
static bool garbage(const dc_atom *a)
{
    static int malloc_, aligned;
    if (!malloc_) {
        malloc_ = dc_allocator("malloc");
        aligned = dc_allocator("aligned_alloc");
    }
    return a->kind == AT_GPU || a->kind == AT_PINNED ||
           (a->kind == AT_CPU && a->alloc && (a->alloc == malloc_ || a->alloc == aligned));
}

static int mark_of(const dc_atom *a)
{
    if (!garbage(a) || !a->origin.file)
        return 0;
    return df_path_format("#unwritten %s:%u:%u", a->origin.file, a->origin.line,
                       a->origin.column);
}

static df_value mark(int state, int loops)
{
    df_value v = df_value_of(V_COUNT, (dc_place){ 0 });
    v.obj = (short)state;
    v.path = loops;                     /* the loops the allocation is inside */
    return v;
}

void df_unwritten_allocated(df_unit *u, df_env *e, const df_value *v)
{
    for (int i = 0; i < v->where.n; i++) {
        int id = mark_of(&v->where.a[i]);
        if (!id)
            continue;
        df_env_set(e, id, mark(UNWRITTEN, u->loops));
        bool known = false;
        for (int k = 0; k < u->nmarks; k++)
            known = known || u->marks[k] == id;
        if (!known && u->nmarks < (int)(sizeof u->marks / sizeof *u->marks))
            u->marks[u->nmarks++] = id;         /* past them, no "sometimes" */
    }
}

/* The marks a value reaches: memory's own; through an address, the marks
   of what the variable holds; through a list of addresses, each one's. */
static void each_mark(const df_env *e, const df_value *v, int depth, df_unwritten_set *set)
{
    for (int i = 0; (v->kind == V_MEMORY || v->kind == V_ADDR) && i < v->where.n; i++)
        if (mark_of(&v->where.a[i]) && set->n < UNWRITTEN_SET)
            set->v[set->n++] = mark_of(&v->where.a[i]);
    if (depth > 0)
        return;
    if (v->kind == V_ADDR && v->path) {
        df_value held = df_env_get(e, v->path);
        each_mark(e, &held, depth + 1, set);
    }
    for (const char *next = v->kind == V_ADDRS ? df_path_text(v->path) : ""; *next;) {
        size_t len = strcspn(next, "|");
        df_value held = df_env_get(e, df_path_format("%.*s", (int)len, next));
        each_mark(e, &held, depth + 1, set);
        next += next[len] ? len + 1 : len;
    }
}

void df_unwritten_note(df_unwritten_set *set, const df_env *e, const df_value *v)
{
    each_mark(e, v, 0, set);
}

void df_unwritten_written(df_env *e, const df_unwritten_set *set)
{
    for (int i = 0; i < set->n; i++)
        if (df_env_find(e, set->v[i]))
            df_env_set(e, set->v[i], mark(WRITTEN, 0));
}

void df_unwritten_forget(df_env *e, const df_value *v)
{
    df_unwritten_set set = { .n = 0 };
    df_unwritten_note(&set, e, v);
    df_unwritten_written(e, &set);
}

bool df_unwritten_must(df_unit *u, const df_env *e, const df_value *v)
{
    if (v->kind != V_MEMORY || !v->where.n)
        return false;
    for (int i = 0; i < v->where.n; i++) {
        /* host memory only "sometimes": a program fills its host buffers
           in more ways than the walk sees (and tests copy fresh ones) */
        if (v->where.a[i].kind != AT_GPU)
            return false;
        int id = mark_of(&v->where.a[i]);
        const df_value *m = id ? df_env_find(e, id) : NULL;
        /* a loop's first round has not seen what its later ones write */
        if (!m || m->obj != UNWRITTEN || u->loops > m->path)
            return false;
    }
    return true;
}

bool df_unwritten_may_be_written(const df_env *e, const df_value *v)
{
    for (int i = 0; v->kind == V_MEMORY && i < v->where.n; i++) {
        int id = mark_of(&v->where.a[i]);
        const df_value *m = id ? df_env_find(e, id) : NULL;
        if (m && m->obj != UNWRITTEN)
            return true;
    }
    return false;
}

/* ---- written on one side of a branch only ---------------------------------------------- */

/* u->sometimes[k] is a branch's edge (its condition, true or false) from
   which every path comes to here with nothing written.  A mark refers to
   it two ways: "sometimes" (obj SOMETIMES + k) where the other side of
   the branch wrote the memory, and, still unwritten on every path, as its
   anchor (dtype k + 1), where the other side left (`else return;`): that
   edge, not the one of an if around it whose side has the leaving path,
   is the one to name when an outer branch's other side writes. */
static int sometimes_of(const df_value *m)
{
    return m && m->obj >= SOMETIMES ? m->obj - SOMETIMES : -1;
}

static int anchor_of(const df_value *m)
{
    return m && m->obj == UNWRITTEN ? m->dtype - 1 : -1;
}

static bool holds(const df_unit *u, const df_env *e, int k)
{
    const df_value *m = e->dead ? NULL : df_env_find(e, u->sometimes[k].mark);
    return sometimes_of(m) == k || anchor_of(m) == k;
}

/* Each edge e holds a mark of no longer reaches the read on every path. */
static void break_sometimes(df_unit *u, const df_env *e)
{
    for (int k = 0; k < u->nsometimes; k++)
        if (holds(u, e, k))
            u->sometimes[k].broken = true;
}

void df_unwritten_path_ends(df_unit *u, const df_env *e)
{
    u->ends++;
    break_sometimes(u, e);
}

void df_unwritten_diverge(df_unit *u, const df_env *e)
{
    break_sometimes(u, e);
}

/* A "sometimes" that both sides kept (or the one side that goes on) is
   one at the branch's own level after the join. */
static void keep_sometimes(df_unit *u, const df_env *yes, const df_env *no)
{
    for (int k = 0; k < u->nsometimes; k++)
        if ((yes->dead || holds(u, yes, k)) && (no->dead || holds(u, no, k)) &&
            !(yes->dead && no->dead) && u->sometimes[k].sides > u->sides)
            u->sometimes[k].sides = u->sides;
}

static int new_edge(df_unit *u, int m, fnode cond, bool edge)
{
    if (u->nsometimes == (int)(sizeof u->sometimes / sizeof *u->sometimes))
        return -1;                      /* past them, quiet */
    int k = u->nsometimes++;
    u->sometimes[k].mark = m;
    u->sometimes[k].cond = df_cursor_loc(cond);
    u->sometimes[k].edge = edge;
    u->sometimes[k].broken = false;
    u->sometimes[k].sides = u->sides;
    return k;
}

/* Whether mark value a is unwritten on every path, from where the walk's
   loops are. */
static bool unwritten_here(const df_unit *u, const df_value *a)
{
    return a && a->obj == UNWRITTEN && u->loops <= a->path;
}

/* Mark m, unwritten on every path of side `unwriting` (whose edge is
   `edge` of cond; clean: none of its paths ended) and written on some of
   the other: "sometimes" on both sides, so that their join keeps it. */
static void form_sometimes(df_unit *u, df_env *unwriting, df_env *writing, int m, fnode cond, bool edge,
                           bool clean)
{
    const df_value *a = df_env_find(unwriting, m), *b = df_env_find(writing, m);
    if (!unwritten_here(u, a) || !b || b->obj == UNWRITTEN)
        return;
    int k = clean ? new_edge(u, m, cond, edge) : anchor_of(a);
    if (k < 0 || u->sometimes[k].broken)
        return;
    u->sometimes[k].sides = u->sides;
    df_value s = mark(SOMETIMES + k, a->path);
    df_env_set(unwriting, m, s);
    df_env_set(writing, m, s);
}

/* The one side that goes on (none of its paths ended): its edge is the
   anchor of what it leaves unwritten, unless a branch inside it is.  Only
   an outer branch's side has use for one: not at the function's level,
   where `if (err) return;` is everywhere. */
static void anchor(df_unit *u, df_env *side, fnode cond, bool edge)
{
    for (int i = 0; i < u->nmarks && u->sides > 0; i++) {
        const df_value *a = df_env_find(side, u->marks[i]);
        int old = anchor_of(a);
        int k = unwritten_here(u, a) && (old < 0 || u->sometimes[old].broken)
                    ? new_edge(u, u->marks[i], cond, edge)
                    : -1;
        if (k >= 0) {
            df_value v = *a;
            v.dtype = (unsigned char)(k + 1);
            df_env_set(side, u->marks[i], v);
        }
    }
}

void df_unwritten_branch(df_unit *u, df_env *yes, df_env *no, fnode cond, int ends_yes, int ends_no)
{
    keep_sometimes(u, yes, no);
    if (yes->dead != no->dead && !(yes->dead ? ends_no : ends_yes))
        anchor(u, yes->dead ? no : yes, cond, !yes->dead);
    if (yes->dead || no->dead)
        return;
    for (int i = 0; i < u->nmarks; i++) {
        form_sometimes(u, yes, no, u->marks[i], cond, true, !ends_yes);
        form_sometimes(u, no, yes, u->marks[i], cond, false, !ends_no);
    }
}

int df_unwritten_sometimes(const df_unit *u, const df_env *e, const df_value *v)
{
    int found = -1;
    for (int i = 0; v->kind == V_MEMORY && i < v->where.n; i++) {
        int id = mark_of(&v->where.a[i]);
        const df_value *m = id ? df_env_find(e, id) : NULL;
        int k = sometimes_of(m);
        if (m && m->obj == UNWRITTEN)
            continue;                   /* the must form's, or a mix: either way unwritten */
        if (k < 0 || u->sometimes[k].broken || u->sometimes[k].sides != u->sides)
            return -1;
        found = k;
    }
    return found;
}

bool df_unwritten_shared(const df_value *a, const df_value *b)
{
    for (int i = 0; a->kind == V_MEMORY && i < a->where.n; i++)
        for (int j = 0; b->kind == V_MEMORY && j < b->where.n; j++)
            if (mark_of(&a->where.a[i]) && mark_of(&a->where.a[i]) == mark_of(&b->where.a[j]))
                return true;
    return false;
}

/* Launches into a stream being captured run later, when the graph is
   launched, after what the host does in between (a cudaMemset of what
   they read): from a capture's start on, in any path, a kernel's read is
   not judged. */
static const char *const capture_starts[] = { "cudaStreamBeginCapture", "cuStreamBeginCapture" };

void df_unwritten_call(df_env *e, fnode callee)
{
    const char *name = fx_spelling(callee);
    for (size_t i = 0; name && i < sizeof capture_starts / sizeof *capture_starts; i++)
        if (strncmp(name, capture_starts[i], strlen(capture_starts[i])) == 0)
            df_env_set(e, df_path_intern("#capturing"), mark(WRITTEN, 0));
}

bool df_unwritten_deferred(const df_env *e)
{
    return df_env_find(e, df_path_intern("#capturing")) != NULL;
}
