/*
 * Function summaries: what a function of the program does, as its callers
 * need it, found from its body alone with each parameter bound to a place
 * of its own ("where parameter i is", AT_PARAM):
 *
 *   - each parameter's roles: host code dereferences it; it must be device
 *     memory (a kernel's argument, the device side of a copy, cudaMemset,
 *     cudaFree) or host memory; and copies of a known kind between two
 *     parameters, or with the kind a parameter holds ("copies with
 *     parameter K's kind", checked at each call with the argument's kinds);
 *   - its result, in the parameters' places where it depends on them (a
 *     helper that returns what it was given, or moves it to a device given);
 *   - what it leaves behind pointer parameters: "*p" (an out-parameter),
 *     "p->field" (a struct filled through a pointer), a module moved; and
 *     a method in its object's members ("this->field"): a field released
 *     and set to NULL, or set to fresh memory, is so in the caller;
 *   - for a function that tests an integer parameter alone (`if
 *     (on_device)`, the first one it tests), or failing one an integer
 *     member of a struct parameter (`if (!state.train || ...)`,
 *     `p->opts.on`), the same for each of that flag's values: `alloc(n, 0)`
 *     returns host memory where `alloc(n, f)` returns "a GPU or the cpu".
 *     A call whose argument there is a constant, or whose argument's
 *     member was set to one (walk.c's V_FLAG: `st.train = 0`, `{ .train =
 *     0 }`), or the caller's own flag in its walk for one value, gets that
 *     value's summary.
 *
 * At each call the parameters' places become the arguments' (place.c's
 * dc_place_substitute), the roles become checks of the arguments, and in a
 * function that is itself being summarized, a role of an argument that is
 * one of its own parameters becomes that parameter's role.
 */
#include "flow.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define SUMMARY_COPIES 8
#define SUMMARY_FIELDS 32
#define SUMMARY_CHECKS 16
#define SUMMARY_VALUES 8

typedef struct {
    signed char dst, src;               /* parameters */
    signed char kind;                   /* dc_copy_kind */
} copy_pair;

/* A copy with the kind parameter `kind` holds, put off until a call says
   which kinds those are. */
typedef struct {
    dc_loc at;
    int names[2];                       /* interned source texts: the destination, the source */
    dc_place places[2];
    signed char kind;
} kind_copy;

/* A device check put off until the parameters' places are known. */
typedef struct {
    dc_loc at;
    int names[2];                       /* interned source texts */
    dc_place places[2];
    bool modules[2], torch[2];
} deferred;

#define PARAM_THIS (-2)

/* A pointer member of a struct parameter, read with nothing known of it
   (`state.input`, `v->data`): a place of its own, numbered after the
   parameters, which each call makes the argument's member. */
typedef struct {
    signed char param;
    int member;                         /* interned: ".input", "->data" */
    fnode field;                        /* its declaration: the type's fact, failing all else */
} member_slot;

typedef struct {
    signed char param;                  /* -1: the result's members; PARAM_THIS: the object's */
    int member;                         /* interned: "->w", ".inner.t" */
    df_value v;
} field_write;

struct df_summary {
    int nparams;
    int names[MAX_PARAMS];              /* interned */
    signed char flag;                   /* the parameter tested alone, or -1 */
    int flag_member;                    /* interned: its member tested (".train"), or 0 */
    bool flag_in_choice;                /* tested by a `c ? a : b` only, so far */
    int nvalues;                        /* an enum flag: the enumerators it is compared to */
    long long values[SUMMARY_VALUES];
    df_summary *when[SUMMARY_VALUES + 1];  /* with each of those values, then with none
                                              of them; without them, with the flag 0,
                                              and not 0 */
    bool forward;                       /* its input has a place of its own */
    unsigned roles[MAX_PARAMS];
    dc_loc role_at[MAX_PARAMS][3];      /* where each role first arose, by its bit */
    const char *released[MAX_PARAMS];   /* the function that releases it (dc_releaser's) */
    dc_loc released_at[MAX_PARAMS];
    int ncopies;
    copy_pair copies[SUMMARY_COPIES];
    df_value result;
    df_value out[MAX_PARAMS];              /* "*p" at the end; V_NONE: not written */
    dc_place moved[MAX_PARAMS];         /* a module parameter, where it was left */
    short objects[MAX_PARAMS];          /* the module or list object of a parameter */
    int nfields;
    field_write fields[SUMMARY_FIELDS];
    int nchecks;
    deferred checks[SUMMARY_CHECKS];
    int nkind_copies;
    kind_copy kind_copies[SUMMARY_COPIES];
    int nmembers;                       /* places nparams.. nparams + nmembers - 1 */
    member_slot members[MAX_PARAMS];
    int nsame;                          /* copies across host and device between memory */
    df_same_copy same[SUMMARY_COPIES];     /* its callers name (samebuf.c) */
    int result_path;                    /* the memory every return returns; -1: not one */
    dc_loc result_at;
};

df_summary *df_summary_new(int nparams)
{
    df_summary *s = dc_realloc(NULL, sizeof *s);
    memset(s, 0, sizeof *s);
    s->nparams = nparams < 0 ? 0 : nparams > MAX_PARAMS ? MAX_PARAMS : nparams;
    s->result = df_value_unknown();
    s->flag = -1;
    return s;
}

void df_summary_free(df_summary *s)
{
    for (int i = 0; s && i <= SUMMARY_VALUES; i++)
        df_summary_free(s->when[i]);
    free(s);
}

/* The places a summary's roles and checks may name: its parameters, then
   the members of struct parameters read there. */
static int places_of(const df_summary *s)
{
    return s->nparams + s->nmembers;
}

