/*
 * Tensors: creation, transfer, inspection, references and provenance.
 */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- provenance --------------------------------------------------------- */

/* active: the device this thread's CUDA calls go to, as the runtime last
   made it; ACTIVE_UNKNOWN when it has not yet inside this call, ACTIVE_USER
   while the user's code runs (outside every call, and in what the runtime
   calls back), when only CUDA knows. */
enum { ACTIVE_UNKNOWN = -1, ACTIVE_USER = -2 };
static _Thread_local dt_site outer_site, current_call;
static _Thread_local int active = ACTIVE_USER;

const dt_site *dt_current_call(void)
{
    return &current_call;
}

dt_call_frame dt_call_enter(const char *func, const char *file, int line)
{
    dt_call_frame saved = { current_call, active == ACTIVE_USER };
    if (file)
        current_call = (dt_site){ file, line, func };
    if (saved.from_user)
        active = ACTIVE_UNKNOWN;
    return saved;
}

/* Back in the runtime's code the device made current inside holds. */
void dt_call_leave(const dt_call_frame *saved)
{
    current_call = saved->site;
    if (saved->from_user)
        active = ACTIVE_USER;
}

void dt_activate(const dt_backend *b, int index)
{
    if (active == index || !b->activate)
        return;
    b->activate(index);
    if (active != ACTIVE_USER)
        active = index;
}

bool dt_user_code_begin(void)
{
    bool from_user = active == ACTIVE_USER;
    active = ACTIVE_USER;
    return from_user;
}

/* The user's code may have set another device. */
void dt_user_code_end(bool from_user)
{
    active = from_user ? ACTIVE_USER : ACTIVE_UNKNOWN;
}

dt_site dt_site_make(const char *func, const char *file, int line)
{
    if (file)
        return (dt_site){ file, line, func };
    return (dt_site){ outer_site.file, outer_site.line, func };
}

dt_site dt_outer_site_push(dt_site s)
{
    dt_site saved = outer_site;
    if (s.file)
        outer_site = s;
    return saved;
}

void dt_outer_site_pop(dt_site saved)
{
    outer_site = saved;
}

dt_site dt_created_at(const dt_tensor *t)
{
    return t ? t->site : (dt_site){ NULL, 0, NULL };
}

/* ---- shapes ------------------------------------------------------------- */

int64_t dt_shape_numel(dt_shape s)
{
    int64_t n = 1;
    for (int i = 0; i < s.ndim; i++)
        n *= s.dims[i];
    return n;
}

bool dt_shape_equal(dt_shape a, dt_shape b)
{
    if (a.ndim != b.ndim)
        return false;
    for (int i = 0; i < a.ndim; i++)
        if (a.dims[i] != b.dims[i])
            return false;
    return true;
}

const char *dt_shape_str(dt_shape s, char *buf, size_t n)
{
    size_t used = (size_t)snprintf(buf, n, "[");
    for (int i = 0; i < s.ndim && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, i ? ", %lld" : "%lld",
                                 (long long)s.dims[i]);
    if (used < n)
        snprintf(buf + used, n - used, "]");
    return buf;
}

/* A shape is valid when it has 0..DT_MAX_DIMS dims, none negative, and its
   byte size fits in memory. */
static bool shape_valid(dt_shape s, dt_dtype t, const char *op)
{
    if ((unsigned)t > DT_I64)
        return dt_fail("%s: unknown dtype %d", op, (int)t), false;
    if (s.ndim < 0 || s.ndim > DT_MAX_DIMS)
        return dt_fail("%s: a shape has 0 to %d dims, not %d", op, DT_MAX_DIMS, s.ndim), false;
    int64_t limit = INT64_MAX / (int64_t)dt_dtype_size(t), n = 1;
    for (int i = 0; i < s.ndim; i++) {
        if (s.dims[i] < 0)
            return dt_fail("%s: negative dimension %lld", op, (long long)s.dims[i]), false;
        if (s.dims[i] && n > limit / s.dims[i])
            return dt_fail("%s: shape too large", op), false;
        n *= s.dims[i];
    }
    return true;
}

size_t dt_nbytes(const dt_tensor *t)
{
    return (size_t)t->numel * dt_dtype_size(t->dtype);
}

