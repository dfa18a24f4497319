/*
 * The dataflow: each function body, statement by statement, in source
 * order, with an environment that says where every tensor, module, list,
 * device and pointer value is (analysis.h's places) and where it got there.
 *
 *   - Branches are analyzed apart and joined: a value that is moved on one
 *     path and not on the other may be on either.  Loops run to a fixed
 *     point (a few rounds).  A return or a goto ends a path.
 *   - Values live under access paths: "x", "st->weight", "*out" (what a
 *     pointer parameter points to), and objects (a module's registered
 *     tensors, a list's elements) under "#N...", so they are copied and
 *     joined with the rest.
 *   - Calls do what the API model says (model.c); a call to a function
 *     defined in the file is analyzed in place with its arguments (a few
 *     levels deep), so helpers that move or create tensors are followed.
 *   - A custom forward function (one a module is built with, or any
 *     `dt_tensor *f(dt_module *, dt_tensor *)`) is analyzed with its input
 *     on a device of its own, "the input's device".
 *   - Unknown stays quiet: a value from somewhere the model does not know
 *     is unknown, and a finding needs a known place on both sides.
 */
#include "analysis.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 3
#define LOOP_ROUNDS 3
#define PATH 96

/* ---- values ------------------------------------------------------------ */

typedef enum { DT_UNKNOWN_TYPE, DT_F32_TYPE, DT_F64_TYPE, DT_I64_TYPE } dtype;
static const char *const dtype_names[] = { "?", "float32", "float64", "int64" };

typedef enum {
    V_NONE,     /* unknown */
    V_TENSOR, V_MODULE, V_LIST,         /* obj: the module's or list's number */
    V_DEVICE,   /* a dt_device value */
    V_MEMORY,   /* raw memory: where it lives */
    V_ADDR,     /* &path */
    V_ADDRS,    /* an array of addresses (a kernel's argument list): paths */
    V_NULL,     /* a null pointer: on no device, so it joins as nothing */
} vkind;

typedef struct {
    unsigned char kind, dtype;
    short obj;
    dc_place where;
    dc_loc dtype_origin;
    char path[PATH];                    /* V_ADDR: the path; V_MODULE: its state's;
                                           V_TENSOR: what it was moved from */
} value;

/* ---- the environment --------------------------------------------------------- */

typedef struct {
    char path[PATH];
    value v;
} binding;

typedef struct {
    binding *b;
    int n, cap;
    bool dead;                          /* the path ended (return, goto) */
} env;

static value unknown(void)
{
    value v;
    memset(&v, 0, sizeof v);
    v.obj = -1;
    return v;
}

static binding *lookup(env *e, const char *path)
{
    for (int i = e->n - 1; i >= 0; i--)
        if (strcmp(e->b[i].path, path) == 0)
            return &e->b[i];
    return NULL;
}

static value get(env *e, const char *path)
{
    binding *b = path && *path ? lookup(e, path) : NULL;
    return b ? b->v : unknown();
}

static void set(env *e, const char *path, value v)
{
    if (!path || !*path)
        return;
    binding *b = lookup(e, path);
    if (!b) {
        if (e->n == e->cap) {
            int cap = e->cap ? e->cap * 2 : 32;
            binding *grown = realloc(e->b, (size_t)cap * sizeof *grown);
            if (!grown)
                return;
            e->b = grown;
            e->cap = cap;
        }
        b = &e->b[e->n++];
        snprintf(b->path, sizeof b->path, "%s", path);
    }
    b->v = v;
}

static env copy_env(const env *e)
{
    env c = { NULL, e->n, e->n, e->dead };
    if (e->n) {
        c.b = malloc((size_t)e->n * sizeof *c.b);
        if (c.b)
            memcpy(c.b, e->b, (size_t)e->n * sizeof *c.b);
        else
            c.n = c.cap = 0;
    }
    return c;
}

static void free_env(env *e)
{
    free(e->b);
    *e = (env){ 0 };
}

/* b = a, for structs: every path under a now has a twin under b. */
static void copy_members(env *e, const char *from, const char *to)
{
    size_t len = strlen(from);
    if (!len || !*to)
        return;
    for (int i = 0, n = e->n; i < n; i++) {
        const char *rest = e->b[i].path + len;
        if (strncmp(e->b[i].path, from, len) != 0 || (*rest != '.' && strncmp(rest, "->", 2)))
            continue;
        char twin[PATH];
        snprintf(twin, sizeof twin, "%.40s%.50s", to, rest);
        value v = e->b[i].v;
        set(e, twin, v);
    }
}

/* ---- places ------------------------------------------------------------------- */

static dc_place place_of(atom_kind kind, int index, dc_loc origin, const char *how)
{
    dc_place p = { 1, { { (unsigned char)kind, (signed char)index, -1, origin, how } } };
    return p;
}

static bool same_atom(const dc_atom *a, const dc_atom *b)
{
    return a->kind == b->kind && a->index == b->index && a->name == b->name;
}

static void add_atom(dc_place *p, const dc_atom *a)
{
    for (int i = 0; i < p->n; i++)
        if (same_atom(&p->a[i], a))
            return;
    if (p->n < DC_ATOMS)
        p->a[p->n++] = *a;
    else
        p->a[DC_ATOMS - 1] = (dc_atom){ AT_UNKNOWN, 0, -1, { 0 }, NULL };
}

static dc_place join_places(const dc_place *a, const dc_place *b)
{
    dc_place j = *a;
    for (int i = 0; i < b->n; i++)
        add_atom(&j, &b->a[i]);
    return j;
}

static bool same_place(const dc_place *a, const dc_place *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++) {
        bool found = false;
        for (int j = 0; j < b->n && !found; j++)
            found = same_atom(&a->a[i], &b->a[j]);
        if (!found)
            return false;
    }
    return true;
}

/* Everything here moved (or created) at one place: the new origin. */
static dc_place relocated(const dc_place *p, dc_loc origin, const char *how)
{
    dc_place r = *p;
    for (int i = 0; i < r.n; i++) {
        r.a[i].origin = origin;
        r.a[i].how = how;
    }
    return r;
}

/* ---- the unit's analysis -------------------------------------------------------- */

typedef struct {
    dc_model *model;
    dc_findings *out;
    CXTranslationUnit tu;
    int objects;                        /* module and list numbers handed out */
    int depth;
    CXCursor active[MAX_DEPTH + 1];     /* functions being analyzed, innermost last */
    value returned;
    bool has_return;
    env *breaks;                        /* where a break goes: the end of the loop or switch */
    char returned_path[PATH];           /* what the last return returned, when a path */
    int returns;                        /* numbers for what callees return */
} unit;

static void statement(unit *u, env *e, CXCursor c);
static value expression(unit *u, env *e, CXCursor c);
static value named_if_chosen(const char *var, value v);

/* ---- cursors ---------------------------------------------------------------------- */

/* The first children of a cursor: enough for every expression and
   statement but a block, which is walked with a visitor of its own. */
typedef struct {
    CXCursor v[64];
    int n;
} children;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
    children *k = data;
    (void)parent;
    if (k->n < 64)
        k->v[k->n++] = c;
    return CXChildVisit_Continue;
}

static children children_of(CXCursor c)
{
    children k = { .n = 0 };
    clang_visitChildren(c, collect, &k);
    return k;
}

