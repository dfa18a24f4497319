/*
 * The model's effects, one handler each (the table at the end): what a
 * call does to the values of its arguments and result, and the rules'
 * checks it triggers.  A module's registered tensors live under
 * "#N.reg.PATH" and its children under "#N.child.I", so moving the module
 * moves them.
 */
#include "flow.h"
#include "memkind.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef void effect_fn(df_call_state *s, const dc_effect *ef);

static const df_value *arg_value(df_call_state *s, const dc_effect *ef, int k)
{
    return df_argument(s->a, ef->arg[k]);
}

static df_value current_arg(df_call_state *s, const dc_effect *ef, int k)
{
    return df_object_current(s->e, arg_value(s, ef, k));
}

static df_value created(dc_place where, unsigned char dtype, dc_loc dtype_origin)
{
    df_value v = df_value_of(V_TENSOR, where);
    v.dtype = dtype;
    v.dtype_origin = dtype_origin;
    return v;
}

/* A call stores v through its argument: a pointer's target, or what a C++
   reference names (`torch::load(t, path)`). */
static void store_through(df_call_state *s, int arg, df_value v)
{
    if (arg >= s->a->n)
        return;
    ftype t = ft_canonical(fx_type(s->a->c[arg]));
    if (ft_kind(t) == CXType_Record)
        df_env_set(s->e, df_walk_path(s->u, s->e, s->a->c[arg]), v);
    else
        df_walk_store_through(s->u, s->e, s->a->c[arg], v);
}

/* ---- creation ------------------------------------------------------------------ */

/* A constructor the model names makes a module (libtorch's holders). */
static bool returns_module(fnode callee)
{
    return fx_kind(callee) == CXCursor_Constructor ||
           df_type_names(fx_result_type(callee), "module");
}

static void creates_cpu(df_call_state *s, const dc_effect *ef)
{
    dc_place cpu = dc_place_of(AT_CPU, 0, s->at, "created on");
    (void)ef;
    s->result = returns_module(s->callee) ? df_object_new(s->u, s->e, V_MODULE, cpu)
                                          : created(cpu, DF_DTYPE_F32, s->at);
}

static void creates_on(df_call_state *s, const dc_effect *ef)
{
    const df_value *d = arg_value(s, ef, 0);
    if (d->kind == V_DEVICE)
        s->result = created(dc_place_relocated(&d->where, s->at, "created on"), DF_DTYPE_F32,
                            s->at);
}

/* Whether a factory's options argument names no device: the caller gave
   none (the default `{}`, which has no place in the caller's file), or
   gave a dtype or a layout, which converts to options.  A device made by
   a conversion (`torch::Device(name)`) names one, known or not. */
static bool names_no_device(fnode options)
{
    if (!df_cursor_loc(options).line)
        return true;
    for (fnode c = options;; ) {
        ftype t = ft_canonical(fx_type(c));
        if (df_type_is(t, "c10::Device"))
            return false;
        df_children ch = df_cursor_wraps(c) ? df_cursor_children(c) : (df_children){ 0 };
        if (ch.n == 0)
            return !df_type_names(t, "TensorOptions");
        c = ch.v[ch.n - 1];
    }
}

/* A libtorch factory: where its TensorOptions argument says, else the cpu;
   of the dtype they name (`torch::kFloat64`), else float32. */
/* The call's last TensorOptions argument, or -1. */
static int options_argument(const df_call_state *s)
{
    int options = s->a->n - 1;
    while (options >= 0 && !df_type_names(fx_type(s->a->c[options]), "TensorOptions"))
        options--;
    return options;
}

static void creates_options(df_call_state *s, const dc_effect *ef)
{
    int options = options_argument(s);
    (void)ef;
    const df_value *d = options >= 0 ? &s->a->v[options] : NULL;
    unsigned char of = d && d->dtype ? d->dtype : DF_DTYPE_F32;
    if (d && d->kind == V_DEVICE)
        s->result = created(dc_place_relocated(&d->where, s->at, "created on"), of, s->at);
    else if (!d || names_no_device(s->a->c[options]))
        s->result = created(dc_place_of(AT_CPU, 0, s->at, "created on"), of, s->at);
}

/* The dtype a libtorch conversion names among its arguments
   (`x.to(dev, torch::kFloat32)`), or none. */
static unsigned char named_dtype(const df_arguments *a)
{
    for (int i = 0; i < a->n; i++)
        if (a->v[i].kind == V_NONE && a->v[i].dtype)
            return a->v[i].dtype;
    return DF_DTYPE_UNKNOWN;
}

/* Where its tensor is, or where options that name a device say
   (`torch::zeros_like(x, torch::kCPU)`). */
static void creates_like(df_call_state *s, const dc_effect *ef)
{
    df_value cur = current_arg(s, ef, 0);
    int options = options_argument(s);
    const df_value *d = options > 0 ? &s->a->v[options] : NULL;
    if (d && d->kind == V_DEVICE && cur.kind == V_TENSOR)
        s->result = created(dc_place_relocated(&d->where, s->at, "created on"),
                            d->dtype ? d->dtype : cur.dtype, s->at);
    else if (cur.kind == V_TENSOR || cur.kind == V_MODULE)
        s->result = created(cur.where, cur.kind == V_TENSOR ? cur.dtype : DF_DTYPE_UNKNOWN,
                            cur.dtype_origin);
}

/* Whether argument i is written at the call, not left to its default. */
static bool written(df_call_state *s, int i)
{
    fnode c = df_call_argument(s->a->call, i);
    return !fx_is_null(c) && !df_call_default_argument(c);
}

/* A reduction (`x.sum()`, `x.mean(1)`): where its tensor is, of no
   dimensions when no dim is written. */
static void reduces(df_call_state *s, const dc_effect *ef)
{
    creates_like(s, ef);
    if (s->result.kind == V_TENSOR)
        s->result.scalar = !written(s, ef->arg[1]);
}

/* `torch::tensor(2.0)` has no dimensions; `torch::tensor({2.0})` has one. */
static void zero_dim(df_call_state *s, const dc_effect *ef)
{
    fnode c = df_cursor_bare(df_call_argument(s->a->call, ef->arg[0]));
    if (s->result.kind == V_TENSOR && !fx_is_null(c) && fx_kind(c) != CXCursor_InitListExpr)
        s->result.scalar = 1;
}

static void sets_dtype(df_call_state *s, const dc_effect *ef)
{
    s->result.dtype = (unsigned char)df_dtype_named(ef->word);
    s->result.dtype_origin = s->at;
}

/* ---- transfers ------------------------------------------------------------------ */

static void transfer(df_call_state *s, const dc_effect *ef)
{
    const df_value *x = arg_value(s, ef, 0), *d = arg_value(s, ef, 1);
    df_value other = current_arg(s, ef, 1), device_of_other = df_value_of(V_DEVICE, other.where);
    if (other.kind == V_TENSOR || other.kind == V_MODULE)
        d = &device_of_other;           /* `x.to(y)`: to y's device */
    df_value unknown_tensor = df_value_of(V_TENSOR, d->where);
    if (x->kind == V_NONE && (df_type_names(fx_result_type(s->callee), "dt_tensor") ||
                              df_type_names(fx_result_type(s->callee), "Tensor")))
        x = &unknown_tensor;            /* whatever it was, it is on d now */
    unsigned char converted = named_dtype(s->a);
    if (x->kind == V_TENSOR && converted) {     /* `x.to(torch::kFloat32)`: a new tensor */
        s->result = *x;
        s->result.obj = -1;
        s->result.dtype = converted;
        s->result.dtype_origin = s->at;
    }
    if (d->kind != V_DEVICE || (x->kind != V_TENSOR && x->kind != V_LIST))
        return;
    dc_place there = dc_place_relocated(&d->where, s->at, "moved to");
    s->result = x->kind == V_LIST ? df_object_new(s->u, s->e, V_LIST, there) : *x;
    s->result.where = there;
    if (x->kind == V_TENSOR)
        s->result.obj = -1;             /* a copy: no longer its module's */
    s->result.path = df_walk_path(s->u, s->e, df_argument_cursor(s->a, ef->arg[0]));   /* "did you mean" */
    if (converted) {
        s->result.dtype = converted;
        s->result.dtype_origin = s->at;
    }
}

