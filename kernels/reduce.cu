/*
 * Reductions, in two passes and without atomics, so that a result does not
 * depend on the grid: pass one has thread p of nparts sum the elements
 * p, p + nparts, ... into partial p (consecutive threads read consecutive
 * elements); pass two, a single thread, adds the partials in order.  Sums
 * accumulate in double (int64 for int64), as on the cpu.
 *
 * Along a dim (softmax, argmax, a sample's cross-entropy) one thread walks
 * one row.
 */
#include "common.cuh"

template <typename T> struct acc_of { typedef double type; };
template <> struct acc_of<int64_t> { typedef int64_t type; };

template <typename T>
__device__ void sum_partial(typename acc_of<T>::type *parts, const T *in, int64_t n,
                            int64_t nparts)
{
    DTK_FOR(p, nparts) {
        typename acc_of<T>::type acc = 0;
        for (int64_t i = p; i < n; i += nparts)
            acc += in[i];
        parts[p] = acc;
    }
}

/* out = the sum of the partials, over n when mean */
template <typename T>
__device__ void sum_finish(T *out, const typename acc_of<T>::type *parts, int64_t nparts,
                           int64_t n, int mean)
{
    DTK_FOR(t, 1) {
        typename acc_of<T>::type acc = 0;
        for (int64_t p = 0; p < nparts; p++)
            acc += parts[p];
        out[0] = mean ? (T)(acc / (double)n) : (T)acc;
    }
}

#define SUM(SFX, T)                                                                 \
    extern "C" __global__ void dtk_sum_partial_##SFX(acc_of<T>::type *parts, const T *in, \
                                                     int64_t n, int64_t nparts)     \
    {                                                                               \
        sum_partial(parts, in, n, nparts);                                          \
    }                                                                               \
    DTK_REGISTER(dtk_sum_partial_##SFX)                                             \
    extern "C" __global__ void dtk_sum_finish_##SFX(T *out, const acc_of<T>::type *parts, \
                                                    int64_t nparts, int64_t n, int mean) \
    {                                                                               \
        sum_finish(out, parts, nparts, n, mean);                                    \
    }                                                                               \
    DTK_REGISTER(dtk_sum_finish_##SFX)
DTK_ALL_TYPES(SUM)

/* The squared differences, into partials that dtk_sum_finish (mean) ends. */
template <typename T>
__device__ void mse_partial(double *parts, const T *a, const T *b, int64_t n, int64_t nparts)
{
    DTK_FOR(p, nparts) {
        double acc = 0;
        for (int64_t i = p; i < n; i += nparts)
            acc += ((double)a[i] - b[i]) * ((double)a[i] - b[i]);
        parts[p] = acc;
    }
}

#define MSE(SFX, T)                                                                 \
    extern "C" __global__ void dtk_mse_partial_##SFX(double *parts, const T *a, const T *b, \
                                                     int64_t n, int64_t nparts)     \
    {                                                                               \
        mse_partial(parts, a, b, n, nparts);                                        \
    }                                                                               \
    DTK_REGISTER(dtk_mse_partial_##SFX)
DTK_FLOAT_TYPES(MSE)

/* Rows of an [outer, len, inner] view are numbered o * inner + i, so that
   consecutive threads read consecutive elements when inner > 1. */
template <typename T>
__device__ void softmax(T *out, const T *in, dt_axis ax)
{
    if (ax.len == 0)
        return;
    DTK_FOR(r, ax.outer * ax.inner) {
        int64_t base = r / ax.inner * ax.len * ax.inner + r % ax.inner;
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

#define SOFTMAX(SFX, T)                                                             \
    extern "C" __global__ void dtk_softmax_##SFX(T *out, const T *in, dt_axis ax)   \
    {                                                                               \
        softmax(out, in, ax);                                                       \
    }                                                                               \
    DTK_REGISTER(dtk_softmax_##SFX)
DTK_FLOAT_TYPES(SOFTMAX)

/* the first index of the max, or of the first nan; len > 0 */
template <typename T>
__device__ void argmax(int64_t *out, const T *in, dt_axis ax)
{
    DTK_FOR(r, ax.outer * ax.inner) {
        const T *p = in + r / ax.inner * ax.len * ax.inner + r % ax.inner;
        int64_t best = 0;
        for (int64_t j = 1; j < ax.len && !dtk_is_nan(p[best * ax.inner]); j++)
            if (p[j * ax.inner] > p[best * ax.inner] || dtk_is_nan(p[j * ax.inner]))
                best = j;
        out[r] = best;
    }
}

#define ARGMAX(SFX, T)                                                              \
    extern "C" __global__ void dtk_argmax_##SFX(int64_t *out, const T *in, dt_axis ax) \
    {                                                                               \
        argmax(out, in, ax);                                                        \
    }                                                                               \
    DTK_REGISTER(dtk_argmax_##SFX)
DTK_ALL_TYPES(ARGMAX)

/* loss[r] = logsumexp(row r) - row r's logit of its label; a row with a bad
   label is left for the finish to report. */
template <typename T>
__device__ void cross_entropy_rows(double *loss, const T *logits, const int64_t *labels,
                                   int64_t n, int64_t c)
{
    DTK_FOR(r, n) {
        const T *row = logits + r * c;
        int64_t y = labels[r];
        if (y < 0 || y >= c)
            continue;
        double max = row[0], s = 0;
        for (int64_t j = 1; j < c; j++)
            if (row[j] > max)
                max = row[j];
        for (int64_t j = 0; j < c; j++)
            s += exp(row[j] - max);
        loss[r] = max + log(s) - row[y];
    }
}

/* out = the mean loss, in sample order; or, leaving out alone, bad = the
   first sample whose label is out of range and that label (else bad[0] =
   -1), for the host to report as the cpu does. */
template <typename T>
__device__ void cross_entropy_finish(T *out, const double *loss, const int64_t *labels,
                                     int64_t n, int64_t c, int64_t *bad)
{
    DTK_FOR(t, 1) {
        double total = 0;
        bad[0] = -1;
        for (int64_t r = 0; r < n; r++) {
            if (labels[r] < 0 || labels[r] >= c) {
                bad[0] = r;
                bad[1] = labels[r];
                return;
            }
            total += loss[r];
        }
        out[0] = (T)(total / (double)n);
    }
}

#define CROSS_ENTROPY(SFX, T)                                                       \
    extern "C" __global__ void dtk_cross_entropy_rows_##SFX(double *loss, const T *logits, \
                                                            const int64_t *labels,  \
                                                            int64_t n, int64_t c)   \
    {                                                                               \
        cross_entropy_rows(loss, logits, labels, n, c);                             \
    }                                                                               \
    DTK_REGISTER(dtk_cross_entropy_rows_##SFX)                                      \
    extern "C" __global__ void dtk_cross_entropy_finish_##SFX(T *out, const double *loss, \
                                                              const int64_t *labels, \
                                                              int64_t n, int64_t c, \
                                                              int64_t *bad)         \
    {                                                                               \
        cross_entropy_finish(out, loss, labels, n, c, bad);                         \
    }                                                                               \
    DTK_REGISTER(dtk_cross_entropy_finish_##SFX)
DTK_FLOAT_TYPES(CROSS_ENTROPY)
