/*
 * A copy onto itself: a kind that crosses host and device (HostToDevice,
 * DeviceToHost) whose destination and source are the same memory.  One
 * side is the wrong buffer whatever the memory's space, so the spaces
 * need not be known (GPUMD's GPU_Vector keeps device or managed memory,
 * by a parameter's choice, and `v.copy_to_host(v.data())` copied it onto
 * itself where the host mirror was meant).
 *
 * The memory a side names is a path (df_walk_path's): a variable, or a member
 * of an object ("s->buf", "v.data_"), the same offset; a call of a getter
 * is the path its summary returns ("this->data_" of `data()`) made the
 * caller's ("v.data_").  A copy in a helper between memory its caller
 * can name (its parameters as they were bound, members of `this` or of a
 * parameter's object that it did not set) is kept in its summary and
 * checked at each call, with the call's arguments.  Other offsets (`p`
 * and `p + n`), elements (`a[i]`), and a kind of DeviceToDevice,
 * HostToHost or Default say nothing.
 */
#include "flow.h"

#include <string.h>

/* Where a call's callee names its memory: its arguments' cursors, its
   object (as df_walk_target's), its parameters' names. */
typedef struct {
    df_unit *u;
    df_env *e;
    fnode args[MAX_PARAMS];
    int nargs;
    int object;
    fnode object_cursor;
    const int *names;
    int nparams;
} site;

/* How a side's memory was found: the getter that returned it, if one did. */
typedef struct {
    dc_loc at;
    const char *getter;
    fnode call;                         /* the getter's call */
    fnode from;                         /* the expression it came from, innermost */
} origin;

static int memory_path(df_unit *u, df_env *e, fnode c, origin *o);

/* The member `rest` ("->x", ".x") of the object at target ("*p", "v"). */
static int member_join(int target, const char *rest)
{
    const char *t = df_path_text(target), *m = rest + (*rest == '.' ? 1 : 2);
    return *t == '*' ? df_path_format("%s->%s", t + 1, m) : df_path_format("%s.%s", t, m);
}

/* The length of the root `name` that path starts with, followed by its
   end or a member; 0 when it does not. */
static size_t root_length(const char *path, const char *name)
{
    size_t n = strlen(name);
    return strncmp(path, name, n) == 0 &&
                   (!path[n] || path[n] == '.' || strncmp(path + n, "->", 2) == 0)
               ? n
               : 0;
}

/* The object an argument is: what a pointer points to, else itself. */
static int object_of(df_unit *u, df_env *e, fnode arg)
{
    bool pointer = ft_kind(ft_canonical(fx_type(df_cursor_bare(arg)))) == CXType_Pointer;
    return pointer ? df_walk_target(u, e, arg) : df_walk_path(u, e, arg);
}

/* A callee's path as the caller at s names it, or 0. */
static int translate(const site *s, int path, origin *o)
{
    const char *t = df_path_text(path);
    if (strncmp(t, "this->", 6) == 0) {
        o->from = s->object_cursor;
        return s->object ? member_join(s->object, t + 4) : 0;
    }
    for (int i = 0; i < s->nparams && i < s->nargs; i++) {
        size_t n = root_length(t, df_path_text(s->names[i]));
        if (!n)
            continue;
        if (fx_is_null(s->args[i]))     /* a default argument's */
            return 0;
        o->from = s->args[i];
        if (!t[n])
            return memory_path(s->u, s->e, s->args[i], o);
        int target = object_of(s->u, s->e, s->args[i]);
        return target ? member_join(target, t + n) : 0;
    }
    return 0;
}

/* The path a getter call returns, made the caller's. */
static int returned_path(df_unit *u, df_env *e, fnode call, origin *o)
{
    fnode callee = fx_referenced(call);
    const df_summary *sum = df_cursor_is_function(callee) ? df_program_summary(u->prog, callee) : NULL;
    dc_loc at;
    int path = sum ? df_summary_result_path(sum, &at) : 0;
    if (!path)
        return 0;
    site s = { .u = u, .e = e, .object = df_call_object_target(u, e, call, callee),
               .object_cursor = df_call_object(call, callee) };
    s.names = df_summary_param_names(sum, &s.nparams);
    for (s.nargs = 0; s.nargs < s.nparams; s.nargs++)
        s.args[s.nargs] = df_call_argument(call, s.nargs);
    int p = translate(&s, path, o);
    if (p && !o->getter) {
        o->at = at;
        o->getter = fx_spelling(callee);
        o->call = call;
    }
    return p;
}