static dc_loc loc_of_location(CXSourceLocation where)
{
    CXFile file;
    unsigned line, column;
    clang_getExpansionLocation(where, &file, &line, &column, NULL);
    CXString name = clang_getFileName(file);
    dc_loc loc = dc_loc_make(clang_getCString(name), line, column);
    clang_disposeString(name);
    return loc;
}

static dc_loc loc_of(CXCursor c)
{
    return loc_of_location(clang_getCursorLocation(c));
}

/* Strips parentheses and casts. */
static CXCursor bare(CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr &&
            k != CXCursor_UnexposedExpr)
            return c;
        children ch = children_of(c);
        if (ch.n == 0)
            return c;
        c = ch.v[ch.n - 1];
    }
}

/* The source text of an expression, shortened: for messages. */
static void text_of(unit *u, CXCursor c, char *buf, size_t n)
{
    CXToken *tokens;
    unsigned count;
    size_t used = 0;
    buf[0] = 0;
    clang_tokenize(u->tu, clang_getCursorExtent(c), &tokens, &count);
    for (unsigned i = 0; i < count && used + 1 < n; i++) {
        CXString s = clang_getTokenSpelling(u->tu, tokens[i]);
        const char *t = clang_getCString(s);
        bool glue = used == 0 || strchr("(),[.", *t) || buf[used - 1] == '(' ||
                    buf[used - 1] == '[' || buf[used - 1] == '.' ||
                    (used > 1 && buf[used - 1] == '>' && buf[used - 2] == '-') ||
                    strcmp(t, "->") == 0;
        int k = snprintf(buf + used, n - used, "%s%s", glue ? "" : " ", t);
        if (k > 0)
            used = used + (size_t)k < n ? used + (size_t)k : n - 1;
        if (*t == ',' && used + 1 < n)
            buf[used++] = ' ', buf[used] = 0;
        clang_disposeString(s);
    }
    clang_disposeTokens(u->tu, tokens, count);
    if (used > 48)
        snprintf(buf + 45, n - 45, "...");
}

static void spelling(CXCursor c, char *buf, size_t n)
{
    CXString s = clang_getCursorSpelling(c);
    snprintf(buf, n, "%s", clang_getCString(s));
    clang_disposeString(s);
}

/* The access path of an lvalue expression ("x", "st->weight", "*p"), or ""
   when it has none. */
static void path_of(unit *u, env *e, CXCursor c, char *buf, size_t n)
{
    c = bare(c);
    buf[0] = 0;
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr:
        spelling(c, buf, n);
        return;
    case CXCursor_MemberRefExpr: {
        children ch = children_of(c);
        char base[PATH], member[PATH];
        if (ch.n == 0)
            return;
        path_of(u, e, ch.v[0], base, sizeof base);
        spelling(c, member, sizeof member);
        CXType t = clang_getCursorType(bare(ch.v[0]));
        if (*base)
            snprintf(buf, n, "%.40s%s%.40s", base, t.kind == CXType_Pointer ? "->" : ".", member);
        return;
    }
    case CXCursor_UnaryOperator: {
        children ch = children_of(c);
        char inner[PATH];
        if (ch.n == 1 && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref) {
            path_of(u, e, ch.v[0], inner, sizeof inner);
            value p = get(e, inner);
            if (p.kind == V_ADDR)
                snprintf(buf, n, "%s", p.path);
            else if (*inner)
                snprintf(buf, n, "*%.*s", PATH - 2, inner);
        }
        return;
    }
    default:
        return;
    }
}

/* Where a pointer argument points: `&x` is x, a pointer p is what p holds
   (or "*p"). */
static void target_of(unit *u, env *e, CXCursor c, char *buf, size_t n)
{
    c = bare(c);
    buf[0] = 0;
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
        children ch = children_of(c);
        if (ch.n == 1)
            path_of(u, e, ch.v[0], buf, n);
        return;
    }
    char p[PATH];
    path_of(u, e, c, p, sizeof p);
    value v = get(e, p);
    if (v.kind == V_ADDR)
        snprintf(buf, n, "%s", v.path);
    else if (*p)
        snprintf(buf, n, "*%.*s", PATH - 2, p);
}

/* ---- joins ---------------------------------------------------------------------------- */

static value join_values(const value *a, const value *b)
{
    if (a->kind == V_NULL || b->kind == V_NULL)
        return a->kind == V_NULL ? *b : *a;
    if (a->kind != b->kind)
        return unknown();
    value j = *a;
    if (a->kind == V_TENSOR || a->kind == V_MODULE || a->kind == V_LIST ||
        a->kind == V_DEVICE || a->kind == V_MEMORY)
        j.where = join_places(&a->where, &b->where);
    if (a->dtype != b->dtype)
        j.dtype = DT_UNKNOWN_TYPE;
    if (a->obj != b->obj)
        j.obj = -1;
    if (a->kind == V_ADDR && strcmp(a->path, b->path) != 0)
        return unknown();
    return j;
}

static bool same_value(const value *a, const value *b)
{
    return a->kind == b->kind && a->dtype == b->dtype && a->obj == b->obj &&
           same_place(&a->where, &b->where) && strcmp(a->path, b->path) == 0;
}

/* a := a joined with b; whether a changed. */
static bool join_into(env *a, const env *b)
{
    bool changed = false;
    if (b->dead)
        return false;
    if (a->dead) {
        free_env(a);
        *a = copy_env(b);
        return true;
    }
    for (int i = 0; i < b->n; i++) {
        binding *mine = lookup(a, b->b[i].path);
        if (!mine) {
            set(a, b->b[i].path, b->b[i].v);
            changed = true;
        } else if (!same_value(&mine->v, &b->b[i].v)) {
            value j = join_values(&mine->v, &b->b[i].v);
            if (b->b[i].path[0] != '#')
                j = named_if_chosen(b->b[i].path, j);   /* a device set by branches */
            changed = changed || !same_value(&mine->v, &j);
            mine->v = j;
        }
    }
    return changed;
}

/* ---- objects: modules and lists ------------------------------------------------------- */

static void object_path(int obj, const char *part, char *buf, size_t n)
{
    snprintf(buf, n, "#%d%.*s", obj, PATH - 12, part);
}

static value new_object(unit *u, env *e, vkind kind, dc_place where)
{
    value v = unknown();
    char path[PATH];
    v.kind = (unsigned char)kind;
    v.obj = (short)u->objects++;
    v.where = where;
    v.dtype = kind == V_MODULE ? DT_F32_TYPE : DT_UNKNOWN_TYPE;
    object_path(v.obj, "", path, sizeof path);
    set(e, path, v);
    return v;
}

/* The current state of an object value (modules move in place); a
   module's tensor (obj set) is where its module is. */
static value current(env *e, const value *v)
{
    char path[PATH];
    if (v->obj < 0 || (v->kind != V_MODULE && v->kind != V_LIST && v->kind != V_TENSOR))
        return *v;
    object_path(v->obj, "", path, sizeof path);
    binding *b = lookup(e, path);
    if (!b)
        return *v;
    if (v->kind != V_TENSOR)
        return b->v;
    value t = *v;
    if (b->v.where.n)
        t.where = b->v.where;
    return t;
}

static void update_object(env *e, const value *v)
{
    char path[PATH];
    if (v->obj < 0)
        return;
    object_path(v->obj, "", path, sizeof path);
    set(e, path, *v);
}

