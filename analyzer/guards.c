/*
 * Guards: an `if` whose condition tests where a value is refines that value
 * on each side.  The tests are the model's:
 *
 *   device-equal a b     `dt_device_equal(dt_device_of(x), dev)`: on the
 *                        true side x is where dev is
 *   is-cuda d            on the true side d (or the tensor it is the device
 *                        of) is a GPU, on the false side the cpu
 *   d.type == DT_CUDA    the same, for a device's type field against an
 *                        enumerator named for a GPU or the cpu
 *   pointer-attributes   after `cudaPointerGetAttributes(&a, p)`,
 *                        `a.type == cudaMemoryTypeDevice` makes p device
 *                        memory on the true side (Host: host memory)
 *
 * with `!`, `&&` (both hold on the true side) and `||` (neither holds on
 * the false side) around them.
 *
 * An integer parameter tested alone (`if (on_device)`, `flag != 0`) decides
 * nothing here, but a function's summary is also found for each of its
 * values (summary.c); in those walks, the side the value rules out is dead.
 * So for an enum parameter compared to its enumerators (`d == UP`, and
 * walk.c's switch), walked for each of them.
 */
#include "flow.h"

#include <limits.h>
#include <string.h>

/* cudaMemoryType's values, which the CUDA headers fix. */
enum { MEMORY_HOST = 1, MEMORY_DEVICE = 2, MEMORY_MANAGED = 3 };

static const dc_effect *test_of(df_unit *u, fnode call, dc_effect_kind kind)
{
    if (fx_kind(call) != CXCursor_CallExpr)
        return NULL;
    fnode callee = dc_model_callee(u->model, call);
    enum CXCursorKind k = fx_kind(callee);
    if (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod)
        return NULL;
    const dc_effects *effects = dc_model_call_effects(u->model, call, callee);
    for (int i = 0; effects && i < effects->n; i++)
        if (effects->v[i].kind == kind)
            return &effects->v[i];
    return NULL;
}

/* What holds the device an expression is: x for `dt_device_of(x)`, a
   device variable itself. */
static int holder_of(df_unit *u, df_env *e, fnode c)
{
    c = df_cursor_bare(c);
    const dc_effect *of = test_of(u, c, EF_DEVICE_OF);
    if (of)
        return df_walk_path(u, e, df_call_argument(c, of->arg[0]));
    return fx_kind(c) == CXCursor_CallExpr ? 0 : df_walk_path(u, e, c);
}

/* The value of an expression, evaluated on a copy of e: the walk of the
   statement that holds it already said whatever it finds. */
static df_value value_of_expression(df_unit *u, const df_env *e, fnode c)
{
    df_env scratch = df_env_copy(e);
    dc_findings *out = u->out, none = { 0 };
    u->out = &none;
    df_value found = df_walk_expression(u, &scratch, c);
    df_value v = df_object_current(&scratch, &found);
    u->out = out;
    dc_findings_free(&none);
    df_env_free(&scratch);
    return v;
}

static dc_place place_of_expression(df_unit *u, const df_env *e, fnode c)
{
    df_value v = value_of_expression(u, e, c);
    return v.kind == V_NONE ? (dc_place){ 0, { { 0 } } } : v.where;
}

static void refine(df_env *e, int holder, dc_place where, dc_loc at)
{
    const df_value *v = holder && e ? df_env_find(e, holder) : NULL;
    if (!v || !where.n ||
        (v->kind != V_TENSOR && v->kind != V_DEVICE && v->kind != V_MEMORY))
        return;
    df_value r = *v;
    r.where = dc_place_relocated(&where, at, df_how_tested);
    df_env_set(e, holder, r);
}

/* The GPU (or the cpu) alternatives of a place; a device chosen at run
   time stands for its definition's. */
static dc_place only(const dc_place *p, bool gpu)
{
    dc_place r = { 0, { { 0 } } };
    for (int i = 0; i < p->n; i++) {
        const dc_atom *a = &p->a[i];
        if (a->kind == AT_NAMED) {
            dc_place d = only(dc_device_definition(a->name), gpu);
            r = dc_place_join(&r, &d);
        } else if (gpu ? a->kind == AT_CUDA || a->kind == AT_GPU : a->kind == AT_CPU) {
            dc_place one = { 1, { *a } };
            r = dc_place_join(&r, &one);
        }
    }
    if (!r.n)
        r = dc_place_of(gpu ? AT_GPU : AT_CPU, -1, (dc_loc){ 0 }, NULL);
    return r;
}