/* ---- tensors ------------------------------------------------------------ */

static dt_tensor *wrap(dt_storage *st, dt_shape s, dt_dtype dtype, dt_site site)
{
    dt_tensor *t = calloc(1, sizeof *t);
    if (!t) {
        dt_storage_release(st);
        return dt_fail("%s: out of memory", site.func);
    }
    atomic_init(&t->refs, 1);
    t->storage = st;
    t->shape = s;
    t->numel = dt_shape_numel(s);
    t->dtype = dtype;
    t->site = site;
    return t;
}

static dt_tensor *empty(dt_shape s, dt_dtype dtype, dt_device d, bool pinned, dt_site site)
{
    if (!shape_valid(s, dtype, site.func))
        return NULL;
    size_t bytes = (size_t)dt_shape_numel(s) * dt_dtype_size(dtype);
    dt_storage *st = dt_storage_new(d, bytes, pinned, site.func);
    return st ? wrap(st, s, dtype, site) : NULL;
}

dt_tensor *dt_empty(dt_shape s, dt_dtype dtype, dt_device d, dt_site site)
{
    return empty(s, dtype, d, false, site);
}

dt_tensor *dt_empty_pinned(dt_shape s, dt_dtype dtype, dt_site site)
{
    return empty(s, dtype, dt_cpu(), true, site);
}

dt_tensor *dt_view(dt_tensor *t, dt_shape s, dt_site site)
{
    atomic_fetch_add(&t->storage->refs, 1);
    dt_tensor *v = wrap(t->storage, s, t->dtype, site);
    if (v && t->name)
        dt_set_name(v, t->name);
    return v;
}

/* Host memory is computed on by the cpu, pinned or not (a pinned storage is
   owned by the device that pinned it). */
/* Host memory is always computed on by the cpu, pinned or not. */
const dt_kernels *dt_kernels_of(const dt_tensor *t)
{
    const dt_storage *s = t->storage;
    if (s->device.type == DT_CPU)
        return dt_cpu_backend.kernels;
    dt_activate(s->owner, s->device.index);
    return s->owner->kernels;
}

dt_tensor *dt_retain(dt_tensor *t)
{
    if (t)
        atomic_fetch_add(&t->refs, 1);
    return t;
}

void dt_release(dt_tensor *t)
{
    if (!t || atomic_fetch_sub(&t->refs, 1) != 1)
        return;
    dt_storage_release(t->storage);
    free(t->name);
    free(t);
}

/* The user's dt_release: the free it may make is the caller's line's. */
void dt_release_at(dt_tensor *t, const char *file_, int line_)
{
    DT_CALL("dt_release");
    dt_release(t);
}

/* ---- creation ----------------------------------------------------------- */

static dt_tensor *filled(dt_shape s, dt_dtype dtype, dt_device d, double v, dt_site site)
{
    dt_tensor *t = dt_empty(s, dtype, d, site);
    if (t && dt_kernels_of(t)->fill(dtype, t->storage->ptr, t->numel, v) != 0) {
        dt_release(t);
        return NULL;
    }
    return t;
}

static dt_tensor *normal(dt_shape s, dt_dtype dtype, dt_device d, dt_site site)
{
    if (dtype == DT_I64)
        return dt_fail("%s: normal samples need a floating dtype, not int64", site.func);
    dt_tensor *t = dt_empty(s, dtype, d, site);
    if (!t)
        return NULL;
    uint64_t seed, offset;
    dt_random_reserve(t->numel, &seed, &offset);
    if (dt_kernels_of(t)->randn(dtype, t->storage->ptr, t->numel, seed, offset) != 0) {
        dt_release(t);
        return NULL;
    }
    return t;
}

dt_tensor *dt_zeros_at(dt_shape s, const char *file_, int line_)
{
    DT_CALL("dt_zeros");
    return filled(s, DT_F32, dt_cpu(), 0, DT_SITE("dt_zeros"));
}

dt_tensor *dt_ones_at(dt_shape s, const char *file_, int line_)
{
    DT_CALL("dt_ones");
    return filled(s, DT_F32, dt_cpu(), 1, DT_SITE("dt_ones"));
}