/* ---- arguments -------------------------------------------------------------------------- */

/* A call's arguments: cursors, values, and their source text, which only
   a message needs, made when one asks (tokenizing is not free). */
typedef struct {
    unit *u;
    int n;
    CXCursor c[16];
    value v[16];
    char text[16][64];
} arguments;

static void evaluate_arguments(unit *u, env *e, CXCursor call, arguments *args)
{
    int n = clang_Cursor_getNumArguments(call);
    args->u = u;
    args->n = n < 0 ? 0 : n > 16 ? 16 : n;
    for (int i = 0; i < args->n; i++) {
        args->c[i] = clang_Cursor_getArgument(call, (unsigned)i);
        args->v[i] = expression(u, e, args->c[i]);
        args->text[i][0] = 0;
    }
}

static const value *argument(arguments *a, int i)
{
    static value none;
    none = unknown();
    return i >= 0 && i < a->n ? &a->v[i] : &none;
}

static const char *argument_text(arguments *a, int i)
{
    if (i < 0 || i >= a->n)
        return "?";
    char *text = a->text[i];
    if (!*text)
        text_of(a->u, bare(a->c[i]), text, sizeof a->text[i]);
    return text;
}

static dc_operand operand(arguments *a, int i, const value *v)
{
    return (dc_operand){ argument_text(a, i), &v->where, v->kind == V_MODULE };
}

/* The name of the callee, for messages. */
static void callee_name(CXCursor callee, char *buf, size_t n)
{
    spelling(callee, buf, n);
    size_t len = strlen(buf);
    if (len > 3 && strcmp(buf + len - 3, "_at") == 0)
        buf[len - 3] = 0;               /* devtensor's macros call NAME_at */
}

/* ---- devices as values ---------------------------------------------------------------------- */

/* Device variables: `dev = avail ? dt_cuda(0) : dt_cpu()` makes 'dev' a
   device of its own, whose definition the messages spell out. */
typedef struct {
    char name[64];
    dc_place definition;
} named_device;

static named_device named[256];
static int nnamed;

const char *dc_device_name(short name)
{
    return name >= 0 && name < nnamed ? named[name].name : "?";
}

const dc_place *dc_device_definition(short name)
{
    static const dc_place none = { 0, { { 0 } } };
    return name >= 0 && name < nnamed ? &named[name].definition : &none;
}

static short name_device(const char *name, const dc_place *definition)
{
    for (int i = 0; i < nnamed; i++)
        if (strcmp(named[i].name, name) == 0 && same_place(&named[i].definition, definition))
            return (short)i;
    if (nnamed == (int)(sizeof named / sizeof *named))
        return -1;
    snprintf(named[nnamed].name, sizeof named[nnamed].name, "%s", name);
    named[nnamed].definition = *definition;
    return (short)nnamed++;
}

/* Storing a device chosen at run time into a variable names it. */
static value named_if_chosen(const char *var, value v)
{
    if (v.kind != V_DEVICE || v.where.n < 2)
        return v;
    for (int i = 0; i < v.where.n; i++)
        if (v.where.a[i].kind == AT_UNKNOWN || v.where.a[i].kind == AT_NAMED)
            return v;
    short id = name_device(var, &v.where);
    if (id < 0)
        return v;
    dc_loc origin = v.where.a[0].origin;
    v.where = place_of(AT_NAMED, 0, origin, "chosen at run time");
    v.where.a[0].name = id;
    return v;
}

/* An integer constant's value (a literal, an enum, a constant expression). */
static int literal_int(CXCursor c, int fallback)
{
    CXEvalResult r = clang_Cursor_Evaluate(bare(c));
    int v = fallback;
    if (r && clang_EvalResult_getKind(r) == CXEval_Int)
        v = (int)clang_EvalResult_getAsLongLong(r);
    if (r)
        clang_EvalResult_dispose(r);
    return v;
}

static dtype dtype_named(const char *word)
{
    if (strstr(word, "64"))
        return strstr(word, "f") || strstr(word, "F") ? DT_F64_TYPE : DT_I64_TYPE;
    return strstr(word, "32") ? DT_F32_TYPE : DT_UNKNOWN_TYPE;
}

/* ---- the rules' checks at calls ---------------------------------------------------------------- */

/* A variable holding `name` moved to where `other` is: what the user
   probably meant (xg = dt_to(x, dev); ... x ...). */
static const binding *moved_copy(env *e, const char *name, const dc_place *other)
{
    for (int i = e->n - 1; i >= 0; i--) {
        const binding *b = &e->b[i];
        if (b->v.kind == V_TENSOR && b->path[0] != '#' && strcmp(b->v.path, name) == 0 &&
            b->v.where.n && !dc_places_differ(&b->v.where, other))
            return b;
    }
    return NULL;
}

static void check_same_device(unit *u, env *e, const dc_effect *ef, arguments *a,
                              dc_loc at)
{
    value x = current(e, argument(a, ef->arg[0]));
    for (int i = 1; i < ef->nargs; i++) {
        value y = current(e, argument(a, ef->arg[i]));
        if (x.kind == V_NONE || y.kind == V_NONE || !x.where.n || !y.where.n ||
            !dc_places_differ(&x.where, &y.where))
            continue;
        const binding *moved = moved_copy(e, argument_text(a, ef->arg[0]), &y.where);
        if (!moved)
            moved = moved_copy(e, argument_text(a, ef->arg[i]), &x.where);
        dc_rule_device_mismatch(u->out, at, operand(a, ef->arg[0], &x),
                                operand(a, ef->arg[i], &y), moved ? moved->path : NULL,
                                moved ? moved->v.where.a[0].origin : (dc_loc){ 0 });
    }
}

static void check_same_dtype(unit *u, env *e, const dc_effect *ef, arguments *a,
                             dc_loc at)
{
    value x = current(e, argument(a, ef->arg[0]));
    for (int i = 1; i < ef->nargs; i++) {
        value y = current(e, argument(a, ef->arg[i]));
        if (x.dtype == DT_UNKNOWN_TYPE || y.dtype == DT_UNKNOWN_TYPE || x.dtype == y.dtype ||
            x.dtype == DT_I64_TYPE || y.dtype == DT_I64_TYPE)
            continue;
        dc_rule_dtype_mismatch(u->out, at, argument_text(a, ef->arg[0]),
                               dtype_names[x.dtype], x.dtype_origin,
                               argument_text(a, ef->arg[i]), dtype_names[y.dtype],
                               y.dtype_origin);
    }
}

/* A module's registered tensors are remembered by their paths, under
   "#N.reg.PATH", so that moving the module moves them. */
static void registration(const value *module, const char *path, char *buf, size_t n)
{
    char part[PATH];
    snprintf(part, sizeof part, ".reg.%.*s", PATH - 8, path);
    object_path(module->obj, part, buf, n);
}

static void move_registered(env *e, const value *module, const dc_place *to)
{
    char prefix[PATH];
    object_path(module->obj, ".reg.", prefix, sizeof prefix);
    size_t len = strlen(prefix);
    for (int i = 0; i < e->n; i++)
        if (strncmp(e->b[i].path, prefix, len) == 0) {
            binding *t = lookup(e, e->b[i].path + len);
            if (t && t->v.kind == V_TENSOR)
                t->v.where = *to;
        }
}

/* The tensors kept in a custom module's state (every path under it) that
   were not registered. */