static void device_equal(df_unit *u, fnode call, const dc_effect *ef, df_env *yes)
{
    fnode a = df_call_argument(call, ef->arg[0]), b = df_call_argument(call, ef->arg[1]);
    dc_loc at = df_cursor_loc(call);
    if (!yes || fx_is_null(a) || fx_is_null(b))
        return;
    dc_place pa = place_of_expression(u, yes, a), pb = place_of_expression(u, yes, b);
    int ha = holder_of(u, yes, a), hb = holder_of(u, yes, b);
    const df_value *va = df_env_find(yes, ha), *vb = df_env_find(yes, hb);
    if (va && va->kind != V_DEVICE)     /* a tensor's device: it is where the other is */
        refine(yes, ha, pb, at);
    if (vb && vb->kind != V_DEVICE)
        refine(yes, hb, pa, at);
}

/* Every value placed at device name `name` (a device chosen at run time)
   is at `to` now: `if (is_gpu(dev))` decides what 'dev' is, for all. */
static void resolve_name(df_env *e, short name, const dc_place *to)
{
    for (int id = e ? df_env_next(e, 0) : 0; id; id = df_env_next(e, id)) {
        const df_value *v = df_env_find(e, id);
        if (v->where.n != 1 || v->where.a[0].kind != AT_NAMED || v->where.a[0].name != name)
            continue;
        df_value r = *v;
        r.where = dc_place_relocated(to, v->where.a[0].origin, v->where.a[0].how);
        for (int i = 0; i < r.where.n; i++)
            r.where.a[i].name = name;   /* the name again when the sides join */
        df_env_set(e, id, r);
    }
}

/* Device expression d is a GPU on side gpu, the cpu on side cpu; and so
   is the tensor a device variable was taken from (`d = dt_device_of(x)`). */
static void split_on_device(df_unit *u, fnode d, dc_loc at, df_env *gpu_side, df_env *cpu_side)
{
    df_env *any = gpu_side ? gpu_side : cpu_side;
    dc_place p = place_of_expression(u, any, d);
    int h = holder_of(u, any, d);
    if (!p.n)
        return;
    dc_place gpu = only(&p, true), cpu = only(&p, false);
    if (p.n == 1 && p.a[0].kind == AT_NAMED) {
        resolve_name(gpu_side, p.a[0].name, &gpu);
        resolve_name(cpu_side, p.a[0].name, &cpu);
    }
    const df_value *v = df_env_find(any, h);
    int of = v && v->kind == V_DEVICE ? v->path : 0;
    refine(gpu_side, h, gpu, at);
    refine(cpu_side, h, cpu, at);
    refine(gpu_side, of, gpu, at);
    refine(cpu_side, of, cpu, at);
}

static void is_cuda(df_unit *u, fnode call, const dc_effect *ef, df_env *yes, df_env *no)
{
    fnode d = df_call_argument(call, ef->arg[0]);
    if (!fx_is_null(d))
        split_on_device(u, d, df_cursor_loc(call), yes, no);
}

/* The enumerators of a device's type, by how their names end (devtensor's
   DT_CUDA and DT_CPU, a project's own ..._GPU): which side each means. */
static const struct {
    const char *suffix;
    bool gpu;
} device_types[] = { { "CUDA", true }, { "GPU", true }, { "CPU", false } };

/* 1 for an enumerator naming a GPU type, 0 the cpu, else -1. */
static int device_type_of(fnode c)
{
    fnode decl = fx_referenced(df_cursor_bare(c));
    char name[64];
    if (fx_kind(decl) != CXCursor_EnumConstantDecl)
        return -1;
    df_cursor_spelling(decl, name, sizeof name);
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof device_types / sizeof *device_types; i++) {
        size_t k = strlen(device_types[i].suffix);
        if (n >= k && strcmp(name + n - k, device_types[i].suffix) == 0)
            return device_types[i].gpu;
    }
    return -1;
}

/* `d.type == DT_CUDA` (or DT_CPU), either way round, d a device:
   `dt_device_of(x)` or a device variable. */
static void device_type(df_unit *u, fnode lhs, fnode rhs, df_env *yes, df_env *no)
{
    lhs = df_cursor_bare(lhs);
    if (fx_kind(lhs) != CXCursor_MemberRefExpr) {
        fnode t = lhs;
        lhs = df_cursor_bare(rhs);
        rhs = t;
    }
    int gpu = device_type_of(rhs);
    char member[16];
    df_cursor_spelling(lhs, member, sizeof member);
    df_children ch = df_cursor_children(lhs);
    df_env *any = yes ? yes : no;
    if (gpu < 0 || fx_kind(lhs) != CXCursor_MemberRefExpr ||
        strcmp(member, "type") != 0 || ch.n < 1)
        return;
    const df_value *held = df_env_find(any, holder_of(u, any, ch.v[0]));
    if (!test_of(u, df_cursor_bare(ch.v[0]), EF_DEVICE_OF) && !(held && held->kind == V_DEVICE))
        return;
    split_on_device(u, ch.v[0], df_cursor_loc(lhs), gpu ? yes : no, gpu ? no : yes);
}