/* Whether a summary says anything a flag's value could narrow. */
static bool says_something(const df_summary *s)
{
    if (s->result.kind != V_NONE || s->nfields || s->ncopies || s->nchecks || s->nkind_copies ||
        s->nsame || s->result_path > 0)
        return true;
    for (int i = 0; i < places_of(s); i++)
        if (s->roles[i] || s->released[i] || s->out[i].kind != V_NONE || s->moved[i].n)
            return true;
    return false;
}

df_summary *df_summary_variant(df_summary *s, int value)
{
    /* an enum compared to its values may pick a kind its callees' variants
       copy with, which the summary for all of them does not say; none is
       left from an earlier round */
    if (s->flag < 0 || (!s->nvalues && !says_something(s))) {
        df_summary_free(s->when[value]);
        s->when[value] = NULL;
        return NULL;
    }
    if (!s->when[value])
        s->when[value] = df_summary_new(s->nparams);
    s->when[value]->flag = s->flag;
    s->when[value]->flag_member = s->flag_member;
    s->when[value]->nvalues = s->nvalues;
    memcpy(s->when[value]->values, s->values, sizeof s->values);
    return s->when[value];
}

int df_summary_variants(const df_summary *s)
{
    return s->nvalues ? s->nvalues + 1 : 2;
}

/* The parameter that path is or is a member of ("s", "s.train",
   "p->opts.on"), with the rest in *member (0 for the parameter itself);
   -1 for none. */
static int param_root(const df_summary *s, int path, int *member)
{
    const char *t = df_path_text(path);
    for (int i = 0; path && s && i < s->nparams; i++) {
        const char *name = df_path_text(s->names[i]);
        size_t n = strlen(name);
        if (n && strncmp(t, name, n) == 0 &&
            (!t[n] || t[n] == '.' || strncmp(t + n, "->", 2) == 0)) {
            *member = t[n] ? df_path_intern(t + n) : 0;
            return i;
        }
    }
    return -1;
}

/* Parameter i (its member `member`) tested: noted as the flag where it is
   the first, or an if's over a choice's, or a parameter over a member. */
static void note_flag(df_unit *u, int i, int member)
{
    df_summary *s = u->self;
    bool same = i == s->flag && member == s->flag_member;
    if (s->flag < 0 || (s->flag_member && !member) ||   /* a parameter over a member, */
        (s->flag_in_choice && !u->in_choice)) {         /* an if's over a choice's */
        s->flag = (signed char)i;
        s->flag_member = member;
        s->flag_in_choice = u->in_choice;
        s->nvalues = 0;
    } else if (same) {
        s->flag_in_choice = s->flag_in_choice && u->in_choice;
    }
}

static bool is_value(const df_summary *s, long long value)
{
    for (int i = 0; i < s->nvalues; i++)
        if (s->values[i] == value)
            return true;
    return false;
}

/* A value the flag is compared to, as an enumerator is (a variant each). */
static void note_value(df_summary *s, long long value)
{
    if (!is_value(s, value) && s->nvalues < SUMMARY_VALUES)
        s->values[s->nvalues++] = value;
}

/* What is known of the integer at path: EXACT (its value in *value), TRUTH
   (only whether it is 0: *value 0 or 1), OTHER (none of the flag's values)
   or UNKNOWN, noting the flag (and, where `compared`, *value as one of its
   values) in a walk that assumes none. */
enum { UNKNOWN, TRUTH, EXACT, OTHER };

static int flag_known(df_unit *u, const df_env *e, int path, bool compared, long long *value)
{
    df_summary *s = u->self;
    const df_value *v = df_env_find(e, path);
    int member, i;
    if (v) {                            /* set here: what it was set to */
        bool set = v->kind == V_FLAG && (v->obj == FLAG_ZERO || v->obj == FLAG_NONZERO);
        *value = set && v->obj == FLAG_NONZERO;
        return !set ? UNKNOWN : *value ? TRUTH : EXACT;
    }
    if ((i = param_root(s, path, &member)) < 0)
        return UNKNOWN;
    if (u->assume >= 0) {
        if (i != s->flag || member != s->flag_member)
            return UNKNOWN;
        if (s->nvalues && u->assume == s->nvalues)
            return OTHER;
        *value = s->nvalues ? s->values[(int)u->assume] : u->assume;
        return s->nvalues ? EXACT : TRUTH;
    }
    long long constant = *value;
    note_flag(u, i, member);
    if (compared && i == s->flag && member == s->flag_member)
        note_value(s, constant);
    return UNKNOWN;
}

int df_summary_flag(df_unit *u, const df_env *e, int path)
{
    long long value = 0;
    int known = flag_known(u, e, path, false, &value);
    if (known == OTHER)
        return is_value(u->self, 0) ? 1 : -1;
    return known == UNKNOWN ? -1 : value != 0;
}

int df_summary_flag_is(df_unit *u, const df_env *e, int path, long long constant)
{
    long long value = constant;
    int known = flag_known(u, e, path, true, &value);
    if (known == EXACT || (known == TRUTH && constant == 0))
        return value == constant;
    return known == OTHER && is_value(u->self, constant) ? 0 : -1;
}

/* ---- binding the parameters ----------------------------------------------------- */

static int param_name(fnode fn, int i)
{
    return df_cursor_path(fx_arg(fn, (unsigned)i));
}

/* dt_tensor *f(dt_module *self, dt_tensor *x): a forward function. */
static bool is_forward(fnode fn)
{
    return fx_nargs(fn) == 2 &&
           df_type_names(fx_result_type(fn), "dt_tensor") &&
           df_type_names(fx_type(fx_arg(fn, 0)), "dt_module") &&
           df_type_names(fx_type(fx_arg(fn, 1)), "dt_tensor");
}

/* A libtorch module's own forward: `Tensor forward(Tensor x)` of a class
   derived from torch::nn::Module (the module is `this`). */