static void check_unregistered(unit *u, env *e, const value *module, const char *mtext,
                               const value *device, const char *dtext, dc_loc at)
{
    size_t len = strlen(module->path);
    if (!len)
        return;
    for (int i = 0; i < e->n; i++) {
        const binding *b = &e->b[i];
        const char *rest = b->path + len;
        char reg[PATH];
        if (b->v.kind != V_TENSOR || strncmp(b->path, module->path, len) != 0 ||
            (strncmp(rest, "->", 2) != 0 && *rest != '.'))
            continue;
        registration(module, b->path, reg, sizeof reg);
        if (lookup(e, reg))
            continue;
        if (device->kind == V_DEVICE && dc_places_differ(&b->v.where, &device->where))
            dc_rule_unregistered(u->out, at, mtext, (dc_operand){ b->path, &b->v.where, false },
                                 dtext);
    }
}

static void check_memory(unit *u, arguments *a, int i, bool wants_device, dc_loc at,
                         const char *fn)
{
    const value *p = argument(a, i);
    if (p->kind != V_MEMORY)
        return;
    bool wrong = wants_device ? dc_place_is_host(&p->where) : dc_place_is_device(&p->where);
    if (wrong)
        dc_rule_memspace(u->out, at, fn, operand(a, i, p), wants_device);
}

static const char *const copy_kinds[] = {
    "cudaMemcpyHostToHost", "cudaMemcpyHostToDevice", "cudaMemcpyDeviceToHost",
    "cudaMemcpyDeviceToDevice",
};

static void check_memcpy(unit *u, arguments *a, const dc_effect *ef, dc_loc at)
{
    char kind[64];
    spelling(bare(a->c[ef->arg[2] < a->n ? ef->arg[2] : 0]), kind, sizeof kind);
    int k = -1;
    for (int i = 0; i < 4; i++)
        if (strcmp(kind, copy_kinds[i]) == 0)
            k = i;
    const value *dst = argument(a, ef->arg[0]), *src = argument(a, ef->arg[1]);
    if (k < 0 || dst->kind != V_MEMORY || src->kind != V_MEMORY)
        return;
    bool dst_dev = dc_place_is_device(&dst->where), dst_host = dc_place_is_host(&dst->where);
    bool src_dev = dc_place_is_device(&src->where), src_host = dc_place_is_host(&src->where);
    if (!(dst_dev || dst_host) || !(src_dev || src_host))
        return;
    bool want_dst_dev = k == 1 || k == 3, want_src_dev = k == 2 || k == 3;
    if (want_dst_dev == dst_dev && want_src_dev == src_dev)
        return;
    dc_rule_memcpy_direction(u->out, at, kind, operand(a, ef->arg[0], dst),
                             operand(a, ef->arg[1], src), copy_kinds[dst_dev * 1 + src_dev * 2]);
}

/* A kernel launch: each pointer parameter of the kernel (from its
   declaration) gets the memory of the matching argument address. */
static void check_launch(unit *u, env *e, arguments *a, const dc_effect *ef, dc_loc at)
{
    CXCursor kernel = clang_getCursorReferenced(bare(a->c[ef->arg[0] < a->n ? ef->arg[0] : 0]));
    const value *list = argument(a, ef->arg[1]);
    if (clang_getCursorKind(kernel) != CXCursor_FunctionDecl || list->kind != V_ADDRS)
        return;
    char name[64];
    spelling(kernel, name, sizeof name);
    int nparams = clang_Cursor_getNumArguments(kernel);
    const char *next = list->path;
    for (int i = 0; i < nparams && *next; i++) {
        char slot[PATH];
        const char *bar = strchr(next, '|');
        snprintf(slot, sizeof slot, "%.*s", bar ? (int)(bar - next) : (int)strlen(next), next);
        next = bar ? bar + 1 : "";
        CXType t = clang_getCursorType(clang_Cursor_getArgument(kernel, (unsigned)i));
        value v = get(e, slot);
        if (t.kind != CXType_Pointer || v.kind != V_MEMORY || !dc_place_is_host(&v.where))
            continue;
        char what[128];
        snprintf(what, sizeof what, "argument %d of kernel %s", i, name);
        dc_rule_memspace(u->out, at, what, (dc_operand){ slot, &v.where, false }, true);
    }
}

/* ---- effects --------------------------------------------------------------------------------------- */

typedef struct {
    unit *u;
    env *e;
    CXCursor callee;
    arguments *a;
    dc_loc at;
    char op[64];
    value result;
} call_state;

static value tensor_at(dc_place where)
{
    value v = unknown();
    v.kind = V_TENSOR;
    v.where = where;
    return v;
}

static value device_value(dc_place where)
{
    value v = unknown();
    v.kind = V_DEVICE;
    v.where = where;
    return v;
}

static value memory_at(dc_place where)
{
    value v = unknown();
    v.kind = V_MEMORY;
    v.where = where;
    return v;
}

static void store_through(call_state *s, int arg, value v)
{
    char target[PATH];
    if (arg >= s->a->n)
        return;
    target_of(s->u, s->e, s->a->c[arg], target, sizeof target);
    set(s->e, target, v);
}

static bool returns_module(CXCursor callee)
{
    CXString s = clang_getTypeSpelling(clang_getCursorResultType(callee));
    bool module = strstr(clang_getCString(s), "module") != NULL;
    clang_disposeString(s);
    return module;
}

/* A parent module's children, under "#P.child.I": moving it moves them. */
static void adopt(env *e, const value *parent, const value *child, int i)
{
    char part[32], path[PATH];
    snprintf(part, sizeof part, ".child.%d", i);
    object_path(parent->obj, part, path, sizeof path);
    set(e, path, *child);
}

/* dt_module_to: the module's registered tensors, its children's, and what
   its state keeps unregistered, which stays behind. */
static void move_module(call_state *s, value *m, const char *name, const value *to, int depth)
{
    char prefix[PATH];
    check_unregistered(s->u, s->e, m, name, to, argument_text(s->a, 1), s->at);
    if (m->where.n)
        m->where = relocated(&to->where, s->at, "moved to");
    update_object(s->e, m);
    dc_place there = relocated(&to->where, s->at, "moved to");
    move_registered(s->e, m, &there);
    object_path(m->obj, ".child.", prefix, sizeof prefix);
    size_t len = strlen(prefix);
    for (int i = 0; depth < 8 && i < s->e->n; i++)
        if (strncmp(s->e->b[i].path, prefix, len) == 0) {
            value child = current(s->e, &s->e->b[i].v);
            if (child.kind == V_MODULE && child.obj != m->obj)
                move_module(s, &child, name, to, depth + 1);
        }
}

