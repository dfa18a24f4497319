/*
 * Calls: the arguments are evaluated in order; a function the model knows
 * does its effects (effects.c); a function defined in the program does
 * what its summary says (summary.c), whatever file defines it; so does a
 * pointer to one of CUDA's functions that the model knows by its name or
 * type; anything else may have written through the addresses it was
 * given, so what they point to is forgotten.  A call of a __global__ function is a <<<>>>
 * launch: its pointer arguments must be device memory.
 */
#include "flow.h"

#include <string.h>

/* An overloaded operator's call (a lambda's `f(x)`, `v[i]`) counts the
   object it is called on as its first argument, where the method's own
   parameters do not: those arguments are the rest. */
static int object_arguments(fnode callee, int n)
{
    char name[16];
    if (fx_kind(callee) != CXCursor_CXXMethod || fx_has(callee, FX_STATIC_METHOD))
        return 0;
    df_cursor_spelling(callee, name, sizeof name);
    return strncmp(name, "operator", 8) == 0 && n == fx_nargs(callee) + 1;
}

fnode df_call_object(fnode call, fnode callee)
{
    if (fx_kind(callee) != CXCursor_CXXMethod || fx_has(callee, FX_STATIC_METHOD))
        return fx_null();
    int n = fx_nargs(call);
    if (n > 0 && object_arguments(callee, n))
        return fx_arg(call, 0);
    fnode object = df_cursor_member_object(call);
    return fx_is_null(object) ? object : df_call_holder(object);
}

fnode df_call_holder(fnode object)
{
    fnode arrow = df_cursor_bare(object);
    char name[16];
    df_cursor_spelling(fx_referenced(arrow), name, sizeof name);
    return fx_kind(arrow) == CXCursor_CallExpr && strcmp(name, "operator->") == 0 &&
                   fx_nargs(arrow) == 1
               ? fx_arg(arrow, 0)
               : object;
}

fnode df_call_argument(fnode call, int i)
{
    fnode callee = fx_referenced(call);
    if (i == DC_ARG_THIS)
        return df_call_object(call, callee);
    int n = fx_nargs(call);
    i += n > 0 ? object_arguments(callee, n) : 0;
    return i >= 0 && i < n ? fx_arg(call, (unsigned)i) : fx_null();
}

/* The enumerator a default argument (no text at the call) is, as the
   callee's parameter i declares it: cudaMemcpyToSymbol's kind is
   cudaMemcpyHostToDevice, and a helper's `cudaMemcpyKind kind =
   cudaMemcpyDeviceToHost` its own, unless the call writes one; else the
   argument itself.  Only an enumerator: what other defaults compute is
   the callee's, not the call's. */
bool df_call_default_argument(fnode arg)
{
    return fx_kind(arg) == CXCursor_UnexposedExpr && !fx_nchildren(arg) && !*fx_text(arg);
}

static fnode default_enumerator(fnode callee, int i, fnode arg)
{
    if (!df_call_default_argument(arg))
        return arg;
    fnode param = fx_arg(callee, i);
    int n = fx_nchildren(param);
    fnode init = n ? df_cursor_bare(fx_child(param, n - 1)) : fx_null();
    return fx_kind(init) == CXCursor_DeclRefExpr &&
                   fx_kind(fx_referenced(init)) == CXCursor_EnumConstantDecl
               ? init
               : arg;
}

static void evaluate_arguments(df_unit *u, df_env *e, fnode call, fnode callee,
                               df_arguments *args)
{
    int n = fx_nargs(call);
    int skip = n > 0 ? object_arguments(callee, n) : 0;
    n -= skip;
    args->u = u;
    args->at = df_cursor_loc(call);
    args->has_self = false;
    args->object = 0;
    args->call = call;
    args->n = n < 0 ? 0 : n > ARG_SELF ? ARG_SELF : n;
    for (int i = 0; i < args->n; i++) {
        args->c[i] = fx_arg(call, (unsigned)(i + skip));
        args->v[i] = df_walk_expression(u, e, default_enumerator(callee, i, args->c[i]));
        args->text[i][0] = 0;
    }
}