static bool is_module_forward(fnode fn)
{
    char name[16];
    df_cursor_spelling(fn, name, sizeof name);
    return fx_kind(fn) == CXCursor_CXXMethod && strcmp(name, "forward") == 0 &&
           fx_nargs(fn) == 1 &&
           df_type_is(fx_type(fx_arg(fn, 0)), "at::Tensor") &&
           df_cursor_derives_from(fx_semantic_parent(fn), "torch::nn::Module");
}

static void bind_forward(df_unit *u, df_env *e, fnode fn)
{
    df_value input = df_value_of(V_TENSOR, dc_place_of(AT_INPUT, 0, df_cursor_loc(fn), "the input of"));
    if (is_module_forward(fn)) {
        df_env_set(e, param_name(fn, 0), input);
        return;
    }
    df_value module = df_object_new(u, e, V_MODULE, input.where);
    module.dtype = DF_DTYPE_UNKNOWN;
    df_object_update(e, &module);
    df_env_set(e, param_name(fn, 0), module);
    df_env_set(e, param_name(fn, 1), input);
}

/* A parameter's value, by its type: a tensor, module, list or device where
   parameter i is; memory where parameter i points; for a pointer to a
   pointer (or to the driver API's integer, CUdeviceptr), the address of
   "*p", whose value the function may set. */
static void bind_parameter(df_unit *u, df_env *e, fnode param, int i)
{
    ftype t = fx_type(param);
    int id = df_cursor_path(param);
    dc_place here = dc_place_of(AT_PARAM, i, (dc_loc){ 0 }, NULL);   /* no origin of its own */
    bool pointer = ft_kind(t) == CXType_Pointer;
    u->self->objects[i] = -1;
    ftype pointee = ft_pointee(t);
    if (pointer && (ft_kind(pointee) == CXType_Pointer || df_type_names(pointee, "CUdeviceptr"))) {
        df_value addr = df_value_unknown();
        addr.kind = V_ADDR;
        addr.path = df_path_join("*", df_path_text(id));
        df_env_set(e, id, addr);
    } else if (df_type_names(t, "dt_device") || df_type_is(t, "c10::Device")) {
        df_env_set(e, id, df_value_of(V_DEVICE, here));
    } else if ((pointer && df_type_names(t, "dt_tensor")) || df_type_is(t, "at::Tensor")) {
        df_env_set(e, id, df_value_of(V_TENSOR, here));
    } else if ((pointer && (df_type_names(t, "dt_module") || df_type_names(t, "dt_list"))) ||
               dc_model_holds_module(t)) {
        /* a module the caller made: where its argument is, its moves here seen there */
        df_value obj = df_object_new(u, e, df_type_names(t, "dt_list") ? V_LIST : V_MODULE, here);
        obj.dtype = DF_DTYPE_UNKNOWN;
        df_object_update(e, &obj);
        u->self->objects[i] = obj.obj;
        df_env_set(e, id, obj);
    } else if (pointer || df_type_names(t, "CUdeviceptr")) {   /* the driver API's integer */
        df_env_set(e, id, df_value_of(V_MEMORY, here));
    } else if (df_type_names(t, "cudaMemcpyKind")) {
        df_env_set(e, id, df_value_of(V_KIND, here));             /* no kind known: its caller's */
    }
}

void df_summary_bind_parameters(df_unit *u, df_env *e, fnode fn)
{
    df_summary *s = u->self;
    s->forward = is_forward(fn) || is_module_forward(fn);
    memset(s->roles, 0, sizeof s->roles);
    memset(s->role_at, 0, sizeof s->role_at);
    memset(s->released, 0, sizeof s->released);
    memset(s->released_at, 0, sizeof s->released_at);
    s->ncopies = 0;
    s->nchecks = 0;
    s->nkind_copies = 0;
    s->nsame = 0;
    s->result_path = 0;
    if (u->assume < 0) {                /* found again by this walk */
        s->flag = -1;
        s->flag_member = 0;
        s->flag_in_choice = false;
        s->nvalues = 0;
    }
    for (int i = 0; i < s->nparams; i++)
        s->names[i] = param_name(fn, i);
    if (s->forward) {
        bind_forward(u, e, fn);
        return;
    }
    for (int i = 0; i < s->nparams; i++)
        bind_parameter(u, e, fx_arg(fn, (unsigned)i), i);
}

/* ---- members of struct parameters ------------------------------------------------ */

/* The place of parameter `param`'s member, numbered on first use; -1 when
   the places are all taken. */
static int member_place(df_summary *s, int param, int member, fnode field)
{
    for (int j = 0; j < s->nmembers; j++)
        if (s->members[j].param == param && s->members[j].member == member)
            return s->nparams + j;
    if (places_of(s) == MAX_PARAMS)
        return -1;
    s->members[s->nmembers] = (member_slot){ (signed char)param, member, field };
    return s->nparams + s->nmembers++;
}

/* The parameter whose name is path, or -1. */
static int param_named(const df_summary *s, int path)
{
    for (int i = 0; path && s && i < s->nparams; i++)
        if (s->names[i] == path)
            return i;
    return -1;
}

/* A pointer to raw memory: not one of devtensor's objects, which have
   places of their own (bind_parameter's). */
static bool raw_pointer(ftype t)
{
    return ft_kind(ft_canonical(t)) == CXType_Pointer && !df_type_names(t, "dt_tensor") &&
           !df_type_names(t, "dt_module") && !df_type_names(t, "dt_list");
}