static void effect(call_state *s, const dc_effect *ef)
{
    arguments *a = s->a;
    const value *x = argument(a, ef->arg[0]), *y = argument(a, ef->arg[1]);
    value cur;
    switch (ef->kind) {
    case EF_CREATES_CPU:
        if (returns_module(s->callee)) {
            s->result = new_object(s->u, s->e, V_MODULE, place_of(AT_CPU, 0, s->at, "created on"));
        } else {
            s->result = tensor_at(place_of(AT_CPU, 0, s->at, "created on"));
            s->result.dtype = DT_F32_TYPE;
            s->result.dtype_origin = s->at;
        }
        break;
    case EF_CREATES_ON:
        if (x->kind == V_DEVICE) {
            s->result = tensor_at(relocated(&x->where, s->at, "created on"));
            s->result.dtype = DT_F32_TYPE;
            s->result.dtype_origin = s->at;
        }
        break;
    case EF_CREATES_LIKE:
        cur = current(s->e, x);
        if (cur.kind == V_TENSOR || cur.kind == V_MODULE) {
            s->result = tensor_at(cur.where);
            s->result.dtype = cur.kind == V_TENSOR ? cur.dtype : DT_UNKNOWN_TYPE;
            s->result.dtype_origin = cur.dtype_origin;
        }
        break;
    case EF_DTYPE:
        s->result.dtype = (unsigned char)dtype_named(ef->word);
        s->result.dtype_origin = s->at;
        break;
    case EF_TRANSFER:
        if (y->kind == V_DEVICE && (x->kind == V_TENSOR || x->kind == V_LIST)) {
            s->result = x->kind == V_LIST
                ? new_object(s->u, s->e, V_LIST, relocated(&y->where, s->at, "moved to"))
                : *x;
            s->result.where = relocated(&y->where, s->at, "moved to");
            if (x->kind == V_TENSOR)
                s->result.obj = -1;     /* a copy: no longer its module's */
            snprintf(s->result.path, sizeof s->result.path, "%.*s", PATH - 1,
                     argument_text(a, ef->arg[0]));     /* moved from: for "did you mean" */
        }
        break;
    case EF_TRANSFER_DTYPE:
        if (x->kind == V_TENSOR) {
            s->result = *x;
            s->result.dtype = (unsigned char)dtype_named(argument_text(a, 1));
            s->result.dtype_origin = s->at;
        }
        break;
    case EF_PIN:
        if (x->kind == V_TENSOR)
            s->result = *x;
        break;
    case EF_MOVES:
        cur = current(s->e, x);
        if (y->kind != V_DEVICE || (cur.kind != V_MODULE && cur.kind != V_TENSOR))
            break;
        if (cur.kind == V_MODULE) {
            move_module(s, &cur, argument_text(a, ef->arg[0]), y, 0);
        } else {
            cur.where = relocated(&y->where, s->at, "moved to");
            store_through(s, ef->arg[0], cur);
        }
        break;
    case EF_SAME_DEVICE:
        check_same_device(s->u, s->e, ef, a, s->at);
        break;
    case EF_SAME_DTYPE:
        check_same_dtype(s->u, s->e, ef, a, s->at);
        break;
    case EF_DEVICE_OF:
        cur = current(s->e, x);
        if ((cur.kind == V_TENSOR || cur.kind == V_MODULE) && cur.where.n)
            s->result = device_value(cur.where);
        break;
    case EF_DEVICE_CPU:
        s->result = device_value(place_of(AT_CPU, 0, s->at, "the cpu"));
        break;
    case EF_DEVICE_CUDA: {
        int i = literal_int(a->c[ef->arg[0] < a->n ? ef->arg[0] : 0], -1);
        s->result = device_value(place_of(i >= 0 ? AT_CUDA : AT_GPU, i, s->at, "a GPU"));
        break;
    }
    case EF_DATA_OF:
        if (x->kind == V_TENSOR)
            s->result = memory_at(x->where);
        break;
    case EF_MODULE_STATE:
        break;                          /* its fields are unknown: quiet */
    case EF_MODULE_CUSTOM: {
        dc_place none = { 0, { { 0 } } };
        s->result = new_object(s->u, s->e, V_MODULE, none);
        s->result.dtype = DT_UNKNOWN_TYPE;
        char state[PATH];
        path_of(s->u, s->e, a->c[ef->arg[1] < a->n ? ef->arg[1] : 0], state, sizeof state);
        snprintf(s->result.path, sizeof s->result.path, "%s", state);
        update_object(s->e, &s->result);
        break;
    }
    case EF_MODULE_CHILDREN: {
        dc_place where = { 0, { { 0 } } };
        for (int i = 0; i < a->n; i++) {
            value child = current(s->e, &a->v[i]);
            if (child.kind == V_MODULE)
                where = join_places(&where, &child.where);
        }
        s->result = new_object(s->u, s->e, V_MODULE, where);
        for (int i = 0; i < a->n; i++)
            if (a->v[i].kind == V_MODULE)
                adopt(s->e, &s->result, &a->v[i], i);
        break;
    }
    case EF_REGISTER:
        cur = current(s->e, x);
        if (cur.kind == V_MODULE) {
            char path[PATH], reg[PATH];
            path_of(s->u, s->e, a->c[ef->arg[1] < a->n ? ef->arg[1] : 0], path, sizeof path);
            if (*path) {
                registration(&cur, path, reg, sizeof reg);
                set(s->e, reg, *y);
            }
            value t = current(s->e, y);
            if (t.kind == V_TENSOR || t.kind == V_MODULE)
                cur.where = cur.where.n ? join_places(&cur.where, &t.where) : t.where;
            else
                cur.where.n = 0;
            update_object(s->e, &cur);
        }
        break;
    case EF_PARAM_OF:                   /* it moves with its module */
        cur = current(s->e, x);
        if (cur.kind == V_MODULE && cur.where.n) {
            s->result = tensor_at(cur.where);
            s->result.obj = cur.obj;
            s->result.dtype = cur.dtype;
        }
        break;
    case EF_LIST_NEW: {
        dc_place none = { 0, { { 0 } } };
        s->result = new_object(s->u, s->e, V_LIST, none);
        break;
    }
    case EF_LIST_PUSH:
        if (x->kind == V_LIST && x->obj >= 0) {
            char path[PATH];
            value count;
            object_path(x->obj, ".n", path, sizeof path);
            count = get(s->e, path);
            int n = count.kind == V_NONE ? 0 : count.obj;
            char element[PATH];
            char part[16];
            snprintf(part, sizeof part, "[%d]", n);
            object_path(x->obj, part, element, sizeof element);
            set(s->e, element, *y);
            count = unknown();
            count.obj = (short)(n + 1);
            count.kind = V_DEVICE;      /* a number, kept in obj */
            set(s->e, path, count);
        }
        break;
    case EF_LIST_GET:
        if (x->kind == V_LIST && x->obj >= 0) {
            int i = literal_int(a->c[ef->arg[1] < a->n ? ef->arg[1] : 0], -1);
            char element[PATH], part[16];
            snprintf(part, sizeof part, i >= 0 ? "[%d]" : "[*]", i);
            object_path(x->obj, part, element, sizeof element);
            s->result = get(s->e, element);
            if (s->result.kind == V_NONE && x->where.n)
                s->result = tensor_at(x->where);    /* every element moved together */
        }
        break;
    case EF_SPLIT:
        if (x->kind == V_TENSOR)
            s->result = new_object(s->u, s->e, V_LIST, x->where);
        break;
    case EF_BATCHES:
        for (int i = 0; i < ef->nargs; i++) {
            value batch = tensor_at(place_of(AT_CPU, 0, s->at, "loaded as a batch onto"));
            batch.dtype = DT_UNKNOWN_TYPE;
            store_through(s, ef->arg[i], batch);
        }
        break;
    case EF_ALLOCATES_DEVICE:
        store_through(s, ef->arg[0], memory_at(place_of(AT_GPU, -1, s->at, "allocated on")));
        break;
    case EF_ALLOCATES_PINNED:
        store_through(s, ef->arg[0], memory_at(place_of(AT_PINNED, 0, s->at, "allocated as")));
        break;
    case EF_RETURNS_HOST:
        s->result = memory_at(place_of(AT_CPU, 0, s->at, "allocated on"));
        break;
    case EF_RETURNS_DEVICE:
        s->result = memory_at(place_of(AT_GPU, -1, s->at, "allocated on"));
        break;
    case EF_DEVICE_MEMORY:
        check_memory(s->u, a, ef->arg[0], true, s->at, s->op);
        break;
    case EF_HOST_MEMORY:
        check_memory(s->u, a, ef->arg[0], false, s->at, s->op);
        break;
    case EF_MEMCPY:
        check_memcpy(s->u, a, ef, s->at);
        break;
    case EF_LAUNCH:
        check_launch(s->u, s->e, a, ef, s->at);
        break;
    case EF_COUNT:
        break;
    }
}