/* `a.type == cudaMemoryTypeDevice`, either way round. */
static void memory_type(df_unit *u, fnode lhs, fnode rhs, df_env *yes, df_env *no)
{
    lhs = df_cursor_bare(lhs);
    rhs = df_cursor_bare(rhs);
    if (fx_kind(lhs) != CXCursor_MemberRefExpr) {
        fnode t = lhs;
        lhs = rhs;
        rhs = t;
    }
    char member[16];
    df_cursor_spelling(lhs, member, sizeof member);
    df_children ch = df_cursor_children(lhs);
    df_env *any = yes ? yes : no;
    if (fx_kind(lhs) != CXCursor_MemberRefExpr || strcmp(member, "type") != 0 ||
        ch.n < 1)
        return;
    const df_value *attrs = df_env_find(any, df_walk_path(u, any, ch.v[0]));
    int type = df_cursor_int(rhs, 0);
    if (!attrs || attrs->kind != V_POINTER || type < MEMORY_HOST || type > MEMORY_MANAGED)
        return;
    atom_kind kind = type == MEMORY_DEVICE ? AT_GPU : type == MEMORY_HOST ? AT_CPU : AT_PINNED;
    refine(yes, attrs->path, dc_place_of(kind, -1, (dc_loc){ 0 }, NULL), df_cursor_loc(lhs));
}

/* `flag` (or `flag != 0`), an integer parameter or member (`s.train`,
   `p->opts.on`): the side its value rules out is dead. */
static void flag_test(df_unit *u, fnode x, df_env *yes, df_env *no)
{
    df_env *any = yes ? yes : no;
    int path = fx_is_null(x) || !df_type_is_integer(fx_type(x)) ? 0 : df_walk_path(u, any, x);
    int truth = path ? df_summary_flag(u, any, path) : -1;
    df_env *ruled_out = truth == 1 ? no : truth == 0 ? yes : NULL;
    if (ruled_out)
        ruled_out->dead = true;
}

/* `x == C` (or `C == x`) of an enum x and a constant: the side the value of
   x rules out is dead, where the walk knows it (an enum parameter so
   compared is a flag walked for each value it is compared to). */
static void enum_test(df_unit *u, const df_children *ch, df_env *yes, df_env *no)
{
    df_env *any = yes ? yes : no;
    for (int i = 0; i < 2; i++) {
        fnode x = df_cursor_bare(ch->v[i]), c = df_cursor_bare(ch->v[1 - i]);
        if (fx_has(x, FX_INT) || !fx_has(c, FX_INT) ||
            ft_kind(ft_canonical(fx_type(x))) != CXType_Enum)
            continue;
        int path = df_walk_path(u, any, x);
        int is = path ? df_summary_flag_is(u, any, path, fx_int(c)) : -1;
        df_env *ruled_out = is == 1 ? no : is == 0 ? yes : NULL;
        if (ruled_out)
            ruled_out->dead = true;
        return;
    }
}

/* The integer variable a flag test reads (`flag`, `!flag`, `flag == 0`,
   `flag != 0`), with the flag's value on the test's true side; else 0. */
static int flag_variable(df_unit *u, df_env *e, fnode cond, int *truth)
{
    cond = df_cursor_bare(cond);
    df_children ch = df_cursor_children(cond);
    enum CXCursorKind k = fx_kind(cond);
    if (k == CXCursor_DeclRefExpr) {
        ftype t = ft_canonical(fx_type(cond));
        *truth = 1;
        return ft_kind(t) >= CXType_Bool && ft_kind(t) <= CXType_Int128 ? df_walk_path(u, e, cond) : 0;
    }
    if (k == CXCursor_UnaryOperator && ch.n == 1 &&
        fx_unary_op(cond) == CXUnaryOperator_LNot) {
        int flag = flag_variable(u, e, ch.v[0], truth);
        *truth = !*truth;
        return flag;
    }
    if (k != CXCursor_BinaryOperator || ch.n != 2)
        return 0;
    enum CXBinaryOperatorKind bop = fx_binary_op(cond);
    if (bop != CXBinaryOperator_EQ && bop != CXBinaryOperator_NE)
        return 0;
    for (int i = 0; i < 2; i++) {
        if (df_cursor_int(ch.v[1 - i], -1) != 0)
            continue;
        int flag = flag_variable(u, e, ch.v[i], truth);
        *truth = bop == CXBinaryOperator_EQ ? !*truth : *truth;
        return flag;
    }
    return 0;
}