/* The object a modelled method is called on, evaluated as its argument
   DC_ARG_THIS (a call the model does not know leaves it to the walk). */
static void evaluate_object(df_unit *u, df_env *e, fnode call, fnode callee, df_arguments *a)
{
    fnode self = df_call_object(call, callee);
    if (fx_is_null(self))
        return;
    a->has_self = true;
    a->c[ARG_SELF] = self;
    a->v[ARG_SELF] = df_walk_expression(u, e, self);
    a->text[ARG_SELF][0] = 0;
}

/* Where argument i is in a's arrays, or -1. */
static int slot(const df_arguments *a, int i)
{
    if (i == DC_ARG_THIS)
        return a->has_self ? ARG_SELF : -1;
    return i >= 0 && i < a->n ? i : -1;
}

const df_value *df_argument(df_arguments *a, int i)
{
    static df_value none;
    if (i == DC_ARG_CPU || i == DC_ARG_CUDA) {   /* a device the model names */
        none = df_value_of(V_DEVICE, dc_place_of(i == DC_ARG_CPU ? AT_CPU : AT_GPU, -1, a->at,
                                              i == DC_ARG_CPU ? "the cpu" : "a GPU"));
        return &none;
    }
    none = df_value_unknown();
    return slot(a, i) >= 0 ? &a->v[slot(a, i)] : &none;
}

fnode df_argument_cursor(df_arguments *a, int i)
{
    return slot(a, i) >= 0 ? a->c[slot(a, i)] : a->n ? a->c[0] : fx_null();
}

const char *df_argument_text(df_arguments *a, int i)
{
    int k = slot(a, i);
    if (k < 0)
        return i == DC_ARG_CPU ? "cpu" : i == DC_ARG_CUDA ? "cuda" : "?";
    char *text = a->text[k];
    if (!*text)
        df_cursor_text(df_cursor_bare(a->c[k]), text, sizeof a->text[k]);
    return text;
}

/* Whether an expression is libtorch's: a tensor or module, or what a
   tensor's method gives (`x.data_ptr<float>()`). */
static bool torch_expression(fnode c)
{
    ftype t = ft_canonical(fx_type(c));
    if (df_type_names(t, "at::Tensor") || df_type_names(t, "torch::nn::"))
        return true;
    c = df_cursor_bare(c);
    fnode object = fx_kind(c) == CXCursor_CallExpr
                          ? df_call_object(c, fx_referenced(c))
                          : fx_null();
    return !fx_is_null(object) &&
           df_type_is(fx_type(df_cursor_bare(object)), "at::Tensor");
}

dc_operand df_argument_operand(df_arguments *a, int i, const df_value *v)
{
    return (dc_operand){ df_argument_text(a, i), &v->where, v->kind == V_MODULE,
                         torch_expression(df_argument_cursor(a, i)) };
}

/* ---- the model's functions ----------------------------------------------------------- */

static bool ends_with(const char *s, const char *tail)
{
    size_t len = strlen(s), n = strlen(tail);
    return len > n && strcmp(s + len - n, tail) == 0;
}

/* The name of the callee as the user wrote it: devtensor's macros call
   NAME_at, and CUDA's headers map NAME to NAME_v2 (cublasSgemm, cuMemAlloc). */
static void callee_name(fnode callee, char *buf, size_t n)
{
    df_cursor_spelling(callee, buf, n);
    if (ends_with(buf, "_at") || ends_with(buf, "_v2"))
        buf[strlen(buf) - 3] = 0;
}

/* The effect that makes a call a transfer, whose result must be kept. */
static const dc_effect *transfer_effect(const dc_effects *effects)
{
    for (int i = 0; i < effects->n; i++)
        if (effects->v[i].kind == EF_TRANSFER || effects->v[i].kind == EF_TRANSFER_DTYPE ||
            effects->v[i].kind == EF_PIN)
            return &effects->v[i];
    return NULL;
}

/* "dt_to(x, dev)", as the user wrote it: devtensor's macros add a file and
   a line to NAME_at, which the user never wrote; a method call
   (`x.to(dev)`) is its own text. */
