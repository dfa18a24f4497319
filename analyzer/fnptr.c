/*
 * Function pointers: what each may hold, program-wide, so that a call
 * through one is a call to each function stored into it (call.c walks it
 * as a may-call).  Before the walks, every unit's facts are read once for
 * the stores into a pointer to a function:
 *
 *   - `x.f = fn`, `p->f = fn`, `fp = fn`, `&fn`, `t[i] = fn`: a store into
 *     the field (of its struct type, whatever the object), the variable
 *     (a global, a static, a local) or the array;
 *   - an initializer: `fp = fn` in a declaration, `{ .f = fn }` and `{ fn,
 *     gn }` for a struct's fields, in order, `{ f, g }` for an array's
 *     elements (`t[1](x)` calls g, and what `t[i] = h` stores; `t[i](x)`
 *     any of them); C++'s field initializers (`void (*f)(int) = g;`,
 *     `S() : f(g)`);
 *   - a call's argument, into its callee's parameter (the function's, by
 *     its position, whichever declaration the call names);
 *   - `c ? fn : gn` stores both; a null pointer stores nothing; another
 *     pointer (`x.f = y.g`, a parameter) stores whatever that one holds.
 *
 * Anything else stored (a call's result) leaves the pointer unknown, and
 * so does its address taken (`&fp`: stores through it are not followed),
 * a pointer no store is seen of (a parameter of a function nothing
 * calls), and a parameter of a function named other than as a call's
 * callee (its address taken: who calls it with what is not known): a
 * call through it has no callee, as before.  A store is seen where its
 * unit's facts are read: in the run's files and in those whose facts the
 * cache or a capture gives, not in code outside the run.
 */
#include "flow.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    bool unknown;
    int n;
    fnode fn[MAY_CALL];
    dc_loc at[MAY_CALL];                /* where each was stored */
    df_ints same;                          /* pointers whose functions it holds too (by slot) */
    df_ints parts;                         /* an array's: its elements' slots */
    int whole;                          /* an element's: its array's slot + 1 */
} held;

static held *slots;
static int nslots, capslots;
static df_path_map by_key;                 /* slot + 1, by interned "fp:USR" */

static bool is_function_pointer(ftype t)
{
    t = ft_canonical(t);
    if (ft_kind(t) != CXType_Pointer)
        return false;
    enum CXTypeKind k = ft_kind(ft_canonical(ft_pointee(t)));
    return k == CXType_FunctionProto || k == CXType_FunctionNoProto;
}

/* A function's parameter i, as a key: the same in every unit, whichever
   declaration of the function names it. */
static int param_key(fnode fn, int i)
{
    return df_path_format("fp:%s#%d", fx_usr(fn), i);
}

/* A pointer's key: its declaration's, or for a parameter its function's
   and its position; 0 for a parameter of no function. */
static int key_of(fnode decl)
{
    if (fx_kind(decl) != CXCursor_ParmDecl)
        return df_cursor_usr(decl, "fp");
    fnode fn = fx_semantic_parent(decl);
    for (int i = 0; df_cursor_is_function(fn) && i < fx_nargs(fn); i++)
        if (fx_equal(fx_arg(fn, i), decl))
            return param_key(fn, i);
    return 0;
}

static int slot_at(int key)
{
    int *at = df_path_map_at(&by_key, key);
    if (!*at) {
        GROW(slots, nslots, capslots, 64, dc_realloc);
        memset(&slots[nslots], 0, sizeof slots[nslots]);
        *at = ++nslots;
    }
    return *at - 1;
}

/* Element k of the array whose slot is whole (key: its key): what is
   stored into it, with what is stored into any element (`t[i] = f`). */
static int element_slot(int whole, int key, int k)
{
    int s = slot_at(df_path_format("%s[%d]", df_path_text(key), k));
    if (!slots[s].whole) {
        slots[s].whole = whole + 1;
        df_ints_add(&slots[whole].parts, s);
    }
    return s;
}

static fnode pointer_decl(fnode c);

/* The slot of the pointer an expression names: an array's element where
   a constant indexes it (`t[1]`); -1 for none. */
static int slot_of(fnode c)
{
    c = df_cursor_bare(c);
    fnode decl = pointer_decl(c);
    int key = fx_is_null(decl) ? 0 : key_of(decl);
    if (!key)
        return -1;
    int whole = slot_at(key);
    int k = fx_kind(c) == CXCursor_ArraySubscriptExpr && fx_nchildren(c) == 2
                ? df_cursor_int(fx_child(c, 1), -1)
                : -1;
    return k < 0 ? whole : element_slot(whole, key, k);
}

/* The field, variable or array an expression names as a pointer to call
   or to store into (`x.f`, `p->f`, `fp`, `t[i]`, `(*fp)`), or a null
   cursor. */