dt_tensor *dt_randn_at(dt_shape s, const char *file_, int line_)
{
    DT_CALL("dt_randn");
    return normal(s, DT_F32, dt_cpu(), DT_SITE("dt_randn"));
}

dt_tensor *dt_zeros_on_at(dt_shape s, dt_device d, const char *file_, int line_)
{
    DT_CALL("dt_zeros_on");
    return filled(s, DT_F32, d, 0, DT_SITE("dt_zeros_on"));
}

dt_tensor *dt_ones_on_at(dt_shape s, dt_device d, const char *file_, int line_)
{
    DT_CALL("dt_ones_on");
    return filled(s, DT_F32, d, 1, DT_SITE("dt_ones_on"));
}

dt_tensor *dt_randn_on_at(dt_shape s, dt_device d, const char *file_, int line_)
{
    DT_CALL("dt_randn_on");
    return normal(s, DT_F32, d, DT_SITE("dt_randn_on"));
}

dt_tensor *dt_zeros_like_at(const dt_tensor *t, const char *file_, int line_)
{
    DT_CALL("dt_zeros_like");
    if (!t)
        return dt_fail("dt_zeros_like: argument 't' is NULL");
    return filled(t->shape, t->dtype, t->storage->device, 0, DT_SITE("dt_zeros_like"));
}

dt_tensor *dt_randn_like_at(const dt_tensor *t, const char *file_, int line_)
{
    DT_CALL("dt_randn_like");
    if (!t)
        return dt_fail("dt_randn_like: argument 't' is NULL");
    return normal(t->shape, t->dtype, t->storage->device, DT_SITE("dt_randn_like"));
}

dt_tensor *dt_arange_at(int64_t n, const char *file_, int line_)
{
    DT_CALL("dt_arange");
    if (n < 0)
        return dt_fail("dt_arange: n must be >= 0, not %lld", (long long)n);
    dt_tensor *t = dt_empty(DT_SHAPE(n), DT_I64, dt_cpu(), DT_SITE("dt_arange"));
    if (t)
        dt_kernels_of(t)->arange(t->storage->ptr, n);
    return t;
}

static dt_tensor *from_host(const void *data, dt_shape s, dt_dtype dtype, dt_site site)
{
    dt_tensor *t = dt_empty(s, dtype, dt_cpu(), site);
    if (!t)
        return NULL;
    if (!data && t->numel) {
        dt_release(t);
        return dt_fail("%s: data is NULL", site.func);
    }
    if (t->numel)
        memcpy(t->storage->ptr, data, dt_nbytes(t));
    return t;
}

dt_tensor *dt_from_f32_at(const float *data, dt_shape s, const char *file_, int line_)
{
    DT_CALL("dt_from_f32");
    return from_host(data, s, DT_F32, DT_SITE("dt_from_f32"));
}

dt_tensor *dt_from_f64_at(const double *data, dt_shape s, const char *file_, int line_)
{
    DT_CALL("dt_from_f64");
    return from_host(data, s, DT_F64, DT_SITE("dt_from_f64"));
}

dt_tensor *dt_from_i64_at(const int64_t *data, dt_shape s, const char *file_, int line_)
{
    DT_CALL("dt_from_i64");
    return from_host(data, s, DT_I64, DT_SITE("dt_from_i64"));
}

/* ---- transfer ----------------------------------------------------------- */

/* A copy of t into new storage on d (pinned host memory when asked). */
static dt_tensor *copy_to(dt_tensor *t, dt_device d, bool pinned, dt_site site)
{
    dt_tensor *r = empty(t->shape, t->dtype, d, pinned, site);
    if (!r)
        return NULL;
    if (dt_storage_copy(r->storage, t->storage, dt_nbytes(t)) != 0) {
        dt_release(r);
        return NULL;
    }
    if (t->name)
        dt_set_name(r, t->name);
    return r;
}

dt_tensor *dt_to_at(dt_tensor *t, dt_device d, const char *file_, int line_)
{
    DT_CALL("dt_to");
    if (!t)
        return dt_fail("dt_to: argument 't' is NULL");
    if (!dt_backend_for(d, "dt_to"))
        return NULL;
    if (dt_device_equal(t->storage->device, d))
        return dt_retain(t);
    return copy_to(t, d, false, DT_SITE("dt_to"));
}

