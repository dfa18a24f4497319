/*
 * The walk: statements and expressions in source order, over one
 * environment.  Branches are walked apart and joined (a value moved on one
 * path only may be on either); loops run until nothing changes (a few
 * rounds); a return or a goto ends a path; switch cases start from the
 * switch, or fall through from the case above.
 *
 * The elements of an array of pointers are one path, "a[]", whatever the
 * index (Rodinia's `int *gpuResult[2]`, each cudaMalloc'd): a store joins
 * what the other elements hold, and a read is what any of them may hold.
 */
#include "flow.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- paths ----------------------------------------------------------------------- */

/* The elements of array or pointer base, whatever the index: one path. */
static int element_path(df_unit *u, df_env *e, fnode base)
{
    int p = df_walk_path(u, e, base);
    return p ? df_path_join(df_path_text(p), "[]") : 0;
}

int df_walk_path(df_unit *u, df_env *e, fnode c)
{
    c = df_cursor_bare(c);
    switch (fx_kind(c)) {
    case CXCursor_DeclRefExpr:
        return df_cursor_path(c);
    case CXCursor_CXXThisExpr:          /* a method's object: its members are "this->x" */
        return df_path_intern("this");
    case CXCursor_MemberRefExpr: {
        df_children ch = df_cursor_children(c);
        if (ch.n == 0)                  /* a method's own member, `x`: this->x */
            return fx_kind(fx_referenced(c)) == CXCursor_FieldDecl
                       ? df_path_join("this->", df_path_text(df_cursor_path(c)))
                       : 0;
        int base = df_walk_path(u, e, ch.v[0]);
        if (!base)
            return 0;
        bool arrow = ft_kind(fx_type(df_cursor_bare(ch.v[0]))) == CXType_Pointer;
        return df_path_format("%s%s%s", df_path_text(base), arrow ? "->" : ".",
                           df_path_text(df_cursor_path(c)));
    }
    case CXCursor_UnaryOperator: {
        df_children ch = df_cursor_children(c);
        if (ch.n != 1 || fx_unary_op(c) != CXUnaryOperator_Deref)
            return 0;
        int inner = df_walk_path(u, e, ch.v[0]);
        const df_value *p = df_env_find(e, inner);
        if (p && p->kind == V_ADDR)
            return p->path;
        return inner ? df_path_join("*", df_path_text(inner)) : 0;
    }
    case CXCursor_ArraySubscriptExpr: {
        df_children ch = df_cursor_children(c);
        return ch.n == 2 && ft_kind(fx_type(c)) == CXType_Pointer
                   ? element_path(u, e, ch.v[0])
                   : 0;
    }
    default:
        return 0;
    }
}

bool df_path_is_element(int path)
{
    const char *t = df_path_text(path);
    size_t n = strlen(t);
    return n > 2 && strcmp(t + n - 2, "[]") == 0;
}

/* v stored at path: an element joins what the array's others hold. */
static void store(df_env *e, int path, df_value v)
{
    const df_value *old = df_path_is_element(path) ? df_env_find(e, path) : NULL;
    df_env_set(e, path, old ? df_value_join(old, &v) : v);
}

/* `p + i`, where p's elements are pointers: the address of p[i], as
   `&p[i]` is (nccl-tests' `cudaMalloc(args->sendbuffs + i, n)`). */
static int element_address(df_unit *u, df_env *e, fnode c)
{
    ftype t = fx_type(c);
    if (fx_kind(c) != CXCursor_BinaryOperator ||
        fx_binary_op(c) != CXBinaryOperator_Add ||
        ft_kind(t) != CXType_Pointer || ft_kind(ft_pointee(t)) != CXType_Pointer)
        return 0;
    df_children ch = df_cursor_children(c);
    for (int i = 0; i < ch.n; i++)
        if (ft_kind(fx_type(df_cursor_bare(ch.v[i]))) == CXType_Pointer)
            return element_path(u, e, ch.v[i]);
    return 0;
}

int df_walk_target(df_unit *u, df_env *e, fnode c)
{
    c = df_cursor_bare(c);
    int element = element_address(u, e, c);
    if (element)
        return element;
    if (df_cursor_is_addr_of(c)) {
        df_children ch = df_cursor_children(c);
        return ch.n == 1 ? df_walk_path(u, e, ch.v[0]) : 0;
    }
    int p = df_walk_path(u, e, c);
    const df_value *v = df_env_find(e, p);
    if (v && v->kind == V_ADDR)
        return v->path;
    return p ? df_path_join("*", df_path_text(p)) : 0;
}

/* ---- whole-struct copies ---------------------------------------------------------------- */

/* What a call returned, whose members are as the callee left them
   (summary.c's "#ret" paths): memory, or a struct by value (`transfer t =
   make_up(dst, src, n)`); 0 for any other value. */
static int returned_members(const df_value *v)
{
    return (v->kind == V_MEMORY || v->kind == V_NONE) && strncmp(df_path_text(v->path), "#ret", 4) == 0
               ? v->path
               : 0;
}

/* A copied pointer is marked by its path, which raw memory has no other
   use for but a returned struct's ("#ret"). */
static int copied_mark(void)
{
    return df_path_intern("#copied");
}

/* Whether a store into path replaces a pointer a struct's copy put there. */
static bool swaps_copy(const df_env *e, int path)
{
    const df_value *old = df_env_find(e, path);
    return old && old->path == copied_mark() && (old->kind == V_MEMORY || old->kind == V_NONE);
}

static bool pointer_slot(ftype t)
{
    return ft_kind(ft_canonical(t)) == CXType_Pointer || df_type_names(t, "CUdeviceptr");
}

static int pointer_prefix(df_unit *u, df_env *e, fnode p);

/* The prefix of the paths of struct lvalue x's members, interned: "x." for
   x, "p->" for `*p`; 0 (the empty path) when it has no path. */
static int object_prefix(df_unit *u, df_env *e, fnode x)
{
    x = df_cursor_bare(x);
    df_children ch = df_cursor_children(x);
    if (fx_kind(x) == CXCursor_UnaryOperator &&
        fx_unary_op(x) == CXUnaryOperator_Deref && ch.n == 1)
        return pointer_prefix(u, e, ch.v[0]);
    int path = df_walk_path(u, e, x);
    return path ? df_path_format("%s.", df_path_text(path)) : 0;
}

/* The same for what pointer p points to: "x." for `&x` or a p that holds
   &x, "p->" for p. */
static int pointer_prefix(df_unit *u, df_env *e, fnode p)
{
    p = df_cursor_bare(p);
    df_children ch = df_cursor_children(p);
    if (df_cursor_is_addr_of(p) && ch.n == 1)
        return object_prefix(u, e, ch.v[0]);
    int path = df_walk_path(u, e, p);
    const df_value *v = df_env_find(e, path);
    if (v && v->kind == V_ADDR)
        return df_path_format("%s.", df_path_text(v->path));
    return path ? df_path_format("%s->", df_path_text(path)) : 0;
}

typedef struct {
    df_unit *u;
    df_env *e;
    int to, from;                       /* prefixes; from 0: a source with no path */
} struct_copy;

/* A prefix's object and how its members are reached: "x." is x, "p->" p
   through a pointer; 0 for any other. */
static int prefix_base(int prefix, bool *arrow)
{
    const char *t = df_path_text(prefix);
    size_t n = strlen(t);
    *arrow = n > 2 && strcmp(t + n - 2, "->") == 0;
    if (!*arrow && (n < 2 || t[n - 1] != '.'))
        return 0;
    char base[256];
    size_t len = n - (*arrow ? 2 : 1);
    if (len >= sizeof base)
        return 0;
    memcpy(base, t, len);
    base[len] = 0;
    return df_path_intern(base);
}

/* One pointer member: the copy gets the source's value (its field's fact
   where the function has not set it), marked as copied. */