/* The dtype its argument has, where it has one, kept by what it returns
   (libtorch's options, which carry a dtype beside their device). */
static void dtype_of(df_call_state *s, const dc_effect *ef)
{
    const df_value *v = arg_value(s, ef, 0);
    if (v->dtype) {
        s->result.dtype = v->dtype;
        s->result.dtype_origin = v->dtype_origin;
    }
}

static void transfer_dtype(df_call_state *s, const dc_effect *ef)
{
    const df_value *x = arg_value(s, ef, 0);
    if (x->kind != V_TENSOR)
        return;
    s->result = *x;
    s->result.dtype = (unsigned char)df_dtype_named(df_argument_text(s->a, 1));
    s->result.dtype_origin = s->at;
}

static void pin(df_call_state *s, const dc_effect *ef)
{
    const df_value *x = arg_value(s, ef, 0);
    if (x->kind == V_TENSOR)
        s->result = *x;
}

/* ---- modules --------------------------------------------------------------------- */

static int registration(const df_value *module, const char *path)
{
    return df_path_format("#%d.reg.%s", module->obj, path);
}

typedef struct {
    df_call_state *s;
    size_t prefix;                      /* "#N.reg." */
    dc_place to;
} registered_move;

static void move_one_registered(int id, void *ctx)
{
    registered_move *m = ctx;
    int tensor = df_path_intern(df_path_text(id) + m->prefix);
    const df_value *t = df_env_find(m->s->e, tensor);
    if (t && t->kind == V_TENSOR) {
        df_value moved = *t;
        moved.where = m->to;
        df_env_set(m->s->e, tensor, moved);
    }
}

typedef struct {
    df_call_state *s;
    const df_value *module, *to;
    const char *name;
} unregistered_scan;

static void check_one_unregistered(int id, void *ctx)
{
    unregistered_scan *w = ctx;
    const df_value *v = df_env_find(w->s->e, id);
    const char *rest = df_path_text(id) + strlen(df_path_text(w->module->path));
    if (!v || v->kind != V_TENSOR || (strncmp(rest, "->", 2) != 0 && *rest != '.') ||
        df_env_find(w->s->e, registration(w->module, df_path_text(id))) || w->to->kind != V_DEVICE)
        return;
    dc_check_unregistered(w->s->u->out, w->s->at, w->name,
                          (dc_operand){ df_path_text(id), &v->where, false, false }, &w->to->where,
                          df_argument_text(w->s->a, 1));
}

typedef struct {
    df_call_state *s;
    const df_value *module, *to;
    const char *name;
    int depth;
} children_move;

static void move_module(df_call_state *s, df_value *m, const char *name, const df_value *to, int depth);

void df_effect_move_module(df_call_state *s, df_value *m, const char *name, const df_value *to)
{
    move_module(s, m, name, to, 0);
}

static void move_one_child(int id, void *ctx)
{
    children_move *w = ctx;
    df_value child = df_object_current(w->s->e, df_env_find(w->s->e, id));
    if (child.kind == V_MODULE && child.obj != w->module->obj && w->depth < 8)
        move_module(w->s, &child, w->name, w->to, w->depth + 1);
}

/* dt_module_to: the module's registered tensors, its children's, and what
   its state keeps unregistered, which stays behind. */
static void move_module(df_call_state *s, df_value *m, const char *name, const df_value *to, int depth)
{
    unregistered_scan scan = { s, m, to, name };
    df_env_each_member(s->e, m->path, check_one_unregistered, &scan);
    dc_place there = dc_place_relocated(&to->where, s->at, "moved to");
    if (m->where.n)
        m->where = there;
    df_object_update(s->e, m);
    int reg = df_object_path(m->obj, ".reg");
    registered_move r = { s, strlen(df_path_text(reg)) + 1, there };
    df_env_each_member(s->e, reg, move_one_registered, &r);
    children_move c = { s, m, to, name, depth };
    df_env_each_member(s->e, df_object_path(m->obj, ".child"), move_one_child, &c);
}

/* A module field moved with nothing known of it here (`net_->to(device)`
   of the `Net net_;` its class made): it is on d now, which the field's
   facts keep as a store. */
static void moves_field(df_call_state *s, const dc_effect *ef, const df_value *d)
{
    fnode field = df_cursor_bare(df_call_holder(df_argument_cursor(s->a, ef->arg[0])));
    if (fx_kind(field) != CXCursor_MemberRefExpr || !dc_model_holds_module(fx_type(field)))
        return;
    df_value m = df_object_new(s->u, s->e, V_MODULE, dc_place_relocated(&d->where, s->at, "moved to"));
    m.dtype = DF_DTYPE_UNKNOWN;
    df_object_update(s->e, &m);
    df_env_set(s->e, df_walk_path(s->u, s->e, field), m);
    df_fields_store(s->u, field, field, &m, false);
}

static void moves(df_call_state *s, const dc_effect *ef)
{
    df_value cur = current_arg(s, ef, 0);
    const df_value *d = arg_value(s, ef, 1);
    if (d->kind != V_DEVICE)
        return;
    if (cur.kind == V_NONE)
        moves_field(s, ef, d);
    if (cur.kind == V_MODULE) {
        move_module(s, &cur, df_argument_text(s->a, ef->arg[0]), d, 0);
    } else if (cur.kind == V_TENSOR) {
        cur.where = dc_place_relocated(&d->where, s->at, "moved to");
        store_through(s, ef->arg[0], cur);
    }
}

/* torch::load: a module's tensors, or a tensor, read onto the cpu. */
static void loads(df_call_state *s, const dc_effect *ef)
{
    df_value cur = current_arg(s, ef, 0);
    df_value cpu = df_value_of(V_DEVICE, dc_place_of(AT_CPU, 0, s->at, "loaded onto"));
    if (cur.kind == V_MODULE)
        move_module(s, &cur, df_argument_text(s->a, ef->arg[0]), &cpu, 0);
    else
        store_through(s, ef->arg[0], created(cpu.where, DF_DTYPE_UNKNOWN, (dc_loc){ 0 }));
}

static void module_state(df_call_state *s, const dc_effect *ef)
{
    (void)s, (void)ef;                  /* its fields are unknown: quiet */
}

static void module_custom(df_call_state *s, const dc_effect *ef)
{
    dc_place none = { 0, { { 0 } } };
    s->result = df_object_new(s->u, s->e, V_MODULE, none);
    s->result.dtype = DF_DTYPE_UNKNOWN;
    s->result.path = df_walk_path(s->u, s->e, df_argument_cursor(s->a, ef->arg[1]));
    df_object_update(s->e, &s->result);
    df_fields_module_state(df_argument_cursor(s->a, ef->arg[1]));
}

static void module_children(df_call_state *s, const dc_effect *ef)
{
    dc_place where = { 0, { { 0 } } };
    df_arguments *a = s->a;
    (void)ef;
    for (int i = 0; i < a->n; i++) {
        df_value child = df_object_current(s->e, &a->v[i]);
        if (child.kind == V_MODULE)
            where = dc_place_join(&where, &child.where);
    }
    s->result = df_object_new(s->u, s->e, V_MODULE, where);
    for (int i = 0; i < a->n; i++)
        if (a->v[i].kind == V_MODULE) {
            char part[32];
            snprintf(part, sizeof part, ".child.%d", i);
            df_env_set(s->e, df_object_path(s->result.obj, part), a->v[i]);
        }
}