df_value df_summary_member(df_unit *u, int base, bool arrow, fnode field, df_value v)
{
    int i = param_named(u->self, base);
    bool kind = df_type_names(fx_type(field), "cudaMemcpyKind");   /* `x->kind`: the caller's */
    if (v.kind != V_NONE || !df_fields_known() || i < 0 || u->self->forward ||
        !(kind || raw_pointer(fx_type(field))))
        return v;
    int member = df_path_format("%s%s", arrow ? "->" : ".", df_path_text(df_cursor_path(field)));
    int k = member_place(u->self, i, member, field);
    return k < 0 ? v : df_value_of(kind ? V_KIND : V_MEMORY, dc_place_of(AT_PARAM, k, (dc_loc){ 0 }, NULL));
}

/* ---- roles, found in the body ------------------------------------------------------ */

bool df_summary_release(df_unit *u, const dc_place *p, const char *releaser, dc_loc at)
{
    int i = dc_place_param(p);
    if (!u->self || i < 0 || i >= places_of(u->self))
        return false;
    if (!u->self->released[i]) {
        u->self->released[i] = releaser;
        u->self->released_at[i] = at;
    }
    return true;
}

bool df_summary_role(df_unit *u, const dc_place *p, unsigned role, dc_loc at)
{
    int i = dc_place_param(p), bit = role == ROLE_DEREF ? 0 : role == ROLE_DEVICE ? 1 : 2;
    if (!u->self || i < 0 || i >= places_of(u->self))
        return false;
    u->self->roles[i] |= role;
    if (!u->self->role_at[i][bit].line)
        u->self->role_at[i][bit] = at;
    return true;
}

/* A parameter the function itself uses as memory of one space only: as
   device memory and never on the host (cudaFree'd, a kernel's argument),
   or as host memory and never as device memory.  Its caller must hand it
   that space, so what the function keeps of it (a pool's cache of the
   buffers it is given back) is that space. */
dc_place df_summary_used_space(const df_unit *u, int i)
{
    if (!u->self || i < 0 || i >= places_of(u->self))
        return (dc_place){ 0, { { 0 } } };
    unsigned r = u->self->roles[i];
    bool device = (r & ROLE_DEVICE) && !(r & (ROLE_HOST | ROLE_DEREF));
    bool host = (r & ROLE_HOST) && !(r & ROLE_DEVICE);
    return device || host ? dc_place_of(device ? AT_GPU : AT_CPU, -1,
                                        u->self->role_at[i][device ? 1 : 2], "used as memory of")
                          : (dc_place){ 0, { { 0 } } };
}

static bool has_param(const dc_place *p)
{
    for (int i = 0; i < p->n; i++)
        if (p->a[i].kind == AT_PARAM)
            return true;
    return false;
}

/* Whether two places are one (file names are interned). */
static bool same_loc(dc_loc a, dc_loc b)
{
    return a.line == b.line && a.column == b.column && a.file == b.file;
}

bool df_summary_defer(df_unit *u, dc_loc at, dc_operand a, dc_operand b)
{
    df_summary *s = u->self;
    if (!s || (!has_param(a.place) && !has_param(b.place)))
        return false;
    int names[2] = { df_path_intern(a.name), df_path_intern(b.name) };
    for (int i = 0; i < s->nchecks; i++)    /* one check a pair of operands: run_method's */
        if (same_loc(s->checks[i].at, at) && s->checks[i].names[0] == names[0] &&   /* inputs each */
            s->checks[i].names[1] == names[1])
            return true;
    if (s->nchecks < SUMMARY_CHECKS)
        s->checks[s->nchecks++] = (deferred){ at, { names[0], names[1] },
                                              { *a.place, *b.place }, { a.module, b.module },
                                              { a.torch, b.torch } };
    return true;
}

void df_summary_copy(df_unit *u, const dc_place *dst, const dc_place *src, int kind)
{
    df_summary *s = u->self;
    int d = dc_place_param(dst), r = dc_place_param(src);
    if (!s || d < 0 || r < 0 || d >= places_of(s) || r >= places_of(s))
        return;
    for (int i = 0; i < s->ncopies; i++)
        if (s->copies[i].dst == d && s->copies[i].src == r && s->copies[i].kind == kind)
            return;
    if (s->ncopies < SUMMARY_COPIES)
        s->copies[s->ncopies++] = (copy_pair){ (signed char)d, (signed char)r,
                                               (signed char)kind };
}

bool df_summary_copy_with(df_unit *u, dc_loc at, dc_operand dst, dc_operand src, const dc_place *kind)
{
    df_summary *s = u->self;
    int k = dc_place_param(kind);
    if (!s || k < 0 || k >= places_of(s))
        return false;
    for (int i = 0; i < s->nkind_copies; i++)
        if (same_loc(s->kind_copies[i].at, at))
            return true;
    if (s->nkind_copies < SUMMARY_COPIES)
        s->kind_copies[s->nkind_copies++] =
            (kind_copy){ at, { df_path_intern(dst.name), df_path_intern(src.name) },
                         { *dst.place, *src.place }, (signed char)k };
    return true;
}

void df_summary_same_copy(df_unit *u, const df_same_copy *c)
{
    df_summary *s = u->self;
    for (int i = 0; s && i < s->nsame; i++)
        if (same_loc(s->same[i].at, c->at) && s->same[i].sides[0] == c->sides[0] &&
            s->same[i].sides[1] == c->sides[1])
            return;
    if (s && s->nsame < SUMMARY_COPIES)
        s->same[s->nsame++] = *c;
}

void df_summary_same_result(df_unit *u, int path, dc_loc at)
{
    df_summary *s = u->self;
    if (!s->result_path) {
        s->result_path = path ? path : -1;
        s->result_at = at;
    } else if (s->result_path != path) {
        s->result_path = -1;
    }
}

const df_same_copy *df_summary_same_copies(const df_summary *s, int *n)
{
    *n = s->nsame;
    return s->same;
}

int df_summary_result_path(const df_summary *s, dc_loc *at)
{
    *at = s->result_at;
    return s->result_path > 0 ? s->result_path : 0;
}