static void call_text(df_call_state *s, fnode c, char *buf, size_t n)
{
    char full[64];
    if (s->a->has_self) {
        df_cursor_text(c, buf, n);
        return;
    }
    df_cursor_spelling(s->callee, full, sizeof full);
    int shown = s->a->n;
    if (ends_with(full, "_at") && shown >= 2)
        shown -= 2;
    size_t used = (size_t)snprintf(buf, n, "%s(", s->op);
    for (int i = 0; i < shown && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "",
                                 df_argument_text(s->a, i));
    if (used < n)
        snprintf(buf + used, n - used, ")");
}

static df_value modelled_call(df_unit *u, df_env *e, fnode c, fnode callee,
                           const dc_effects *effects, df_arguments *a, bool result_used)
{
    df_call_state s = { u, e, callee, a, df_cursor_loc(c), "", df_value_unknown_why(DC_WHY_MODEL_SILENT),
                      effects };
    callee_name(callee, s.op, sizeof s.op);
    for (int i = 0; i < effects->n; i++)
        df_effect_apply(&s, &effects->v[i]);
    const dc_effect *transfer = transfer_effect(effects);
    if (!result_used && transfer) {
        char text[160];
        call_text(&s, c, text, sizeof text);
        dc_report_discarded_transfer(u->out, s.at, text, df_argument_text(a, transfer->arg[0]));
    }
    return s.result;
}

df_value df_call_constant(df_unit *u, df_env *e, fnode decl, dc_loc at)
{
    const dc_effects *effects = dc_model_effects(u->model, decl);
    df_arguments a = { .u = u, .at = at };
    df_call_state s = { u, e, decl, &a, at, "", df_value_unknown(), effects };
    for (int i = 0; effects && i < effects->n; i++)
        df_effect_apply(&s, &effects->v[i]);
    return s.result;
}

static void forget_flag(int id, void *ctx)
{
    df_env *e = ctx;
    if (df_env_get(e, id).kind == V_FLAG)
        df_env_set(e, id, df_value_unknown());
}

/* `&x` handed to a call that may store anything there: x is unknown, and
   so are the flags in the struct it (or a pointer) points to. */
static void forget_target(df_unit *u, df_env *e, fnode arg, dc_why why)
{
    fnode c = df_cursor_bare(arg);
    int target = df_cursor_is_addr_of(c) || ft_kind(ft_canonical(fx_type(c))) == CXType_Pointer
                     ? df_walk_target(u, e, c)
                     : 0;
    const char *t = df_path_text(target);
    if (df_cursor_is_addr_of(c))
        df_env_set(e, target, df_value_unknown_why(why));
    if (target)                         /* the flags in what it points to ("*p": p->train) */
        df_env_each_member(e, *t == '*' ? df_path_intern(t + 1) : target, forget_flag, e);
}

/* A call the model does not know: what it may store through pointer
   arguments is unknown (for the reason why), and so is where a module it
   is handed now is (it may have moved it). */
static void forget_outputs(df_unit *u, df_env *e, df_arguments *a, dc_why why)
{
    for (int i = 0; i < a->n; i++) {
        df_value m = df_object_current(e, &a->v[i]);
        if (m.kind == V_MODULE && m.where.n) {
            m.where = dc_place_of(AT_UNKNOWN, 0, (dc_loc){ 0 }, NULL);
            df_object_update(e, &m);
        }
        forget_target(u, e, a->c[i], why);
    }
}

/* Whether the model says nothing of what a call stores through its
   parameter i: no effect names it, or only where its memory is (host,
   device or either memory). */
static bool output_unsaid(const dc_effects *effects, int i)
{
    for (int k = 0; k < effects->n; k++) {
        const dc_effect *ef = &effects->v[k];
        bool places = ef->kind == EF_DEVICE_MEMORY || ef->kind == EF_HOST_MEMORY ||
                      ef->kind == EF_EITHER_MEMORY;
        for (int j = 0; !places && j < ef->nargs; j++)
            if (ef->arg[j] == i)
                return false;
    }
    return true;
}

/* A modelled call's outputs the model says nothing of are unknown after
   it, as an unknown call's are: the handle cudaStreamCreate(&s) makes, the
   address cudaGetSymbolAddress(&p, sym) gives. */