static enum CXVisitorResult copy_member(fnode field, void *data)
{
    struct_copy *c = data;
    if (!pointer_slot(fx_type(field)))
        return CXVisit_Continue;
    const char *name = df_path_text(df_cursor_path(field));
    const df_value *bound = c->from ? df_env_find(c->e, df_path_join(df_path_text(c->from), name)) : NULL;
    bool arrow;
    int base = c->from ? prefix_base(c->from, &arrow) : 0;
    df_value v = bound  ? *bound
              : base ? df_summary_member(c->u, base, arrow, field, df_fields_read(field))
                     : df_fields_read(field);
    if (v.kind == V_MEMORY || v.kind == V_NONE)
        v.path = copied_mark();
    df_env_set(c->e, df_path_join(df_path_text(c->to), name), v);
    return CXVisit_Continue;
}

/* `*t = *src`, `d = h`, memcpy(t, src, sizeof *t): each pointer member of
   the copy holds what the source's held, apart from the source. */
static void copy_struct(df_unit *u, df_env *e, ftype type, int to, int from)
{
    ftype t = ft_canonical(type);
    struct_copy c = { u, e, to, from };
    for (int i = 0; ft_kind(t) == CXType_Record && to && i < ft_nfields(t); i++)
        copy_member(ft_field(t, i), &c);
}

int df_walk_local_object(fnode c)
{
    df_children ch = fx_kind(c) == CXCursor_MemberRefExpr ? df_cursor_children(c)
                                                        : (df_children){ .n = 0 };
    fnode base = ch.n ? df_cursor_bare(ch.v[0]) : fx_null();
    return ch.n && df_cursor_local_variable(base) &&
                   ft_kind(ft_canonical(fx_type(base))) == CXType_Record
               ? df_cursor_path(base)
               : 0;
}

static bool set_has(const df_path_set *s, int path)
{
    for (int i = 0; i < s->n && i < 8; i++)
        if (s->v[i] == path)
            return true;
    return s->n > 8;
}

static void set_add(df_path_set *s, int path)
{
    if (set_has(s, path))
        return;
    if (s->n < 8)
        s->v[s->n] = path;
    s->n++;
}

bool df_walk_copied_out(const df_unit *u, int path)
{
    return set_has(&u->copied_out, path);
}

/* A whole struct copied from x: a local one is copied out. */
static void copy_out(df_unit *u, fnode x)
{
    x = df_cursor_bare(x);
    if (df_cursor_local_variable(x))
        set_add(&u->copied_out, df_cursor_path(x));
}

/* The local variable that is struct object x or points to it: `l`, `&l`,
   `p`, `*p`; 0 for any other. */
static int holder_of(fnode x)
{
    x = df_cursor_bare(x);
    df_children ch = df_cursor_children(x);
    if (ch.n == 1 && (df_cursor_is_addr_of(x) || (fx_kind(x) == CXCursor_UnaryOperator &&
                                               fx_unary_op(x) == CXUnaryOperator_Deref)))
        return holder_of(ch.v[0]);
    ftype t = ft_canonical(fx_type(x));
    if (ft_kind(t) == CXType_Pointer)
        t = ft_canonical(ft_pointee(t));
    return df_cursor_local_variable(x) && ft_kind(t) == CXType_Record ? df_cursor_path(x) : 0;
}

int df_walk_holder(fnode c)
{
    df_children ch = fx_kind(c) == CXCursor_MemberRefExpr ? df_cursor_children(c)
                                                        : (df_children){ .n = 0 };
    return ch.n ? holder_of(ch.v[0]) : 0;
}

void df_walk_uploaded_from(df_unit *u, fnode src)
{
    int holder = holder_of(src);
    if (holder)
        set_add(&u->uploaded, holder);
}

bool df_walk_uploaded(const df_unit *u, int path)
{
    return set_has(&u->uploaded, path);
}

/* Whether x names an object, whose members a copy of it copies (not a
   call's result, not an initializer list). */
static bool names_object(fnode x)
{
    enum CXCursorKind k = fx_kind(df_cursor_bare(x));
    return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
           k == CXCursor_ArraySubscriptExpr ||
           (k == CXCursor_UnaryOperator &&
            fx_unary_op(df_cursor_bare(x)) == CXUnaryOperator_Deref);
}

typedef struct {
    df_env *e;
    size_t from_len;                    /* the source's prefix, "s." */
    int to;
} flag_copy;

static void copy_flag(int id, void *ctx)
{
    flag_copy *c = ctx;
    df_value v = df_env_get(c->e, id);
    if (v.kind == V_FLAG)
        df_env_set(c->e, df_path_join(df_path_text(c->to), df_path_text(id) + c->from_len), v);
}

/* lhs = rhs, or a declaration's `T lhs = rhs` (to: its prefix): the
   pointer members, and the flags among its integer members. */
static void copy_assigned(df_unit *u, df_env *e, fnode lhs, int to, fnode rhs)
{
    int from = names_object(rhs) ? object_prefix(u, e, rhs) : 0;
    flag_copy flags = { e, strlen(df_path_text(from)), to };
    bool arrow;
    if (from && to)
        df_env_each_member(e, prefix_base(from, &arrow), copy_flag, &flags);
    copy_out(u, rhs);
    if (names_object(rhs))
        copy_struct(u, e, fx_type(df_cursor_bare(lhs)), to, object_prefix(u, e, rhs));
}

void df_walk_copy_through(df_unit *u, df_env *e, fnode dst, fnode src)
{
    copy_struct(u, e, ft_pointee(fx_type(df_cursor_bare(dst))),
                 pointer_prefix(u, e, dst), pointer_prefix(u, e, src));
}

int df_walk_member_path(df_unit *u, df_env *e, fnode x, bool pointer, fnode field, int *prefix)
{
    int at = pointer ? pointer_prefix(u, e, x) : object_prefix(u, e, x);
    if (prefix)
        *prefix = at;
    return at ? df_path_join(df_path_text(at), df_path_text(df_cursor_path(field))) : 0;
}

void df_walk_send_struct(df_unit *u, df_env *e, fnode dst, fnode src, dc_loc at)
{
    ftype t = ft_pointee(fx_type(df_cursor_bare(src)));
    int to = pointer_prefix(u, e, dst), from = pointer_prefix(u, e, src);
    if (ft_kind(ft_canonical(t)) != CXType_Record || !to)
        return;
    copy_struct(u, e, t, to, from);
    u->sent[u->nsent % 8].to = to;
    u->sent[u->nsent % 8].from = from;
    u->sent[u->nsent % 8].at = at;
    u->nsent++;
}

void df_walk_store_through(df_unit *u, df_env *e, fnode arg, df_value v)
{
    int target = df_walk_target(u, e, arg);
    bool swap = swaps_copy(e, target);
    store(e, target, v);
    fnode c = df_cursor_bare(arg);
    df_children ch = df_cursor_is_addr_of(c) ? df_cursor_children(c) : (df_children){ .n = 0 };
    if (ch.n == 1)
        df_fields_store(u, df_cursor_bare(ch.v[0]), arg, &v, swap);  /* cudaMalloc(&l.x_gpu, n) */
}

/* ---- expressions ------------------------------------------------------------------------ */

/* a[i], read or written: host code reaches what a points to. */
static void subscript(df_unit *u, df_env *e, fnode c, bool write)
{
    df_children ch = df_cursor_children(c);
    if (ch.n >= 1) {
        df_value base = df_walk_expression(u, e, ch.v[0]);
        df_effect_check_deref(u, e, ch.v[0], &base, write, df_cursor_loc(c));
    }
    for (int i = 1; i < ch.n; i++)
        df_walk_expression(u, e, ch.v[i]);
}

/* A member read or written reaches the memory of its struct: `p->x`
   through p, `a[i].x` through a, `(*p).x` through p, and so on down
   `a[i].s.x`. */