const int *df_summary_param_names(const df_summary *s, int *n)
{
    *n = s->nparams;
    return s->names;
}

/* ---- the end of the walk ------------------------------------------------------------- */

/* A value as the caller may hold it: nothing that names the callee's paths
   or objects. */
static df_value portable(df_value v)
{
    if (v.kind == V_ADDR || v.kind == V_ADDRS || v.kind == V_COUNT || v.kind == V_POINTER)
        return df_value_unknown();
    if (v.kind != V_KIND && v.kind != V_FLAG)   /* a set of kinds or values is no object */
        v.obj = -1;
    v.path = 0;
    v.use = 0;                          /* the callee's uses are its own */
    v.used = (dc_loc){ 0 };
    return v;
}

typedef struct {
    df_summary *s;
    const df_env *e;
    int param;
    size_t base;                        /* the length of the parameter's name */
    bool unknown;                       /* the pass for members set to what is not known */
} field_scan;

static void keep_field(int id, void *ctx)
{
    field_scan *f = ctx;
    const char *member = df_path_text(id) + f->base;
    df_value v = portable(df_env_get(f->e, id));
    if ((v.kind == V_NONE) != f->unknown || f->s->nfields == SUMMARY_FIELDS ||
        (strncmp(member, "->", 2) != 0 && *member != '.'))
        return;
    f->s->fields[f->s->nfields++] = (field_write){ (signed char)f->param, df_path_intern(member), v };
}

static void keep_fields(df_summary *s, const df_env *e, int base, int param, bool unknown)
{
    field_scan f = { s, e, param, strlen(df_path_text(base)), unknown };
    df_env_each_member(e, base, keep_field, &f);
}

/* What the function leaves in the members of its result, its parameters
   and its object; then, where room is left, the members of its
   parameters and object it set to what is not known: a flag the caller
   set there is not known after the call (write_back). */
static void keep_all_fields(df_summary *s, const df_env *e, fnode fn)
{
    s->nfields = 0;
    for (int unknown = 0; unknown < 2; unknown++) {
        if (!unknown)
            keep_fields(s, e, df_path_intern("#returned"), -1, false);
        for (int i = 0; i < s->nparams; i++)
            keep_fields(s, e, param_name(fn, i), i, unknown);
        keep_fields(s, e, df_path_intern("this"), PARAM_THIS, unknown);
    }
}

static bool same_fields(const df_summary *a, const df_summary *b)
{
    if (a->nfields != b->nfields)
        return false;
    for (int i = 0; i < a->nfields; i++)
        if (a->fields[i].param != b->fields[i].param ||
            a->fields[i].member != b->fields[i].member ||
            !df_value_same(&a->fields[i].v, &b->fields[i].v))
            return false;
    return true;
}

static bool same_copies(const df_summary *a, const df_summary *b)
{
    for (int i = 0; i < a->nsame; i++)
        if (!same_loc(a->same[i].at, b->same[i].at) ||
            a->same[i].sides[0] != b->same[i].sides[0] ||
            a->same[i].sides[1] != b->same[i].sides[1])
            return false;
    return true;
}

static bool same_summary(const df_summary *a, const df_summary *b)
{
    if (memcmp(a->roles, b->roles, sizeof a->roles) != 0 ||
        memcmp(a->released, b->released, sizeof a->released) != 0 || a->ncopies != b->ncopies ||
        a->nchecks != b->nchecks || a->nkind_copies != b->nkind_copies ||
        a->nsame != b->nsame || a->result_path != b->result_path || !same_copies(a, b) ||
        memcmp(a->copies, b->copies, (size_t)a->ncopies * sizeof *a->copies) != 0 ||
        !df_value_same(&a->result, &b->result) || !same_fields(a, b))
        return false;
    for (int i = 0; i < a->nparams; i++)
        if (!df_value_same(&a->out[i], &b->out[i]) || !dc_place_same(&a->moved[i], &b->moved[i]))
            return false;
    return true;
}

void df_summary_finish(df_unit *u, fnode fn)
{
    df_summary *s = u->self;
    const df_env *e = &u->exit;
    df_value result = df_object_current(e, &u->returned);   /* a module moved in place */
    s->result = s->forward || !u->has_return ? df_value_unknown() : portable(result);
    s->nfields = 0;
    if (!s->forward) {
        keep_all_fields(s, e, fn);
        for (int i = 0; i < s->nparams; i++) {
            int name = param_name(fn, i);
            const df_value *p = df_env_find(e, name);
            s->out[i] = p && p->kind == V_ADDR ? portable(df_env_get(e, p->path)) : df_value_unknown();
            s->moved[i] = (dc_place){ 0, { { 0 } } };
            const df_value *obj = s->objects[i] >= 0 ? df_env_find(e, df_object_path(s->objects[i], ""))
                                                  : NULL;
            if (obj && dc_place_param(&obj->where) != i)
                s->moved[i] = obj->where;
        }
    }
}

df_summary *df_summary_for_walk(const df_summary *s)
{
    df_summary *next = dc_realloc(NULL, sizeof *next);
    *next = *s;
    memset(next->when, 0, sizeof next->when);
    return next;
}

bool df_summary_take(df_summary *s, df_summary *next)
{
    bool changed = !same_summary(s, next);
    df_summary *when[SUMMARY_VALUES + 1];
    memcpy(when, s->when, sizeof when);
    *s = *next;
    memcpy(s->when, when, sizeof when);
    free(next);
    return changed;
}

/* ---- at a call ---------------------------------------------------------------------------- */

