/*
 * The cuda backend's kernel table: each entry picks its dtype's instance of
 * a kernel (the .cu files of kernels/) and launches it over its work.  The
 * same code drives a real GPU and the emulated one; it never touches device
 * memory but through kernels and cudaMemcpy.
 */
#include "cuda.h"

#include <stddef.h>

/* A kernel's instances by dt_dtype, NULL where it has none; and for those,
   the name the cpu backend's "not implemented" message gives. */
typedef struct {
    const char *name;
    const void *of[3];
} kernel;

#define FN(f) ((const void *)(f))
#define ALL(k) { #k, { [DT_F32] = FN(k##_f32), [DT_F64] = FN(k##_f64), [DT_I64] = FN(k##_i64) } }
#define FLOATS(name, k) { name, { [DT_F32] = FN(k##_f32), [DT_F64] = FN(k##_f64) } }

static const kernel fill_k = ALL(dtk_fill);
static const kernel randn_k = FLOATS("randn", dtk_randn);
static const kernel binary_k = ALL(dtk_binary);
static const kernel relu_k = ALL(dtk_relu);
static const kernel matmul_k = FLOATS("dt_matmul", dtk_matmul);
static const kernel transpose_k = ALL(dtk_transpose);
static const kernel softmax_k = FLOATS("softmax", dtk_softmax);
static const kernel sum_partial_k = ALL(dtk_sum_partial);
static const kernel sum_finish_k = ALL(dtk_sum_finish);
static const kernel mse_partial_k = FLOATS("mse", dtk_mse_partial);
static const kernel argmax_k = ALL(dtk_argmax);
static const kernel ce_rows_k = FLOATS("cross_entropy", dtk_cross_entropy_rows);
static const kernel ce_finish_k = FLOATS("cross_entropy", dtk_cross_entropy_finish);
static const kernel conv2d_k = FLOATS("conv2d", dtk_conv2d);
static const kernel maxpool2d_k = FLOATS("maxpool2d", dtk_maxpool2d);
static const kernel slice_k = ALL(dtk_slice);

