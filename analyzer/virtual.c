/*
 * Virtual calls: the definitions that override each virtual method,
 * program-wide, so that a call that dispatches (`p->f()`, `r.f()`,
 * `ptr->f()` through a smart pointer, `f()` in a method: lower.c's
 * FX_VIRTUAL_CALL) is a call to each definition it may run (call.c walks
 * it as a may-call whose functions must agree).  Before the walks, every
 * unit's facts are read once for the methods' definitions and what each
 * overrides (lower.c keeps the bases' methods, all the way up, of each
 * method defined, or declared in the project's code).
 *
 *   - The callees of a call of a method are its own definition (unless it
 *     is pure: `= 0`) and the overrides in the classes derived from the
 *     class of the object it is called on (`Stage *s`: Stage's and its
 *     subclasses', not its siblings').
 *   - A method nothing in the run overrides is called as before (its
 *     own body, or none); so is a qualified call
 *     (`p->Base::f()`) and one on an object by value (`obj.f()`).
 *   - An override the run declares but does not define (its body in a
 *     file outside the run) is unknown, and so is the call; one the run
 *     does not even declare is not known: the call runs those it has.
 */
#include "flow.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    fnode *v;
    int n, cap;
} overrides;

static overrides *slots;
static int nslots, capslots;
static df_path_map by_usr;              /* slot + 1, by the overridden method's interned USR */

static overrides *slot_of(fnode method, bool make)
{
    int *at = df_path_map_at(&by_usr, df_cursor_usr(method, "virtual"));
    if (!*at && make) {
        GROW(slots, nslots, capslots, 16, dc_realloc);
        slots[nslots] = (overrides){ NULL, 0, 0 };
        *at = ++nslots;
    }
    return *at ? &slots[*at - 1] : NULL;
}

/* method overrides base: kept once (a header's override is in each unit
   that includes it), by its definition where one is seen. */
static void add_override(fnode base, fnode method)
{
    overrides *o = slot_of(base, true);
    for (int i = 0; i < o->n; i++)
        if (strcmp(fx_usr(o->v[i]), fx_usr(method)) == 0) {
            if (fx_has(method, FX_DEFINITION))
                o->v[i] = method;
            return;
        }
    GROW(o->v, o->n, o->cap, 4, dc_realloc);
    o->v[o->n++] = method;
}

#define BASES 16                        /* bases' methods lower.c keeps a method */

void df_virtual_read(fx_unit *const *units, const int *ids, int n)
{
    fnode base[BASES];
    for (int k = 0; k < n; k++) {
        const fx_unit *u = units[ids[k]];
        for (uint32_t id = 1; id < u->nnodes; id++) {
            fnode c = { u, id };
            if (fx_kind(c) != CXCursor_CXXMethod)
                continue;
            int m = fx_overridden(c, base, BASES);
            for (int i = 0; i < m; i++)
                add_override(base[i], c);
        }
    }
}

/* ---- the class a call dispatches on ------------------------------------------------ */

typedef struct {
    const char *usr;                    /* the class looked for */
    int depth;
    bool found;
} base_search;

static bool derives(fnode cls, const char *usr, int depth);

static enum CXChildVisitResult search_base(fnode c, fnode parent, void *data)
{
    base_search *b = data;
    (void)parent;
    if (fx_kind(c) == CXCursor_CXXBaseSpecifier)
        b->found = derives(ft_declaration(ft_canonical(fx_type(c))), b->usr, b->depth + 1);
    return b->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Whether class cls is the class of USR usr or derives from it. */
static bool derives(fnode cls, const char *usr, int depth)
{
    if (fx_is_null(cls) || depth > 8)
        return false;
    if (strcmp(fx_usr(cls), usr) == 0)
        return true;
    base_search b = { usr, depth, false };
    fx_visit(cls, search_base, &b);
    return b.found;
}

/* The class of the object a call is made on (its pointee, for a
   pointer), as written before clang's cast to the method's class, or a
   null cursor (the implicit `this`). */
static fnode object_class(fnode call)
{
    fnode object = df_cursor_bare(df_cursor_member_object(call));
    ftype t = ft_canonical(fx_type(object));
    if (ft_kind(t) == CXType_Pointer)
        t = ft_canonical(ft_pointee(t));
    return fx_is_null(object) ? fx_null() : ft_declaration(t);
}

int df_virtual_callees(fnode call, fnode callee, fnode *fn, int max)
{
    const overrides *o = fx_has(call, FX_VIRTUAL_CALL) ? slot_of(callee, false) : NULL;
    if (!o)
        return -1;
    fnode cls = object_class(call);
    int n = 0;
    if (!fx_has(callee, FX_PURE_VIRTUAL))
        fn[n++] = callee;
    for (int i = 0; i < o->n; i++) {
        if (fx_has(o->v[i], FX_PURE_VIRTUAL) ||     /* `void f() override = 0;` runs no code */
            (!fx_is_null(cls) && !derives(fx_semantic_parent(o->v[i]), fx_usr(cls), 0)))
            continue;
        if (n == max)
            return -1;
        fn[n++] = o->v[i];
    }
    return n;
}

void df_virtual_reset(void)
{
    for (int i = 0; i < nslots; i++)
        free(slots[i].v);
    free(slots);
    slots = NULL;
    nslots = capslots = 0;
    df_path_map_free(&by_usr);
}