typedef struct {
    df_unit *u;
    df_env *e;
    df_arguments *a;
    dc_place places[MAX_PARAMS];
    int n;                              /* the parameters */
    int nplaces;                        /* and the members of struct parameters */
    df_value members[MAX_PARAMS];          /* by place: the argument's member */
    int names[MAX_PARAMS];              /* by place: its path, as the caller names it */
} call_site;

/* What place i is at this call: an argument, or an argument's member. */
static const df_value *site_value(call_site *c, int i)
{
    static const df_value none = { .kind = V_NONE };
    return i < c->n ? (i < c->a->n ? &c->a->v[i] : &none) : &c->members[i];
}

static dc_operand site_operand(call_site *c, int i, const df_value *v)
{
    if (i < c->n)
        return df_argument_operand(c->a, i, v);
    return (dc_operand){ df_path_text(c->names[i]), &v->where, false, false };
}

static int member_of_target(int target, int member);

/* The caller's value of the member a callee's place m names: what the
   caller put there, else its own parameter's member, else the type's. */
static void bind_member(call_site *c, const df_summary *s, int j)
{
    const member_slot *m = &s->members[j];
    int k = s->nparams + j;
    c->members[k] = df_value_unknown();
    c->names[k] = m->member;
    if (m->param >= c->a->n)
        return;
    fnode arg = c->a->c[(int)m->param];
    int target = df_walk_target(c->u, c->e, arg);
    int path = target ? member_of_target(target, m->member) : 0;
    const df_value *bound = path ? df_env_find(c->e, path) : NULL;
    c->names[k] = path ? path : m->member;
    if (bound) {
        c->members[k] = *bound;
        return;
    }
    fnode param = df_cursor_parameter(df_cursor_is_addr_of(df_cursor_bare(arg))
                                       ? df_cursor_children(df_cursor_bare(arg)).v[0]
                                       : arg);
    const char *t = df_path_text(m->member);
    c->members[k] = df_summary_member(c->u, fx_is_null(param) ? 0 : df_cursor_path(param),
                                   strncmp(t, "->", 2) == 0 && !df_cursor_is_addr_of(df_cursor_bare(arg)),
                                   m->field, df_fields_read(m->field));
}

/* A summary's value in the caller: the parameters' places made the
   arguments'; a module or list a new object there; a kind the callee was
   given (`t.kind = kind` in a struct it returns) the argument's kinds,
   which a place does not hold. */
static df_value substituted(call_site *c, df_value v)
{
    int given = v.kind == V_KIND ? dc_place_param(&v.where) : -1;
    if (given >= 0) {
        df_value k = given < c->nplaces ? *site_value(c, given) : df_value_unknown();
        k.path = 0;
        return k.kind == V_KIND ? k : df_value_unknown();
    }
    if (v.kind == V_NONE)
        return v;
    v.where = dc_place_substitute(&v.where, c->places, c->nplaces);
    if (v.kind == V_MODULE || v.kind == V_LIST) {
        df_value obj = df_object_new(c->u, c->e, (df_vkind)v.kind, v.where);
        obj.dtype = v.dtype;
        df_object_update(c->e, &obj);
        return obj;
    }
    return v;
}

/* The copies between parameters whose arguments are both known memory:
   checked as the copy itself would be.  Returns the parameters done so. */
static unsigned check_copies(call_site *c, const df_summary *s, const char *callee, dc_loc at)
{
    unsigned done = 0;
    for (int i = 0; i < s->ncopies; i++) {
        const copy_pair *p = &s->copies[i];
        if (p->dst >= c->nplaces || p->src >= c->nplaces)
            continue;
        const df_value *dst = site_value(c, p->dst), *src = site_value(c, p->src);
        df_summary_copy(c->u, &dst->where, &src->where, p->kind);
        bool known = df_value_is_memory(dst) && df_value_is_memory(src) &&
                     (dc_place_is_host(&dst->where) || dc_place_is_device(&dst->where)) &&
                     (dc_place_is_host(&src->where) || dc_place_is_device(&src->where));
        if (!known)
            continue;
        dc_check_memcpy(c->u->out, at, p->kind, site_operand(c, p->dst, dst),
                        site_operand(c, p->src, src), callee, false, (dc_loc){ 0 });
        done |= 1u << p->dst | 1u << p->src;
    }
    return done;
}

static void check_roles(call_site *c, const df_summary *s, const char *callee, dc_loc at)
{
    unsigned done = check_copies(c, s, callee, at);
    for (int i = 0; i < c->nplaces; i++) {
        const df_value *v = site_value(c, i);
        unsigned roles = s->roles[i];
        if (!df_value_is_memory(v) || (!roles && !s->released[i]) || (done >> i & 1))
            continue;
        dc_operand arg = site_operand(c, i, v);
        bool device = roles & ROLE_DEVICE, host = roles & ROLE_HOST;
        bool other_space = device ? dc_place_is_host(&v->where) : dc_place_is_device(&v->where);
        if (device != host)             /* both: it is used either way */
            df_effect_need_memory(c->u, at, callee, arg, device, s->role_at[i][device ? 1 : 2],
                               s->released[i]);
        if (s->released[i] && !(device != host && other_space) &&   /* memspace-mismatch's */
            !df_summary_release(c->u, &v->where, s->released[i], s->released_at[i]))
            dc_check_free(c->u->out, at, s->released[i], arg, callee, s->released_at[i]);
        if ((roles & ROLE_DEREF) && !df_summary_role(c->u, &v->where, ROLE_DEREF, s->role_at[i][0]))
            dc_check_host_deref(c->u->out, at, arg, false, callee, s->role_at[i][0]);
    }
}

/* "b.w" for `&b`, "q->w" for a pointer q: a member written through a parameter. */
static int member_of_target(int target, int member)
{
    const char *t = df_path_text(target), *m = df_path_text(member);
    if (*t == '*')
        return df_path_join(t + 1, m);
    if (strncmp(m, "->", 2) == 0)
        return df_path_format("%s.%s", t, m + 2);
    return df_path_join(t, m);
}