static void member_base(df_unit *u, df_env *e, fnode member, bool write)
{
    df_children ch = df_cursor_children(member);
    if (ch.n == 0)
        return;
    fnode base = df_cursor_bare(ch.v[0]);
    enum CXCursorKind k = fx_kind(base);
    if (ft_kind(ft_canonical(fx_type(base))) == CXType_Pointer) {
        df_value v = df_walk_expression(u, e, base);
        df_effect_check_deref(u, e, base, &v, write, df_cursor_loc(member));
    } else if (k == CXCursor_ArraySubscriptExpr) {
        subscript(u, e, base, write);
    } else if (k == CXCursor_UnaryOperator &&
               fx_unary_op(base) == CXUnaryOperator_Deref) {
        df_children inner = df_cursor_children(base);
        df_value v = inner.n == 1 ? df_walk_expression(u, e, inner.v[0]) : df_value_unknown();
        if (inner.n == 1)
            df_effect_check_deref(u, e, inner.v[0], &v, write, df_cursor_loc(member));
    } else if (k == CXCursor_MemberRefExpr) {
        member_base(u, e, base, write);
    }
}

static bool steps(enum CXUnaryOperatorKind op)
{
    return op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
           op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
}

fnode df_walk_object_pointer(fnode c, bool pointer)
{
    c = df_cursor_bare(c);
    df_children ch = df_cursor_children(c);
    enum CXCursorKind k = fx_kind(c);
    if (ch.n && pointer && k == CXCursor_UnaryOperator && steps(fx_unary_op(c)))
        return df_walk_object_pointer(ch.v[0], true);     /* `*p++` */
    if (pointer && ft_kind(ft_canonical(fx_type(c))) == CXType_Pointer)
        return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ? c : fx_null();
    if (ch.n && (k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr ||
                 (k == CXCursor_UnaryOperator && fx_unary_op(c) == CXUnaryOperator_Deref)))
        return df_walk_object_pointer(ch.v[0], true);
    return fx_null();
}

/* `a[i] += x`, `p->n++`: the memory the lvalue is in is written (what
   the walk checks of the access is its read's). */
static void written_object(df_unit *u, df_env *e, fnode lvalue)
{
    fnode pointer = df_walk_object_pointer(lvalue, false);
    if (!fx_is_null(pointer)) {
        df_value held = df_env_get(e, df_walk_path(u, e, pointer));
        df_unwritten_forget(e, &held);
    }
}

/* An integer member set to a constant is a flag its callees may test
   (`state.train = 0`, summary.c); set to anything else, it holds what
   the walk says of that (a flag copied, or nothing known).  A copy kind
   (`x.kind = cudaMemcpyHostToDevice`) stays the kind. */
static df_value member_flag(fnode target, fnode rhs, df_value v)
{
    int k = df_cursor_int(rhs, INT_MIN);
    return fx_kind(target) == CXCursor_MemberRefExpr && df_type_is_integer(fx_type(target)) &&
                   k != INT_MIN && v.kind != V_KIND
               ? df_value_flag(k)
               : v;
}

/* `s.n++`, `s.n += k`: an integer member, or what holds a flag, holds no
   known value after. */
static void forget_flag(df_unit *u, df_env *e, fnode lvalue)
{
    fnode c = df_cursor_bare(lvalue);
    int path = df_walk_path(u, e, c);
    const df_value *v = df_env_find(e, path);
    if (path && (v ? v->kind == V_FLAG
                   : fx_kind(c) == CXCursor_MemberRefExpr && df_type_is_integer(fx_type(c))))
        df_env_set(e, path, df_value_unknown());
}

static df_value assign(df_unit *u, df_env *e, fnode lhs, fnode rhs)
{
    df_value v = df_walk_expression(u, e, rhs);
    fnode target = df_cursor_bare(lhs);
    enum CXCursorKind k = fx_kind(target);
    if (!df_cursor_local_variable(target))
        df_unwritten_forget(e, &v);        /* stored where the walk loses sight of it */
    if (k == CXCursor_ArraySubscriptExpr) {
        subscript(u, e, target, true);
        store(e, df_walk_path(u, e, target), v);
        df_fields_store(u, target, rhs, &v, false);  /* a static array's element */
        return v;
    }
    if (k == CXCursor_UnaryOperator &&
        fx_unary_op(target) == CXUnaryOperator_Deref) {
        df_children ch = df_cursor_children(target);
        if (ch.n == 1) {
            df_value base = df_walk_expression(u, e, ch.v[0]);
            df_effect_check_deref(u, e, ch.v[0], &base, true, df_cursor_loc(target));
        }
    }
    if (k == CXCursor_MemberRefExpr)
        member_base(u, e, target, true);
    written_object(u, e, target);       /* `*p++ = x`, whose base has no value */
    v = member_flag(target, rhs, v);
    int path = df_walk_path(u, e, lhs);
    bool swap = swaps_copy(e, path);
    v = df_value_named(path, v);
    df_env_set(e, path, v);
    df_guard_chosen(u, e, path, rhs);
    df_fields_store(u, target, rhs, &v, swap);
    int from = df_walk_path(u, e, rhs);
    df_env_copy_members(e, from ? from : v.path, path);  /* a struct, or what a call returned */
    copy_assigned(u, e, lhs, object_prefix(u, e, lhs), rhs);
    return v;
}

/* An initializer list of addresses, as a kernel's argument array: what
   each points to, "|" between them ("" for none known). */
static df_value address_list(df_unit *u, df_env *e, fnode c)
{
    df_children ch = df_cursor_children(c);
    const char *target[64];
    size_t len = 1;
    for (int i = 0; i < ch.n; i++) {
        df_value held = df_env_get(e, df_walk_path(u, e, df_cursor_bare(ch.v[i])));
        df_unwritten_forget(e, &held);     /* a struct's or a kernel's: handed on */
        held = df_env_get(e, df_walk_target(u, e, ch.v[i]));
        df_unwritten_forget(e, &held);
        target[i] = df_path_text(df_walk_target(u, e, ch.v[i]));
        target[i] = *target[i] == '*' ? "" : target[i];
        len += strlen(target[i]) + 1;
    }
    char *list = dc_realloc(NULL, len), *end = list;
    *end = 0;
    for (int i = 0; i < ch.n; i++)
        end += sprintf(end, "%s%s", i ? "|" : "", target[i]);
    df_value v = df_value_unknown();
    v.kind = V_ADDRS;
    v.path = df_path_intern(list);
    free(list);
    return v;
}

/* Whether an initializer list may be one of addresses: not an array's of
   numbers (`float buf[16] = { 0 }`, which stays host memory itself).  An
   empty one (`void *args[4] = {}`) may be, its elements set after. */
static bool holds_addresses(fnode c)
{
    df_children ch = df_cursor_children(c);
    if (ft_kind(ft_canonical(fx_type(c))) != CXType_ConstantArray || ch.n == 0)
        return true;
    for (int i = 0; i < ch.n; i++)
        if (ft_kind(ft_canonical(fx_type(ch.v[i]))) == CXType_Pointer)
            return true;
    return false;
}

static df_value conditional(df_unit *u, df_env *e, const df_children *ch)
{
    if (ch->n < 3)
        return df_value_unknown();
    df_walk_expression(u, e, ch->v[0]);
    df_env other = df_env_copy(e);
    u->in_choice = true;                /* as an if's: `up ? H2D : D2H` of a flag */
    df_guard_refine(u, ch->v[0], e, &other);
    u->in_choice = false;
    bool dead[2] = { e->dead, other.dead };
    df_value a = df_walk_expression(u, e, ch->v[1]);
    df_value b = df_walk_expression(u, &other, ch->v[2]);
    df_env_join(e, &other);
    df_env_free(&other);
    if (dead[0] != dead[1])             /* a side the flag's value rules out */
        return dead[0] ? b : a;
    if ((a.kind == V_NONE) != (b.kind == V_NONE) &&
        (a.kind == V_KIND || b.kind == V_KIND || a.kind == V_FLAG || b.kind == V_FLAG))
        return df_value_unknown();         /* a kind or one not known: any */
    if (a.kind == V_NONE || b.kind == V_NONE)
        return a.kind == V_NONE ? b : a;    /* `x ? f(x) : NULL`: the value when there is one */
    return df_value_join(&a, &b);
}