void df_guard_chosen(df_unit *u, df_env *e, int var, fnode rhs)
{
    rhs = df_cursor_bare(rhs);
    df_children ch = df_cursor_children(rhs);
    int truth, flag;
    if (!var || fx_kind(rhs) != CXCursor_ConditionalOperator || ch.n != 3 ||
        !(flag = flag_variable(u, e, ch.v[0], &truth)))
        return;
    df_value a = value_of_expression(u, e, ch.v[1]), b = value_of_expression(u, e, ch.v[2]);
    if (a.kind != V_MEMORY || b.kind != V_MEMORY)
        return;
    int slot = u->nchosen++ % (int)(sizeof u->chosen / sizeof *u->chosen);
    u->chosen[slot].flag = flag;
    u->chosen[slot].var = var;
    u->chosen[slot].when[truth] = a;
    u->chosen[slot].when[!truth] = b;
}

/* On each side of a test of a flag, what it chose for a variable that
   still holds either choice. */
static void pick_chosen(df_unit *u, fnode cond, df_env *yes, df_env *no)
{
    int truth, n = u->nchosen < 8 ? u->nchosen : 8;
    int flag = flag_variable(u, yes ? yes : no, cond, &truth);
    df_env *side[2] = { truth ? no : yes, truth ? yes : no };     /* flag 0, not 0 */
    for (int i = 0; flag && i < n; i++) {
        df_value either = df_value_join(&u->chosen[i].when[0], &u->chosen[i].when[1]);
        for (int s = 0; s < 2 && u->chosen[i].flag == flag; s++) {
            const df_value *v = side[s] ? df_env_find(side[s], u->chosen[i].var) : NULL;
            if (v && v->kind == V_MEMORY && dc_place_same(&v->where, &either.where))
                df_env_set(side[s], u->chosen[i].var, u->chosen[i].when[s]);
        }
    }
}

/* `x == 0` or `0 == x`: x, else a null cursor. */
static fnode compared_to_zero(const df_children *ch)
{
    for (int i = 0; i < 2; i++)
        if (df_cursor_int(ch->v[i], INT_MIN) == INT_MIN && df_cursor_int(ch->v[1 - i], -1) == 0)
            return df_cursor_bare(ch->v[i]);
    return fx_null();
}

/* `__builtin_expect(c, 0)`, as C10_UNLIKELY wraps TORCH_CHECK's test: c. */
static bool branch_hint(fnode call)
{
    char name[32];
    df_cursor_spelling(fx_referenced(call), name, sizeof name);
    return strcmp(name, "__builtin_expect") == 0 && fx_nargs(call) == 2;
}

void df_guard_refine(df_unit *u, fnode cond, df_env *yes, df_env *no)
{
    cond = df_cursor_bare(cond);
    df_children ch;
    if (!yes && !no)
        return;                         /* `a && (b || c)`: b alone says nothing */
    switch (fx_kind(cond)) {
    case CXCursor_UnaryOperator:
        ch = df_cursor_children(cond);
        if (ch.n == 1 && fx_unary_op(cond) == CXUnaryOperator_LNot)
            df_guard_refine(u, ch.v[0], no, yes);
        return;
    case CXCursor_BinaryOperator:
        ch = df_cursor_children(cond);
        if (ch.n != 2)
            return;
        switch (fx_binary_op(cond)) {
        case CXBinaryOperator_LAnd:
            df_guard_refine(u, ch.v[0], yes, NULL);
            df_guard_refine(u, ch.v[1], yes, NULL);
            return;
        case CXBinaryOperator_LOr:
            df_guard_refine(u, ch.v[0], NULL, no);
            df_guard_refine(u, ch.v[1], NULL, no);
            return;
        case CXBinaryOperator_EQ:
            memory_type(u, ch.v[0], ch.v[1], yes, no);
            device_type(u, ch.v[0], ch.v[1], yes, no);
            enum_test(u, &ch, yes, no);
            flag_test(u, compared_to_zero(&ch), no, yes);
            pick_chosen(u, cond, yes, no);
            return;
        case CXBinaryOperator_NE:
            memory_type(u, ch.v[0], ch.v[1], no, yes);
            device_type(u, ch.v[0], ch.v[1], no, yes);
            enum_test(u, &ch, no, yes);
            flag_test(u, compared_to_zero(&ch), yes, no);
            pick_chosen(u, cond, yes, no);
            return;
        default:
            return;
        }
    case CXCursor_DeclRefExpr:
        flag_test(u, cond, yes, no);
        pick_chosen(u, cond, yes, no);
        return;
    case CXCursor_MemberRefExpr:
        flag_test(u, cond, yes, no);
        return;
    case CXCursor_CallExpr: {
        if (branch_hint(cond)) {
            df_guard_refine(u, fx_arg(cond, 0), yes, no);
            return;
        }
        const dc_effect *ef = test_of(u, cond, EF_DEVICE_EQUAL);
        if (ef)
            device_equal(u, cond, ef, yes);
        else if ((ef = test_of(u, cond, EF_IS_CUDA)))
            is_cuda(u, cond, ef, yes, no);
        return;
    }
    default:
        return;
    }
}