/* The memory expression c names, as a path, or 0 (an offset, an element,
   an address). */
static int memory_path(df_unit *u, df_env *e, fnode c, origin *o)
{
    c = df_cursor_bare(c);
    o->from = c;
    if (fx_kind(c) == CXCursor_CallExpr)
        return returned_path(u, e, c, o);
    int p = df_walk_path(u, e, c);
    return p && !strstr(df_path_text(p), "[]") ? p : 0;
}

/* Whether the function being walked can hand path to its caller: a
   parameter still bound to what the call gave, or a member of `this` or
   of a parameter's object that the walk has not set. */
static bool rooted(df_unit *u, df_env *e, int path)
{
    int nparams = 0;
    const int *names = u->self ? df_summary_param_names(u->self, &nparams) : NULL;
    const char *t = df_path_text(path);
    if (strncmp(t, "this->", 6) == 0)
        return !df_env_find(e, path);
    for (int i = 0; i < nparams; i++) {
        size_t n = root_length(t, df_path_text(names[i]));
        const df_value *v = n ? df_env_find(e, names[i]) : NULL;
        if (!n)
            continue;
        bool bound = !v || (v->kind == V_MEMORY && dc_place_param(&v->where) == i) ||
                     (v->kind == V_ADDR && v->path == df_path_join("*", df_path_text(names[i])));
        return bound && (!t[n] || !df_env_find(e, path));
    }
    return false;
}

/* ---- the host mirror ------------------------------------------------------------------ */

/* A device buffer's name and its host mirror's: a prefix swapped, or a
   host prefix added. */
static const struct {
    const char *device, *host;
} mirrors[] = {
    { "d_", "h_" }, { "gpu_", "cpu_" }, { "dev_", "host_" }, { "device_", "host_" },
    { "", "cpu_" }, { "", "h_" }, { "", "host_" },
};

/* The field of record type t named name, or a null cursor. */
static fnode field_named(ftype t, const char *name)
{
    for (int i = 0; i < ft_nfields(t); i++)
        if (strcmp(fx_spelling(ft_field(t, i)), name) == 0)
            return ft_field(t, i);
    return fx_null();
}

/* The host mirror of the member c names (`s->buf`, the object of
   `v.data()`): a field beside it named for the host, as the copy's
   host side would write it ("s->h_buf", "atom.cpu_x.data()"). */
static bool host_mirror(fnode c, char *buf, size_t n)
{
    c = df_cursor_bare(c);
    if (fx_kind(c) == CXCursor_CallExpr)
        c = df_cursor_bare(df_call_object(c, fx_referenced(c)));
    df_children ch = df_cursor_children(c);
    if (fx_kind(c) != CXCursor_MemberRefExpr || ch.n != 1)
        return false;
    ftype base = ft_canonical(ft_non_reference(fx_type(df_cursor_bare(ch.v[0]))));
    bool arrow = ft_kind(base) == CXType_Pointer;
    const char *name = fx_spelling(c);
    for (size_t i = 0; i < sizeof mirrors / sizeof *mirrors; i++) {
        size_t k = strlen(mirrors[i].device);
        char host[128];
        if (strncmp(name, mirrors[i].device, k) != 0)
            continue;
        snprintf(host, sizeof host, "%s%s", mirrors[i].host, name + k);
        fnode f = field_named(ft_canonical(arrow ? ft_pointee(base) : base), host);
        if (fx_is_null(f))
            continue;
        bool pointer = ft_kind(ft_canonical(fx_type(f))) == CXType_Pointer;
        snprintf(buf, n, "%s%s%s%s", fx_text(df_cursor_bare(ch.v[0])), arrow ? "->" : ".", host,
                 pointer ? "" : ".data()");
        return true;
    }
    return false;
}