/* A tensor or module member of a module (`net->fc1`, `net.W`,
   `fc->weight`), where the module is: what it registers moves with it.
   Unknown where the base is no module known to be somewhere. */
static df_value module_member(df_unit *u, df_env *e, fnode member)
{
    df_children ch = df_cursor_children(member);
    const df_value *held = ch.n ? df_env_find(e, df_walk_path(u, e, df_call_holder(ch.v[0]))) : NULL;
    df_value m = held ? df_object_current(e, held) : df_value_unknown();
    ftype t = fx_type(member);
    bool tensor = df_type_is(t, "at::Tensor");
    if (m.kind != V_MODULE || !m.where.n || (!tensor && !dc_model_module_type(t)))
        return df_value_unknown();
    df_value v = df_value_of(tensor ? V_TENSOR : V_MODULE, m.where);
    v.obj = tensor ? m.obj : -1;        /* a tensor follows its module; a child is a copy */
    return v;
}

/* A field or global with nothing known of it here: what the program
   stores there, or a struct parameter's member, where each call's
   argument has it (df_summary_member). */
static df_value stored_value(df_unit *u, df_env *e, fnode ref)
{
    df_value v = df_fields_read(ref);
    df_children ch = df_cursor_children(ref);
    if (fx_kind(ref) != CXCursor_MemberRefExpr || ch.n == 0)
        return v;
    fnode base = df_cursor_bare(ch.v[0]);
    bool arrow = ft_kind(ft_canonical(fx_type(base))) == CXType_Pointer;
    return df_summary_member(u, df_walk_path(u, e, base), arrow, fx_referenced(ref), v);
}

static dc_place object_place(df_unit *u, df_env *e, fnode c);

/* An array member (`d->page_len`, `p->s.a`, `(*p).a`) is storage inside
   the object that holds it, not a pointer stored there: it is where its
   holder is (device memory through a device pointer), and naming it, as
   taking a member's address, reads nothing. */
static df_value array_member(df_unit *u, df_env *e, fnode c)
{
    df_value v = df_value_of(V_MEMORY, object_place(u, e, c));
    return v.where.n ? v : df_value_unknown();
}

/* Whether a variable is the host's: on its stack or in its data.  One of
   CUDA's (__device__, __constant__, __shared__, __managed__: any
   attribute) or a reference is not known to be. */
static bool host_variable(fnode decl)
{
    enum CXCursorKind k = fx_kind(decl);
    if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) ||
        ft_kind(fx_type(decl)) == CXType_LValueReference)
        return false;
    df_children ch = df_cursor_children(decl);
    for (int i = 0; i < ch.n; i++)
        if (kind_is_attribute(fx_kind(ch.v[i])))
            return false;
    return true;
}

static df_value reference(df_unit *u, df_env *e, fnode c)
{
    fnode decl = fx_referenced(c);
    if (df_cursor_is_function(decl))
        return df_value_unknown();         /* a function is on no device */
    if (fx_kind(c) == CXCursor_MemberRefExpr &&
        ft_kind(ft_canonical(fx_type(decl))) == CXType_ConstantArray)
        return array_member(u, e, c);
    if (fx_kind(c) == CXCursor_MemberRefExpr)
        member_base(u, e, c, false);
    const df_value *bound = df_env_find(e, df_walk_path(u, e, c));
    df_value v = bound ? *bound : df_value_unknown();
    if (!bound && fx_kind(decl) == CXCursor_VarDecl)
        v = df_call_constant(u, e, decl, df_cursor_loc(c));     /* a constant the model names */
    if (fx_kind(decl) == CXCursor_EnumConstantDecl)
        return df_effect_enumerator(decl);
    /* a constant of the program's, or a template's argument in its instance
       (`cudaMemcpy(d, s, n, K)` of `tcopy<cudaMemcpyHostToDevice>`: a
       reference to no declaration, of the argument's value) */
    bool constant = fx_kind(decl) == CXCursor_VarDecl ||
                    (fx_is_null(decl) && fx_kind(c) == CXCursor_DeclRefExpr);
    df_value kind = !bound && v.kind == V_NONE && constant ? df_effect_constant_kind(c)
                                                           : df_value_unknown();
    if (kind.kind == V_KIND)            /* not over a dtype the model names (torch::kDouble) */
        v = kind;
    if (!bound && fx_kind(c) == CXCursor_MemberRefExpr)
        v = module_member(u, e, c);
    if (!bound && v.kind == V_NONE && v.dtype == DF_DTYPE_UNKNOWN)
        v = stored_value(u, e, c);
    if (v.kind == V_NONE && ft_kind(fx_type(decl)) == CXType_ConstantArray && host_variable(decl))
        v = df_value_of(V_MEMORY, dc_place_of(AT_CPU, 0, df_cursor_loc(decl), "declared on"));
    return v;
}

static df_value each_operand(df_unit *u, df_env *e, const df_children *ch)
{
    for (int i = 0; i < ch->n; i++)
        df_walk_expression(u, e, ch->v[i]);
    return df_value_unknown();
}

static df_value binary(df_unit *u, df_env *e, fnode c)
{
    df_children ch = df_cursor_children(c);
    enum CXBinaryOperatorKind op = fx_binary_op(c);
    if (ch.n != 2)
        return each_operand(u, e, &ch);
    if (op == CXBinaryOperator_Assign)
        return assign(u, e, ch.v[0], ch.v[1]);
    if (op == CXBinaryOperator_Comma) {
        df_walk_expression(u, e, ch.v[0]);
        return df_walk_expression(u, e, ch.v[1]);
    }
    if (op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub) {
        df_value l = df_walk_expression(u, e, ch.v[0]), r = df_walk_expression(u, e, ch.v[1]);
        return l.kind == V_MEMORY ? l : r.kind == V_MEMORY ? r : df_value_unknown();   /* p + 1 */
    }
    return each_operand(u, e, &ch);
}

/* &x where x has no path of its own: an element of a container (model.c). */
static df_value address_of_call(fnode x)
{
    fnode c = df_cursor_bare(x);
    return fx_kind(c) == CXCursor_CallExpr &&
                   dc_model_host_element(fx_referenced(c))
               ? df_value_of(V_MEMORY, dc_place_of(AT_CPU, 0, df_cursor_loc(c), "allocated on"))
               : df_value_unknown();
}

static dc_place variable_place(fnode decl)
{
    dc_place none = { 0, { { 0 } } };
    if (!host_variable(decl))
        return none;
    return dc_place_of(AT_CPU, 0, df_cursor_loc(decl),
                       pointer_slot(fx_type(decl)) ? dc_how_pointer_variable
                                                              : "points to a variable declared on");
}

static bool pointer_typed(fnode c)
{
    return ft_kind(ft_canonical(fx_type(df_cursor_bare(c)))) == CXType_Pointer;
}

/* Where pointer p points, as far as known, without walking p again. */
static dc_place pointee_place(df_unit *u, df_env *e, fnode p)
{
    const df_value *bound = df_env_find(e, df_walk_path(u, e, p));
    enum CXCursorKind k = fx_kind(df_cursor_bare(p));
    df_value v = bound                                                     ? *bound
              : k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ? stored_value(u, e, df_cursor_bare(p))
                                                                       : df_value_unknown();
    return df_value_is_memory(&v) ? v.where : (dc_place){ 0, { { 0 } } };
}