static void forget_unsaid_outputs(df_unit *u, df_env *e, const dc_effects *effects, df_arguments *a)
{
    for (int i = 0; i < a->n; i++)
        if (output_unsaid(effects, i))
            forget_target(u, e, a->c[i], DC_WHY_MODEL_SILENT);
}

/* Whose members the method may set. */
int df_call_object_target(df_unit *u, df_env *e, fnode call, fnode callee)
{
    if (fx_kind(callee) != CXCursor_CXXMethod || fx_has(callee, FX_STATIC_METHOD))
        return 0;
    fnode self = df_call_object(call, callee);
    if (fx_is_null(self))
        return df_path_intern("*this");
    if (ft_kind(ft_canonical(fx_type(df_cursor_bare(self)))) == CXType_Pointer)
        return df_walk_target(u, e, self);
    return df_walk_path(u, e, self);
}

/* Why a call whose callee is no function is unknown: a call in a
   template that names no one function until it is instantiated (no
   callee, a function template, a set of overloads), or one through a
   pointer (a variable, a field). */
static dc_why no_function_why(fnode callee)
{
    enum CXCursorKind k = fx_kind(callee);
    return fx_is_null(callee) || k == CXCursor_FunctionTemplate || k == CXCursor_OverloadedDeclRef
               ? DC_WHY_TEMPLATE
               : DC_WHY_POINTER_CALL;
}

/* The functions a call may run: those a pointer may hold, each where it
   was stored into it, or the definitions a virtual call may run, each
   where it is (all: whose summaries say only what they all say). */
typedef struct {
    fnode fn[MAY_CALL];
    dc_loc at[MAY_CALL];
    int n;
    bool all;
} may_run;

/* The findings from `from` on are of one function the call may run:
   each says which, and where it was stored into the pointer (or is
   defined). */
static void name_may_callee(df_unit *u, int from, fnode call, const may_run *m, int k)
{
    char callee[64], name[160];
    df_cursor_text(fx_child(call, 0), callee, sizeof callee);
    fnode fn = m->fn[k], cls = fx_semantic_parent(fn);
    if (m->all && !fx_is_null(cls))
        snprintf(name, sizeof name, "%s::%s", fx_spelling(cls), fx_spelling(fn));
    else
        snprintf(name, sizeof name, "%s", fx_spelling(fn));
    for (int i = from; i < u->out->n; i++)
        dc_finding_note(&u->out->v[i], m->at[k],
                        dc_format(m->all ? "'%s' may run %s, defined here"
                                         : "'%s' may call %s, stored into it here", callee, name));
}

/* A call that may run any of m's functions: each one's summary is
   applied to a copy of the caller's facts (its flag's value's, where the
   call says it), and the copies are joined; a finding names the function
   it is of.  What the functions disagree on (host or device memory for
   one argument; for a virtual call, anything) is no finding: which runs
   decides.  A virtual call one of whose definitions is unknown is
   unknown. */
static df_value may_call(df_unit *u, df_env *e, fnode c, df_arguments *a, const may_run *m)
{
    const df_summary *s[MAY_CALL];
    dc_why why[MAY_CALL];
    for (int k = 0; k < m->n; k++) {
        s[k] = df_program_summary(u->prog, m->fn[k]);
        why[k] = df_program_why_none(u->prog);
        if (!s[k] && m->all) {
            forget_outputs(u, e, a, why[k]);
            return df_value_unknown_why(why[k]);
        }
        if (s[k])                       /* for the value the call gives its flag */
            s[k] = df_summary_for_call(u, e, s[k], a);
    }
    df_env joined = { .dead = true };
    df_value result = df_value_unknown();
    for (int k = 0; k < m->n; k++) {
        df_env may = df_env_copy(e);
        df_value v = df_value_unknown_why(why[k]);
        if (!s[k]) {                    /* a function with no body: as its direct call */
            forget_outputs(u, &may, a, why[k]);
        } else {
            df_summary *only = df_summary_may_call(s, m->n, k, m->all);
            int from = u->out->n;
            v = df_summary_apply(u, &may, only, a, m->fn[k], df_cursor_loc(c));
            name_may_callee(u, from, c, m, k);
            df_summary_free(only);
        }
        df_env_join(&joined, &may);
        df_env_free(&may);
        result = k ? df_value_join(&result, &v) : v;
    }
    df_env_free(e);
    *e = joined;
    return result;
}