static bool transfers(const dc_effects *effects)
{
    for (int i = 0; effects && i < effects->n; i++)
        if (effects->v[i].kind == EF_TRANSFER || effects->v[i].kind == EF_TRANSFER_DTYPE ||
            effects->v[i].kind == EF_PIN)
            return true;
    return false;
}


/* "dt_to(x, dev)", as the user wrote it: devtensor's macros add a file and
   a line to NAME_at, which the user never wrote. */
static void call_text(const call_state *s, char *buf, size_t n)
{
    char full[64];
    spelling(s->callee, full, sizeof full);
    int shown = s->a->n;
    if (strcmp(full, s->op) != 0 && shown >= 2)
        shown -= 2;
    size_t used = (size_t)snprintf(buf, n, "%s(", s->op);
    for (int i = 0; i < shown && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "",
                                 argument_text(s->a, i));
    if (used < n)
        snprintf(buf + used, n - used, ")");
}

/* ---- calls into the file's own functions ---------------------------------------------------- */

static void analyze_body(unit *u, env *e, CXCursor fn);

static bool active(unit *u, CXCursor fn)
{
    for (int i = 0; i <= u->depth; i++)
        if (clang_equalCursors(u->active[i], fn))
            return true;
    return false;
}

/* Analyzes fn's body with its parameters bound to the arguments; what the
   callee stores through pointer parameters comes back to the caller. */
static value inline_call(unit *u, env *e, CXCursor fn, arguments *a)
{
    if (u->depth >= MAX_DEPTH || active(u, fn))
        return unknown();
    env callee = copy_env(e);           /* objects ("#N") stay shared by number */
    int nparams = clang_Cursor_getNumArguments(fn);
    char param[64][PATH], target[64][PATH];
    for (int i = 0; i < nparams && i < 64 && i < a->n; i++) {
        spelling(clang_Cursor_getArgument(fn, (unsigned)i), param[i], PATH);
        target[i][0] = 0;
        if (a->v[i].kind == V_ADDR)     /* &x, or a pointer that holds it */
            snprintf(target[i], PATH, "%s", a->v[i].path);
        set(&callee, param[i], a->v[i]);
        if (*target[i]) {               /* p points at the caller's target: "*p" here */
            value at = unknown();
            at.kind = V_ADDR;
            snprintf(at.path, sizeof at.path, "*%.*s", PATH - 2, param[i]);
            set(&callee, at.path, get(e, target[i]));
            set(&callee, param[i], at);
        }
    }
    value saved = u->returned;
    bool saved_has = u->has_return;
    u->active[++u->depth] = fn;
    u->returned = unknown();
    u->has_return = false;
    analyze_body(u, &callee, fn);
    value result = u->has_return ? u->returned : unknown();
    if (result.kind == V_MEMORY) {      /* a struct it filled: its members come back too */
        snprintf(result.path, sizeof result.path, "#ret%d", u->returns++);
        copy_members(&callee, "#returned", result.path);
        for (int i = 0; i < callee.n; i++)
            if (strncmp(callee.b[i].path, result.path, strlen(result.path)) == 0)
                set(e, callee.b[i].path, callee.b[i].v);
    }
    u->depth--;
    u->returned = saved;
    u->has_return = saved_has;
    for (int i = 0; i < callee.n; i++)
        if (callee.b[i].path[0] == '#')
            set(e, callee.b[i].path, callee.b[i].v);
    for (int i = 0; i < nparams && i < 64 && i < a->n; i++)
        if (*target[i]) {
            char star[PATH + 1];
            snprintf(star, sizeof star, "*%.*s", PATH - 2, param[i]);
            set(e, target[i], get(&callee, star));
        }
    free_env(&callee);
    return result;
}

/* A call the model does not know: what it may store through pointer
   arguments is unknown, and so is where a module it is handed now is (it
   may have moved it). */
static void forget_outputs(unit *u, env *e, arguments *a)
{
    for (int i = 0; i < a->n; i++) {
        value m = current(e, &a->v[i]);
        if (m.kind == V_MODULE && m.where.n) {
            m.where = place_of(AT_UNKNOWN, 0, (dc_loc){ 0 }, NULL);
            update_object(e, &m);
        }
        CXCursor c = bare(a->c[i]);
        if (clang_getCursorKind(c) == CXCursor_UnaryOperator &&
            clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
            char target[PATH];
            target_of(u, e, c, target, sizeof target);
            set(e, target, unknown());
        }
    }
}

static value call(unit *u, env *e, CXCursor c, bool result_used)
{
    arguments a;
    evaluate_arguments(u, e, c, &a);
    CXCursor callee = clang_getCursorReferenced(c);
    if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
        return unknown();
    const dc_effects *effects = dc_model_effects(u->model, callee);
    if (!effects) {
        CXCursor body = clang_getCursorDefinition(callee);
        if (!clang_Cursor_isNull(body) && clang_isCursorDefinition(body))
            return inline_call(u, e, body, &a);
        forget_outputs(u, e, &a);
        return unknown();
    }
    call_state s = { u, e, callee, &a, loc_of(c), "", unknown() };
    callee_name(callee, s.op, sizeof s.op);
    for (int i = 0; i < effects->n; i++)
        effect(&s, &effects->v[i]);
    if (!result_used && transfers(effects)) {
        char text[160];
        call_text(&s, text, sizeof text);
        dc_rule_discarded_transfer(u->out, s.at, text, argument_text(&a, 0));
    }
    return s.result;
}

/* ---- expressions ------------------------------------------------------------------------------ */

static void check_deref(unit *u, env *e, CXCursor base, bool write, dc_loc at)
{
    char path[PATH];
    path_of(u, e, base, path, sizeof path);
    value p = get(e, path);
    if (p.kind == V_MEMORY && dc_place_maybe_device(&p.where))
        dc_rule_host_deref(u->out, at, (dc_operand){ path, &p.where, false }, write);
}