static fnode pointer_decl(fnode c)
{
    c = df_cursor_bare(c);
    for (int k = fx_kind(c);
         k == CXCursor_ArraySubscriptExpr || (k == CXCursor_UnaryOperator && fx_unary_op(c) == CXUnaryOperator_Deref);
         k = fx_kind(c))
        c = df_cursor_bare(fx_child(c, 0));
    fnode decl = fx_referenced(c);
    enum CXCursorKind k = fx_kind(decl);
    bool names = fx_kind(c) == CXCursor_MemberRefExpr || fx_kind(c) == CXCursor_DeclRefExpr;
    return names && (k == CXCursor_FieldDecl || k == CXCursor_VarDecl || k == CXCursor_ParmDecl)
               ? decl
               : fx_null();
}

static void hold(held *h, fnode fn, dc_loc at)
{
    fn = fx_is_null(fx_definition(fn)) ? fn : fx_definition(fn);
    for (int i = 0; i < h->n; i++)
        if (strcmp(fx_usr(h->fn[i]), fx_usr(fn)) == 0)
            return;
    if (h->n == MAY_CALL) {
        h->unknown = true;
        return;
    }
    h->fn[h->n] = fn;
    h->at[h->n++] = at;
}

/* value is stored into slot s. */
static void store(int s, fnode value)
{
    fnode c = df_cursor_bare(value);
    if (fx_kind(c) == CXCursor_UnaryOperator && fx_unary_op(c) == CXUnaryOperator_AddrOf)
        c = df_cursor_bare(fx_child(c, 0));
    if (fx_kind(c) == CXCursor_ConditionalOperator && fx_nchildren(c) == 3) {
        store(s, fx_child(c, 1));
        store(s, fx_child(c, 2));
        return;
    }
    fnode ref = fx_referenced(c);
    if (fx_kind(c) == CXCursor_DeclRefExpr && df_cursor_is_function(ref)) {
        hold(&slots[s], ref, df_cursor_loc(c));
        return;
    }
    if (df_cursor_int(c, -1) == 0)         /* NULL, 0 */
        return;
    int other = slot_of(c);
    if (other >= 0) {
        df_ints_add(&slots[s].same, other);
        return;
    }
    slots[s].unknown = true;
}

/* `{ .f = fn, ... }` or `{ fn, ... }` of a struct: each field's store. */
static void store_fields(fnode init)
{
    ftype t = ft_canonical(fx_type(init));
    if (ft_kind(t) != CXType_Record)
        return;
    for (int i = 0; i < fx_nchildren(init); i++) {
        fnode c = fx_child(init, i), field = fx_null(), value = c;
        if (fx_kind(c) == CXCursor_UnexposedExpr && fx_nchildren(c) >= 2 &&
            fx_kind(fx_child(c, 0)) == CXCursor_MemberRef) {     /* a designator */
            field = fx_referenced(fx_child(c, 0));
            value = fx_child(c, fx_nchildren(c) - 1);
        } else if (i < ft_nfields(t)) {
            field = ft_field(t, i);
        }
        if (!fx_is_null(field) && fx_kind(field) == CXCursor_FieldDecl &&
            is_function_pointer(fx_type(field)))
            store(slot_at(key_of(field)), value);
    }
}

/* A constructor's member initializers (`S() : f(g)`): each a field's
   reference and its value. */
static void store_members(fnode ctor)
{
    for (int i = 0; i + 1 < fx_nchildren(ctor); i++) {
        fnode field = fx_referenced(fx_child(ctor, i)), value = fx_child(ctor, i + 1);
        if (fx_kind(fx_child(ctor, i)) == CXCursor_MemberRef && kind_is_expression(fx_kind(value)) &&
            is_function_pointer(fx_type(field)))
            store(slot_at(key_of(field)), value);
    }
}

/* A declaration's initializer: a pointer's, or an array's elements. */
static void store_initializer(fnode var)
{
    int n = fx_nchildren(var);
    fnode init = n ? fx_child(var, n - 1) : fx_null();
    if (fx_is_null(init) || !kind_is_expression(fx_kind(init)))
        return;
    if (is_function_pointer(fx_type(var))) {
        store(slot_at(key_of(var)), init);
        return;
    }
    fnode list = df_cursor_bare(init);
    if (fx_kind(list) != CXCursor_InitListExpr || ft_kind(ft_canonical(fx_type(var))) == CXType_Record)
        return;
    int key = key_of(var), whole = slot_at(key);
    for (int i = 0; i < fx_nchildren(list); i++)
        if (is_function_pointer(fx_type(fx_child(list, i))))
            store(element_slot(whole, key, i), fx_child(list, i));
}

static void set_unknown(int s)
{
    slots[s].unknown = true;
}

/* A pointer whose address is taken may be set through it. */
static void forget(fnode decl)
{
    if (!fx_is_null(decl) && key_of(decl))
        set_unknown(slot_at(key_of(decl)));
}