/* A call through a function pointer whose functions the program's stores
   say (fnptr.c): each of them may run. */
static df_value pointer_call(df_unit *u, df_env *e, fnode c, fnode callee, df_arguments *a)
{
    may_run m = { .all = false };
    m.n = df_fnptr_callees(c, m.fn, m.at, MAY_CALL);
    return m.n > 0 ? may_call(u, e, c, a, &m) : df_value_unknown_why(no_function_why(callee));
}

/* A call of a virtual method that dispatches, with overrides in the
   program (virtual.c): any of the definitions it may run runs, on the
   object's members; false for any other call, and for one that can run
   only the method it names (its direct call). */
static bool virtual_call(df_unit *u, df_env *e, fnode c, fnode callee, df_arguments *a, df_value *v)
{
    may_run m = { .all = true };
    m.n = df_virtual_callees(c, callee, m.fn, MAY_CALL);
    if (m.n <= 0 || (m.n == 1 && fx_equal(m.fn[0], callee)))
        return false;
    for (int k = 0; k < m.n; k++) {
        fnode def = fx_definition(m.fn[k]);
        m.at[k] = df_cursor_loc(fx_is_null(def) ? m.fn[k] : def);
    }
    a->object = df_call_object_target(u, e, c, callee);
    *v = may_call(u, e, c, a, &m);
    return true;
}

/* `std::make_unique<T>(args...)`, `std::make_shared<T>(args...)`: T's
   constructor runs with the arguments (lower.c finds which).  It is
   walked, for what it does (the calls it makes), and the fields' facts
   follow its parameters' places (fields.c); its checks of them are not
   made here. */
static void made_with(df_unit *u, df_env *e, fnode c, const df_arguments *a)
{
    fnode ctor = fx_constructed(c);
    if (fx_is_null(ctor) || a->n > MAX_PARAMS || !df_program_summary(u->prog, ctor))
        return;
    dc_place places[MAX_PARAMS];
    for (int i = 0; i < a->n; i++) {
        df_value cur = df_object_current(e, &a->v[i]);
        places[i] = cur.kind == V_NONE ? (dc_place){ 0, { { 0 } } } : cur.where;
    }
    df_fields_call(u, ctor, places, a->n);
}

static df_value call_effects(df_unit *u, df_env *e, fnode c, fnode callee, df_arguments *a,
                          bool result_used)
{
    bool function = df_cursor_is_function(callee);
    if (function && (df_cursor_cuda_side(callee) & CUDA_KERNEL)) {     /* a <<<>>> launch */
        df_reach_call(u, a);
        df_effect_launch(u, e, callee, a, df_cursor_loc(c));
        return df_value_unknown();
    }
    const dc_effects *effects = dc_model_call_effects(u->model, c, callee);
    bool own = !effects || dc_model_module_forward(callee);  /* its summary too */
    const df_summary *s = function && own ? df_program_summary(u->prog, callee) : NULL;
    dc_why why = df_program_why_none(u->prog);     /* when s is NULL: why */
    if (effects) {
        made_with(u, e, c, a);
        df_reach_call(u, a);
        evaluate_object(u, e, c, callee, a);
        df_value v = modelled_call(u, e, c, callee, effects, a, result_used);
        forget_unsaid_outputs(u, e, effects, a);
        if (s)                          /* a module's forward: the model's checks, and its own */
            df_summary_apply(u, e, s, a, callee, df_cursor_loc(c));
        return v;
    }
    fnode self = df_call_object(c, callee);  /* a call's result (`m.forward(x).toTensor()`): */
    if (fx_kind(df_cursor_bare(self)) == CXCursor_CallExpr)  /* that call runs first */
        df_walk_expression(u, e, self);
    df_value v;
    if (!function)
        return pointer_call(u, e, c, callee, a);
    if (virtual_call(u, e, c, callee, a, &v))
        return v;
    if (s) {
        a->object = df_call_object_target(u, e, c, callee);
        return df_summary_apply(u, e, s, a, callee, df_cursor_loc(c));
    }
    forget_outputs(u, e, a, why);
    return df_value_unknown_why(why);
}