static void write_back(call_site *c, const df_summary *s, fnode callee, dc_loc at,
                       df_value *result)
{
    for (int i = 0; i < c->n && i < c->a->n; i++) {
        if (s->out[i].kind != V_NONE)
            df_walk_store_through(c->u, c->e, c->a->c[i], substituted(c, s->out[i]));
        if (s->moved[i].n) {
            df_value m = df_object_current(c->e, &c->a->v[i]);
            df_value to = df_value_of(V_DEVICE, dc_place_substitute(&s->moved[i], c->places, c->nplaces));
            df_call_state st = { c->u, c->e, callee, c->a, at, "", df_value_unknown(), NULL };
            if (m.kind == V_MODULE)
                df_effect_move_module(&st, &m, df_argument_text(c->a, i), &to);
        }
    }
    int ret = 0;
    for (int k = 0; k < s->nfields; k++) {
        const field_write *f = &s->fields[k];
        int path;
        if (f->param == PARAM_THIS) {
            if (!c->a->object)
                continue;
            path = member_of_target(c->a->object, f->member);
        } else if (f->param < 0) {      /* a struct it returned: its members come back too */
            if (!ret) {
                char name[32];
                snprintf(name, sizeof name, "#ret%d", c->u->returns++);
                ret = df_path_intern(name);
            }
            path = df_path_join(df_path_text(ret), df_path_text(f->member));
        } else if (f->param < c->a->n) {
            path = member_of_target(df_walk_target(c->u, c->e, c->a->c[(int)f->param]), f->member);
        } else {
            continue;
        }
        if (f->v.kind != V_NONE)
            df_env_set(c->e, path, substituted(c, f->v));
        else if (df_env_get(c->e, path).kind == V_FLAG)   /* set to what is not known */
            df_env_set(c->e, path, df_value_unknown());
    }
    if (ret && (result->kind == V_MEMORY || result->kind == V_NONE))   /* or a struct */
        result->path = ret;
}

/* The callee's put-off checks, with this call's places: a finding at the
   callee's line, or put off again when the places are the caller's
   parameters'. */
static void check_deferred(call_site *c, const df_summary *s)
{
    for (int i = 0; i < s->nchecks; i++) {
        const deferred *d = &s->checks[i];
        dc_place x = dc_place_substitute(&d->places[0], c->places, c->nplaces);
        dc_place y = dc_place_substitute(&d->places[1], c->places, c->nplaces);
        dc_operand a = { df_path_text(d->names[0]), &x, d->modules[0], d->torch[0] };
        dc_operand b = { df_path_text(d->names[1]), &y, d->modules[1], d->torch[1] };
        if (!df_summary_defer(c->u, d->at, a, b) && dc_places_differ(&x, &y))
            dc_report_device_mismatch(c->u->out, d->at, a, b, NULL, (dc_loc){ 0 });
    }
}

/* A callee's operand as the caller names it: the argument, where it is a
   parameter. */
static const char *operand_name(call_site *c, const dc_place *p, int name)
{
    int i = dc_place_param(p);
    return i >= 0 && i < c->n && i < c->a->n ? df_argument_text(c->a, i)
           : i >= c->n && i < c->nplaces  ? df_path_text(c->names[i])
                                          : df_path_text(name);
}

/* The callee's copies with a parameter's kind, with this call's kinds:
   each kind the argument may be is checked as a copy with it, at the
   call; put off again when the argument is the caller's own parameter. */
static void check_kind_copies(call_site *c, const df_summary *s, const char *callee)
{
    for (int i = 0; i < s->nkind_copies; i++) {
        const kind_copy *k = &s->kind_copies[i];
        const df_value *kind = k->kind < c->nplaces ? site_value(c, k->kind) : NULL;
        dc_place dst = dc_place_substitute(&k->places[0], c->places, c->nplaces);
        dc_place src = dc_place_substitute(&k->places[1], c->places, c->nplaces);
        dc_operand d = { operand_name(c, &k->places[0], k->names[0]), &dst, false, false };
        dc_operand r = { operand_name(c, &k->places[1], k->names[1]), &src, false, false };
        if (!kind || kind->kind != V_KIND ||
            (kind->where.n && df_summary_copy_with(c->u, c->a->at, d, r, &kind->where)))
            continue;
        for (int j = 0; j < 4; j++) {
            if (kind->obj == KIND_BIT(j))   /* one kind, between this function's parameters */
                df_summary_copy(c->u, &dst, &src, j);
            dc_finding *f = kind->obj & KIND_BIT(j)
                                ? dc_check_memcpy(c->u->out, c->a->at, j, d, r, NULL, false,
                                                  (dc_loc){ 0 })
                                : NULL;
            if (f)
                dc_finding_note(f, k->at, dc_format("%s copies '%s' to '%s' with the kind it "
                                                    "is given, here", callee, r.name, d.name));
        }
    }
}

/* ---- a call to one of several functions (through a pointer) ------------------------------ */

/* The spaces a summary needs of place i: bit 0 host memory (it reads it
   on the host, or needs host memory), bit 1 device memory; bit 2 a
   release (what releases it is in the summary's released). */
static unsigned needs_of(const df_summary *s, int i)
{
    unsigned need = (s->roles[i] & (ROLE_HOST | ROLE_DEREF) ? 1u : 0) |
                    (s->roles[i] & ROLE_DEVICE ? 2u : 0) | (s->released[i] ? 4u : 0);
    for (int k = 0; k < s->ncopies; k++) {   /* a copy's kind says each side's space */
        if (s->copies[k].dst == i)
            need |= s->copies[k].kind & 1 ? 2u : 1u;
        if (s->copies[k].src == i)
            need |= s->copies[k].kind & 2 ? 2u : 1u;
    }
    return need;
}

