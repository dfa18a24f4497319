/*
 * Checks about devtensor values shared by the test files: shapes, values,
 * failures.  Each check is a macro that passes the caller's file and line.
 */
#ifndef DT_CHECK_H
#define DT_CHECK_H

#include <devtensor.h>
#include <stdlib.h>

#include "test.h"

/* Tensors from literal values: F32(DT_SHAPE(2, 2), 1, 2, 3, 4). */
#define F32(shape, ...) dt_from_f32(((const float[]){__VA_ARGS__}), shape)
#define F64(shape, ...) dt_from_f64(((const double[]){__VA_ARGS__}), shape)
#define I64(shape, ...) dt_from_i64(((const int64_t[]){__VA_ARGS__}), shape)

#define DOUBLES(...) (const double[]){__VA_ARGS__}, \
                     (int64_t)(sizeof((const double[]){__VA_ARGS__}) / sizeof(double))

/* The values of a cpu tensor of any dtype, as doubles (malloc'd); NULL when
   the tensor cannot be read. */
static inline double *dt_test_values(const dt_tensor *t)
{
    if (!t)
        return NULL;
    int64_t n = dt_numel(t);
    size_t esize = dt_dtype_size(dt_dtype_of(t));
    void *raw = malloc((size_t)(n > 0 ? n : 1) * esize);
    double *out = malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
    if (!raw || !out || dt_copy_to_host(t, raw, (size_t)n * esize) != 0) {
        free(raw);
        free(out);
        return NULL;
    }
    for (int64_t i = 0; i < n; i++) {
        switch (dt_dtype_of(t)) {
        case DT_F32: out[i] = ((const float *)raw)[i]; break;
        case DT_F64: out[i] = ((const double *)raw)[i]; break;
        case DT_I64: out[i] = (double)((const int64_t *)raw)[i]; break;
        }
    }
    free(raw);
    return out;
}

static inline bool dt_test_shape_equal(dt_shape a, dt_shape b)
{
    if (a.ndim != b.ndim)
        return false;
    for (int i = 0; i < a.ndim; i++)
        if (a.dims[i] != b.dims[i])
            return false;
    return true;
}

static inline const char *dt_test_shape_str(dt_shape s, char *buf, size_t n)
{
    size_t used = (size_t)snprintf(buf, n, "[");
    for (int i = 0; i < s.ndim && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, i ? ", %lld" : "%lld",
                                 (long long)s.dims[i]);
    if (used < n)
        snprintf(buf + used, n - used, "]");
    return buf;
}

/* t is non-NULL and has the shape s. */
static inline bool check_shape_(const char *file, int line, const dt_tensor *t, dt_shape s)
{
    if (!CHECK_AT(file, line, t != NULL)) {
        fprintf(stderr, "    (last error: %s)\n", dt_last_error());
        return false;
    }
    dt_shape got = dt_shape_of(t);
    bool ok = CHECK_AT(file, line, dt_test_shape_equal(got, s));
    if (!ok) {
        char a[128], b[128];
        fprintf(stderr, "    shape %s, expected %s\n", dt_test_shape_str(got, a, sizeof a),
                dt_test_shape_str(s, b, sizeof b));
    }
    return ok;
}
#define CHECK_SHAPE(t, shape) check_shape_(__FILE__, __LINE__, (t), (shape))

/* t is non-NULL and has exactly the n values `expect`, each within tol. */
static inline bool check_values_(const char *file, int line, const dt_tensor *t, double tol,
                                 const double *expect, int64_t n)
{
    if (!CHECK_AT(file, line, t != NULL)) {
        fprintf(stderr, "    (last error: %s)\n", dt_last_error());
        return false;
    }
    if (!CHECK_AT(file, line, dt_numel(t) == n)) {
        fprintf(stderr, "    numel %lld, expected %lld\n", (long long)dt_numel(t),
                (long long)n);
        return false;
    }
    double *got = dt_test_values(t);
    if (!CHECK_AT(file, line, got != NULL)) {
        fprintf(stderr, "    (last error: %s)\n", dt_last_error());
        return false;
    }
    int64_t bad = -1;
    for (int64_t i = 0; i < n && bad < 0; i++)
        if (!(fabs(got[i] - expect[i]) <= tol))
            bad = i;
    bool ok = CHECK_AT(file, line, bad < 0);
    if (!ok)
        fprintf(stderr, "    element %lld is %.9g, expected %.9g\n", (long long)bad, got[bad],
                expect[bad]);
    free(got);
    return ok;
}
/* CHECK_VALUES(t, 1e-6, 1, 2, 3): t holds exactly 1, 2, 3. */
#define CHECK_VALUES(t, tol, ...) check_values_(__FILE__, __LINE__, (t), (tol), DOUBLES(__VA_ARGS__))
/* CHECK_VALUES_ARRAY(t, tol, array, n) */
#define CHECK_VALUES_ARRAY(t, tol, arr, n) check_values_(__FILE__, __LINE__, (t), (tol), (arr), (n))

/* A failed call: `result` is NULL and dt_last_error() contains every needle
   (a NULL-terminated list). */
static inline bool check_failed_(const char *file, int line, const char *call,
                                 const void *result, const char *const *needles)
{
    const char *msg = dt_last_error();
    bool ok = CHECK_AT(file, line, result == NULL);
    ok &= CHECK_AT(file, line, msg != NULL && msg[0] != '\0');
    for (const char *const *n = needles; *n; n++)
        ok &= CHECK_STR_CONTAINS_AT(file, line, msg, *n);
    if (!ok)
        fprintf(stderr, "    in CHECK_FAILS(%s)%s\n", call,
                result ? ": the call succeeded" : "");
    return ok;
}
static inline void dt_test_keep(const void *p) { (void)p; }
/* Releases whatever a wrongly successful call returned. */
#define DT_TEST_FREE(p) _Generic((p), \
    dt_tensor *: dt_release,          \
    dt_list *: dt_list_release,       \
    dt_module *: dt_module_release,   \
    dt_dataset *: dt_dataset_free,    \
    dt_loader *: dt_loader_free,      \
    default: dt_test_keep)(p)

/* CHECK_FAILS(dt_add(a, b), "dt_add", "shape"): NULL with those words. */
#define CHECK_FAILS(result, ...)                                                        \
    do {                                                                                \
        __typeof__(result) failed_result_ = (result);                                   \
        check_failed_(__FILE__, __LINE__, #result, failed_result_,                      \
                      (const char *const[]){__VA_ARGS__, NULL});                        \
        if (failed_result_)                                                             \
            DT_TEST_FREE(failed_result_);                                               \
    } while (0)

/* Leaves a known message ("dt_relu: ...") as this thread's last error, so a
   later check can tell that a call set a message of its own. */
static inline void dt_test_reset_error(void)
{
    dt_release(dt_relu(NULL));
}

#endif /* DT_CHECK_H */