/* Where the object an lvalue names lives: a variable where variables are,
   a member or an element where its struct or array is, what a pointer
   points to where its value says.  None: not known. */
static dc_place object_place(df_unit *u, df_env *e, fnode c)
{
    c = df_cursor_bare(c);
    df_children ch = df_cursor_children(c);
    enum CXCursorKind k = fx_kind(c);
    bool deref = k == CXCursor_UnaryOperator &&
                 fx_unary_op(c) == CXUnaryOperator_Deref;
    if (k == CXCursor_DeclRefExpr)
        return variable_place(fx_referenced(c));
    if (ch.n > 0 && (deref || k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr))
        return deref || pointer_typed(ch.v[0]) ? pointee_place(u, e, ch.v[0])
                                               : object_place(u, e, ch.v[0]);
    return (dc_place){ 0, { { 0 } } };
}

/* &x: the address of path x, in the memory x is in; with no path, that
   memory alone (`&a[i]` of an array), or an element of a container. */
static df_value address_of(df_unit *u, df_env *e, fnode x)
{
    df_value v = df_value_of(V_ADDR, object_place(u, e, x));
    v.path = df_walk_path(u, e, x);
    if (v.path)
        return v;
    v.kind = V_MEMORY;
    return v.where.n ? v : address_of_call(x);
}

/* new's memory, and whether new[] made it: its type's brackets come
   before any parentheses of an initializer (`new float[n]`, not
   `new Box(a[0])`). */
static df_value new_memory(fnode c)
{
    char text[64];
    df_cursor_text(c, text, sizeof text);
    size_t square = strcspn(text, "["), round = strcspn(text, "(");
    df_value v = df_value_of(V_MEMORY, dc_place_of(AT_CPU, 0, df_cursor_loc(c), "allocated on"));
    v.where.a[0].alloc = (unsigned char)dc_allocator(square < round ? "new[]" : "new");
    return v;
}

/* C++'s new: host memory, as malloc's; but `new Net(args...)` of a
   module of the program's is the module its constructor's call made
   (as std::make_shared<Net>'s), which its pointer stands for. */
static df_value new_expression(df_unit *u, df_env *e, fnode c)
{
    df_children ch = df_cursor_children(c);
    df_value made = df_value_unknown();
    for (int i = 0; i < ch.n; i++) {
        df_value v = df_walk_expression(u, e, ch.v[i]);
        if (v.kind == V_MODULE)
            made = v;
    }
    return made.kind == V_MODULE ? made : new_memory(c);
}

/* `delete p`, `delete[] p`: p must be new's memory. */
static df_value delete_expression(df_unit *u, df_env *e, fnode c)
{
    df_children ch = df_cursor_children(c);
    if (ch.n != 1)
        return each_operand(u, e, &ch);
    df_value p = df_walk_expression(u, e, ch.v[0]);
    char text[64], operand[64];
    df_cursor_text(c, text, sizeof text);
    df_cursor_text(df_cursor_bare(ch.v[0]), operand, sizeof operand);
    const char *after = text + strlen("delete");
    bool array = strncmp(text, "delete", 6) == 0 && after[strspn(after, " ")] == '[';
    if (df_value_is_memory(&p))
        df_effect_release(u, df_cursor_loc(c), array ? "delete[]" : "delete",
                       (dc_operand){ operand, &p.where, false, false });
    return df_value_unknown();
}

static df_value unary(df_unit *u, df_env *e, fnode c)
{
    df_children ch = df_cursor_children(c);
    if (ch.n != 1)
        return each_operand(u, e, &ch);
    switch (fx_unary_op(c)) {
    case CXUnaryOperator_AddrOf:
        return address_of(u, e, ch.v[0]);
    case CXUnaryOperator_Deref: {
        int path = df_walk_path(u, e, c);
        df_value inner = df_walk_expression(u, e, ch.v[0]);
        df_effect_check_deref(u, e, ch.v[0], &inner, false, df_cursor_loc(c));
        return df_env_get(e, path);
    }
    default:
        each_operand(u, e, &ch);
        if (steps(fx_unary_op(c))) {
            written_object(u, e, ch.v[0]);
            forget_flag(u, e, ch.v[0]);
        }
        return df_value_unknown();
    }
}

/* A class's copy or move assignment, which is a call in C++'s tree. */
static bool assignment_operator(fnode call)
{
    fnode op = fx_referenced(call);
    return fx_kind(op) == CXCursor_CXXMethod &&
           fx_nargs(call) == 2 &&
           fx_has(op, FX_COPY_ASSIGNMENT | FX_MOVE_ASSIGNMENT);
}

/* A conversion passes its operand's value through, but for a device made
   from what is not one (c10::Device("cuda:1") from a string): a call. */
static bool passes_through(df_unit *u, fnode c)
{
    if (!df_cursor_wraps(c))
        return false;
    if (fx_kind(c) != CXCursor_CallExpr)
        return true;
    const dc_effects *fx = dc_model_effects(u->model, fx_referenced(c));
    for (int i = 0; fx && i < fx->n; i++)
        if (fx->v[i].kind == EF_DEVICE_TYPED)
            return false;
    return true;
}

df_value df_walk_expression(df_unit *u, df_env *e, fnode c)
{
    enum CXCursorKind k = fx_kind(c);
    df_children ch;
    if (passes_through(u, c)) {
        ch = df_cursor_children(c);
        return ch.n ? df_walk_expression(u, e, ch.v[ch.n - 1]) : df_value_unknown();
    }
    switch (k) {
    case CXCursor_CallExpr:
        if (assignment_operator(c))     /* C++'s `x = x.to(dev)` of a class */
            return assign(u, e, fx_arg(c, 0), fx_arg(c, 1));
        return df_call_expression(u, e, c, true);
    case CXCursor_DeclRefExpr:
    case CXCursor_MemberRefExpr:
        return reference(u, e, c);
    case CXCursor_BinaryOperator:
        return binary(u, e, c);
    case CXCursor_CompoundAssignOperator:
        ch = df_cursor_children(c);
        each_operand(u, e, &ch);
        if (ch.n == 2) {
            written_object(u, e, ch.v[0]);
            forget_flag(u, e, ch.v[0]);
        }
        return df_value_unknown();
    case CXCursor_UnaryOperator:
        return unary(u, e, c);
    case CXCursor_ConditionalOperator:
        ch = df_cursor_children(c);
        return conditional(u, e, &ch);
    case CXCursor_ArraySubscriptExpr: {
        subscript(u, e, c, false);
        const df_value *element = df_env_find(e, df_walk_path(u, e, c));
        return element ? *element : df_fields_read(c);     /* a static array's, or unknown */
    }
    case CXCursor_InitListExpr:
        if (holds_addresses(c))
            return address_list(u, e, c);
        ch = df_cursor_children(c);
        return each_operand(u, e, &ch);
    case CXCursor_UnaryExpr:            /* sizeof, alignof: not evaluated */
        return df_value_unknown();
    case CXCursor_CXXNewExpr:
        return new_expression(u, e, c);
    case CXCursor_CXXDeleteExpr:
        return delete_expression(u, e, c);
    case CXCursor_LambdaExpr:           /* handed on, or kept: it may run from here */
        return df_lambda_run(u, e, c, false);
    case CXCursor_StringLiteral:        /* its array is static storage: host memory */
        return df_value_of(V_MEMORY, dc_place_of(AT_CPU, 0, df_cursor_loc(c), "written as a string on"));
    case CXCursor_IntegerLiteral:
    case CXCursor_GNUNullExpr:
    case CXCursor_CXXNullPtrLiteralExpr: {
        df_value v = df_value_unknown();
        if (k != CXCursor_IntegerLiteral || df_cursor_int(c, -1) == 0)
            v.kind = V_NULL;
        return v;
    }
    default:
        ch = df_cursor_children(c);
        return each_operand(u, e, &ch);
    }
}

