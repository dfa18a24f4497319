/*
 * Datasets and loaders: cpu batches of rows, in order or shuffled by the
 * global generator, optionally in pinned memory (as DataLoader's pin_memory).
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct dt_dataset {
    dt_tensor *x, *y;           /* y may be NULL: batches of x alone */
    int64_t n;
};

struct dt_loader {
    dt_dataset *ds;             /* borrowed: free the loader first */
    int64_t batch, pos;
    bool shuffle, pin;
    int64_t *order;
};

static bool check_samples(const char *arg, const dt_tensor *t)
{
    if (t->storage->device.type != DT_CPU)
        return dt_fail("dt_dataset_new: '%s' is on %s; a dataset holds cpu tensors", arg,
                       dt_device_name(t->storage->device)), false;
    if (t->shape.ndim < 1)
        return dt_fail("dt_dataset_new: '%s' needs a first dim of samples", arg), false;
    return true;
}

dt_dataset *dt_dataset_new(dt_tensor *x, dt_tensor *y)
{
    if (!x)
        return dt_fail("dt_dataset_new: argument 'x' is NULL");
    if (!check_samples("x", x) || (y && !check_samples("y", y)))
        return NULL;
    if (y && y->shape.dims[0] != x->shape.dims[0])
        return dt_fail("dt_dataset_new: x has %lld samples but y has %lld",
                       (long long)x->shape.dims[0], (long long)y->shape.dims[0]);
    dt_dataset *ds = malloc(sizeof *ds);
    if (!ds)
        return dt_fail("dt_dataset_new: out of memory");
    ds->x = dt_retain(x);
    ds->y = dt_retain(y);
    ds->n = x->shape.dims[0];
    return ds;
}

void dt_dataset_free(dt_dataset *ds)
{
    if (!ds)
        return;
    dt_release(ds->x);
    dt_release(ds->y);
    free(ds);
}

void dt_loader_reset(dt_loader *l)
{
    if (!l)
        return;
    l->pos = 0;
    if (l->shuffle)
        dt_random_permutation(l->order, l->ds->n);
    else
        for (int64_t i = 0; i < l->ds->n; i++)
            l->order[i] = i;
}

dt_loader *dt_loader_new(dt_dataset *ds, int64_t batch_size, bool shuffle, bool pin_memory)
{
    if (!ds)
        return dt_fail("dt_loader_new: argument 'ds' is NULL");
    if (batch_size <= 0)
        return dt_fail("dt_loader_new: batch_size must be positive, got %lld", (long long)batch_size);
    dt_loader *l = calloc(1, sizeof *l);
    int64_t *order = malloc((size_t)(ds->n ? ds->n : 1) * sizeof *order);
    if (!l || !order) {
        free(l);
        free(order);
        return dt_fail("dt_loader_new: out of memory");
    }
    *l = (dt_loader){ ds, batch_size, 0, shuffle, pin_memory, order };
    dt_loader_reset(l);
    return l;
}

void dt_loader_free(dt_loader *l)
{
    if (l)
        free(l->order);
    free(l);
}

/* The rows order[pos .. pos+count) of t as one new tensor. */
static dt_tensor *gather(const dt_loader *l, const dt_tensor *t, int64_t count, dt_site site)
{
    dt_shape s = t->shape;
    s.dims[0] = count;
    dt_tensor *b = l->pin ? dt_empty_pinned(s, t->dtype, site) : dt_empty(s, t->dtype, dt_cpu(), site);
    if (!b)
        return NULL;
    size_t row = dt_nbytes(t) / (size_t)(t->shape.dims[0] ? t->shape.dims[0] : 1);
    for (int64_t i = 0; i < count; i++)
        memcpy((char *)b->storage->ptr + (size_t)i * row,
               (const char *)t->storage->ptr + (size_t)l->order[l->pos + i] * row, row);
    if (t->name)
        dt_set_name(b, t->name);
    return b;
}

bool dt_loader_next_at(dt_loader *l, dt_tensor **x, dt_tensor **y, const char *file_, int line_)
{
    DT_CALL("dt_loader_next");
    dt_fail("%s", "");      /* false with no message: the end of the data */
    if (x)
        *x = NULL;
    if (y)
        *y = NULL;
    if (!l || !x || !y)
        return dt_fail("dt_loader_next: argument '%s' is NULL", !l ? "l" : !x ? "x" : "y"), false;
    if (l->pos >= l->ds->n)
        return false;
    int64_t count = l->ds->n - l->pos < l->batch ? l->ds->n - l->pos : l->batch;
    dt_site site = DT_SITE("dt_loader_next");
    *x = gather(l, l->ds->x, count, site);
    *y = l->ds->y && *x ? gather(l, l->ds->y, count, site) : NULL;
    if (!*x || (l->ds->y && !*y)) {
        dt_release(*x);
        *x = NULL;
        return false;
    }
    l->pos += count;
    return true;
}