dt_tensor *dt_to_dtype_at(dt_tensor *t, dt_dtype dtype, const char *file_, int line_)
{
    DT_CALL("dt_to_dtype");
    if (!t)
        return dt_fail("dt_to_dtype: argument 't' is NULL");
    if ((unsigned)dtype > DT_I64)
        return dt_fail("dt_to_dtype: unknown dtype %d", (int)dtype);
    if (t->dtype == dtype)
        return dt_retain(t);
    dt_tensor *r = dt_empty(t->shape, dtype, t->storage->device, DT_SITE("dt_to_dtype"));
    if (r && dt_kernels_of(t)->cast(dtype, r->storage->ptr, t->dtype, t->storage->ptr,
                                    t->numel) != 0) {
        dt_release(r);
        return NULL;
    }
    if (r && t->name)
        dt_set_name(r, t->name);
    return r;
}

/* Without a CUDA device nothing can be page-locked: t comes back as it is. */
dt_tensor *dt_pin_memory_at(dt_tensor *t, const char *file_, int line_)
{
    DT_CALL("dt_pin_memory");
    if (!t)
        return dt_fail("dt_pin_memory: argument 't' is NULL");
    if (t->storage->device.type != DT_CPU)
        return dt_fail("dt_pin_memory: cannot pin a %s tensor: only cpu tensors can be pinned",
                       dt_device_name(t->storage->device));
    if (t->storage->pinned || !dt_cuda_is_available())
        return dt_retain(t);
    return copy_to(t, dt_cpu(), true, DT_SITE("dt_pin_memory"));
}

int dt_tensor_move(dt_tensor *t, dt_device d, const char *op)
{
    if (dt_device_equal(t->storage->device, d))
        return 0;
    dt_storage *st = dt_storage_new(d, dt_nbytes(t), false, op);
    if (!st)
        return -1;
    if (dt_storage_copy(st, t->storage, dt_nbytes(t)) != 0) {
        dt_storage_release(st);
        return -1;
    }
    dt_storage_release(t->storage);
    t->storage = st;
    return 0;
}

/* ---- inspection --------------------------------------------------------- */

dt_device dt_device_of(const dt_tensor *t) { return t ? t->storage->device : dt_cpu(); }
dt_dtype dt_dtype_of(const dt_tensor *t) { return t ? t->dtype : DT_F32; }
dt_shape dt_shape_of(const dt_tensor *t) { return t ? t->shape : (dt_shape){ 0, { 0 } }; }
int64_t dt_numel(const dt_tensor *t) { return t ? t->numel : 0; }
void *dt_data(dt_tensor *t) { return t ? t->storage->ptr : NULL; }
bool dt_is_pinned(const dt_tensor *t) { return t && t->storage->pinned; }
const char *dt_name(const dt_tensor *t) { return t ? t->name : NULL; }

void dt_set_name(dt_tensor *t, const char *name)
{
    if (!t)
        return;
    free(t->name);
    t->name = name ? strdup(name) : NULL;
}

int dt_copy_to_host(const dt_tensor *t, void *dst, size_t bytes)
{
    if (!t || !dst) {
        dt_fail("dt_copy_to_host: argument '%s' is NULL", t ? "dst" : "t");
        return -1;
    }
    if (bytes < dt_nbytes(t)) {
        dt_fail("dt_copy_to_host: the buffer holds %zu bytes, the tensor needs %zu",
                bytes, dt_nbytes(t));
        return -1;
    }
    dt_storage host = { .owner = &dt_cpu_backend, .device = dt_cpu(), .ptr = dst, .bytes = bytes };
    return dt_storage_copy(&host, t->storage, dt_nbytes(t));
}

double dt_item(const dt_tensor *t)
{
    if (!t)
        return dt_fail("dt_item: argument 't' is NULL"), NAN;
    if (t->numel != 1)
        return dt_fail("dt_item: a tensor with %lld elements cannot be converted to a scalar",
                       (long long)t->numel), NAN;
    union { float f; double d; int64_t i; } v;
    if (dt_copy_to_host(t, &v, sizeof v) != 0)
        return NAN;
    return t->dtype == DT_F32 ? v.f : t->dtype == DT_F64 ? v.d : (double)v.i;
}
