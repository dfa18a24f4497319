/*
 * The ops: each checks its operands (one device, one dtype), sizes its result
 * on that device, and hands the work to that device's kernel.
 */
#include "internal.h"

#include <stdio.h>

dt_tensor *dt_finish(dt_tensor *out, int rc)
{
    if (rc != 0) {
        dt_release(out);
        return NULL;
    }
    return out;
}

static void *need_float(const char *op, const dt_tensor *a)
{
    return dt_fail("%s: expected a floating dtype (float32 or float64), got %s", op,
                   dt_dtype_name(a->dtype));
}

/* dim in [-ndim, ndim) to [0, ndim); a 0-d tensor has one implicit dim */
static int normalize_dim(const char *op, int dim, int ndim, bool *ok)
{
    int n = ndim ? ndim : 1;
    *ok = dim >= -n && dim < n;
    if (!*ok)
        dt_fail("%s: Dimension out of range (expected to be in range of [%d, %d], but got %d)",
                op, -n, n - 1, dim);
    return dim < 0 ? dim + n : dim;
}

dt_axis dt_axis_of(dt_shape s, int dim)
{
    dt_axis ax = { 1, s.ndim ? s.dims[dim] : 1, 1 };
    for (int i = 0; i < dim; i++)
        ax.outer *= s.dims[i];
    for (int i = dim + 1; i < s.ndim; i++)
        ax.inner *= s.dims[i];
    return ax;
}

static bool check_ndim(const char *op, const char *arg, const dt_tensor *t, int ndim)
{
    if (t->shape.ndim == ndim)
        return true;
    dt_fail("%s: argument '%s' must be %d-D, got %d-D", op, arg, ndim, t->shape.ndim);
    return false;
}

/* ---- elementwise with broadcasting -------------------------------------- */

/* PyTorch's rule: align from the right; sizes equal, or one of them is 1. */
static bool broadcast(const char *op, dt_shape a, dt_shape b, dt_bcast *g)
{
    int nd = a.ndim > b.ndim ? a.ndim : b.ndim;
    int64_t stride_a = 1, stride_b = 1;
    g->ndim = nd;
    for (int i = nd - 1; i >= 0; i--) {
        int ia = i - (nd - a.ndim), ib = i - (nd - b.ndim);
        int64_t da = ia >= 0 ? a.dims[ia] : 1, db = ib >= 0 ? b.dims[ib] : 1;
        if (da != db && da != 1 && db != 1) {
            char sa[96], sb[96];
            dt_fail("%s: The size of tensor a (%lld) must match the size of tensor b (%lld) "
                    "at non-singleton dimension %d (shapes %s and %s)", op, (long long)da,
                    (long long)db, i, dt_shape_str(a, sa, sizeof sa), dt_shape_str(b, sb, sizeof sb));
            return false;
        }
        g->dims[i] = da == 1 ? db : da;
        g->sa[i] = da == 1 ? 0 : stride_a;
        g->sb[i] = db == 1 ? 0 : stride_b;
        stride_a *= da;
        stride_b *= db;
    }
    return true;
}

/* The same broadcast in as few dims as it takes: size-1 dims dropped, and a
   dim merged into the one inside it where both operands step on evenly, so
   that a kernel walks fewer dims (the cpu's rows grow long, a GPU thread
   splits its index fewer times).  A same-shape op ends with one dim. */
static dt_bcast squeeze(const dt_bcast *g)
{
    dt_bcast s = { 0 };
    for (int d = 0; d < g->ndim; d++) {
        int last = s.ndim - 1;
        if (g->dims[d] == 1)
            continue;
        if (last >= 0 && s.sa[last] == g->sa[d] * g->dims[d] &&
            s.sb[last] == g->sb[d] * g->dims[d]) {
            s.dims[last] *= g->dims[d];
        } else {
            s.dims[++last] = g->dims[d];
            s.ndim++;
        }
        s.sa[last] = g->sa[d];
        s.sb[last] = g->sb[d];
    }
    return s;
}

