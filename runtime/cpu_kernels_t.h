/*
 * The cpu kernels for one element type, included once per dtype by
 * cpu_kernels.c with T (the C type), SFX (a name suffix) and, for floating
 * types, T_FLOAT defined.  Sums accumulate in double (int64_t for integers).
 */
#define CAT_(a, b) a##_##b
#define CAT(a, b) CAT_(a, b)
#define K(name) CAT(name, SFX)
#define IS_NAN(v) ((v) != (v))      /* nan wins max and argmax, as in PyTorch */

static void K(fill)(T *out, int64_t n, double value)
{
    for (int64_t i = 0; i < n; i++)
        out[i] = (T)value;
}

static void K(cast)(T *out, dt_dtype from, const void *in, int64_t n)
{
    switch (from) {
    case DT_F32: for (int64_t i = 0; i < n; i++) out[i] = (T)((const float *)in)[i]; break;
    case DT_F64: for (int64_t i = 0; i < n; i++) out[i] = (T)((const double *)in)[i]; break;
    case DT_I64: for (int64_t i = 0; i < n; i++) out[i] = (T)((const int64_t *)in)[i]; break;
    }
}

/* One row of a broadcast: the innermost dim with its two strides. */
static void K(binary_row)(dt_binop op, T *out, const T *a, int64_t sa, const T *b,
                          int64_t sb, int64_t n)
{
    switch (op) {
    case DT_BIN_ADD: for (int64_t i = 0; i < n; i++) out[i] = a[i * sa] + b[i * sb]; break;
    case DT_BIN_SUB: for (int64_t i = 0; i < n; i++) out[i] = a[i * sa] - b[i * sb]; break;
    case DT_BIN_MUL: for (int64_t i = 0; i < n; i++) out[i] = a[i * sa] * b[i * sb]; break;
    }
}

static void K(binary)(dt_binop op, T *out, const T *a, const T *b, const dt_bcast *g)
{
    int last = g->ndim - 1;
    if (last < 0) {
        K(binary_row)(op, out, a, 0, b, 0, 1);
        return;
    }
    int64_t inner = g->dims[last], outer = 1;
    for (int d = 0; d < last; d++)
        outer *= g->dims[d];
    int64_t idx[DT_MAX_DIMS] = { 0 }, oa = 0, ob = 0;
    for (int64_t o = 0; o < outer; o++) {
        K(binary_row)(op, out + o * inner, a + oa, g->sa[last], b + ob, g->sb[last], inner);
        for (int d = last - 1; d >= 0; d--) {     /* odometer over the outer dims */
            oa += g->sa[d];
            ob += g->sb[d];
            if (++idx[d] < g->dims[d])
                break;
            oa -= g->sa[d] * g->dims[d];
            ob -= g->sb[d] * g->dims[d];
            idx[d] = 0;
        }
    }
}

static void K(relu)(T *out, const T *in, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        out[i] = in[i] <= 0 ? 0 : in[i];      /* a nan stays nan */
}

static void K(transpose)(T *out, const T *in, int64_t rows, int64_t cols)
{
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < cols; c++)
            out[c * rows + r] = in[r * cols + c];
}

static void K(sum)(T *out, const T *in, int64_t n, bool mean)
{
#ifdef T_FLOAT
    double acc = 0;
#else
    int64_t acc = 0;
#endif
    for (int64_t i = 0; i < n; i++)
        acc += in[i];
    out[0] = mean ? (T)(acc / (double)n) : (T)acc;
}

static void K(argmax)(int64_t *out, const T *in, dt_axis ax)
{
    for (int64_t o = 0; o < ax.outer; o++)
        for (int64_t i = 0; i < ax.inner; i++) {
            const T *p = in + o * ax.len * ax.inner + i;
            int64_t best = 0;
            for (int64_t j = 1; j < ax.len && !IS_NAN(p[best * ax.inner]); j++)
                if (p[j * ax.inner] > p[best * ax.inner] || IS_NAN(p[j * ax.inner]))
                    best = j;
            out[o * ax.inner + i] = best;
        }
}

static void K(slice)(T *out, const T *in, dt_axis ax, int64_t start, int64_t count)
{
    for (int64_t o = 0; o < ax.outer; o++)
        memcpy(out + o * count * ax.inner, in + (o * ax.len + start) * ax.inner,
               (size_t)(count * ax.inner) * sizeof(T));
}