/* The place of s that another summary's place i of t is (the same
   parameter, or the same member of it), or -1. */
static int same_place(const df_summary *s, const df_summary *t, int i)
{
    if (i < t->nparams)
        return i < s->nparams ? i : -1;
    const member_slot *m = &t->members[i - t->nparams];
    for (int j = 0; j < s->nmembers; j++)
        if (s->members[j].param == m->param && s->members[j].member == m->member)
            return s->nparams + j;
    return -1;
}

/* Whether two releases differ: by different functions, or (all) one
   and none. */
static bool releases_differ(const char *a, const char *b, bool all)
{
    return a && b ? strcmp(a, b) != 0 : all && a != b;
}

/* Whether the others disagree with s[k] on what its place i must be:
   host memory where it needs device memory, or the other way, or a
   release by a different function; all: any other need, or none, is a
   disagreement too. */
static bool disagree(const df_summary *const *s, int n, int k, int i, bool all)
{
    unsigned own = needs_of(s[k], i), others = 0;
    const char *released = s[k]->released[i];
    for (int j = 0; j < n; j++) {
        int p = j != k && s[j] ? same_place(s[j], s[k], i) : -1;
        unsigned need = p < 0 ? 0 : needs_of(s[j], p);
        const char *other = p < 0 ? NULL : s[j]->released[p];
        if (j != k && (all ? need != own || releases_differ(released, other, true)
                           : releases_differ(released, other, false)))
            return true;
        others |= need;
    }
    return ((own & 1) && (others & 2)) || ((own & 2) && (others & 1));
}

df_summary *df_summary_may_call(const df_summary *const *s, int n, int k, bool all)
{
    df_summary *c = df_summary_new(s[k]->nparams);
    *c = *s[k];
    memset(c->when, 0, sizeof c->when); /* a flag's variants would bring the roles back */
    for (int i = 0; i < places_of(c); i++) {
        if (!disagree(s, n, k, i, all))
            continue;
        c->roles[i] = 0;
        c->released[i] = NULL;
        for (int j = 0; j < c->ncopies; j++)
            if (c->copies[j].dst == i || c->copies[j].src == i)
                c->copies[j--] = c->copies[--c->ncopies];
    }
    return c;
}

/* The variant for a flag of value `value`: its own, or none of the
   values'; of a flag not compared to values, the one for 0 or for not 0. */
static const df_summary *variant_for(const df_summary *s, long long value)
{
    if (!s->nvalues)
        return s->when[0] && s->when[1] ? s->when[value != 0] : s;
    int i = 0;
    while (i < s->nvalues && s->values[i] != value)
        i++;
    return s->when[i] ? s->when[i] : s;
}

/* The variant for the value of the caller's integer at path, where its
   walk knows it (its own flag, each of whose values the callee compares
   to is noted as one of its own). */
static const df_summary *variant_handed(df_unit *u, df_env *e, const df_summary *s, int path)
{
    if (!s->nvalues) {
        int v = df_summary_flag(u, e, path);
        return v < 0 ? s : variant_for(s, v);
    }
    const df_summary *pick = s;
    for (int i = 0; i < s->nvalues; i++)
        if (df_summary_flag_is(u, e, path, s->values[i]) == 1)
            pick = variant_for(s, s->values[i]);
    return pick;                        /* not "none of them": the caller's may be others */
}

const df_summary *df_summary_for_call(df_unit *u, df_env *e, const df_summary *s, df_arguments *a)
{
    if (s->flag < 0 || s->flag >= a->n)
        return s;
    fnode arg = a->c[(int)s->flag];
    int k = s->flag_member ? INT_MIN : df_cursor_int(arg, INT_MIN);
    if (k != INT_MIN)
        return variant_for(s, k);
    if (!s->flag_member && !df_type_is_integer(fx_type(df_cursor_bare(arg))))
        return s;
    int target = s->flag_member ? df_walk_target(u, e, arg) : 0;
    int path = !s->flag_member ? df_walk_path(u, e, arg)
               : target        ? member_of_target(target, s->flag_member)
                               : 0;
    return path ? variant_handed(u, e, s, path) : s;
}

/* A copy kind returned that may be one of several: the function picks it
   from its arguments (`kind_of(dir)`'s switch), which a call's constant
   flag decides (df_summary_for_call's variant, of one kind) and nothing
   else here does, so no one of them is the call's. */
static bool chosen_kinds(const df_value *v)
{
    return v->kind == V_KIND && (v->obj & (v->obj - 1));
}

df_value df_summary_apply(df_unit *u, df_env *e, const df_summary *s, df_arguments *a, fnode callee,
                    dc_loc at)
{
    s = df_summary_for_call(u, e, s, a);
    call_site c;
    c.u = u, c.e = e, c.a = a, c.n = s->nparams, c.nplaces = places_of(s);
    char name[64];
    df_cursor_spelling(callee, name, sizeof name);
    for (int i = 0; i < c.nplaces; i++) {
        if (i >= c.n)
            bind_member(&c, s, i - c.n);
        df_value cur = i < c.n && i >= a->n ? df_value_unknown() : df_object_current(e, site_value(&c, i));
        c.places[i] = cur.kind == V_NONE ? (dc_place){ 0, { { 0 } } } : cur.where;
    }
    df_samebuf_call(u, e, a, s, name);
    check_roles(&c, s, name, at);
    df_fields_call(u, callee, c.places, c.nplaces);
    check_deferred(&c, s);
    check_kind_copies(&c, s, name);
    df_value result = substituted(&c, chosen_kinds(&s->result) ? df_value_unknown() : s->result);
    write_back(&c, s, callee, at, &result);
    return result;
}