static dt_tensor *binary(dt_binop op, dt_tensor *a, dt_tensor *b, dt_site site)
{
    dt_operand v[] = { { "a", a }, { "b", b } };
    dt_bcast g;
    if (!dt_check_operands(site, v, 2, true) || !broadcast(site.func, a->shape, b->shape, &g))
        return NULL;
    dt_shape s = { g.ndim, { 0 } };
    for (int i = 0; i < g.ndim; i++)
        s.dims[i] = g.dims[i];
    dt_tensor *out = dt_empty(s, a->dtype, a->storage->device, site);
    if (!out)
        return NULL;
    g = squeeze(&g);
    return dt_finish(out, dt_kernels_of(a)->binary(op, a->dtype, out->storage->ptr,
                                                    a->storage->ptr, b->storage->ptr, &g));
}

dt_tensor *dt_add_at(dt_tensor *a, dt_tensor *b, const char *file_, int line_)
{
    DT_CALL("dt_add");
    return binary(DT_BIN_ADD, a, b, DT_SITE("dt_add"));
}

dt_tensor *dt_sub_at(dt_tensor *a, dt_tensor *b, const char *file_, int line_)
{
    DT_CALL("dt_sub");
    return binary(DT_BIN_SUB, a, b, DT_SITE("dt_sub"));
}

dt_tensor *dt_mul_at(dt_tensor *a, dt_tensor *b, const char *file_, int line_)
{
    DT_CALL("dt_mul");
    return binary(DT_BIN_MUL, a, b, DT_SITE("dt_mul"));
}

dt_tensor *dt_relu_at(dt_tensor *a, const char *file_, int line_)
{
    DT_CALL("dt_relu");
    dt_operand v[] = { { "a", a } };
    if (!dt_check_operands(DT_SITE("dt_relu"), v, 1, true))
        return NULL;
    dt_tensor *out = dt_empty(a->shape, a->dtype, a->storage->device, DT_SITE("dt_relu"));
    if (!out)
        return NULL;
    return dt_finish(out, dt_kernels_of(a)->relu(a->dtype, out->storage->ptr,
                                                  a->storage->ptr, a->numel));
}

/* ---- linear algebra ----------------------------------------------------- */

dt_tensor *dt_matmul_at(dt_tensor *a, dt_tensor *b, const char *file_, int line_)
{
    DT_CALL("dt_matmul");
    dt_operand v[] = { { "a", a }, { "b", b } };
    if (!dt_check_operands(DT_SITE("dt_matmul"), v, 2, true) || !check_ndim("dt_matmul", "a", a, 2) ||
        !check_ndim("dt_matmul", "b", b, 2))
        return NULL;
    if (a->dtype == DT_I64)
        return need_float("dt_matmul", a);
    int64_t m = a->shape.dims[0], k = a->shape.dims[1], n = b->shape.dims[1];
    if (b->shape.dims[0] != k)
        return dt_fail("dt_matmul: mat1 and mat2 shapes cannot be multiplied (%lldx%lld and %lldx%lld)",
                       (long long)m, (long long)k, (long long)b->shape.dims[0], (long long)n);
    dt_tensor *out = dt_empty(DT_SHAPE(m, n), a->dtype, a->storage->device, DT_SITE("dt_matmul"));
    if (!out)
        return NULL;
    return dt_finish(out, dt_kernels_of(a)->matmul(a->dtype, out->storage->ptr, a->storage->ptr,
                                                    b->storage->ptr, m, k, n));
}

dt_tensor *dt_transpose_at(dt_tensor *a, const char *file_, int line_)
{
    DT_CALL("dt_transpose");
    dt_operand v[] = { { "a", a } };
    if (!dt_check_operands(DT_SITE("dt_transpose"), v, 1, true) || !check_ndim("dt_transpose", "a", a, 2))
        return NULL;
    int64_t r = a->shape.dims[0], c = a->shape.dims[1];
    dt_tensor *out = dt_empty(DT_SHAPE(c, r), a->dtype, a->storage->device, DT_SITE("dt_transpose"));
    if (!out)
        return NULL;
    return dt_finish(out, dt_kernels_of(a)->transpose(a->dtype, out->storage->ptr,
                                                       a->storage->ptr, r, c));
}

