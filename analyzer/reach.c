/*
 * Reach (--stats): how much of a run the analysis could judge.  Each call
 * the model knows, and each <<<>>> launch, in a walk that says its
 * findings is a site; each of its pointer arguments that points to memory
 * (not a handle to an opaque struct, such as cudaStream_t; not a
 * function; not a null pointer) is host memory, device memory, or unknown
 * for a reason: the one its value carries from where it was made
 * unknown (df_value_unknown_why), or the one its place says (a parameter's,
 * a field's, either space by path).
 *
 *   - A call is walked more than once (a loop to its fixed point, a
 *     cycle's rounds, a file shared by two programs): its last walk
 *     counts, as a finding said twice is said once.  Sites are told apart
 *     by where they are: calls that one macro expands at one place are one.
 *   - The analysis runs once, on the facts of every unit, on one thread,
 *     after the parse: -j (the parse's threads) and the cache (which keeps
 *     facts, not findings) change nothing of what it counts.
 *   - Off (no --stats), df_reach_call returns at its first test.
 */
#include "flow.h"

#include <stdint.h>
#include <stdlib.h>

enum { HOST, DEVICE, UNKNOWN };         /* an argument's outcome; UNKNOWN + dc_why */

typedef struct {
    dc_loc at;                          /* the call's */
    int arg;                            /* -1: the call itself */
    int order;                          /* when it was counted: the last one stands */
    int outcome;
} sighting;

static struct {
    bool on;
    sighting *v;
    int n, cap;
} seen;

/* The words of each reason, in dc_why's order. */
static const char *const why_names[DC_WHY_COUNT] = {
    [DC_WHY_UNTRACKED] = "untracked",
    [DC_WHY_PARAMETER] = "parameter",
    [DC_WHY_FIELD] = "field",
    [DC_WHY_EITHER] = "host-or-device",
    [DC_WHY_PARTLY] = "partly-unknown",
    [DC_WHY_NO_BODY] = "no-body",
    [DC_WHY_PARSE_ERROR] = "parse-error",
    [DC_WHY_DEPTH] = "depth-limit",
    [DC_WHY_TEMPLATE] = "template",
    [DC_WHY_POINTER_CALL] = "function-pointer",
    [DC_WHY_LAMBDA] = "lambda-parameter",
    [DC_WHY_MODEL_SILENT] = "model-silent",
    [DC_WHY_MIXED] = "mixed",
};

void dc_reach_start(bool on)
{
    seen.on = on;
    seen.n = 0;
}

static void sight(dc_loc at, int arg, int outcome)
{
    GROW(seen.v, seen.n, seen.cap, 256, dc_realloc);
    seen.v[seen.n] = (sighting){ at, arg, seen.n, outcome };
    seen.n++;
}

/* Whether an argument points to memory: a pointer or an array, but not
   to a function, nor to a struct whose fields are unknown here (a
   library's handle: cudaStream_t, cublasHandle_t, FILE in some libcs). */
static bool points_to_memory(fnode c)
{
    ftype t = ft_canonical(fx_type(c));
    enum CXTypeKind k = ft_kind(t);
    if (k == CXType_ConstantArray || k == CXType_IncompleteArray || k == CXType_VariableArray)
        return true;
    if (k != CXType_Pointer)
        return false;
    ftype to = ft_canonical(ft_pointee(t));
    enum CXTypeKind pk = ft_kind(to);
    return pk != CXType_FunctionProto && pk != CXType_FunctionNoProto &&
           (pk != CXType_Record || ft_nfields(to) > 0);
}

/* Why a place is neither host nor device memory on every path. */
static dc_why place_why(const dc_place *p)
{
    bool host = false, device = false, unknown = false;
    for (int i = 0; i < p->n; i++) {
        const dc_atom *a = &p->a[i];
        if (a->kind == AT_PARAM || a->kind == AT_INPUT)
            return DC_WHY_PARAMETER;
        if (a->kind == AT_FIELD)
            return DC_WHY_FIELD;
        dc_place one = { 1, { *a } };
        host |= dc_place_is_host(&one);
        device |= dc_place_is_device(&one);
        unknown |= a->kind == AT_UNKNOWN;
    }
    return unknown ? DC_WHY_PARTLY : host && device ? DC_WHY_EITHER : DC_WHY_UNTRACKED;
}

static int outcome_of(const df_value *v)
{
    if (df_value_is_memory(v) && dc_place_is_host(&v->where))
        return HOST;
    if (df_value_is_memory(v) && dc_place_is_device(&v->where))
        return DEVICE;
    return UNKNOWN + (int)(v->where.n ? place_why(&v->where) : df_value_why(v));
}

void df_reach_call(const df_unit *u, const df_arguments *a)
{
    if (!seen.on || !u->said)
        return;
    sight(a->at, -1, 0);
    for (int i = 0; i < a->n; i++)
        if (a->v[i].kind != V_NULL && points_to_memory(a->c[i]))
            sight(a->at, i, outcome_of(&a->v[i]));
}

/* By place and argument, each one's sightings in the order made. */
static int by_site(const void *pa, const void *pb)
{
    const sighting *a = pa, *b = pb;
    uintptr_t fa = (uintptr_t)a->at.file, fb = (uintptr_t)b->at.file;   /* interned */
    if (fa != fb)
        return fa < fb ? -1 : 1;
    if (a->at.line != b->at.line)
        return a->at.line < b->at.line ? -1 : 1;
    if (a->at.column != b->at.column)
        return a->at.column < b->at.column ? -1 : 1;
    if (a->arg != b->arg)
        return a->arg < b->arg ? -1 : 1;
    return (a->order > b->order) - (a->order < b->order);
}

static bool same_site(const sighting *a, const sighting *b)
{
    return a->at.file == b->at.file && a->at.line == b->at.line &&
           a->at.column == b->at.column && a->arg == b->arg;
}

void dc_reach_finish(dc_reach *out)
{
    if (seen.n)                         /* none: no list to sort (qsort wants one) */
        qsort(seen.v, (size_t)seen.n, sizeof *seen.v, by_site);
    for (int i = 0; i < seen.n; i++) {
        const sighting *s = &seen.v[i];
        if (i + 1 < seen.n && same_site(s, s + 1))
            continue;                   /* a later walk's stands */
        if (s->arg < 0)
            out->sites++;
        else if (s->outcome == HOST)
            out->host++;
        else if (s->outcome == DEVICE)
            out->device++;
        else
            out->why[s->outcome - UNKNOWN]++;
    }
    out->unknown = 0;
    for (int w = 0; w < DC_WHY_COUNT; w++)
        out->unknown += out->why[w];
    free(seen.v);
    seen.v = NULL;
    seen.n = seen.cap = 0;
    seen.on = false;
}

/* ---- the table --------------------------------------------------------------- */

static void row(FILE *out, int indent, const char *what, long n)
{
    fprintf(out, "  %*s%-*s %8ld\n", indent, "", 30 - indent, what, n);
}

void dc_print_reach(FILE *out, const dc_reach *r)
{
    fputs("devcheck: reach\n", out);
    row(out, 0, "files", r->files);
    row(out, 2, "not analyzed", r->left_out);
    row(out, 0, "unread by errors", r->unread);
    row(out, 0, "modelled call sites", r->sites);
    row(out, 0, "pointer arguments", r->host + r->device + r->unknown);
    row(out, 2, "host", r->host);
    row(out, 2, "device", r->device);
    row(out, 2, "unknown", r->unknown);
    for (int w = 0; w < DC_WHY_COUNT; w++)
        if (r->why[w])
            row(out, 4, why_names[w], r->why[w]);
}
