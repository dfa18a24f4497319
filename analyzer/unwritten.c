/*
 * Device memory nothing has written yet (uninitialized-read).  Each device
 * allocation the walk sees gets a mark in the environment, "#unwritten
 * FILE:LINE:COLUMN" after where it was made, which every alias of it shares
 * (they hold the same place).  The mark says unwritten until anything may
 * have written the memory: any call that is handed the pointer, its
 * address or a list holding either (a kernel, a copy into it, memset, a
 * library, a function of the program, an unknown one), a store of it
 * anywhere but a local variable, a write through it.  Branches join the
 * mark as "may be written", so only what no path wrote is reported.
 */
#include "flow.h"

#include <string.h>

enum { UNWRITTEN = 1, WRITTEN = 0 };

static int mark_of(const dc_atom *a)
{
    if (a->kind != AT_GPU || !a->origin.file)
        return 0;
    return path_format("#unwritten %s:%u:%u", a->origin.file, a->origin.line,
                       a->origin.column);
}

static value mark(int state, int loops)
{
    value v = value_of(V_COUNT, (dc_place){ 0 });
    v.obj = (short)state;
    v.path = loops;                     /* the loops the allocation is inside */
    return v;
}

void unwritten_allocated(unit *u, env *e, const value *v)
{
    for (int i = 0; i < v->where.n; i++)
        if (mark_of(&v->where.a[i]))
            env_set(e, mark_of(&v->where.a[i]), mark(UNWRITTEN, u->loops));
}

/* The marks a value reaches: memory's own; through an address, the marks
   of what the variable holds; through a list of addresses, each one's. */
static void each_mark(const env *e, const value *v, int depth, unwritten_set *set)
{
    for (int i = 0; (v->kind == V_MEMORY || v->kind == V_ADDR) && i < v->where.n; i++)
        if (mark_of(&v->where.a[i]) && set->n < UNWRITTEN_SET)
            set->v[set->n++] = mark_of(&v->where.a[i]);
    if (depth > 0)
        return;
    if (v->kind == V_ADDR && v->path) {
        value held = env_get(e, v->path);
        each_mark(e, &held, depth + 1, set);
    }
    for (const char *next = v->kind == V_ADDRS ? path_text(v->path) : ""; *next;) {
        size_t len = strcspn(next, "|");
        value held = env_get(e, path_format("%.*s", (int)len, next));
        each_mark(e, &held, depth + 1, set);
        next += next[len] ? len + 1 : len;
    }
}

void unwritten_note(unwritten_set *set, const env *e, const value *v)
{
    each_mark(e, v, 0, set);
}

void unwritten_written(env *e, const unwritten_set *set)
{
    for (int i = 0; i < set->n; i++)
        if (env_find(e, set->v[i]))
            env_set(e, set->v[i], mark(WRITTEN, 0));
}

void unwritten_forget(env *e, const value *v)
{
    unwritten_set set = { .n = 0 };
    unwritten_note(&set, e, v);
    unwritten_written(e, &set);
}

bool unwritten_must(unit *u, const env *e, const value *v)
{
    if (v->kind != V_MEMORY || !v->where.n)
        return false;
    for (int i = 0; i < v->where.n; i++) {
        int id = mark_of(&v->where.a[i]);
        const value *m = id ? env_find(e, id) : NULL;
        /* a loop's first round has not seen what its later ones write */
        if (!m || m->obj != UNWRITTEN || u->loops > m->path)
            return false;
    }
    return true;
}

bool unwritten_may_be_written(const env *e, const value *v)
{
    for (int i = 0; v->kind == V_MEMORY && i < v->where.n; i++) {
        int id = mark_of(&v->where.a[i]);
        const value *m = id ? env_find(e, id) : NULL;
        if (m && m->obj != UNWRITTEN)
            return true;
    }
    return false;
}

bool unwritten_shared(const value *a, const value *b)
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

void unwritten_call(env *e, fnode callee)
{
    const char *name = fx_spelling(callee);
    for (size_t i = 0; name && i < sizeof capture_starts / sizeof *capture_starts; i++)
        if (strncmp(name, capture_starts[i], strlen(capture_starts[i])) == 0)
            env_set(e, path_intern("#capturing"), mark(WRITTEN, 0));
}

bool unwritten_deferred(const env *e)
{
    return env_find(e, path_intern("#capturing")) != NULL;
}