/* The lambda a call runs: `[&] { ... }()`, or `f(x)` of a variable that
   holds one; a null cursor for any other call.  It runs with the
   caller's facts; its parameters are its summary's, as a function's are
   (what they must be is checked against the call's arguments). */
static fnode called_lambda(fnode call, fnode callee)
{
    int n = fx_nargs(call);
    return n > 0 && object_arguments(callee, n) ? df_lambda_of(fx_arg(call, 0)) : fx_null();
}

/* A library's function, or one of no body: what it does with a lambda it
   is given is not walked, only that it may call it. */
static bool opaque(df_unit *u, fnode callee)
{
    return (fx_flags(callee) & FX_LIBRARY) || !df_program_summary(u->prog, callee);
}

/* A variable that holds a lambda, handed to a call (`std::thread t(f)`),
   may be run by it (a lambda written there was, as it was evaluated).
   A lambda followed by as many arguments as it has parameters, handed to
   a library's function or one of no body (`std::thread t(f, d)`,
   `std::async(policy, f, d)`), may be run with them. */
static void run_handed_lambdas(df_unit *u, df_env *e, fnode callee, const df_arguments *a)
{
    for (int i = 0; i < a->n; i++) {
        fnode lambda = df_lambda_of(a->c[i]);
        int n = fx_is_null(lambda) ? 0 : df_lambda_nparams(lambda);
        bool called_with = n > 0 && n == a->n - i - 1 && opaque(u, callee);
        if (called_with)
            df_lambda_run_with(u, e, lambda, false, &a->v[i + 1], n);
        else if (fx_kind(df_cursor_bare(a->c[i])) == CXCursor_DeclRefExpr && !fx_is_null(lambda))
            df_lambda_run(u, e, lambda, false);
    }
}

/* An object in memory a pointer reaches, handed to a call (by reference:
   `read(a[i])`, `std::cin >> *p`) or the object a method is called on
   (`a[i].set(x)`, `p->fill()`): the call may write that memory. */
static void note_objects(df_unit *u, df_env *e, fnode call, const df_arguments *a, df_unwritten_set *set)
{
    fnode object[ARG_SELF + 1];
    int n = 0;
    for (int i = 0; i < a->n; i++)
        object[n++] = df_walk_object_pointer(a->c[i], false);
    object[n++] = df_walk_object_pointer(df_cursor_member_object(call), true);
    for (int i = 0; i < n; i++)
        if (!fx_is_null(object[i])) {
            df_value held = df_env_get(e, df_walk_path(u, e, object[i]));
            df_unwritten_note(set, e, &held);
        }
}

/* Whatever the call is, the memory it is handed may be written by it,
   and so may the memory of the object a method is called on: its checks
   first see it as it was. */
df_value df_call_expression(df_unit *u, df_env *e, fnode c, bool result_used)
{
    df_arguments a;
    df_unwritten_set reached = { .n = 0 };
    fnode callee = dc_model_callee(u->model, c);
    evaluate_arguments(u, e, c, callee, &a);
    fnode lambda = called_lambda(c, callee);
    int params = fx_is_null(lambda) ? 0 : df_lambda_nparams(lambda);   /* a std::function's call: */
    bool with = params > 0 && params == a.n && opaque(u, callee);       /* its arguments are the lambda's */
    df_value ran = fx_is_null(lambda) ? df_value_unknown()
                   : with         ? df_lambda_run_with(u, e, lambda, true, a.v, a.n)
                                  : df_lambda_run(u, e, lambda, true);
    if (!fx_is_null(lambda) && a.n == 0)
        return ran;
    for (int i = 0; i < a.n; i++)
        df_unwritten_note(&reached, e, &a.v[i]);
    note_objects(u, e, c, &a, &reached);
    df_value v = call_effects(u, e, c, callee, &a, result_used);
    df_unwritten_written(e, &reached);
    df_unwritten_call(e, callee);
    run_handed_lambdas(u, e, callee, &a);
    return ran.kind != V_NONE ? ran : v;
}