/* ---- statements --------------------------------------------------------------------------- */

/* `.f = x` in an initializer list: the field's index in t, its value
   in *item; -1 for none, or a designator of more than one field. */
static int designated(ftype t, fnode c, fnode *item)
{
    if (fx_kind(c) != CXCursor_UnexposedExpr || fx_nchildren(c) < 1 ||
        fx_kind(fx_child(c, 0)) != CXCursor_MemberRef)
        return -2;                      /* no designator */
    int name = df_cursor_path(fx_referenced(fx_child(c, 0)));
    *item = fx_child(c, fx_nchildren(c) - 1);
    for (int i = 0; fx_nchildren(c) == 2 && i < ft_nfields(t); i++)
        if (df_cursor_path(ft_field(t, i)) == name)
            return i;
    return -1;
}

/* Whether a field's declaration holds an expression: a default value
   (C++'s `int n = 1;`), or a bit-field's width (which says nothing, but
   is not told apart). */
static bool field_has_value(fnode field)
{
    for (int i = 0; i < fx_nchildren(field); i++)
        if (kind_is_expression(fx_kind(fx_child(field, i))))
            return true;
    return false;
}

/* A member of a struct made from an initializer list, named by a
   variable (`{ dev, host, n, kind }`): memory or a copy kind, as
   assigning it would make it; else unknown. */
static df_value initial_member(df_unit *u, df_env *e, int path, fnode field, fnode item)
{
    df_value v = fx_kind(item) == CXCursor_DeclRefExpr ? reference(u, e, item) : df_value_unknown();
    if (v.kind != V_MEMORY && v.kind != V_KIND)
        return df_value_unknown();
    v = df_value_named(path, v);
    df_fields_store(u, field, item, &v, false);     /* the field's facts, as an assignment's */
    return v;
}

/* The integer members of a struct made from an initializer list (`{ d,
   0 }`, `{ .train = 1 }`, `{ 0 }`), at prefix "s.": flags, as a member
   set to a constant is (member_flag); a member the list does not name is
   zero, as C and C++ make it, unless its declaration gives it a value.
   Its pointer and copy kind members named by a variable or an enumerator
   hold what that holds (initial_member).  A list of a shape not read
   here (a designator of a nested member) sets nothing; list null: every
   member zero (a nested struct not named). */
static void initial_flags(df_unit *u, df_env *e, int prefix, ftype type, fnode list)
{
    ftype t = ft_canonical(type);
    fnode item[64] = { { NULL, 0 } };
    int n = ft_nfields(t), next = 0;
    if (ft_kind(t) != CXType_Record || n > 64 ||
        fx_kind(ft_declaration(t)) == CXCursor_UnionDecl)
        return;
    for (int i = 0; !fx_is_null(list) && i < fx_nchildren(list); i++, next++) {
        fnode c = fx_child(list, i);
        int at = designated(t, c, &c);
        next = at == -2 ? next : at;
        if (next < 0 || next >= n)
            return;
        item[next] = c;
    }
    for (int i = 0; i < n; i++) {
        fnode field = ft_field(t, i), c = df_cursor_bare(item[i]);
        int path = df_path_join(df_path_text(prefix), df_path_text(df_cursor_path(field)));
        long long k = fx_is_null(c) ? 0 : df_cursor_int(c, INT_MIN);
        df_value held = fx_is_null(c) ? df_value_unknown() : initial_member(u, e, path, field, c);
        if (held.kind != V_NONE)
            df_env_set(e, path, held);
        else if (df_type_is_integer(fx_type(field)) && (!fx_is_null(c) || !field_has_value(field)))
            df_env_set(e, path, k == INT_MIN ? df_value_unknown() : df_value_flag(k));
        else if (fx_is_null(c) || fx_kind(c) == CXCursor_InitListExpr)
            initial_flags(u, e, df_path_join(df_path_text(path), "."), fx_type(field), c);
    }
}

static void declaration(df_unit *u, df_env *e, fnode var)
{
    df_children ch = df_cursor_children(var);
    int name = df_cursor_path(var);
    df_env_set(e, name, df_value_unknown());  /* a new variable: shadows any older one */
    for (int i = 0; i < ch.n; i++) {
        if (!kind_is_expression(fx_kind(ch.v[i])) || !fx_is_null(df_lambda_of(ch.v[i])))
            continue;                   /* a lambda kept: walked where it is called */
        df_value v = df_value_named(name, df_walk_expression(u, e, ch.v[i]));
        int returned = returned_members(&v);
        if (v.kind == V_NONE)
            v.path = 0;
        df_env_set(e, name, v);
        df_guard_chosen(u, e, name, ch.v[i]);
        if (returned)
            df_env_copy_members(e, returned, name);
        else
            copy_assigned(u, e, var, df_path_join(df_path_text(name), "."), ch.v[i]);  /* `T d = h;` */
        if (fx_kind(df_cursor_bare(ch.v[i])) == CXCursor_InitListExpr)
            initial_flags(u, e, df_path_join(df_path_text(name), "."), fx_type(var),
                          df_cursor_bare(ch.v[i]));
    }
}

/* A condition of constant value, 0 or 1 (`if (0)`, TORCH_CHECK(false,
   ...)'s, inside AT_DISPATCH's default case), or -1. */
static int constant_condition(fnode cond)
{
    fnode c = df_cursor_bare(cond);
    return fx_has(c, FX_INT) ? fx_int(c) != 0 : -1;
}

static void branch(df_unit *u, df_env *e, const df_children *ch)
{
    /* if (cond) then [else] */
    if (ch->n < 2)
        return;
    df_walk_expression(u, e, ch->v[0]);
    df_env other = df_env_copy(e);
    df_guard_refine(u, ch->v[0], e, &other);
    int known = constant_condition(ch->v[0]);
    e->dead = e->dead || known == 0;    /* the side never taken */
    other.dead = other.dead || known == 1;
    int ends = u->ends;
    u->sides++;
    df_walk_statement(u, e, ch->v[1]);
    int ends_yes = u->ends - ends;
    if (ch->n >= 3)
        df_walk_statement(u, &other, ch->v[2]);
    u->sides--;
    df_unwritten_branch(u, e, &other, ch->v[0], ends_yes, u->ends - ends - ends_yes);
    df_env_join(e, &other);
    df_env_free(&other);
}

/* try { block } catch ... { handler } ...: a handler runs instead of the
   rest of the block, from any point of it, so it starts from what was known
   before the block joined with what its end knows; what follows is reached
   from the block's end or a handler's (one that returns reaches nothing). */
static void try_statement(df_unit *u, df_env *e, const df_children *ch)
{
    if (ch->n < 1)
        return;
    df_env thrown = df_env_copy(e);
    df_walk_statement(u, e, ch->v[0]);
    df_env_join(&thrown, e);
    for (int i = 1; i < ch->n; i++) {
        df_env handler = df_env_copy(&thrown);
        df_walk_statement(u, &handler, ch->v[i]);
        df_env_join(e, &handler);
        df_env_free(&handler);
    }
    df_env_free(&thrown);
}

/* The body runs zero or more times: run it until nothing changes, a few
   rounds at most.  A loop inside another has a round fewer than the one
   around it, down to one (the body once, or not at all): each round of
   the outer loop walks the inner one again from what the last left, so
   the nest as a whole still goes round, and a body 10 loops deep is
   walked 6 times, not 3^10. */
static void loop(df_unit *u, df_env *e, fnode body, fnode cond, fnode step)
{
    df_env exits = { .dead = true }, *outer = u->breaks;
    int rounds = LOOP_ROUNDS - u->loops > 1 ? LOOP_ROUNDS - u->loops : 1;
    df_unwritten_diverge(u, e);            /* its body may run no times, its end never come */
    u->breaks = &exits;
    u->loops++;
    for (int round = 0; round < rounds; round++) {
        df_env pass = df_env_copy(e);
        if (!fx_is_null(cond))
            df_walk_expression(u, &pass, cond);
        df_walk_statement(u, &pass, body);
        pass.dead = false;              /* a continue comes back here */
        if (!fx_is_null(step))
            df_walk_expression(u, &pass, step);
        bool changed = df_env_join(e, &pass);
        df_env_free(&pass);
        if (!changed)
            break;
    }
    u->loops--;
    u->breaks = outer;
    df_env_join(e, &exits);
    df_env_free(&exits);
}

