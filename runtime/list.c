/*
 * Lists of tensors: split results and containers that dt_list_to moves whole.
 */
#include "internal.h"

#include <stdlib.h>

struct dt_list {
    dt_tensor **items;
    size_t len, cap;
};

dt_list *dt_list_new(void)
{
    dt_list *l = calloc(1, sizeof *l);
    return l ? l : dt_fail("dt_list_new: out of memory");
}

/* Takes its own reference, so the caller still releases t. */
static bool push(dt_list *l, dt_tensor *t)
{
    if (l->len == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        dt_tensor **items = realloc(l->items, cap * sizeof *items);
        if (!items)
            return dt_fail("dt_list_push: out of memory"), false;
        l->items = items;
        l->cap = cap;
    }
    l->items[l->len++] = dt_retain(t);
    return true;
}

void dt_list_push(dt_list *l, dt_tensor *t)
{
    if (!l || !t)
        dt_fail("dt_list_push: argument '%s' is NULL", l ? "t" : "l");
    else
        push(l, t);
}

size_t dt_list_len(const dt_list *l) { return l ? l->len : 0; }

dt_tensor *dt_list_get(const dt_list *l, size_t i)
{
    if (!l || i >= l->len)
        return dt_fail("dt_list_get: index %zu is out of range (length %zu)", i, dt_list_len(l));
    return l->items[i];
}

void dt_list_release(dt_list *l)
{
    if (!l)
        return;
    for (size_t i = 0; i < l->len; i++)
        dt_release(l->items[i]);
    free(l->items);
    free(l);
}

/* Adds t (a new reference, consumed) to l; on failure releases l. */
static dt_list *append_owned(dt_list *l, dt_tensor *t)
{
    bool ok = t && push(l, t);
    dt_release(t);
    if (!ok) {
        dt_list_release(l);
        return NULL;
    }
    return l;
}

dt_list *dt_split_at(dt_tensor *a, int64_t size, int dim, const char *file_, int line_)
{
    DT_CALL("dt_split");
    dt_operand v[] = { { "a", a } };
    if (!dt_check_operands(DT_SITE("dt_split"), v, 1, true))
        return NULL;
    int nd = a->shape.ndim;
    if (nd == 0)
        return dt_fail("dt_split: cannot split a 0-d tensor");
    if (dim < -nd || dim >= nd)
        return dt_fail("dt_split: Dimension out of range (expected to be in range of [%d, %d], "
                       "but got %d)", -nd, nd - 1, dim);
    if (size <= 0)
        return dt_fail("dt_split: split size must be positive, got %lld", (long long)size);
    dim = dim < 0 ? dim + nd : dim;
    dt_axis ax = dt_axis_of(a->shape, dim);
    dt_list *l = dt_list_new();
    /* like torch.split, an empty dim still gives one (empty) piece */
    for (int64_t start = 0; l && (start < ax.len || start == 0); start += size) {
        int64_t count = ax.len - start < size ? ax.len - start : size;
        dt_shape s = a->shape;
        s.dims[dim] = count;
        dt_tensor *piece = dt_empty(s, a->dtype, a->storage->device, DT_SITE("dt_split"));
        if (piece && count)
            piece = dt_finish(piece, dt_kernels_of(a)->slice(a->dtype, piece->storage->ptr,
                                                             a->storage->ptr, ax, start, count));
        l = append_owned(l, piece);
        if (!count)
            break;
    }
    return l;
}

dt_list *dt_list_to_at(const dt_list *l, dt_device d, const char *file_, int line_)
{
    DT_CALL("dt_list_to");
    if (!l)
        return dt_fail("dt_list_to: argument 'l' is NULL");
    dt_list *r = dt_list_new();
    for (size_t i = 0; r && i < l->len; i++)
        r = append_owned(r, dt_to_at(l->items[i], d, file_, line_));
    return r;
}