/* Whether a module's maker is given a device besides argument `except`
   (`Net(dev)`, `std::make_shared<Net>(dev)`), which it may move it to. */
static bool given_device(df_call_state *s, int except)
{
    for (int i = 0; i < s->a->n; i++)
        if (i != except && s->a->v[i].kind == V_DEVICE)
            return true;
    return false;
}

/* A module of no dtype the model knows (the program's own, TorchScript's),
   on device D; with no D, or its maker given a device, on a device not
   known until it moves. */
static void module_on(df_call_state *s, const dc_effect *ef)
{
    const df_value *d = ef->nargs ? arg_value(s, ef, 0) : NULL;
    dc_place where = d && d->kind == V_DEVICE && !given_device(s, ef->arg[0])
                         ? dc_place_relocated(&d->where, s->at, "created on")
                         : dc_place_of(AT_UNKNOWN, 0, s->at, NULL);
    s->result = df_object_new(s->u, s->e, V_MODULE, where);
    s->result.dtype = DF_DTYPE_UNKNOWN;
    df_object_update(s->e, &s->result);
}

static void registers(df_call_state *s, const dc_effect *ef)
{
    df_value m = current_arg(s, ef, 0);
    const df_value *t = arg_value(s, ef, 1);
    if (m.kind != V_MODULE)
        return;
    int path = df_walk_path(s->u, s->e, df_argument_cursor(s->a, ef->arg[1]));
    if (path)
        df_env_set(s->e, registration(&m, df_path_text(path)), *t);
    df_value cur = df_object_current(s->e, t);
    if (cur.kind == V_TENSOR || cur.kind == V_MODULE)
        m.where = m.where.n ? dc_place_join(&m.where, &cur.where) : cur.where;
    else
        m.where.n = 0;
    df_object_update(s->e, &m);
}

static void param_of(df_call_state *s, const dc_effect *ef)
{
    df_value m = current_arg(s, ef, 0);    /* it moves with its module */
    if (m.kind == V_MODULE && m.where.n) {
        s->result = df_value_of(V_TENSOR, m.where);
        s->result.obj = m.obj;
        s->result.dtype = m.dtype;
    }
}

/* ---- lists ------------------------------------------------------------------------ */

static void push(df_call_state *s, const df_value *l, df_value v)
{
    int count = df_object_path(l->obj, ".n");
    const df_value *had = df_env_find(s->e, count);
    int n = had ? had->obj : 0;
    char part[16];
    snprintf(part, sizeof part, "[%d]", n);
    df_env_set(s->e, df_object_path(l->obj, part), v);
    df_value next = df_value_unknown();
    next.kind = V_COUNT;
    next.obj = (short)(n + 1);
    df_env_set(s->e, count, next);
}

/* A new list, of the elements of its initializer list where it is given
   one (`std::vector<IValue>{x}`, `module.forward({x})`), which nothing
   walked before: an initializer list alone is a kernel's addresses. */
static void list_new(df_call_state *s, const dc_effect *ef)
{
    dc_place none = { 0, { { 0 } } };
    (void)ef;
    s->result = df_object_new(s->u, s->e, V_LIST, none);
    fnode init = s->a->n ? df_cursor_bare(s->a->c[0]) : fx_null();
    df_children ch = fx_kind(init) == CXCursor_InitListExpr ? df_cursor_children(init)
                                                         : (df_children){ .n = 0 };
    for (int i = 0; i < ch.n; i++)
        push(s, &s->result, df_walk_expression(s->u, s->e, ch.v[i]));
}

static void list_push(df_call_state *s, const dc_effect *ef)
{
    const df_value *l = arg_value(s, ef, 0);
    if (l->kind == V_LIST && l->obj >= 0)
        push(s, l, *arg_value(s, ef, 1));
}

typedef struct {
    const df_env *e;
    size_t prefix;                      /* "#N" */
    df_value joined;
    bool any;
} elements;

static void join_element(int id, void *ctx)
{
    elements *w = ctx;
    if (df_path_text(id)[w->prefix] != '[')
        return;
    const df_value *v = df_env_find(w->e, id);
    w->joined = w->any ? df_value_join(&w->joined, v) : *v;
    w->any = true;
}

/* What any element of list l may be; of a list moved whole, where it went. */
df_value df_list_any_element(const df_env *e, const df_value *l)
{
    if (l->kind != V_LIST || l->obj < 0)
        return df_value_unknown();
    int list = df_object_path(l->obj, "");
    elements w = { e, strlen(df_path_text(list)), df_value_unknown(), false };
    df_env_each_member(e, list, join_element, &w);
    return w.joined.kind == V_NONE && l->where.n ? df_value_of(V_TENSOR, l->where) : w.joined;
}

/* Element i, or under an index not known, what any element may be. */
static void list_get(df_call_state *s, const dc_effect *ef)
{
    const df_value *l = arg_value(s, ef, 0);
    if (l->kind != V_LIST || l->obj < 0)
        return;
    int i = df_cursor_int(df_argument_cursor(s->a, ef->arg[1]), -1);
    char part[16];
    snprintf(part, sizeof part, "[%d]", i);
    s->result = i >= 0 ? df_env_get(s->e, df_object_path(l->obj, part)) : df_list_any_element(s->e, l);
    if (s->result.kind == V_NONE && l->where.n)
        s->result = df_value_of(V_TENSOR, l->where);  /* every element moved together */
}

/* A tensor's pieces, a module's parameters: a list where it is. */
static void split(df_call_state *s, const dc_effect *ef)
{
    df_value x = current_arg(s, ef, 0);
    if (x.kind == V_TENSOR || (x.kind == V_MODULE && x.where.n))
        s->result = df_object_new(s->u, s->e, V_LIST, x.where);
}

static void batches(df_call_state *s, const dc_effect *ef)
{
    for (int i = 0; i < ef->nargs; i++)
        store_through(s, ef->arg[i],
                      created(dc_place_of(AT_CPU, 0, s->at, "loaded as a batch onto"),
                              DF_DTYPE_UNKNOWN, (dc_loc){ 0 }));
}

static void identity(df_call_state *s, const dc_effect *ef)
{
    s->result = *arg_value(s, ef, 0);
}

static void ends_path(df_call_state *s, const dc_effect *ef)
{
    (void)ef;
    df_unwritten_path_ends(s->u, s->e);
    s->e->dead = true;                  /* the path ends here, as at a return */
}

static void test(df_call_state *s, const dc_effect *ef)
{
    (void)s, (void)ef;                  /* an if's condition: guards.c */
}

static void pointer_attributes(df_call_state *s, const dc_effect *ef)
{
    df_value attrs = df_value_unknown();
    attrs.kind = V_POINTER;
    attrs.path = df_walk_path(s->u, s->e, df_argument_cursor(s->a, ef->arg[1]));
    if (attrs.path)
        store_through(s, ef->arg[0], attrs);
}

/* ---- devices --------------------------------------------------------------------- */

static void device_of(df_call_state *s, const dc_effect *ef)
{
    df_value cur = current_arg(s, ef, 0);
    if ((cur.kind == V_TENSOR || cur.kind == V_MODULE) && cur.where.n) {
        s->result = df_value_of(V_DEVICE, cur.where);
        s->result.path = df_walk_path(s->u, s->e, df_argument_cursor(s->a, ef->arg[0]));  /* a test of the device tests it */
    }
}