#define CAST_TO(to) { [DT_F32] = FN(dtk_cast_f32_to_##to), [DT_F64] = FN(dtk_cast_f64_to_##to), \
                      [DT_I64] = FN(dtk_cast_i64_to_##to) }
static const void *const cast_k[3][3] = {     /* [to][from] */
    [DT_F32] = CAST_TO(f32), [DT_F64] = CAST_TO(f64), [DT_I64] = CAST_TO(i64),
};

/* t's instance of k; NULL with the cpu backend's error where there is none. */
static const void *instance(const kernel *k, dt_dtype t)
{
    if (!k->of[t])
        dt_fail("%s: not implemented for int64", k->name);
    return k->of[t];
}

static int launch(const char *op, const kernel *k, dt_dtype t, int64_t work, void **args)
{
    const void *fn = instance(k, t);
    return fn ? dt_cuda_launch(op, fn, work, args) : -1;
}

static int cuda_fill(dt_dtype t, void *out, int64_t n, double v)
{
    void *args[] = { &out, &n, &v };
    return launch("dt_fill", &fill_k, t, n, args);
}

static int cuda_randn(dt_dtype t, void *out, int64_t n, uint64_t seed, uint64_t offset)
{
    void *args[] = { &out, &n, &seed, &offset };
    return launch("dt_randn", &randn_k, t, n, args);
}

static int cuda_cast(dt_dtype to, void *out, dt_dtype from, const void *in, int64_t n)
{
    void *args[] = { &out, &in, &n };
    return dt_cuda_launch("dt_to_dtype", cast_k[to][from], n, args);
}

static int cuda_binary(dt_binop op, dt_dtype t, void *out, const void *a, const void *b,
                       const dt_bcast *g)
{
    static const char *const names[] = {
        [DT_BIN_ADD] = "dt_add", [DT_BIN_SUB] = "dt_sub", [DT_BIN_MUL] = "dt_mul",
    };
    int64_t n = 1;
    for (int d = 0; d < g->ndim; d++)
        n *= g->dims[d];
    void *args[] = { &op, &out, &a, &b, (void *)g, &n };
    return launch(names[op], &binary_k, t, n, args);
}

static int cuda_relu(dt_dtype t, void *out, const void *in, int64_t n)
{
    void *args[] = { &out, &in, &n };
    return launch("dt_relu", &relu_k, t, n, args);
}

static int cuda_matmul(dt_dtype t, void *out, const void *a, const void *b, int64_t m,
                       int64_t k, int64_t n)
{
    void *args[] = { &out, &a, &b, &m, &k, &n };
    return launch("dt_matmul", &matmul_k, t, m * n, args);
}

static int cuda_transpose(dt_dtype t, void *out, const void *in, int64_t rows, int64_t cols)
{
    void *args[] = { &out, &in, &rows, &cols };
    return launch("dt_transpose", &transpose_k, t, rows * cols, args);
}

static int cuda_softmax(dt_dtype t, void *out, const void *in, dt_axis ax)
{
    void *args[] = { &out, &in, &ax };
    return launch("dt_softmax", &softmax_k, t, ax.outer * ax.inner, args);
}

static int cuda_argmax(dt_dtype t, int64_t *out, const void *in, dt_axis ax)
{
    void *args[] = { &out, &in, &ax };
    return launch("dt_argmax", &argmax_k, t, ax.outer * ax.inner, args);
}

/* How many partials pass one of a reduction makes: enough threads to keep a
   GPU's memory busy, few enough for pass two's single thread to add fast.
   Never 0, so that pass one runs and an empty sum is 0. */
static int64_t parts_for(int64_t n)
{
    enum { MAX_PARTS = 4096 };
    return n < 1 ? 1 : n < MAX_PARTS ? n : MAX_PARTS;
}

/* Ends a reduction whose pass one (into nparts partials in scratch, a
   double each or an int64_t for int64 sums) returned rc: pass two adds the
   partials into out, over n when mean; the scratch is freed either way. */
static int finish_sum(const char *op, int rc, dt_dtype t, void *out, void *parts,
                      int64_t nparts, int64_t n, bool mean)
{
    int imean = mean;
    void *args[] = { &out, &parts, &nparts, &n, &imean };
    if (rc == 0)
        rc = launch(op, &sum_finish_k, t, 1, args);
    dt_cuda_scratch_free(parts);
    return rc;
}

static int cuda_sum(dt_dtype t, void *out, const void *in, int64_t n, bool mean)
{
    const char *op = mean ? "dt_mean" : "dt_sum";
    int64_t nparts = parts_for(n);
    void *parts = dt_cuda_scratch_alloc(op, (size_t)nparts * sizeof(double));
    if (!parts)
        return -1;
    void *args[] = { &parts, &in, &n, &nparts };
    int rc = launch(op, &sum_partial_k, t, nparts, args);
    return finish_sum(op, rc, t, out, parts, nparts, n, mean);
}

static int cuda_mse(dt_dtype t, void *out, const void *a, const void *b, int64_t n)
{
    const char *op = "dt_mse_loss";
    if (!instance(&mse_partial_k, t))
        return -1;
    int64_t nparts = parts_for(n);
    void *parts = dt_cuda_scratch_alloc(op, (size_t)nparts * sizeof(double));
    if (!parts)
        return -1;
    void *args[] = { &parts, &a, &b, &n, &nparts };
    int rc = launch(op, &mse_partial_k, t, nparts, args);
    return finish_sum(op, rc, t, out, parts, nparts, n, true);
}

/* Each sample's loss into scratch, then their mean; the finish reports the
   first bad label through two int64s after the losses, which come back here
   to make the cpu's message. */
static int cuda_cross_entropy(dt_dtype t, void *out, const void *logits, const int64_t *labels,
                              int64_t n, int64_t c)
{
    const char *op = "dt_cross_entropy";
    if (!instance(&ce_rows_k, t))
        return -1;
    double *loss = dt_cuda_scratch_alloc(op, (size_t)n * sizeof(double) + 2 * sizeof(int64_t));
    if (!loss)
        return -1;
    int64_t *bad = (int64_t *)(loss + n), got[2];
    void *rows_args[] = { &loss, &logits, &labels, &n, &c };
    void *finish_args[] = { &out, &loss, &labels, &n, &c, &bad };
    int rc = launch(op, &ce_rows_k, t, n, rows_args);
    if (rc == 0)
        rc = launch(op, &ce_finish_k, t, 1, finish_args);
    if (rc == 0)
        rc = dt_cuda_check(op, cudaMemcpy(got, bad, sizeof got, cudaMemcpyDeviceToHost));
    if (rc == 0 && got[0] >= 0) {
        dt_fail("dt_cross_entropy: label %lld of sample %lld is out of range for %lld classes",
                (long long)got[1], (long long)got[0], (long long)c);
        rc = -1;
    }
    dt_cuda_scratch_free(loss);
    return rc;
}

static int cuda_conv2d(dt_dtype t, void *out, const void *in, const void *w, const void *bias,
                       const dt_conv_geom *g)
{
    void *args[] = { &out, &in, &w, &bias, (void *)g };
    int64_t work = g->n * g->c_out * g->oh * g->ow;
    return launch("dt_conv2d", &conv2d_k, t, work, args);
}

static int cuda_maxpool2d(dt_dtype t, void *out, const void *in, const dt_pool_geom *g)
{
    void *args[] = { &out, &in, (void *)g };
    int64_t work = g->n * g->c * g->oh * g->ow;
    return launch("dt_maxpool2d", &maxpool2d_k, t, work, args);
}

static int cuda_slice(dt_dtype t, void *out, const void *in, dt_axis ax, int64_t start,
                      int64_t count)
{
    void *args[] = { &out, &in, &ax, &start, &count };
    return launch("dt_split", &slice_k, t, ax.outer * count * ax.inner, args);
}

const dt_kernels dt_cuda_kernels = {
    .fill = cuda_fill,
    .randn = cuda_randn,
    .cast = cuda_cast,
    .binary = cuda_binary,
    .relu = cuda_relu,
    .matmul = cuda_matmul,
    .transpose = cuda_transpose,
    .softmax = cuda_softmax,
    .sum = cuda_sum,
    .argmax = cuda_argmax,
    .cross_entropy = cuda_cross_entropy,
    .mse = cuda_mse,
    .conv2d = cuda_conv2d,
    .maxpool2d = cuda_maxpool2d,
    .slice = cuda_slice,
};
