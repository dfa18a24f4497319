/*
 * Abstract values: what the environment holds at each path.  A value has a
 * kind (tensor, module, list, device, memory, an address, null), a place
 * for the kinds that live somewhere, a dtype for tensors, and for modules
 * and lists the number of the object whose state lives under "#N", so that
 * moving a module moves everything registered with it.
 */
#include "flow.h"

#include <string.h>

const char *const df_dtype_names[] = { "?", "float32", "float64", "int64" };
const char df_how_tested[] = "tested to be on";

df_value df_value_unknown(void)
{
    df_value v;
    memset(&v, 0, sizeof v);
    v.obj = -1;
    return v;
}

df_value df_value_unknown_why(dc_why why)
{
    df_value v = df_value_unknown();
    v.where.a[0].index = (signed char)why;
    return v;
}

dc_why df_value_why(const df_value *v)
{
    return v->kind == V_NONE && v->where.n == 0 ? (dc_why)v->where.a[0].index : DC_WHY_UNTRACKED;
}

df_value df_value_of(df_vkind kind, dc_place where)
{
    df_value v = df_value_unknown();
    v.kind = (unsigned char)kind;
    v.where = where;
    return v;
}

static bool has_place(unsigned char kind)
{
    return kind == V_TENSOR || kind == V_MODULE || kind == V_LIST || kind == V_DEVICE ||
           kind == V_MEMORY || kind == V_ADDR || kind == V_KIND;
}

df_value df_value_flag(long long constant)
{
    df_value v = df_value_unknown();
    v.kind = V_FLAG;
    v.obj = constant ? FLAG_NONZERO : FLAG_ZERO;
    return v;
}

bool df_value_is_memory(const df_value *v)
{
    return v->kind == V_MEMORY || (v->kind == V_ADDR && v->where.n);
}

/* Only what a test said, not what the program did. */
static bool tested(const df_value *v)
{
    for (int i = 0; i < v->where.n; i++)
        if (v->where.a[i].how != df_how_tested)
            return false;
    return v->where.n > 0;
}

static bool same_use(const df_value *a, const df_value *b)
{
    return a->use == b->use && a->used.line == b->used.line &&
           a->used.column == b->used.column && a->used.file == b->used.file;
}

static df_value join_kinds(const df_value *a, const df_value *b)
{
    if (a->kind == V_NULL || b->kind == V_NULL)
        return a->kind == V_NULL ? *b : *a;
    if (tested(a) != tested(b) && a->kind == b->kind)
        return tested(a) ? *b : *a;     /* the test's side joins the other's as the other */
    if (a->kind != b->kind)             /* the unknown side's reason, when one is */
        return df_value_unknown_why(a->kind == V_NONE   ? df_value_why(a)
                                 : b->kind == V_NONE ? df_value_why(b)
                                                     : DC_WHY_MIXED);
    df_value j = *a;
    j.scalar = a->scalar && b->scalar;
    if (has_place(a->kind))
        j.where = dc_place_join(&a->where, &b->where);
    if (a->dtype != b->dtype)
        j.dtype = DF_DTYPE_UNKNOWN;
    if (a->kind == V_KIND || a->kind == V_FLAG)
        j.obj = a->obj | b->obj;        /* either kind, either value */
    else if (a->obj != b->obj)
        j.obj = -1;
    if (a->kind == V_ADDR && a->path != b->path)
        return df_value_unknown_why(DC_WHY_MIXED);
    if (a->path != b->path)
        j.path = 0;                     /* a device of either tensor is neither's */
    return j;
}

/* A use (uses.c) holds where it held on every path: a join keeps it where
   both sides have it, and where one side is a null pointer (used nowhere). */
df_value df_value_join(const df_value *a, const df_value *b)
{
    df_value j = join_kinds(a, b);
    if (!same_use(a, b) && a->kind != V_NULL && b->kind != V_NULL) {
        j.use = 0;
        j.used = (dc_loc){ 0 };
    }
    return j;
}

bool df_value_same(const df_value *a, const df_value *b)
{
    return a->kind == b->kind && a->dtype == b->dtype && a->obj == b->obj && a->scalar == b->scalar &&
           a->path == b->path && dc_place_same(&a->where, &b->where) && same_use(a, b);
}

/* `dev = avail ? dt_cuda(0) : dt_cpu()` makes 'dev' a device of its own,
   whose definition the messages spell out. */
df_value df_value_named(int var, df_value v)
{
    if (v.kind != V_DEVICE || v.where.n < 2)
        return v;
    for (int i = 0; i < v.where.n; i++)
        if (v.where.a[i].kind == AT_UNKNOWN || v.where.a[i].kind == AT_NAMED ||
            v.where.a[i].kind == AT_PARAM || v.where.a[i].kind == AT_FIELD)
            return v;
    const char *name = df_path_text(var);
    if (strncmp(name, "this->", 6) == 0)  /* a method's member, as the class names it */
        name += 6;
    short id = dc_device_named(name, &v.where);
    if (id < 0)
        return v;
    dc_loc origin = v.where.a[0].origin;
    v.where = dc_place_of(AT_NAMED, 0, origin, "chosen at run time");
    v.where.a[0].name = id;
    return v;
}

df_dtype df_dtype_named(const char *word)
{
    if (strstr(word, "64"))
        return strstr(word, "f") || strstr(word, "F") ? DF_DTYPE_F64 : DF_DTYPE_I64;
    return strstr(word, "32") ? DF_DTYPE_F32 : DF_DTYPE_UNKNOWN;
}

/* ---- objects: modules and lists ------------------------------------------------- */

int df_object_path(int obj, const char *part)
{
    return df_path_format("#%d%s", obj, part);
}

df_value df_object_new(df_unit *u, df_env *e, df_vkind kind, dc_place where)
{
    df_value v = df_value_of(kind, where);
    v.obj = (short)u->objects++;
    v.dtype = kind == V_MODULE ? DF_DTYPE_F32 : DF_DTYPE_UNKNOWN;
    df_env_set(e, df_object_path(v.obj, ""), v);
    return v;
}

df_value df_object_current(const df_env *e, const df_value *v)
{
    if (v->obj < 0 || (v->kind != V_MODULE && v->kind != V_LIST && v->kind != V_TENSOR))
        return *v;
    const df_value *state = df_env_find(e, df_object_path(v->obj, ""));
    if (!state)
        return *v;
    if (v->kind != V_TENSOR)
        return *state;
    df_value t = *v;
    if (state->where.n)
        t.where = state->where;
    return t;
}

void df_object_update(df_env *e, const df_value *v)
{
    if (v->obj >= 0)
        df_env_set(e, df_object_path(v->obj, ""), *v);
}