static void device_cpu(df_call_state *s, const dc_effect *ef)
{
    (void)ef;
    s->result = df_value_of(V_DEVICE, dc_place_of(AT_CPU, 0, s->at, "the cpu"));
}

static void device_cuda(df_call_state *s, const dc_effect *ef)
{
    int i = df_cursor_int(df_argument_cursor(s->a, ef->arg[0]), -1);
    s->result = df_value_of(V_DEVICE, dc_place_of(i >= 0 ? AT_CUDA : AT_GPU, i, s->at, "a GPU"));
}

/* c10::Device("cuda:1"), a string literal as written: "cpu", "cuda" or
   "cuda:N".  Any other string (a variable's, another backend) is unknown. */
static void device_named(df_call_state *s, const dc_effect *ef)
{
    char text[32];
    int i = -1, used = 0;
    df_cursor_text(df_argument_cursor(s->a, ef->arg[0]), text, sizeof text);
    if (!strcmp(text, "\"cpu\""))
        s->result = df_value_of(V_DEVICE, dc_place_of(AT_CPU, 0, s->at, "the cpu"));
    else if (!strcmp(text, "\"cuda\"") ||
             (sscanf(text, "\"cuda:%d\"%n", &i, &used) == 1 && used == (int)strlen(text) &&
              i >= 0 && i < 128))
        s->result = df_value_of(V_DEVICE, dc_place_of(i >= 0 ? AT_CUDA : AT_GPU, i, s->at, "a GPU"));
}

/* c10::Device(type, index): GPU `index` of a cuda type, else the type's
   device (the cpu, or a device chosen at run time); or a device by name. */
static void device_typed(df_call_state *s, const dc_effect *ef)
{
    const df_value *type = arg_value(s, ef, 0);
    int i = df_cursor_int(df_argument_cursor(s->a, ef->arg[1]), -1);
    if (type->kind != V_DEVICE) {
        device_named(s, ef);
        return;
    }
    s->result = *type;
    if (i >= 0 && type->where.n == 1 && type->where.a[0].kind == AT_GPU)
        s->result.where = dc_place_of(AT_CUDA, i, s->at, "a GPU");
}

/* ---- raw memory -------------------------------------------------------------------- */

static void data_of(df_call_state *s, const dc_effect *ef)
{
    const df_value *x = arg_value(s, ef, 0);
    if (x->kind == V_TENSOR)
        s->result = df_value_of(V_MEMORY, x->where);
}

/* Memory the call allocates, with its allocator when the model's table
   knows the callee as one (for the release that must match it). */
static df_value allocated(df_call_state *s, atom_kind kind, int index, const char *how)
{
    df_value v = df_value_of(V_MEMORY, dc_place_of(kind, index, s->at, how));
    v.where.a[0].alloc = (unsigned char)dc_allocator(s->op);
    return v;
}

/* v, allocated, stored where argument i points: unwritten, in a local
   variable (a global's or a field's: any call may write it). */
static void allocates_into(df_call_state *s, int i, df_value v)
{
    fnode to = df_cursor_bare(df_argument_cursor(s->a, i));
    df_children ch = df_cursor_children(to);
    store_through(s, i, v);
    if (df_cursor_is_addr_of(to) && ch.n == 1 && df_cursor_local_variable(df_cursor_bare(ch.v[0])))
        df_unwritten_allocated(s->u, s->e, &v);
}

static void allocates_device(df_call_state *s, const dc_effect *ef)
{
    allocates_into(s, ef->arg[0], allocated(s, AT_GPU, -1, "allocated on"));
}

static void allocates_pinned(df_call_state *s, const dc_effect *ef)
{
    allocates_into(s, ef->arg[0], allocated(s, AT_PINNED, 0, "allocated as"));
}

static void allocates_host(df_call_state *s, const dc_effect *ef)
{
    store_through(s, ef->arg[0], allocated(s, AT_CPU, 0, "allocated on"));
}

static void returns_host(df_call_state *s, const dc_effect *ef)
{
    (void)ef;
    s->result = allocated(s, AT_CPU, 0, "allocated on");
    df_unwritten_allocated(s->u, s->e, &s->result);      /* malloc's (unwritten.c) */
}

static void returns_device(df_call_state *s, const dc_effect *ef)
{
    (void)ef;
    s->result = allocated(s, AT_GPU, -1, "allocated on");
    df_unwritten_allocated(s->u, s->e, &s->result);
}

/* ---- the checks ---------------------------------------------------------------------- */

/* A variable holding what argument i names moved to where `other` is:
   what the user probably meant (xg = dt_to(x, dev); ... x ...). */
static int moved_copy(df_call_state *s, int i, const dc_place *other)
{
    const df_env *e = s->e;
    int from = df_walk_path(s->u, s->e, df_argument_cursor(s->a, i)), found = 0;
    for (int id = df_env_next(e, 0); from && id; id = df_env_next(e, id)) {
        const df_value *v = df_env_find(e, id);
        if (v->kind == V_TENSOR && df_path_text(id)[0] != '#' && v->path == from &&
            v->where.n && !dc_places_differ(&v->where, other))
            found = id;                 /* the latest, as a scan from the end found */
    }
    return found;
}

/* An operand of a check of devices: a list's (TorchScript's inputs), any
   element. */
static df_value device_operand(df_call_state *s, const dc_effect *ef, int k)
{
    df_value v = current_arg(s, ef, k);
    return v.kind == V_LIST && v.obj >= 0 ? df_list_any_element(s->e, &v) : v;
}

/* PyTorch takes a cpu tensor of no dimensions as a scalar, beside a
   tensor of any device. */
static bool cpu_scalar(const df_value *v)
{
    return v->kind == V_TENSOR && v->scalar && dc_place_is_host(&v->where);
}

static void check_devices(df_call_state *s, const dc_effect *ef, bool scalars)
{
    df_value x = device_operand(s, ef, 0);
    for (int i = 1; i < ef->nargs; i++) {
        df_value y = device_operand(s, ef, i);
        if ((x.kind != V_TENSOR && x.kind != V_MODULE) ||
            (y.kind != V_TENSOR && y.kind != V_MODULE) || !x.where.n || !y.where.n ||
            (scalars && (cpu_scalar(&x) || cpu_scalar(&y))))
            continue;                   /* memory as a tensor: a struct's own, not its device */
        if (df_summary_defer(s->u, s->at, df_argument_operand(s->a, ef->arg[0], &x),
                          df_argument_operand(s->a, ef->arg[i], &y)) ||
            !dc_places_differ(&x.where, &y.where))
            continue;
        int moved = moved_copy(s, ef->arg[0], &y.where);
        if (!moved)
            moved = moved_copy(s, ef->arg[i], &x.where);
        const df_value *mv = df_env_find(s->e, moved);
        dc_report_device_mismatch(s->u->out, s->at, df_argument_operand(s->a, ef->arg[0], &x),
                                  df_argument_operand(s->a, ef->arg[i], &y),
                                  moved ? df_path_text(moved) : NULL,
                                  mv ? mv->where.a[0].origin : (dc_loc){ 0 });
    }
}

static void same_device(df_call_state *s, const dc_effect *ef)
{
    check_devices(s, ef, false);
}

/* An elementwise op's (TensorIterator's), which takes a cpu scalar. */
static void same_device_elementwise(df_call_state *s, const dc_effect *ef)
{
    check_devices(s, ef, true);
}

/* A tensor variable's value where c names one, else unknown. */
static df_value named_tensor(df_call_state *s, fnode c)
{
    const df_value *v = fx_kind(c) == CXCursor_DeclRefExpr ? df_env_find(s->e, df_walk_path(s->u, s->e, c))
                                                        : NULL;
    return v && v->kind == V_TENSOR ? df_object_current(s->e, v) : df_value_unknown();
}