/* ---- the checks ------------------------------------------------------------------------- */

static void report(df_unit *u, dc_loc at, int kind, const char *op, int memory, const origin o[2],
                   const df_same_copy *inner)
{
    dc_same_memory m = { .memory = df_path_text(memory) };
    char mirror[160];
    fnode host = o[kind == 2 ? 0 : 1].from;
    m.mirror = !fx_is_null(host) && host_mirror(host, mirror, sizeof mirror) ? mirror : NULL;
    for (int i = 0; i < 2; i++) {
        m.getter_at[i] = o[i].getter ? o[i].at : (dc_loc){ 0 };
        m.getter[i] = o[i].getter;
        m.calls[i] = o[i].getter ? fx_text(o[i].call) : NULL;
    }
    if (inner) {
        m.copy_at = inner->at;
        m.copy_names[0] = df_path_text(inner->names[0]);
        m.copy_names[1] = df_path_text(inner->names[1]);
    }
    dc_report_same_memory(u->out, at, kind, op, &m);
}

/* sides: the memory paths of copy c's destination and source, at the
   copy or at a call of the helper that makes it (inner): the same memory
   is the finding; else, where both are the caller's to name, its summary
   keeps the copy. */
static void judge(df_unit *u, df_env *e, const int sides[2], const origin o[2], const df_same_copy *c,
                  dc_loc at, const char *op, bool inner)
{
    if (!sides[0] || !sides[1])
        return;
    if (sides[0] == sides[1]) {
        report(u, at, c->kind, op, sides[0], o, inner ? c : NULL);
    } else if (rooted(u, e, sides[0]) && rooted(u, e, sides[1])) {
        df_same_copy kept = *c;
        kept.sides[0] = sides[0], kept.sides[1] = sides[1];
        df_summary_same_copy(u, &kept);
    }
}

void df_samebuf_copy(df_unit *u, df_env *e, fnode dst, fnode src, unsigned kinds, const char *op,
                  dc_loc at)
{
    if (kinds != (unsigned)KIND_BIT(1) && kinds != (unsigned)KIND_BIT(2))
        return;
    origin o[2] = { { .from = fx_null() }, { .from = fx_null() } };
    int sides[2] = { memory_path(u, e, dst, &o[0]), memory_path(u, e, src, &o[1]) };
    if (!sides[0] || !sides[1])
        return;
    df_same_copy c = { .at = at, .kind = (signed char)(kinds == (unsigned)KIND_BIT(1) ? 1 : 2),
                    .names = { df_path_intern(fx_text(df_cursor_bare(dst))),
                               df_path_intern(fx_text(df_cursor_bare(src))) } };
    judge(u, e, sides, o, &c, at, op, false);
}

void df_samebuf_call(df_unit *u, df_env *e, const df_arguments *a, const df_summary *callee, const char *name)
{
    int n = 0;
    const df_same_copy *c = df_summary_same_copies(callee, &n);
    if (!n)
        return;
    fnode fn = fx_is_null(a->call) ? fx_null() : fx_referenced(a->call);
    site s = { .u = u, .e = e, .object = a->object,
               .object_cursor = fx_is_null(fn) ? fx_null() : df_call_object(a->call, fn) };
    s.names = df_summary_param_names(callee, &s.nparams);
    s.nargs = a->n < MAX_PARAMS ? a->n : MAX_PARAMS;
    memcpy(s.args, a->c, sizeof(fnode) * (size_t)s.nargs);
    for (int i = 0; i < n; i++) {
        origin o[2] = { { .from = fx_null() }, { .from = fx_null() } };
        int sides[2] = { translate(&s, c[i].sides[0], &o[0]), translate(&s, c[i].sides[1], &o[1]) };
        judge(u, e, sides, o, &c[i], a->at, name, true);
    }
}

void df_samebuf_returned(df_unit *u, df_env *e, fnode ret)
{
    if (!u->self || u->nlambdas)
        return;
    origin o = { .from = fx_null() };
    int p = memory_path(u, e, ret, &o);
    df_summary_same_result(u, p && rooted(u, e, p) ? p : 0, df_cursor_loc(ret));
}