#ifdef T_FLOAT
static void K(randn)(T *out, int64_t n, uint64_t seed, uint64_t offset)
{
    for (int64_t i = 0; i < n; i++)
        out[i] = (T)dt_random_normal(seed, offset + (uint64_t)i);
}

static void K(uniform)(T *out, int64_t n, uint64_t seed, uint64_t offset, double lo, double hi)
{
    for (int64_t i = 0; i < n; i++)
        out[i] = (T)(lo + (hi - lo) * dt_random_uniform01(seed, offset + (uint64_t)i));
}

static void K(softmax)(T *out, const T *in, dt_axis ax)
{
    if (ax.len == 0)
        return;
    for (int64_t o = 0; o < ax.outer; o++)
        for (int64_t i = 0; i < ax.inner; i++) {
            int64_t base = o * ax.len * ax.inner + i;
            double max = in[base], total = 0;
            for (int64_t j = 1; j < ax.len; j++)
                if (in[base + j * ax.inner] > max)
                    max = in[base + j * ax.inner];
            for (int64_t j = 0; j < ax.len; j++)
                total += exp(in[base + j * ax.inner] - max);
            for (int64_t j = 0; j < ax.len; j++)
                out[base + j * ax.inner] = (T)(exp(in[base + j * ax.inner] - max) / total);
        }
}

static int K(cross_entropy)(T *out, const T *logits, const int64_t *labels, int64_t n,
                            int64_t c)
{
    double total = 0;
    for (int64_t r = 0; r < n; r++) {
        const T *row = logits + r * c;
        if (labels[r] < 0 || labels[r] >= c) {
            dt_fail("dt_cross_entropy: label %lld of sample %lld is out of range for %lld classes",
                    (long long)labels[r], (long long)r, (long long)c);
            return -1;
        }
        double max = row[0], s = 0;
        for (int64_t j = 1; j < c; j++)
            if (row[j] > max)
                max = row[j];
        for (int64_t j = 0; j < c; j++)
            s += exp(row[j] - max);
        total += max + log(s) - row[labels[r]];
    }
    out[0] = (T)(total / (double)n);
    return 0;
}

static void K(mse)(T *out, const T *a, const T *b, int64_t n)
{
    double total = 0;
    for (int64_t i = 0; i < n; i++)
        total += ((double)a[i] - b[i]) * ((double)a[i] - b[i]);
    out[0] = (T)(total / (double)n);
}

static void K(conv2d)(T *out, const T *in, const T *w, const T *bias, const dt_conv_geom *g)
{
    int64_t oh = g->oh, ow = g->ow;
    for (int64_t n = 0; n < g->n; n++)
        for (int64_t co = 0; co < g->c_out; co++)
            for (int64_t y = 0; y < oh; y++)
                for (int64_t x = 0; x < ow; x++) {
                    double acc = bias ? bias[co] : 0;
                    for (int64_t ci = 0; ci < g->c_in; ci++) {
                        const T *ip = in + ((n * g->c_in + ci) * g->h + y) * g->w + x;
                        const T *wp = w + (co * g->c_in + ci) * g->k * g->k;
                        for (int64_t ky = 0; ky < g->k; ky++)
                            for (int64_t kx = 0; kx < g->k; kx++)
                                acc += (double)ip[ky * g->w + kx] * wp[ky * g->k + kx];
                    }
                    out[((n * g->c_out + co) * oh + y) * ow + x] = (T)acc;
                }
}

static void K(maxpool2d)(T *out, const T *in, const dt_pool_geom *g)
{
    int64_t oh = g->oh, ow = g->ow;
    for (int64_t p = 0; p < g->n * g->c; p++)
        for (int64_t y = 0; y < oh; y++)
            for (int64_t x = 0; x < ow; x++) {
                const T *ip = in + (p * g->h + y * g->stride) * g->w + x * g->stride;
                T best = ip[0];
                for (int64_t ky = 0; ky < g->k; ky++)
                    for (int64_t kx = 0; kx < g->k; kx++)
                        if (ip[ky * g->w + kx] > best || IS_NAN(ip[ky * g->w + kx]))
                            best = ip[ky * g->w + kx];
                out[(p * oh + y) * ow + x] = best;
            }
}
#endif

#undef K
#undef IS_NAN
#undef CAT
#undef CAT_