/* Each call of a function stores its arguments into its parameters. */
static void store_arguments(fnode call)
{
    fnode fn = fx_referenced(call);
    if (fx_kind(fn) != CXCursor_FunctionDecl)
        return;
    for (int i = 0; i < fx_nargs(call); i++)
        if (is_function_pointer(fx_type(fx_arg(call, i))))
            store(slot_at(param_key(fn, i)), fx_arg(call, i));
}

/* A function named other than as the callee of a call (its address taken,
   stored, handed on) may be called from anywhere: its parameters may hold
   anything. */
static void escape(fnode fn)
{
    for (int i = 0; i < fx_nargs(fn); i++)
        if (is_function_pointer(fx_type(fx_arg(fn, i))))
            set_unknown(slot_at(param_key(fn, i)));
}

static unsigned char *is_callee;        /* by node of the unit read: a call's callee */

static void read_node(fnode c)
{
    switch (fx_kind(c)) {
    case CXCursor_BinaryOperator:
        if (fx_binary_op(c) == CXBinaryOperator_Assign && fx_nchildren(c) == 2 &&
            is_function_pointer(fx_type(fx_child(c, 0)))) {
            fnode lhs = df_cursor_bare(fx_child(c, 0));
            int to = fx_kind(lhs) == CXCursor_UnaryOperator ? -1 : slot_of(lhs);
            if (to >= 0)
                store(to, fx_child(c, 1));
        }
        break;
    case CXCursor_UnaryOperator:
        if (fx_unary_op(c) == CXUnaryOperator_AddrOf && is_function_pointer(fx_type(fx_child(c, 0))))
            forget(pointer_decl(fx_child(c, 0)));
        break;
    case CXCursor_CallExpr:
        store_arguments(c);
        break;
    case CXCursor_DeclRefExpr:
        if (!is_callee[c.id] && df_cursor_is_function(fx_referenced(c)))
            escape(fx_referenced(c));
        break;
    case CXCursor_VarDecl: case CXCursor_FieldDecl:     /* C++'s `void (*f)(int) = g;` */
        store_initializer(c);
        break;
    case CXCursor_Constructor:
        store_members(c);
        break;
    case CXCursor_InitListExpr:
        store_fields(c);
        break;
    default:
        break;
    }
}

void df_fnptr_read(fx_unit *const *units, const int *ids, int n)
{
    for (int k = 0; k < n; k++) {
        const fx_unit *u = units[ids[k]];
        is_callee = dc_realloc(NULL, u->nnodes);
        memset(is_callee, 0, u->nnodes);
        for (uint32_t id = 1; id < u->nnodes; id++) {
            fnode c = { u, id };
            if (fx_kind(c) == CXCursor_CallExpr && fx_nchildren(c) > 0)
                is_callee[df_cursor_bare(fx_child(c, 0)).id] = 1;
        }
        for (uint32_t id = 1; id < u->nnodes; id++)
            read_node((fnode){ u, id });
        free(is_callee);
        is_callee = NULL;
    }
}

enum { OWN = 1, ALL = 3 };              /* an array's own stores, or with its elements' */

/* What slot s holds into h: its stores, what the pointers stored into it
   hold, an array's elements' (ALL), an element's array's own; seen: the
   slots met, and how (cycles). */
static void gather(int s, held *h, unsigned char *seen, unsigned how)
{
    if ((seen[s] & how) == how)
        return;
    seen[s] |= (unsigned char)how;
    const held *p = &slots[s];
    h->unknown |= p->unknown || (!p->n && !p->same.n && !p->parts.n && !p->whole);   /* no store seen */
    for (int i = 0; i < p->n; i++)
        hold(h, p->fn[i], p->at[i]);
    for (int i = 0; i < p->same.n; i++)
        gather(p->same.v[i], h, seen, ALL);
    for (int i = 0; how == ALL && i < p->parts.n; i++)
        gather(p->parts.v[i], h, seen, ALL);
    if (p->whole)
        gather(p->whole - 1, h, seen, OWN);
}

int df_fnptr_callees(fnode call, fnode *fn, dc_loc *at, int max)
{
    int s = fx_nchildren(call) ? slot_of(fx_child(call, 0)) : -1;
    if (s < 0)
        return -1;
    held h;
    h.unknown = false, h.n = 0;
    unsigned char *seen = dc_realloc(NULL, (size_t)nslots);
    memset(seen, 0, (size_t)nslots);
    gather(s, &h, seen, ALL);
    free(seen);
    if (h.unknown || h.n == 0 || h.n > max)
        return -1;
    for (int i = 0; i < h.n; i++)
        fn[i] = h.fn[i], at[i] = h.at[i];
    return h.n;
}

void df_fnptr_reset(void)
{
    for (int i = 0; i < nslots; i++) {
        free(slots[i].same.v);
        free(slots[i].parts.v);
    }
    free(slots);
    slots = NULL;
    nslots = capslots = 0;
    df_path_map_free(&by_key);
}