/* A torch::data loader's batch (`for (auto &batch : *loader)`, with the
   Stack<> transform): its data and target are made on the cpu. */
static void loaded_batch(df_env *e, fnode var, int name)
{
    static const char *const fields[] = { "data", "target" };
    const char *type = ft_spelling(ft_canonical(ft_non_reference(fx_type(var))));
    if (strncmp(type, "torch::data::Example<", 21) != 0)
        return;
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
        df_value v = df_value_of(V_TENSOR, dc_place_of(AT_CPU, 0, df_cursor_loc(var),
                                                      "loaded as a batch onto"));
        df_env_set(e, df_path_format("%s.%s", df_path_text(name), fields[i]), v);
    }
}

/* for (auto &x : range) body: a loop whose variable is what any element
   of the range may be, where it is a list (`for (auto &p :
   net->parameters())`, a std::vector<torch::Tensor>), or a data loader's
   batch; else not known. */
static void range_for(df_unit *u, df_env *e, fnode var, fnode range, fnode body)
{
    df_value r = df_walk_expression(u, e, range);
    int name = df_cursor_path(var);
    df_value v = df_list_any_element(e, &r);
    v.path = v.kind == V_NONE ? 0 : v.path;
    df_env_set(e, name, v);
    loaded_batch(e, var, name);
    loop(u, e, body, fx_null(), fx_null());
}

/* do body while (cond): the body's first run is the loop's first round
   (what a later round writes is not yet written there), then the loop.
   With a condition that is constant false, the error-check macros'
   `do { ... } while (0)`, the body runs once and is no loop at all: a
   block whose break goes to its end. */
static void do_statement(df_unit *u, df_env *e, fnode body, fnode cond)
{
    bool once = constant_condition(cond) == 0;
    df_env exits = { .dead = true }, *outer = u->breaks;
    u->breaks = &exits;
    u->loops += !once;
    df_walk_statement(u, e, body);
    u->loops -= !once;
    u->breaks = outer;
    if (!once) {
        e->dead = false;                /* a continue comes to the condition */
        loop(u, e, body, cond, fx_null());
    }
    df_env_join(e, &exits);
    df_env_free(&exits);
}

/* A switch: each case starts from the value of the switch (or falls through
   from the case above); what leaves by a break, or falls off the end, or
   matches no case, joins after it.  On an enum whose value the walk knows
   (summary.c's flag, walked for each value its cases name), only the case
   of that value starts from the switch, and the default only where none
   is of it. */
typedef struct {
    df_unit *u;
    df_env *entry, *cur;
    bool has_default;
    int path;                           /* the enum switched on; 0: not one */
    bool matched;                       /* a case known to be of its value */
} switch_walk;

/* Whether case c is of the switch's value: 1, 0, -1 not known. */
static int case_is(switch_walk *w, fnode c)
{
    df_children ch = df_cursor_children(c);
    fnode value = ch.n == 2 ? df_cursor_bare(ch.v[0]) : fx_null();
    if (!w->path || fx_is_null(value) || !fx_has(value, FX_INT))
        return -1;
    return df_summary_flag_is(w->u, w->entry, w->path, fx_int(value));
}

static void case_body(switch_walk *w, fnode c)
{
    enum CXCursorKind k = fx_kind(c);
    if (k != CXCursor_CaseStmt && k != CXCursor_DefaultStmt) {
        df_walk_statement(w->u, w->cur, c);
        return;
    }
    w->has_default = w->has_default || k == CXCursor_DefaultStmt;
    bool ruled_out = k == CXCursor_CaseStmt ? case_is(w, c) == 0 : w->matched;
    if (!ruled_out) {
        df_env_join(w->cur, w->entry);
        w->cur->dead = false;
    }
    df_children ch = df_cursor_children(c);
    if (ch.n)
        case_body(w, ch.v[ch.n - 1]);   /* the statement after the label */
}

static enum CXChildVisitResult each_case(fnode c, fnode parent, void *data)
{
    (void)parent;
    case_body(data, c);
    return CXChildVisit_Continue;
}

/* Before the cases are walked: whether one is of the switch's value (and,
   in the walk that finds the flag, each one's value noted). */
static enum CXChildVisitResult match_case(fnode c, fnode parent, void *data)
{
    switch_walk *w = data;
    (void)parent;
    for (df_children ch; fx_kind(c) == CXCursor_CaseStmt && (ch = df_cursor_children(c)).n;
         c = ch.v[ch.n - 1])                 /* `case A: case B:` */
        w->matched = case_is(w, c) == 1 || w->matched;
    return CXChildVisit_Continue;
}

/* The enum a switch's condition reads, of no constant value; else 0. */
static int switched_enum(df_unit *u, df_env *e, fnode cond)
{
    fnode x = df_cursor_bare(cond);
    return ft_kind(ft_canonical(fx_type(x))) == CXType_Enum && !fx_has(x, FX_INT)
               ? df_walk_path(u, e, x)
               : 0;
}

static void switch_statement(df_unit *u, df_env *e, fnode cond, fnode body)
{
    df_walk_expression(u, e, cond);
    df_unwritten_diverge(u, e);
    df_env entry = df_env_copy(e), cur = { .dead = true }, exits = { .dead = true };
    df_env *outer = u->breaks;
    switch_walk w = { u, &entry, &cur, false, switched_enum(u, e, cond), false };
    u->breaks = &exits;
    if (fx_kind(body) == CXCursor_CompoundStmt) {
        fx_visit(body, match_case, &w);
        fx_visit(body, each_case, &w);
    } else {
        case_body(&w, body);
    }
    u->breaks = outer;
    df_env_join(&exits, &cur);
    if (!w.has_default && !w.matched)
        df_env_join(&exits, &entry);
    df_env_free(e);
    *e = exits;
    df_env_free(&entry);
    df_env_free(&cur);
}

static void return_statement(df_unit *u, df_env *e, const df_children *ch)
{
    if (ch->n == 1) {
        int path = df_walk_path(u, e, ch->v[0]);
        if (path)
            df_env_copy_members(e, path, df_path_intern("#returned"));
        copy_out(u, ch->v[0]);
        df_value v = df_walk_expression(u, e, ch->v[0]);
        df_env_copy_members(e, returned_members(&v), df_path_intern("#returned"));  /* `return make_up(..)` */
        df_samebuf_returned(u, e, ch->v[0]);
        u->returned = u->has_return ? df_value_join(&u->returned, &v) : v;
        u->has_return = true;
    }
    df_env_join(&u->exit, e);
    if (!u->nlambdas)                   /* a lambda's goes back to where it runs */
        df_unwritten_path_ends(u, e);
    e->dead = true;
}

typedef struct {
    df_unit *u;
    df_env *e;
} block;

/* The call an expression statement is, under the implicit nodes C++ puts
   around a call whose result has a destructor (`x.to(dev);`); a cast, a
   `(void)`, is a use. */
static fnode statement_call(fnode c)
{
    while (fx_kind(c) == CXCursor_UnexposedExpr) {
        df_children ch = df_cursor_children(c);
        if (ch.n != 1)
            return c;
        c = ch.v[0];
    }
    return c;
}

/* ---- statements left unread (unread.c) ------------------------------------------------ */

static void forget_path(df_env *e, int path)
{
    df_env_set(e, path, df_value_unknown_why(DC_WHY_PARSE_ERROR));
}

