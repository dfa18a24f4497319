/*
 * The cpu backend's kernels: plain loops over host memory, one instance per
 * dtype (cpu_kernels_t.h), and matmul through the BLAS.
 */
#include "internal.h"

#include <cblas.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#define T float
#define SFX f32
#define T_FLOAT
#include "cpu_kernels_t.h"
#undef T
#undef SFX

#define T double
#define SFX f64
#include "cpu_kernels_t.h"
#undef T
#undef SFX
#undef T_FLOAT

#define T int64_t
#define SFX i64
#include "cpu_kernels_t.h"
#undef T
#undef SFX

#define ANY_TYPE(t, name, ...)                                              \
    do {                                                                    \
        switch (t) {                                                        \
        case DT_F32: name##_f32(__VA_ARGS__); break;                        \
        case DT_F64: name##_f64(__VA_ARGS__); break;                        \
        case DT_I64: name##_i64(__VA_ARGS__); break;                        \
        }                                                                   \
        return 0;                                                           \
    } while (0)

#define FLOAT_TYPE(t, name, ...)                                            \
    do {                                                                    \
        switch (t) {                                                        \
        case DT_F32: return name##_f32(__VA_ARGS__), 0;                     \
        case DT_F64: return name##_f64(__VA_ARGS__), 0;                     \
        default: return no_int_kernel(#name);                               \
        }                                                                   \
    } while (0)

static int no_int_kernel(const char *name)
{
    dt_fail("%s: not implemented for int64", name);
    return -1;
}

static int cpu_fill(dt_dtype t, void *out, int64_t n, double v) { ANY_TYPE(t, fill, out, n, v); }

static int cpu_arange(int64_t *out, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        out[i] = i;
    return 0;
}

static int cpu_randn(dt_dtype t, void *out, int64_t n, uint64_t seed, uint64_t off)
{
    FLOAT_TYPE(t, randn, out, n, seed, off);
}

static int cpu_uniform(dt_dtype t, void *out, int64_t n, uint64_t seed, uint64_t off,
                       double lo, double hi)
{
    FLOAT_TYPE(t, uniform, out, n, seed, off, lo, hi);
}

static int cpu_cast(dt_dtype to, void *out, dt_dtype from, const void *in, int64_t n)
{
    ANY_TYPE(to, cast, out, from, in, n);
}

static int cpu_binary(dt_binop op, dt_dtype t, void *out, const void *a, const void *b,
                      const dt_bcast *g)
{
    ANY_TYPE(t, binary, op, out, a, b, g);
}

static int cpu_relu(dt_dtype t, void *out, const void *in, int64_t n) { ANY_TYPE(t, relu, out, in, n); }

static int cpu_transpose(dt_dtype t, void *out, const void *in, int64_t rows, int64_t cols)
{
    ANY_TYPE(t, transpose, out, in, rows, cols);
}

static int cpu_sum(dt_dtype t, void *out, const void *in, int64_t n, bool mean)
{
    ANY_TYPE(t, sum, out, in, n, mean);
}

static int cpu_argmax(dt_dtype t, int64_t *out, const void *in, dt_axis ax)
{
    ANY_TYPE(t, argmax, out, in, ax);
}

static int cpu_slice(dt_dtype t, void *out, const void *in, dt_axis ax, int64_t start,
                     int64_t count)
{
    ANY_TYPE(t, slice, out, in, ax, start, count);
}

static int cpu_softmax(dt_dtype t, void *out, const void *in, dt_axis ax)
{
    FLOAT_TYPE(t, softmax, out, in, ax);
}

static int cpu_cross_entropy(dt_dtype t, void *out, const void *logits, const int64_t *labels,
                             int64_t n, int64_t c)
{
    switch (t) {
    case DT_F32: return cross_entropy_f32(out, logits, labels, n, c);
    case DT_F64: return cross_entropy_f64(out, logits, labels, n, c);
    default: return no_int_kernel("cross_entropy");
    }
}

static int cpu_mse(dt_dtype t, void *out, const void *a, const void *b, int64_t n)
{
    FLOAT_TYPE(t, mse, out, a, b, n);
}

static int cpu_conv2d(dt_dtype t, void *out, const void *in, const void *w, const void *bias,
                      const dt_conv_geom *g)
{
    FLOAT_TYPE(t, conv2d, out, in, w, bias, g);
}

static int cpu_maxpool2d(dt_dtype t, void *out, const void *in, const dt_pool_geom *g)
{
    FLOAT_TYPE(t, maxpool2d, out, in, g);
}

static int cpu_matmul(dt_dtype t, void *out, const void *a, const void *b, int64_t m,
                      int64_t k, int64_t n)
{
    if (m > INT_MAX || k > INT_MAX || n > INT_MAX) {
        dt_fail("dt_matmul: a dimension exceeds the BLAS limit of %d", INT_MAX);
        return -1;
    }
    if (k == 0)
        return cpu_fill(t, out, m * n, 0);
    int lda = (int)k, ldb = (int)(n ? n : 1), ldc = ldb;
    switch (t) {
    case DT_F32:
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k,
                    1.0f, a, lda, b, ldb, 0.0f, out, ldc);
        return 0;
    case DT_F64:
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k,
                    1.0, a, lda, b, ldb, 0.0, out, ldc);
        return 0;
    default:
        return no_int_kernel("dt_matmul");
    }
}

const dt_kernels dt_cpu_kernels = {
    .fill = cpu_fill,
    .arange = cpu_arange,
    .randn = cpu_randn,
    .uniform = cpu_uniform,
    .cast = cpu_cast,
    .binary = cpu_binary,
    .relu = cpu_relu,
    .matmul = cpu_matmul,
    .transpose = cpu_transpose,
    .softmax = cpu_softmax,
    .sum = cpu_sum,
    .argmax = cpu_argmax,
    .cross_entropy = cpu_cross_entropy,
    .mse = cpu_mse,
    .conv2d = cpu_conv2d,
    .maxpool2d = cpu_maxpool2d,
    .slice = cpu_slice,
};