/* ---- along a dim -------------------------------------------------------- */

dt_tensor *dt_softmax_at(dt_tensor *a, int dim, const char *file_, int line_)
{
    DT_CALL("dt_softmax");
    dt_operand v[] = { { "a", a } };
    bool ok;
    if (!dt_check_operands(DT_SITE("dt_softmax"), v, 1, true))
        return NULL;
    if (a->dtype == DT_I64)
        return need_float("dt_softmax", a);
    dim = normalize_dim("dt_softmax", dim, a->shape.ndim, &ok);
    if (!ok)
        return NULL;
    dt_tensor *out = dt_empty(a->shape, a->dtype, a->storage->device, DT_SITE("dt_softmax"));
    if (!out)
        return NULL;
    return dt_finish(out, dt_kernels_of(a)->softmax(a->dtype, out->storage->ptr, a->storage->ptr,
                                                     dt_axis_of(a->shape, dim)));
}

dt_tensor *dt_argmax_at(dt_tensor *a, int dim, const char *file_, int line_)
{
    DT_CALL("dt_argmax");
    dt_operand v[] = { { "a", a } };
    bool ok;
    if (!dt_check_operands(DT_SITE("dt_argmax"), v, 1, true))
        return NULL;
    dim = normalize_dim("dt_argmax", dim, a->shape.ndim, &ok);
    if (!ok)
        return NULL;
    dt_axis ax = dt_axis_of(a->shape, dim);
    if (ax.len == 0)
        return dt_fail("dt_argmax: Expected reduction dim %d to have non-zero size", dim);
    dt_shape s = { 0, { 0 } };
    for (int i = 0; i < a->shape.ndim; i++)
        if (i != dim)
            s.dims[s.ndim++] = a->shape.dims[i];
    dt_tensor *out = dt_empty(s, DT_I64, a->storage->device, DT_SITE("dt_argmax"));
    if (!out)
        return NULL;
    return dt_finish(out, dt_kernels_of(a)->argmax(a->dtype, out->storage->ptr,
                                                    a->storage->ptr, ax));
}

/* ---- reductions and losses ---------------------------------------------- */

static dt_tensor *reduce(dt_tensor *a, bool mean, dt_site site)
{
    dt_operand v[] = { { "a", a } };
    if (!dt_check_operands(site, v, 1, true))
        return NULL;
    if (mean && a->dtype == DT_I64)
        return need_float(site.func, a);
    dt_tensor *out = dt_empty(DT_SHAPE(), a->dtype, a->storage->device, site);
    if (!out)
        return NULL;
    return dt_finish(out, dt_kernels_of(a)->sum(a->dtype, out->storage->ptr, a->storage->ptr,
                                                 a->numel, mean));
}

dt_tensor *dt_sum_at(dt_tensor *a, const char *file_, int line_)
{
    DT_CALL("dt_sum");
    return reduce(a, false, DT_SITE("dt_sum"));
}

dt_tensor *dt_mean_at(dt_tensor *a, const char *file_, int line_)
{
    DT_CALL("dt_mean");
    return reduce(a, true, DT_SITE("dt_mean"));
}