/* Advanced indexing (`x.index({i, j})`, `x.index_put_({i}, v)`): PyTorch
   takes indices on the cpu (it moves them) or on x's device, and refuses
   others ("indices should be either on cpu or on the same device as the
   indexed tensor"): a variable of the list on a GPU that x is not on is
   a device-mismatch.  An index known only at a call (a parameter) says
   nothing (on the cpu it would be legal), nor one written as a call. */
static void indexes(df_call_state *s, const dc_effect *ef)
{
    df_value x = current_arg(s, ef, 0);
    fnode list = df_cursor_bare(df_argument_cursor(s->a, ef->arg[1]));
    df_children ch = fx_kind(list) == CXCursor_InitListExpr ? df_cursor_children(list)
                                                         : (df_children){ .n = 0 };
    bool known = dc_place_is_host(&x.where) || dc_place_is_device(&x.where);
    for (int i = 0; x.kind == V_TENSOR && known && i < ch.n; i++) {
        fnode index = df_cursor_bare(ch.v[i]);
        df_value v = named_tensor(s, index);
        if (!dc_place_is_device(&v.where) || !dc_places_differ(&x.where, &v.where))
            continue;
        char text[128];
        df_cursor_text(index, text, sizeof text);
        dc_report_device_mismatch(s->u->out, s->at, df_argument_operand(s->a, ef->arg[0], &x),
                                  (dc_operand){ text, &v.where, false, true }, NULL,
                                  (dc_loc){ 0 });
    }
}

typedef struct {
    df_call_state *s;
    const char *name;                   /* the vector's, for its elements' text */
    size_t prefix;                      /* its path's, "#N" */
    df_value first;
    char texts[2][64];
} one_device;

/* A tensor of the list, named text, against the first. */
static void same_device_as_first(one_device *w, df_value v, const char *text)
{
    if (!v.where.n)
        return;
    snprintf(w->texts[w->first.kind != V_NONE], sizeof w->texts[0], "%s", text);
    if (w->first.kind == V_NONE) {
        w->first = v;
        return;
    }
    dc_operand a = { w->texts[0], &w->first.where, false, true }, b = { w->texts[1], &v.where, false, true };
    if (dc_places_differ(&w->first.where, &v.where) && !df_summary_defer(w->s->u, w->s->at, a, b))
        dc_report_device_mismatch(w->s->u->out, w->s->at, a, b, NULL, (dc_loc){ 0 });
}

static void element_same_device(int id, void *ctx)
{
    one_device *w = ctx;
    const char *path = df_path_text(id);
    const df_value *v = df_env_find(w->s->e, id);
    char text[64];
    if (path[w->prefix] != '[' || !v || v->kind != V_TENSOR)
        return;
    const char *index = path + w->prefix;   /* "[-1]": pushed where the count was not known */
    snprintf(text, sizeof text, "%s%s", w->name, strcmp(index, "[-1]") ? index : "[...]");
    same_device_as_first(w, *v, text);
}

/* The tensors of a list on one device (`torch::cat({a, b}, 1)`'s
   variables, or the elements a vector was given, `parts.push_back(y)`
   then `torch::cat(parts)`), each against the first; the result is where
   that is. */
static void same_device_list(df_call_state *s, const dc_effect *ef)
{
    fnode list = df_cursor_bare(df_call_argument(s->a->call, ef->arg[0]));
    df_children ch = fx_kind(list) == CXCursor_InitListExpr ? df_cursor_children(list)
                                                         : (df_children){ .n = 0 };
    one_device w = { s, df_argument_text(s->a, ef->arg[0]), 0, df_value_unknown(), { "", "" } };
    for (int i = 0; i < ch.n; i++) {
        fnode element = df_cursor_bare(ch.v[i]);
        char text[64];
        df_cursor_text(element, text, sizeof text);
        same_device_as_first(&w, named_tensor(s, element), text);
    }
    df_value v = current_arg(s, ef, 0);
    if (!ch.n && v.kind == V_LIST && v.obj >= 0 && !v.where.n) {
        int path = df_object_path(v.obj, "");
        w.prefix = strlen(df_path_text(path));
        df_env_each_member(s->e, path, element_same_device, &w);
    }
    if (w.first.kind == V_TENSOR)
        s->result = created(w.first.where, w.first.dtype, w.first.dtype_origin);
}

static void same_dtype(df_call_state *s, const dc_effect *ef)
{
    df_value x = current_arg(s, ef, 0);
    for (int i = 1; i < ef->nargs; i++) {
        df_value y = current_arg(s, ef, i);
        if (x.dtype == DF_DTYPE_UNKNOWN || y.dtype == DF_DTYPE_UNKNOWN || x.dtype == y.dtype ||
            x.dtype == DF_DTYPE_I64 || y.dtype == DF_DTYPE_I64)
            continue;
        dc_report_dtype_mismatch(s->u->out, s->at, df_argument_text(s->a, ef->arg[0]),
                                 df_dtype_names[x.dtype], x.dtype_origin,
                                 df_argument_text(s->a, ef->arg[i]), df_dtype_names[y.dtype],
                                 y.dtype_origin, df_argument_operand(s->a, ef->arg[i], &y).torch);
    }
}

void df_effect_need_memory(df_unit *u, dc_loc at, const char *what, dc_operand ptr, bool device,
                        dc_loc why, const char *releaser)
{
    if (!df_summary_role(u, ptr.place, device ? ROLE_DEVICE : ROLE_HOST, why.line ? why : at))
        dc_check_memspace(u->out, at, what, ptr, device, why, releaser);
}

static void memory_check(df_call_state *s, int i, bool wants_device)
{
    const df_value *p = df_argument(s->a, i);
    if (!wants_device && i < s->a->n)
        df_uses_host(s->u, s->e, df_argument_cursor(s->a, i), HOST_CALL, s->at);
    if (df_value_is_memory(p))
        df_effect_need_memory(s->u, s->at, s->op, df_argument_operand(s->a, i, p), wants_device,
                           (dc_loc){ 0 }, dc_releaser(s->op));
}

static void device_memory(df_call_state *s, const dc_effect *ef)
{
    memory_check(s, ef->arg[0], true);
}

static void host_memory(df_call_state *s, const dc_effect *ef)
{
    memory_check(s, ef->arg[0], false);
}

/* Argument i must be memory of place g's space, where g is known to be on
   the host or on a device. */
static void space_check(df_call_state *s, const dc_place *g, int i)
{
    if (dc_place_is_host(g) || dc_place_is_device(g))
        memory_check(s, i, dc_place_is_device(g));
}

/* A library object that works on memory of its own space (a cuRAND
   generator made for the host or for the device): p must be there too. */
static void same_space(df_call_state *s, const dc_effect *ef)
{
    const df_value *g = arg_value(s, ef, 0);
    if (df_value_is_memory(g))
        space_check(s, &g->where, ef->arg[1]);
}

/* A tensor made over memory of the caller's (torch::from_blob): the memory
   must be of the space the tensor is made in (host memory for a cpu
   tensor), which the effects before this one (creates-options) said. */
static void wraps(df_call_state *s, const dc_effect *ef)
{
    if (s->result.kind == V_TENSOR)
        space_check(s, &s->result.where, ef->arg[0]);
}

/* The C library reading through argument i on the host (fwrite, memcmp,
   printf's %s): device memory there is host-deref, not a mismatch of two
   spaces a copy could join. */
