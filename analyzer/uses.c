/*
 * A pointer whose uses in one function contradict each other.  A pointer
 * of no known space (a parameter, what a call of no model returned, the
 * address a pointer-to-pointer parameter holds) gives its function's
 * checks nothing to judge, and a parameter needed both ways gives its
 * callers no requirement; but on one path through the function, host
 * code that reads or writes through it and a copy whose explicit kind
 * takes it as device memory cannot both be right.  Each use is kept in
 * the pointer's value (value.c: on every path, so a join keeps it only
 * where both sides have it: a flag's branches, a loop's rounds), and the
 * other use on the same value is the finding, at the copy.
 *
 * Only copies of one explicit kind are device uses: managed memory is
 * legal on both sides, and its idiom is host code beside a kernel's
 * launch, cudaMemset, cudaFree and cudaMemcpyDefault, none of which say
 * the pointer is not managed.
 */
#include "flow.h"

#include <string.h>

/* value.use: 0; a host use (read or written through, handed to a host
   function); or a copy's device side, with its kind, which side it is,
   and whether the pointee was meant. */
enum { USE_READ = 1, USE_WRITE = 2, USE_CALL = 3, USE_HOST = 3, USE_DEVICE = 4, USE_DST = 8,
       USE_POINTEE = 16 };
#define USE_KIND(use) ((use) >> 5)

static const char *const host_uses[] = {
    [USE_READ] = "read on the host", [USE_WRITE] = "written on the host",
    [USE_CALL] = "used as host memory",
};

/* Whether nothing says where v points: a place of no atom but a
   parameter's or a field's still unknown, an address of no known place,
   or nothing known at all. */
static bool unplaced(const df_value *v)
{
    if (v->kind == V_NONE || (v->kind == V_ADDR && !v->where.n))
        return true;
    if (v->kind != V_MEMORY)
        return false;
    for (int i = 0; i < v->where.n; i++)
        if (v->where.a[i].kind != AT_PARAM && v->where.a[i].kind != AT_FIELD &&
            v->where.a[i].kind != AT_UNKNOWN)
            return false;
    return true;
}

/* The value the walk holds for the pointer at path, when it may carry a
   use: one the function set (a parameter, a local), never an element's. */
static const df_value *held(const df_env *e, int path)
{
    const df_value *v = path && !df_path_is_element(path) ? df_env_find(e, path) : NULL;
    return v && unplaced(v) ? v : NULL;
}

static void report(df_unit *u, int path, unsigned char device, dc_loc copy_at, unsigned char host,
                   dc_loc host_at, bool after)
{
    dc_report_used_both_ways(u->out, copy_at, USE_KIND(device), device & USE_DST,
                             df_path_text(path), host_at, host_uses[host & USE_HOST], after,
                             device & USE_POINTEE);
}

static void mark(df_env *e, int path, const df_value *v, unsigned char use, dc_loc at)
{
    df_value m = *v;
    m.use = use;
    m.used = at;
    df_env_set(e, path, m);
}

void df_uses_host(df_unit *u, df_env *e, fnode ptr, int how, dc_loc at)
{
    int path = df_walk_path(u, e, df_cursor_bare(ptr));
    const df_value *v = held(e, path);
    unsigned char use = how == HOST_WRITE ? USE_WRITE : how == HOST_CALL ? USE_CALL : USE_READ;
    if (v && (v->use & USE_DEVICE))
        report(u, path, v->use, v->used, use, at, true);
    else if (v && !v->use)
        mark(e, path, v, use, at);
}

/* Whether the size expression is (or multiplies) sizeof of type t. */
static bool sizes(fnode size, ftype t)
{
    fnode c = df_cursor_bare(size);
    df_children ch = df_cursor_children(c);
    if (fx_kind(c) == CXCursor_BinaryOperator && fx_binary_op(c) == CXBinaryOperator_Mul)
        return ch.n == 2 && (sizes(ch.v[0], t) || sizes(ch.v[1], t));
    if (fx_kind(c) != CXCursor_UnaryExpr || ch.n != 1 || strncmp(fx_text(c), "sizeof", 6) != 0)
        return false;
    ftype of = ft_canonical(fx_type(ch.v[0]));           /* a TypeRef's, or an expression's */
    t = ft_canonical(t);
    return of.u == t.u && of.id == t.id && of.id;
}

/* Whether ptr points to a pointer and size is that pointer's pointee's:
   `T **pp` copied as sizeof(T), where *pp was meant. */
static bool pointee_meant(fnode ptr, fnode size)
{
    ftype t = ft_canonical(fx_type(df_cursor_bare(ptr)));
    ftype pointee = ft_canonical(ft_pointee(t));
    return ft_kind(t) == CXType_Pointer && ft_kind(pointee) == CXType_Pointer &&
           sizes(size, ft_pointee(pointee));
}

void df_uses_device(df_unit *u, df_env *e, fnode ptr, int kind, bool is_dst, fnode size, dc_loc at)
{
    int path = df_walk_path(u, e, df_cursor_bare(ptr));
    const df_value *v = held(e, path);
    if (!v || (v->use & USE_DEVICE))
        return;
    unsigned char use = (unsigned char)(USE_DEVICE | (is_dst ? USE_DST : 0) |
                                        (pointee_meant(ptr, size) ? USE_POINTEE : 0) | kind << 5);
    if (v->use)
        report(u, path, use, at, v->use, v->used, false);
    else
        mark(e, path, v, use, at);
}