dt_tensor *dt_cross_entropy_at(dt_tensor *logits, dt_tensor *labels, const char *file_, int line_)
{
    DT_CALL("dt_cross_entropy");
    const char *op = "dt_cross_entropy";
    dt_operand v[] = { { "logits", logits }, { "labels", labels } };
    if (!dt_check_operands(DT_SITE(op), v, 2, false) || !check_ndim(op, "logits", logits, 2) ||
        !check_ndim(op, "labels", labels, 1))
        return NULL;
    if (logits->dtype == DT_I64)
        return need_float(op, logits);
    if (labels->dtype != DT_I64)
        return dt_fail("%s: expected labels of dtype int64, got %s", op, dt_dtype_name(labels->dtype));
    int64_t n = logits->shape.dims[0], c = logits->shape.dims[1];
    if (labels->shape.dims[0] != n)
        return dt_fail("%s: Expected input batch_size (%lld) to match target batch_size (%lld)",
                       op, (long long)n, (long long)labels->shape.dims[0]);
    dt_tensor *out = dt_empty(DT_SHAPE(), logits->dtype, logits->storage->device, DT_SITE(op));
    if (!out)
        return NULL;
    return dt_finish(out, dt_kernels_of(logits)->cross_entropy(logits->dtype, out->storage->ptr,
                                                               logits->storage->ptr,
                                                               labels->storage->ptr, n, c));
}

dt_tensor *dt_mse_loss_at(dt_tensor *a, dt_tensor *b, const char *file_, int line_)
{
    DT_CALL("dt_mse_loss");
    dt_operand v[] = { { "a", a }, { "b", b } };
    if (!dt_check_operands(DT_SITE("dt_mse_loss"), v, 2, true))
        return NULL;
    if (a->dtype == DT_I64)
        return need_float("dt_mse_loss", a);
    if (!dt_shape_equal(a->shape, b->shape)) {
        char sa[96], sb[96];
        return dt_fail("dt_mse_loss: shapes %s and %s differ", dt_shape_str(a->shape, sa, sizeof sa),
                       dt_shape_str(b->shape, sb, sizeof sb));
    }
    dt_tensor *out = dt_empty(DT_SHAPE(), a->dtype, a->storage->device, DT_SITE("dt_mse_loss"));
    if (!out)
        return NULL;
    return dt_finish(out, dt_kernels_of(a)->mse(a->dtype, out->storage->ptr, a->storage->ptr,
                                                 b->storage->ptr, a->numel));
}

/* ---- shape views -------------------------------------------------------- */

dt_tensor *dt_reshape_at(dt_tensor *a, dt_shape s, const char *file_, int line_)
{
    DT_CALL("dt_reshape");
    dt_operand v[] = { { "a", a } };
    if (!dt_check_operands(DT_SITE("dt_reshape"), v, 1, true))
        return NULL;
    if (s.ndim < 0 || s.ndim > DT_MAX_DIMS)
        return dt_fail("dt_reshape: a shape has 0 to %d dims, not %d", DT_MAX_DIMS, s.ndim);
    int infer = -1;
    int64_t known = 1;
    for (int i = 0; i < s.ndim; i++) {
        if (s.dims[i] == -1 && infer < 0)
            infer = i;
        else if (s.dims[i] < 0)
            return dt_fail("dt_reshape: invalid shape dimension %lld", (long long)s.dims[i]);
        else
            known *= s.dims[i];
    }
    if (infer >= 0 && known > 0 && a->numel % known == 0)
        s.dims[infer] = a->numel / known;
    if (dt_shape_numel(s) != a->numel || (infer >= 0 && known == 0)) {
        char buf[96];
        return dt_fail("dt_reshape: shape '%s' is invalid for input of size %lld",
                       dt_shape_str(s, buf, sizeof buf), (long long)a->numel);
    }
    return dt_view(a, s, DT_SITE("dt_reshape"));
}

dt_tensor *dt_flatten_at(dt_tensor *a, const char *file_, int line_)
{
    DT_CALL("dt_flatten");
    dt_operand v[] = { { "a", a } };
    if (!dt_check_operands(DT_SITE("dt_flatten"), v, 1, true))
        return NULL;
    if (a->shape.ndim < 2)
        return dt_fail("dt_flatten: expected a tensor of at least 2 dims [N, ...], got %d-D",
                       a->shape.ndim);
    int64_t rest = 1;
    for (int i = 1; i < a->shape.ndim; i++)
        rest *= a->shape.dims[i];
    return dt_view(a, DT_SHAPE(a->shape.dims[0], rest), DT_SITE("dt_flatten"));
}