static void host_reads(df_call_state *s, int i)
{
    const df_value *p = df_argument(s->a, i);
    if (i < s->a->n)
        df_uses_host(s->u, s->e, df_argument_cursor(s->a, i), HOST_READ, s->at);
    if (df_value_is_memory(p) && !df_summary_role(s->u, &p->where, ROLE_DEREF, s->at))
        dc_check_host_deref(s->u->out, s->at, df_argument_operand(s->a, i, p), false, s->op,
                            (dc_loc){ 0 });
}

static void reads_host(df_call_state *s, const dc_effect *ef)
{
    host_reads(s, ef->arg[0]);
}

/* The arguments a printf format reads through: each %s's.  A `*` width or
   precision takes an argument of its own; %% takes none. */
static void reads_host_format(df_call_state *s, const dc_effect *ef)
{
    fnode f = df_cursor_bare(df_argument_cursor(s->a, ef->arg[0]));
    if (fx_kind(f) != CXCursor_StringLiteral)
        return;
    int next = ef->arg[0] + 1;
    for (const char *p = strchr(fx_spelling(f), '%'); p; p = strchr(p, '%')) {
        if (*++p == '%') {
            p++;
            continue;
        }
        for (; *p && !isalpha((unsigned char)*p) && *p != '%'; p++)
            next += *p == '*';
        p += strspn(p, "hljztL");
        if (*p == 's')
            host_reads(s, next);
        next++;
    }
}

/* Whether the call's model checks the space of argument i (cudaFree's
   device-memory) and p is in the other: that release is memspace-mismatch's
   to say, not free-mismatch's. */
static bool space_contradicted(const df_call_state *s, int i, const dc_place *p)
{
    for (int k = 0; s->effects && k < s->effects->n; k++) {
        const dc_effect *ef = &s->effects->v[k];
        if (ef->arg[0] == i && ((ef->kind == EF_DEVICE_MEMORY && dc_place_is_host(p)) ||
                                (ef->kind == EF_HOST_MEMORY && dc_place_is_device(p))))
            return true;
    }
    return false;
}

void df_effect_release(df_unit *u, dc_loc at, const char *releaser, dc_operand ptr)
{
    const char *r = dc_releaser(releaser);
    if (r && !df_summary_release(u, ptr.place, r, at))
        dc_check_free(u->out, at, r, ptr, NULL, (dc_loc){ 0 });
}

static void frees(df_call_state *s, const dc_effect *ef)
{
    const df_value *p = arg_value(s, ef, 0);
    if (df_value_is_memory(p) && !space_contradicted(s, ef->arg[0], &p->where))
        df_effect_release(s->u, s->at, s->op, df_argument_operand(s->a, ef->arg[0], p));
}

static void copies(df_call_state *s, const dc_effect *ef)
{
    df_walk_copy_through(s->u, s->e, df_argument_cursor(s->a, ef->arg[0]),
                      df_argument_cursor(s->a, ef->arg[1]));
}

static bool swapped(df_call_state *s, const df_value *dst, const df_value *src);

/* A copy of no bytes (an empty batch's, a tail's) reads nothing: the
   argument after the source is the count (cudaMemcpy) or the source's pitch
   (cudaMemcpy2D, 0 only where nothing is copied), here the constant 0. */
static bool copies_nothing(df_call_state *s, const dc_effect *ef)
{
    int count = ef->arg[1] + 1;
    return count < s->a->n && df_cursor_int(df_argument_cursor(s->a, count), -1) == 0;
}

static df_value kind_value(int k)
{
    df_value v = df_value_unknown();
    v.kind = V_KIND;
    v.obj = (short)KIND_BIT(k);
    return v;
}

df_value df_effect_enumerator(fnode decl)
{
    char name[64];
    df_cursor_spelling(decl, name, sizeof name);
    int k = dc_copy_kind(name);
    return k >= 0 || strcmp(name, "cudaMemcpyDefault") == 0 ? kind_value(k) : df_value_unknown();
}

df_value df_effect_constant_kind(fnode ref)
{
    long long k = df_cursor_int(ref, -1);
    return df_type_names(fx_type(ref), "cudaMemcpyKind") && k >= 0 && k <= 4
               ? kind_value(k == 4 ? -1 : (int)k)     /* cudaMemcpyDefault is 4 */
               : df_value_unknown();
}

/* The kinds a copy's kind argument may be (KIND_BIT's): an enumerator
   written there, or what a variable holds (`k = c ? cudaMemcpyHostToDevice
   : cudaMemcpyDeviceToDevice`); 0 when not known. */
static unsigned copy_kinds(const df_value *kind)
{
    return kind->kind == V_KIND && kind->obj > 0 ? (unsigned)kind->obj : 0;
}

/* Where the copy's kind argument is written as the one token of kind k's
   enumerator, which a fix-it may replace; no place where it is not (a
   macro, a variable, a cast, parentheses). */
static dc_loc kind_written(df_call_state *s, const dc_effect *ef, int k)
{
    fnode c = df_cursor_bare(df_argument_cursor(s->a, ef->arg[2]));
    bool written = fx_kind(c) == CXCursor_DeclRefExpr &&
                   fx_kind(fx_referenced(c)) == CXCursor_EnumConstantDecl &&
                   strcmp(fx_text(c), memkinds[k].name) == 0;
    return written ? fx_loc(c) : (dc_loc){ 0 };
}

/* The checks of a copy with kind k, one of those its kind (kinds) may be.
   Between two parameters, a copy of one kind only is kept for the calls:
   the kind a helper picks among several (`up ? H2D : D2H`, a switch on
   its own enum) is its caller's choice, as the pointers are, so no one
   kind is checked at the call, and each parameter used both ways is
   used either way (check_roles). */
static void memcpy_one_kind(df_call_state *s, const dc_effect *ef, int k, unsigned kinds)
{
    const df_value *dst = arg_value(s, ef, 0), *src = arg_value(s, ef, 1);
    bool dst_known = df_value_is_memory(dst), src_known = df_value_is_memory(src);
    if (!dst_known && !src_known)
        return;
    if (dst_known && src_known && kinds == (unsigned)KIND_BIT(k))
        df_summary_copy(s->u, &dst->where, &src->where, k);
    /* a parameter on one side: its role is the kind's, and it is checked at each call */
    bool dst_param = dst_known &&
                     df_summary_role(s->u, &dst->where, k & 1 ? ROLE_DEVICE : ROLE_HOST, s->at);
    bool src_param = src_known &&
                     df_summary_role(s->u, &src->where, k & 2 ? ROLE_DEVICE : ROLE_HOST, s->at);
    if (dst_param && src_param)
        return;
    static const dc_place nowhere;      /* a side not known here: the other is checked alone */
    dc_operand d = df_argument_operand(s->a, ef->arg[0], dst), r = df_argument_operand(s->a, ef->arg[1], src);
    if (dst_param || !dst_known)
        d.place = &nowhere;
    if (src_param || !src_known)
        r.place = &nowhere;
    dc_finding *f = dc_check_memcpy(s->u->out, s->at, k, d, r, NULL, swapped(s, dst, src),
                                     kind_written(s, ef, k));
    if (f && !written(s, ef->arg[2]))
        dc_finding_note(f, s->at, dc_format("%s copies with %s when no kind is written",
                                            s->op, memkinds[k].name));
    if (f && (copy_kinds(arg_value(s, ef, 2)) & ~KIND_BIT(k)))
        dc_finding_note(f, s->at, dc_format("'%s' may be %s, among other kinds: each is checked",
                                            df_argument_text(s->a, ef->arg[2]), memkinds[k].name));
}

/* A copy into device memory from a local struct or what a local pointer
   points to: that object is a device mirror (fields.c).  A struct copied
   from the host keeps its pointers, host ones too (df_walk_send_struct). */
