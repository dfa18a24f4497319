/*
 * Element-wise kernels: one output element per grid-stride step, so
 * consecutive threads write consecutive elements.
 */
#include "common.cuh"

template <typename T>
__device__ void fill(T *out, int64_t n, double v)
{
    DTK_FOR(i, n)
        out[i] = (T)v;
}

#define FILL(SFX, T)                                                                \
    extern "C" __global__ void dtk_fill_##SFX(T *out, int64_t n, double v)          \
    {                                                                               \
        fill(out, n, v);                                                            \
    }                                                                               \
    DTK_REGISTER(dtk_fill_##SFX)
DTK_ALL_TYPES(FILL)

template <typename To, typename From>
__device__ void cast(To *out, const From *in, int64_t n)
{
    DTK_FOR(i, n)
        out[i] = (To)in[i];
}

/* dtk_cast_FROM_to_TO, for every pair */
#define CAST(TO_SFX, TO, FROM_SFX, FROM)                                             \
    extern "C" __global__ void dtk_cast_##FROM_SFX##_to_##TO_SFX(TO *out, const FROM *in, \
                                                                 int64_t n)          \
    {                                                                                \
        cast(out, in, n);                                                            \
    }                                                                                \
    DTK_REGISTER(dtk_cast_##FROM_SFX##_to_##TO_SFX)
#define CAST_TO(SFX, T) \
    CAST(SFX, T, f32, float) CAST(SFX, T, f64, double) CAST(SFX, T, i64, int64_t)
DTK_ALL_TYPES(CAST_TO)

template <typename T>
__device__ __forceinline__ T apply(dt_binop op, T x, T y)
{
    switch (op) {
    case DT_BIN_ADD: return x + y;
    case DT_BIN_SUB: return x - y;
    case DT_BIN_MUL: break;
    }
    return x * y;
}

/* Each output element finds its operands by splitting its flat index over
   the dims.  The loop runs over the fixed DTK_MAX_DIMS so that nvcc unrolls
   it and keeps g in parameter space rather than copying it to local memory. */
template <typename T>
__device__ void binary(dt_binop op, T *out, const T *a, const T *b, const dt_bcast &g,
                       int64_t n)
{
    DTK_FOR(i, n) {
        int64_t rest = i, oa = 0, ob = 0;
        for (int d = DTK_MAX_DIMS - 1; d >= 0; d--) {
            if (d >= g.ndim)
                continue;
            int64_t at = rest % g.dims[d];
            rest /= g.dims[d];
            oa += at * g.sa[d];
            ob += at * g.sb[d];
        }
        out[i] = apply(op, a[oa], b[ob]);
    }
}

#define BINARY(SFX, T)                                                              \
    extern "C" __global__ void dtk_binary_##SFX(dt_binop op, T *out, const T *a,    \
                                                const T *b, dt_bcast g, int64_t n)  \
    {                                                                               \
        binary(op, out, a, b, g, n);                                                \
    }                                                                               \
    DTK_REGISTER(dtk_binary_##SFX)
DTK_ALL_TYPES(BINARY)

template <typename T>
__device__ void relu(T *out, const T *in, int64_t n)
{
    DTK_FOR(i, n)
        out[i] = in[i] <= 0 ? (T)0 : in[i];      /* a nan stays nan */
}

#define RELU(SFX, T)                                                                \
    extern "C" __global__ void dtk_relu_##SFX(T *out, const T *in, int64_t n)       \
    {                                                                               \
        relu(out, in, n);                                                           \
    }                                                                               \
    DTK_REGISTER(dtk_relu_##SFX)
DTK_ALL_TYPES(RELU)