static value assign(unit *u, env *e, CXCursor lhs, CXCursor rhs)
{
    char path[PATH];
    value v = expression(u, e, rhs);
    CXCursor target = bare(lhs);
    enum CXCursorKind k = clang_getCursorKind(target);
    if (k == CXCursor_ArraySubscriptExpr) {
        children ch = children_of(target);
        if (ch.n >= 1)
            check_deref(u, e, ch.v[0], true, loc_of(target));
        return v;
    }
    if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(target) ==
                                           CXUnaryOperator_Deref) {
        children ch = children_of(target);
        char inner[PATH];
        if (ch.n == 1) {
            path_of(u, e, ch.v[0], inner, sizeof inner);
            value p = get(e, inner);
            if (p.kind == V_MEMORY)
                check_deref(u, e, ch.v[0], true, loc_of(target));
        }
    }
    path_of(u, e, lhs, path, sizeof path);
    v = named_if_chosen(path, v);
    set(e, path, v);
    char from[PATH];
    path_of(u, e, rhs, from, sizeof from);
    copy_members(e, *from ? from : v.path, path);    /* a struct, or what a call returned */
    return v;
}

/* An initializer list of addresses, as a kernel's argument array. */
static value address_list(unit *u, env *e, CXCursor c)
{
    children ch = children_of(c);
    value v = unknown();
    size_t used = 0;
    v.kind = V_ADDRS;
    for (int i = 0; i < ch.n; i++) {
        char target[PATH];
        target_of(u, e, ch.v[i], target, sizeof target);
        int k = snprintf(v.path + used, sizeof v.path - used, "%s%s", i ? "|" : "",
                         *target == '*' ? "" : target);
        if (k < 0 || (size_t)k >= sizeof v.path - used)
            break;
        used += (size_t)k;
    }
    return v;
}

static value conditional(unit *u, env *e, const children *ch)
{
    if (ch->n < 3)
        return unknown();
    expression(u, e, ch->v[0]);
    env other = copy_env(e);
    value a = expression(u, e, ch->v[1]);
    value b = expression(u, &other, ch->v[2]);
    join_into(e, &other);
    free_env(&other);
    if (a.kind == V_NONE || b.kind == V_NONE)
        return a.kind == V_NONE ? b : a;    /* `x ? f(x) : NULL`: the value when there is one */
    return join_values(&a, &b);
}

static value reference(unit *u, env *e, CXCursor c)
{
    CXCursor decl = clang_getCursorReferenced(c);
    char path[PATH];
    if (clang_getCursorKind(decl) == CXCursor_FunctionDecl)
        return unknown();               /* a function is on no device */
    path_of(u, e, c, path, sizeof path);
    value v = get(e, path);
    CXType t = clang_getCursorType(decl);
    if (v.kind == V_NONE && t.kind == CXType_ConstantArray)
        v = memory_at(place_of(AT_CPU, 0, loc_of(decl), "declared on"));  /* a local array */
    return v;
}

static value expression(unit *u, env *e, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    children ch;
    switch (k) {
    case CXCursor_CallExpr:
        return call(u, e, c, true);
    case CXCursor_DeclRefExpr:
    case CXCursor_MemberRefExpr:
        return reference(u, e, c);
    case CXCursor_BinaryOperator:
        ch = children_of(c);
        if (ch.n == 2 && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
            return assign(u, e, ch.v[0], ch.v[1]);
        if (ch.n == 2 && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Comma) {
            expression(u, e, ch.v[0]);
            return expression(u, e, ch.v[1]);
        }
        if (ch.n == 2 && (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Add ||
                          clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Sub)) {
            value l = expression(u, e, ch.v[0]), r = expression(u, e, ch.v[1]);
            return l.kind == V_MEMORY ? l : r.kind == V_MEMORY ? r : unknown();   /* p + 1 */
        }
        for (int i = 0; i < ch.n; i++)
            expression(u, e, ch.v[i]);
        return unknown();
    case CXCursor_ConditionalOperator:
        ch = children_of(c);
        return conditional(u, e, &ch);
    case CXCursor_ArraySubscriptExpr:
        ch = children_of(c);
        if (ch.n >= 1)
            check_deref(u, e, ch.v[0], false, loc_of(c));
        for (int i = 1; i < ch.n; i++)
            expression(u, e, ch.v[i]);
        return unknown();
    case CXCursor_UnaryOperator:
        ch = children_of(c);
        if (ch.n == 1 && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
            value v = unknown();
            v.kind = V_ADDR;
            path_of(u, e, ch.v[0], v.path, sizeof v.path);
            return *v.path ? v : unknown();
        }
        if (ch.n == 1 && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref) {
            char path[PATH];
            path_of(u, e, c, path, sizeof path);
            value inner = expression(u, e, ch.v[0]);
            if (inner.kind == V_MEMORY)
                check_deref(u, e, ch.v[0], false, loc_of(c));
            return get(e, path);
        }
        for (int i = 0; i < ch.n; i++)
            expression(u, e, ch.v[i]);
        return unknown();
    case CXCursor_InitListExpr:
        return address_list(u, e, c);
    case CXCursor_UnaryExpr:            /* sizeof, alignof: not evaluated */
        return unknown();
    case CXCursor_IntegerLiteral:
    case CXCursor_GNUNullExpr: {
        value v = unknown();
        if (k == CXCursor_GNUNullExpr || literal_int(c, -1) == 0)
            v.kind = V_NULL;
        return v;
    }
    case CXCursor_ParenExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_UnexposedExpr:
        ch = children_of(c);
        return ch.n ? expression(u, e, ch.v[ch.n - 1]) : unknown();
    default:
        ch = children_of(c);
        for (int i = 0; i < ch.n; i++)
            expression(u, e, ch.v[i]);
        return unknown();
    }
}

/* ---- statements -------------------------------------------------------------------------------- */

static void declaration(unit *u, env *e, CXCursor var)
{
    children ch = children_of(var);
    char name[PATH];
    spelling(var, name, sizeof name);
    set(e, name, unknown());            /* a new variable: shadows any older one */
    for (int i = 0; i < ch.n; i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.v[i]);
        if (clang_isExpression(k)) {
            value v = named_if_chosen(name, expression(u, e, ch.v[i]));
            set(e, name, v);
            if (strncmp(v.path, "#ret", 4) == 0 && v.kind == V_MEMORY)
                copy_members(e, v.path, name);
        }
    }
}

static void branch(unit *u, env *e, const children *ch)
{
    /* if (cond) then [else] */
    if (ch->n < 2)
        return;
    expression(u, e, ch->v[0]);
    env other = copy_env(e);
    statement(u, e, ch->v[1]);
    if (ch->n >= 3)
        statement(u, &other, ch->v[2]);
    join_into(e, &other);
    free_env(&other);
}

/* The body runs zero or more times: run it until nothing changes. */
static void loop(unit *u, env *e, CXCursor body, CXCursor cond, CXCursor step)
{
    env exits = { .dead = true }, *outer = u->breaks;
    u->breaks = &exits;
    for (int round = 0; round < LOOP_ROUNDS; round++) {
        env pass = copy_env(e);
        if (!clang_Cursor_isNull(cond))
            expression(u, &pass, cond);
        statement(u, &pass, body);
        pass.dead = false;              /* a continue comes back here */
        if (!clang_Cursor_isNull(step))
            expression(u, &pass, step);
        bool changed = join_into(e, &pass);
        free_env(&pass);
        if (!changed)
            break;
    }
    u->breaks = outer;
    join_into(e, &exits);
    free_env(&exits);
}

/* A switch: each case starts from the value of the switch (or falls through
   from the case above); what leaves by a break, or falls off the end, or
   matches no case, joins after it. */
typedef struct {
    unit *u;
    env *entry, *cur;
    bool has_default;
} switch_walk;