static void uploads(df_call_state *s, const dc_effect *ef, unsigned kinds)
{
    if ((kinds & (KIND_BIT(1) | KIND_BIT(3))) || dc_place_is_device(&arg_value(s, ef, 0)->where))
        df_walk_uploaded_from(s->u, df_argument_cursor(s->a, ef->arg[1]));
    bool default_to_device = kinds == KIND_BIT(-1) && dc_place_is_device(&arg_value(s, ef, 0)->where);
    if (kinds == KIND_BIT(1) || default_to_device)
        df_walk_send_struct(s->u, s->e, df_argument_cursor(s->a, ef->arg[0]),
                         df_argument_cursor(s->a, ef->arg[1]), s->at);
}

/* A copy of one kind takes the sides it says are device memory as that
   (uses.c); a kind that may be one of several says nothing of either. */
static void device_uses(df_call_state *s, const dc_effect *ef, unsigned kinds)
{
    int size = ef->arg[1] + 1;          /* the count, as copies_nothing reads it */
    fnode n = size < s->a->n ? df_argument_cursor(s->a, size) : fx_null();
    for (int k = 1; k < 4; k++) {
        if (kinds != (unsigned)KIND_BIT(k))
            continue;
        if (k & 1)
            df_uses_device(s->u, s->e, df_argument_cursor(s->a, ef->arg[0]), k, true, n, s->at);
        if (k & 2)
            df_uses_device(s->u, s->e, df_argument_cursor(s->a, ef->arg[1]), k, false, n, s->at);
    }
}

/* Argument i, p, read: nothing wrote it, or only one side of a branch
   that every path from the other side follows to here. */
static void check_unwritten(df_call_state *s, const char *verb, int i, const df_value *p, bool swap)
{
    dc_operand o = df_argument_operand(s->a, i, p);
    int k = -1;
    if (df_unwritten_must(s->u, s->e, p))
        dc_report_uninitialized_read(s->u->out, s->at, dc_format("%s %s", s->op, verb), o, swap);
    else if ((k = df_unwritten_sometimes(s->u, s->e, p)) >= 0)
        dc_report_sometimes_written(s->u->out, s->at, dc_format("%s %s", s->op, verb), o,
                                    s->u->sometimes[k].cond, s->u->sometimes[k].edge);
}

static void memcpy_kind(df_call_state *s, const dc_effect *ef)
{
    const df_value *dst = arg_value(s, ef, 0), *src = arg_value(s, ef, 1), *kind = arg_value(s, ef, 2);
    unsigned kinds = copy_kinds(kind);
    uploads(s, ef, kinds);
    if (!copies_nothing(s, ef))         /* onto itself: the first word on it */
        df_samebuf_copy(s->u, s->e, df_argument_cursor(s->a, ef->arg[0]),
                     df_argument_cursor(s->a, ef->arg[1]), kinds, s->op, s->at);
    device_uses(s, ef, kinds);
    bool fills_device = kinds && !(kinds & (KIND_BIT(0) | KIND_BIT(2) | KIND_BIT(-1)));
    if (!copies_nothing(s, ef))
        check_unwritten(s, "copies from", ef->arg[1], src,
                        fills_device && dc_place_is_host(&dst->where));
    if (kind->kind == V_KIND && kind->where.n &&
        df_summary_copy_with(s->u, s->at, df_argument_operand(s->a, ef->arg[0], dst),
                          df_argument_operand(s->a, ef->arg[1], src), &kind->where))
        return;
    for (int k = 0; k < 4; k++)
        if (kinds & KIND_BIT(k))
            memcpy_one_kind(s, ef, k, kinds);
}

/* Whether the flow says a copy's pointers were swapped, not its kind: the
   device memory it would copy over holds something written, or the device
   memory it would copy from holds nothing yet. */
static bool swapped(df_call_state *s, const df_value *dst, const df_value *src)
{
    return (dc_place_is_device(&dst->where) && df_unwritten_may_be_written(s->e, dst)) ||
           df_unwritten_must(s->u, s->e, src);
}

/* A library reads its argument 0 (cuBLAS's A and B), unless the scalar its
   argument 1 points to is zero (gemm's C, read only when beta is not 0). */
static bool points_to_zero(fnode arg)
{
    fnode c = df_cursor_bare(arg);
    if (!df_cursor_is_addr_of(c))
        return false;
    df_children ch = df_cursor_children(c);
    fnode var = fx_referenced(df_cursor_bare(ch.v[0]));
    df_children init = df_cursor_children(var);
    if (ch.n != 1 || fx_kind(var) != CXCursor_VarDecl || !init.n)
        return false;
    fnode value = init.v[init.n - 1];
    return fx_has(value, FX_FLOAT) ? fx_float(value) == 0
                                   : !fx_has(value, FX_INT) || fx_int(value) == 0;        /* not known to be non-zero: as zero, the quiet side */
}

static void reads(df_call_state *s, const dc_effect *ef)
{
    const df_value *p = arg_value(s, ef, 0);
    if (ef->nargs > 1 && points_to_zero(df_argument_cursor(s->a, ef->arg[1])))
        return;
    check_unwritten(s, "reads", ef->arg[0], p, false);
}

/* Argument i of a kernel, a pointer parameter, must be device memory; so
   must a class passed by value whose argument is memory: a packed
   accessor (`x.packed_accessor32<float, 2>()`), which holds its tensor's
   data pointer. */
static void kernel_argument(df_unit *u, dc_loc at, fnode kernel, int i, dc_operand arg)
{
    fnode param = fx_arg(kernel, (unsigned)i);
    if (ft_kind(fx_type(param)) != CXType_Pointer &&
        ft_kind(ft_canonical(fx_type(param))) != CXType_Record)
        return;
    char name[64], param_name[64], what[192];
    df_cursor_spelling(kernel, name, sizeof name);
    df_cursor_spelling(param, param_name, sizeof param_name);
    if (*param_name)    /* counted from 1, as compilers count arguments */
        snprintf(what, sizeof what, "argument %d ('%s') of kernel %s", i + 1, param_name, name);
    else
        snprintf(what, sizeof what, "argument %d of kernel %s", i + 1, name);
    df_effect_need_memory(u, at, what, arg, true, (dc_loc){ 0 }, NULL);
}

/* The kernel a launch names: `k`, `(const void *)k`, or its address,
   `(void *)&k`. */
static fnode launched_kernel(fnode arg)
{
    fnode c = df_cursor_bare(arg);
    df_children ch = df_cursor_children(c);
    return fx_referenced(df_cursor_is_addr_of(c) && ch.n == 1 ? df_cursor_bare(ch.v[0]) : c);
}

/* cudaLaunchKernel: each pointer parameter of the kernel (from its
   declaration) gets the memory of the matching argument address. */
static void launch(df_call_state *s, const dc_effect *ef)
{
    fnode kernel = launched_kernel(df_argument_cursor(s->a, ef->arg[0]));
    const df_value *list = arg_value(s, ef, 1);
    if (fx_kind(kernel) != CXCursor_FunctionDecl || list->kind != V_ADDRS)
        return;
    int nparams = fx_nargs(kernel);
    const char *next = df_path_text(list->path);
    for (int i = 0; i < nparams && *next; i++) {
        size_t len = strcspn(next, "|");
        int slot = df_path_format("%.*s", (int)len, next);
        next += next[len] ? len + 1 : len;
        df_value v = df_env_get(s->e, slot);
        if (df_value_is_memory(&v))
            kernel_argument(s->u, s->at, kernel, i,
                            (dc_operand){ df_path_text(slot), &v.where, false, false });
    }
}