static void forget_member(int path, void *e)
{
    forget_path(e, path);
}

/* What path names, and what it points to, is unknown. */
static void forget_under(df_env *e, int path, bool itself)
{
    if (itself)
        forget_path(e, path);
    df_env_each_member(e, path, forget_member, e);
    int pointee = df_path_join("*", df_path_text(path));
    if (df_env_find(e, pointee))
        forget_path(e, pointee);
    df_env_each_member(e, pointee, forget_member, e);
}

/* One name an unread statement holds: "=x", unknown after it, or "*x", a
   copy of x handed on: a pointer keeps its value, what it points to (an
   allocation, a variable whose address it holds) may be written.  A
   method's statement names its object's members bare. */
static void forget_name(df_env *e, const char *name)
{
    int own = df_path_intern(name + 1), member = df_path_join("this->", name + 1);
    int path = !df_env_find(e, own) && df_env_find(e, member) ? member : own;
    const df_value *v = df_env_find(e, path);
    df_value held = v ? *v : df_value_unknown();
    df_unwritten_forget(e, &held);
    if (held.kind == V_ADDR && held.path)
        forget_under(e, held.path, true);
    bool kept = name[0] == '*' && (!v || held.kind == V_MEMORY || held.kind == V_ADDR ||
                                   held.kind == V_NULL);
    forget_under(e, path, !kept);
}

/* A statement an error left unread: what each name it holds could have
   become is unknown after it (its records, "=x *p ...", unread.c). */
static void forget_unread(df_env *e, fnode c)
{
    const char *names;
    for (int k = 0; (names = fx_unread(c, k)) != NULL; k++) {
        char *list = dc_format("%s", names), *save = NULL;
        for (char *name = strtok_r(list, " ", &save); name; name = strtok_r(NULL, " ", &save))
            forget_name(e, name);
        free(list);
    }
}

static enum CXChildVisitResult each_statement(fnode c, fnode parent, void *data)
{
    block *b = data;
    (void)parent;
    df_walk_statement(b->u, b->e, c);
    return CXChildVisit_Continue;
}

void df_walk_statement(df_unit *u, df_env *e, fnode c)
{
    enum CXCursorKind k = fx_kind(c);
    if (e->dead && k != CXCursor_LabelStmt)
        return;
    df_program_tick(u->prog);
    if (fx_has(c, FX_UNREAD_STATEMENT | FX_UNREAD_BEFORE)) {
        forget_unread(e, c);
        if (fx_has(c, FX_UNREAD_STATEMENT))
            return;
    }
    /* a block walks its own statements, an expression its own operands */
    df_children ch = k == CXCursor_CompoundStmt || kind_is_expression(k) ? (df_children){ .n = 0 }
                                                                       : df_cursor_children(c);
    fnode none = fx_null();
    switch (k) {
    case CXCursor_CompoundStmt: {
        block b = { u, e };
        fx_visit(c, each_statement, &b);
        if (fx_has(c, FX_UNREAD_AT_END) && !e->dead)
            forget_unread(e, c);
        return;
    }
    case CXCursor_DeclStmt:
        for (int i = 0; i < ch.n; i++)
            if (fx_kind(ch.v[i]) == CXCursor_VarDecl)
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
        if (ch.n >= 2)
            do_statement(u, e, ch.v[0], ch.v[1]);
        return;
    case CXCursor_ForStmt:
        /* init, cond, step and body; clang leaves out the parts not there */
        if (ch.n >= 1) {
            if (ch.n == 4)
                df_walk_statement(u, e, ch.v[0]);
            loop(u, e, ch.v[ch.n - 1], ch.n >= 3 ? ch.v[ch.n - 3] : none,
                 ch.n >= 2 ? ch.v[ch.n - 2] : none);
        }
        return;
    case CXCursor_CXXForRangeStmt:
        /* the loop variable, the range and the body */
        if (ch.n == 3 && fx_kind(ch.v[0]) == CXCursor_VarDecl)
            range_for(u, e, ch.v[0], ch.v[1], ch.v[2]);
        else
            for (int i = 0; i < ch.n; i++)
                df_walk_statement(u, e, ch.v[i]);
        return;
    case CXCursor_SwitchStmt:
        if (ch.n >= 2)
            switch_statement(u, e, ch.v[ch.n - 2], ch.v[ch.n - 1]);
        return;
    case CXCursor_CXXTryStmt:
        try_statement(u, e, &ch);
        return;
    case CXCursor_ReturnStmt:
        return_statement(u, e, &ch);
        return;
    case CXCursor_GotoStmt:
        df_unwritten_path_ends(u, e);
        e->dead = true;
        return;
    case CXCursor_LabelStmt:
        e->dead = false;                /* reached by a goto from anywhere: keep what is known */
        for (int i = 0; i < ch.n; i++)
            df_walk_statement(u, e, ch.v[i]);
        return;
    case CXCursor_CaseStmt:             /* outside a switch's own walk: just its statement */
    case CXCursor_DefaultStmt:
        if (ch.n)
            df_walk_statement(u, e, ch.v[ch.n - 1]);
        return;
    case CXCursor_BreakStmt:
        if (u->breaks)
            df_env_join(u->breaks, e);
        df_unwritten_path_ends(u, e);
        e->dead = true;
        return;
    case CXCursor_ContinueStmt:
        df_unwritten_path_ends(u, e);
        e->dead = true;                 /* back to the loop's head: its next round sees it */
        return;
    case CXCursor_CallExpr:
    case CXCursor_UnexposedExpr: {      /* C++'s cleanups of a call's temporary result */
        fnode call = statement_call(c);
        if (fx_kind(call) == CXCursor_CallExpr && !assignment_operator(call))
            df_call_expression(u, e, call, false);
        else
            df_walk_expression(u, e, c);
        return;
    }
    case CXCursor_NullStmt:
        return;
    default:
        if (kind_is_expression(k))
            df_walk_expression(u, e, c);
        else
            for (int i = 0; i < ch.n; i++)
                df_walk_statement(u, e, ch.v[i]);
        return;
    }
}

/* A constructor's member initializers (`Buffer(int n) : dev(make(n))`),
   each a store to its field, before the body runs, which sees it there
   (`this->dev`). */
static void member_initializers(df_unit *u, df_env *e, fnode fn)
{
    df_children ch = df_cursor_children(fn);
    for (int i = 0; i + 1 < ch.n; i++)
        if (fx_kind(ch.v[i]) == CXCursor_MemberRef &&
            kind_is_expression(fx_kind(ch.v[i + 1]))) {
            int path = df_path_join("this->", df_path_text(df_cursor_path(ch.v[i])));
            df_value v = df_value_named(path, df_walk_expression(u, e, ch.v[i + 1]));
            df_fields_store(u, ch.v[i], ch.v[i + 1], &v, false);
            if (v.kind != V_NONE)
                df_env_set(e, path, v);
        }
}

/* A field's default initializer (`float *dev = make(n);` in a class), a
   store every constructor makes that does not name the field. */
static void default_initializer(df_unit *u, df_env *e, fnode field)
{
    df_children ch = df_cursor_children(field);
    if (ch.n > 0 && kind_is_expression(fx_kind(ch.v[ch.n - 1]))) {
        df_value v = df_walk_expression(u, e, ch.v[ch.n - 1]);
        df_fields_store(u, field, ch.v[ch.n - 1], &v, false);
    }
}

void df_walk_body(df_unit *u, df_env *e, fnode fn)
{
    if (fx_kind(fn) == CXCursor_FieldDecl) {
        default_initializer(u, e, fn);
        return;
    }
    if (fx_kind(fn) == CXCursor_Constructor)
        member_initializers(u, e, fn);
    fnode body = df_cursor_body(fn);
    if (!fx_is_null(body))
        df_walk_statement(u, e, body);
    df_env_join(&u->exit, e);              /* falling off the end */
}