static void case_body(switch_walk *w, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_CaseStmt && k != CXCursor_DefaultStmt) {
        statement(w->u, w->cur, c);
        return;
    }
    w->has_default = w->has_default || k == CXCursor_DefaultStmt;
    join_into(w->cur, w->entry);
    w->cur->dead = false;
    children ch = children_of(c);
    if (ch.n)
        case_body(w, ch.v[ch.n - 1]);   /* the statement after the label */
}

static enum CXChildVisitResult each_case(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    case_body(data, c);
    return CXChildVisit_Continue;
}

static void switch_statement(unit *u, env *e, CXCursor cond, CXCursor body)
{
    expression(u, e, cond);
    env entry = copy_env(e), cur = { .dead = true }, exits = { .dead = true };
    env *outer = u->breaks;
    switch_walk w = { u, &entry, &cur, false };
    u->breaks = &exits;
    if (clang_getCursorKind(body) == CXCursor_CompoundStmt)
        clang_visitChildren(body, each_case, &w);
    else
        case_body(&w, body);
    u->breaks = outer;
    join_into(&exits, &cur);
    if (!w.has_default)
        join_into(&exits, &entry);
    free_env(e);
    *e = exits;
    free_env(&entry);
    free_env(&cur);
}

typedef struct {
    unit *u;
    env *e;
} block;

static enum CXChildVisitResult each_statement(CXCursor c, CXCursor parent, CXClientData data)
{
    block *b = data;
    (void)parent;
    statement(b->u, b->e, c);
    return CXChildVisit_Continue;
}

static void statement(unit *u, env *e, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (e->dead && k != CXCursor_LabelStmt)
        return;
    /* a block walks its own statements, an expression its own operands */
    children ch = k == CXCursor_CompoundStmt || clang_isExpression(k) ? (children){ .n = 0 }
                                                                       : children_of(c);
    CXCursor none = clang_getNullCursor();
    switch (k) {
    case CXCursor_CompoundStmt: {
        block b = { u, e };
        clang_visitChildren(c, each_statement, &b);
        return;
    }
    case CXCursor_DeclStmt:
        for (int i = 0; i < ch.n; i++)
            if (clang_getCursorKind(ch.v[i]) == CXCursor_VarDecl)
                declaration(u, e, ch.v[i]);
        return;
    case CXCursor_IfStmt:
        branch(u, e, &ch);
        return;
    case CXCursor_WhileStmt:
        if (ch.n >= 2)
            loop(u, e, ch.v[ch.n - 1], ch.v[ch.n - 2], none);
        return;
    case CXCursor_DoStmt:
        if (ch.n >= 2) {
            statement(u, e, ch.v[0]);
            loop(u, e, ch.v[0], ch.v[1], none);
        }
        return;
    case CXCursor_ForStmt:
        /* init, cond, step and body; clang leaves out the parts not there */
        if (ch.n >= 1) {
            if (ch.n == 4)
                statement(u, e, ch.v[0]);
            loop(u, e, ch.v[ch.n - 1], ch.n >= 3 ? ch.v[ch.n - 3] : none,
                 ch.n >= 2 ? ch.v[ch.n - 2] : none);
        }
        return;
    case CXCursor_SwitchStmt:
        if (ch.n >= 2)
            switch_statement(u, e, ch.v[ch.n - 2], ch.v[ch.n - 1]);
        return;
    case CXCursor_ReturnStmt:
        if (ch.n == 1) {
            path_of(u, e, ch.v[0], u->returned_path, sizeof u->returned_path);
            if (*u->returned_path)
                copy_members(e, u->returned_path, "#returned");
            value v = expression(u, e, ch.v[0]);
            u->returned = u->has_return ? join_values(&u->returned, &v) : v;
            u->has_return = true;
        }
        e->dead = true;
        return;
    case CXCursor_GotoStmt:
        e->dead = true;
        return;
    case CXCursor_LabelStmt:
        e->dead = false;                /* reached by a goto from anywhere: keep what is known */
        for (int i = 0; i < ch.n; i++)
            statement(u, e, ch.v[i]);
        return;
    case CXCursor_CaseStmt:             /* outside a switch's own walk: just its statement */
    case CXCursor_DefaultStmt:
        if (ch.n)
            statement(u, e, ch.v[ch.n - 1]);
        return;
    case CXCursor_BreakStmt:
        if (u->breaks)
            join_into(u->breaks, e);
        e->dead = true;
        return;
    case CXCursor_ContinueStmt:
        e->dead = true;                 /* back to the loop's head: its next round sees it */
        return;
    case CXCursor_CallExpr:
        call(u, e, c, false);
        return;
    case CXCursor_NullStmt:
        return;
    default:
        if (clang_isExpression(k))
            expression(u, e, c);
        else
            for (int i = 0; i < ch.n; i++)
                statement(u, e, ch.v[i]);
        return;
    }
}

/* ---- functions ---------------------------------------------------------------------------------- */

static CXCursor body_of(CXCursor fn)
{
    children ch = children_of(fn);
    for (int i = 0; i < ch.n; i++)
        if (clang_getCursorKind(ch.v[i]) == CXCursor_CompoundStmt)
            return ch.v[i];
    return clang_getNullCursor();
}

static void analyze_body(unit *u, env *e, CXCursor fn)
{
    CXCursor body = body_of(fn);
    if (!clang_Cursor_isNull(body))
        statement(u, e, body);
}

static bool type_names(CXType t, const char *word)
{
    CXString s = clang_getTypeSpelling(t);
    bool has = strstr(clang_getCString(s), word) != NULL;
    clang_disposeString(s);
    return has;
}

/* dt_tensor *f(dt_module *self, dt_tensor *x): a forward function. */
static bool is_forward(CXCursor fn)
{
    return clang_Cursor_getNumArguments(fn) == 2 &&
           type_names(clang_getCursorResultType(fn), "dt_tensor") &&
           type_names(clang_getCursorType(clang_Cursor_getArgument(fn, 0)), "dt_module") &&
           type_names(clang_getCursorType(clang_Cursor_getArgument(fn, 1)), "dt_tensor");
}

static void analyze_function(unit *u, CXCursor fn)
{
    env e = { 0 };
    if (is_forward(fn)) {
        dc_loc at = loc_of(fn);
        char self[PATH], x[PATH];
        spelling(clang_Cursor_getArgument(fn, 0), self, sizeof self);
        spelling(clang_Cursor_getArgument(fn, 1), x, sizeof x);
        value input = tensor_at(place_of(AT_INPUT, 0, at, "the input of"));
        value module = new_object(u, &e, V_MODULE, input.where);
        module.dtype = DT_UNKNOWN_TYPE;
        update_object(&e, &module);
        set(&e, self, module);
        set(&e, x, input);
    }
    u->depth = 0;
    u->active[0] = fn;
    u->has_return = false;
    analyze_body(u, &e, fn);
    free_env(&e);
}

static enum CXChildVisitResult each_function(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        clang_Location_isFromMainFile(clang_getCursorLocation(c)))
        analyze_function(data, c);
    return CXChildVisit_Continue;
}

void dc_dataflow_unit(CXTranslationUnit tu, dc_model *m, dc_findings *out)
{
    unit u = { .model = m, .out = out, .tu = tu };
    nnamed = 0;
    clang_visitChildren(clang_getTranslationUnitCursor(tu), each_function, &u);
}