/* The copy that put what prefix's member holds there: where, and the
   source's prefix; NULL when none of the last few did. */
static const dc_loc *sent_by(const df_unit *u, int prefix, int *from)
{
    for (int i = 0; i < 8 && i < u->nsent; i++) {
        int k = (u->nsent - 1 - i) % 8;     /* the latest first */
        if (u->sent[k].to == prefix) {
            *from = u->sent[k].from;
            return &u->sent[k].at;
        }
    }
    return NULL;
}

/* Argument i of kernel, whose parameter dereferences the pointer members
   `reads` names on the device (of what it points to, or of the struct it
   is): each must hold device memory, not a host pointer that a struct's
   copy to the device kept (a shallow copy), or that the struct passed by
   value holds. */
static void kernel_members(df_unit *u, df_env *e, fnode kernel, df_arguments *a, int i, dc_loc at)
{
    fnode reads[8];
    fnode def = fx_definition(kernel);
    fnode param = fx_arg(fx_is_null(def) ? kernel : def, i);
    bool pointer = ft_kind(ft_canonical(fx_type(param))) == CXType_Pointer;
    int n = fx_param_reads(param, reads, 8);
    for (int k = 0; k < n; k++) {
        int prefix, from = 0;
        int path = df_walk_member_path(u, e, a->c[i], pointer, fx_referenced(reads[k]), &prefix);
        const df_value *v = path ? df_env_find(e, path) : NULL;
        if (!v || !df_value_is_memory(v) || df_summary_role(u, &v->where, ROLE_DEVICE, at))
            continue;
        const dc_loc *copy = sent_by(u, prefix, &from);
        const char *field = df_path_text(df_cursor_path(fx_referenced(reads[k])));
        char name[128], what[128];
        snprintf(name, sizeof name, "%s%s", from ? df_path_text(from) : df_path_text(prefix), field);
        df_cursor_spelling(kernel, what, sizeof what);
        dc_report_host_member(u->out, at, what, (dc_operand){ name, &v->where, false, false },
                              fx_text(reads[k]), fx_loc(reads[k]), copy ? *copy : (dc_loc){ 0 });
    }
}

static fnode first_read(fnode kernel, int i)
{
    return i < fx_nargs(kernel) ? fx_first_read(fx_arg(kernel, i)) : fx_null();
}

/* Whether the memory of argument i is given to another parameter too,
   one the kernel may write (in place: `k<<<g, b>>>(d, d)`), which may be
   what its read of i sees. */
static bool given_twice(fnode kernel, const df_arguments *a, int i)
{
    for (int j = 0; j < a->n; j++)
        if (j != i && df_unwritten_shared(&a->v[j], &a->v[i]) &&
            fx_is_null(first_read(kernel, j)))
            return true;
    return false;
}

/* Argument i, memory nothing wrote, given to a parameter the kernel reads
   before writing (kernel_reads.c). */
static void kernel_reads(df_unit *u, df_env *e, dc_loc at, fnode kernel, df_arguments *a, int i)
{
    fnode read = first_read(kernel, i);
    if (!fx_is_null(read) && df_unwritten_must(u, e, &a->v[i]) && !given_twice(kernel, a, i) &&
        !df_unwritten_deferred(e))
        dc_report_kernel_read(u->out, at, fx_spelling(kernel), df_argument_operand(a, i, &a->v[i]),
                              fx_loc(read), fx_text(read));
}

void df_effect_launch(df_unit *u, df_env *e, fnode kernel, df_arguments *a, dc_loc at)
{
    for (int i = 0; i < a->n; i++) {
        if (df_value_is_memory(&a->v[i])) {
            kernel_argument(u, at, kernel, i, df_argument_operand(a, i, &a->v[i]));
            kernel_reads(u, e, at, kernel, a, i);
        }
        kernel_members(u, e, kernel, a, i, at);
    }
}

void df_effect_check_deref(df_unit *u, df_env *e, fnode base, const df_value *v, bool write, dc_loc at)
{
    char text[64];
    int path = df_walk_path(u, e, base);
    if (write)
        df_unwritten_forget(e, v);
    df_uses_host(u, e, base, write ? HOST_WRITE : HOST_READ, at);
    if (v->kind != V_MEMORY || df_summary_role(u, &v->where, ROLE_DEREF, at))
        return;
    bool named = path && !df_path_is_element(path);   /* "a[i]" as written, not "a[]" */
    if (!named)
        df_cursor_text(df_cursor_bare(base), text, sizeof text);
    dc_check_host_deref(u->out, at, (dc_operand){ named ? df_path_text(path) : text, &v->where,
                                                  false, false }, write, NULL, (dc_loc){ 0 });
}

/* ---- the table ------------------------------------------------------------------------ */

static effect_fn *const handlers[EF_COUNT] = {
    [EF_CREATES_CPU] = creates_cpu,         [EF_CREATES_ON] = creates_on,
    [EF_CREATES_LIKE] = creates_like,       [EF_DTYPE] = sets_dtype,
    [EF_DTYPE_OF] = dtype_of,
    [EF_TRANSFER] = transfer,               [EF_TRANSFER_DTYPE] = transfer_dtype,
    [EF_PIN] = pin,                         [EF_MOVES] = moves,
    [EF_SAME_DEVICE] = same_device,         [EF_SAME_DTYPE] = same_dtype,
    [EF_DEVICE_OF] = device_of,             [EF_DEVICE_CPU] = device_cpu,
    [EF_DEVICE_CUDA] = device_cuda,         [EF_DATA_OF] = data_of,
    [EF_MODULE_STATE] = module_state,       [EF_MODULE_CUSTOM] = module_custom,
    [EF_MODULE_CHILDREN] = module_children, [EF_REGISTER] = registers,
    [EF_PARAM_OF] = param_of,               [EF_LIST_NEW] = list_new,
    [EF_LIST_PUSH] = list_push,             [EF_LIST_GET] = list_get,
    [EF_SPLIT] = split,                     [EF_BATCHES] = batches,
    [EF_ALLOCATES_DEVICE] = allocates_device, [EF_ALLOCATES_PINNED] = allocates_pinned,
    [EF_RETURNS_HOST] = returns_host,       [EF_RETURNS_DEVICE] = returns_device,
    [EF_DEVICE_MEMORY] = device_memory,     [EF_HOST_MEMORY] = host_memory,
    [EF_MEMCPY] = memcpy_kind,              [EF_LAUNCH] = launch,
    [EF_IDENTITY] = identity,               [EF_DEVICE_EQUAL] = test,
    [EF_IS_CUDA] = test,                    [EF_POINTER_ATTRIBUTES] = pointer_attributes,
    [EF_FREES] = frees,                     [EF_COPIES] = copies,
    [EF_CREATES_OPTIONS] = creates_options, [EF_DEVICE_TYPED] = device_typed,
    [EF_LOADS] = loads,                     [EF_NORETURN] = ends_path,
    [EF_READS] = reads,                     [EF_ALLOCATES_HOST] = allocates_host,
    [EF_SAME_SPACE] = same_space,           [EF_READS_HOST] = reads_host,
    [EF_READS_HOST_FORMAT] = reads_host_format, [EF_MODULE_ON] = module_on,
    [EF_WRAPS] = wraps,                     [EF_INDEXES] = indexes,
    [EF_REDUCES] = reduces,                 [EF_ZERO_DIM] = zero_dim,
    [EF_SAME_DEVICE_LIST] = same_device_list, [EF_ELEMENTWISE] = same_device_elementwise,
};

void df_effect_apply(df_call_state *s, const dc_effect *ef)
{
    if (ef->kind < EF_COUNT && handlers[ef->kind])
        handlers[ef->kind](s, ef);
}
