/*
 * Image kernels over [n, c, h, w] tensors, and slicing: one thread per
 * output element, walked in the order of out.
 */
#include "common.cuh"

/* valid, stride 1; bias may be NULL */
template <typename T>
__device__ void conv2d(T *out, const T *in, const T *w, const T *bias, const dt_conv_geom &g)
{
    int64_t oh = g.oh, ow = g.ow;
    DTK_FOR(i, g.n * g.c_out * oh * ow) {
        int64_t x = i % ow, y = i / ow % oh, co = i / (ow * oh) % g.c_out;
        int64_t n = i / (ow * oh * g.c_out);
        double acc = bias ? bias[co] : 0;
        for (int64_t ci = 0; ci < g.c_in; ci++) {
            const T *ip = in + ((n * g.c_in + ci) * g.h + y) * g.w + x;
            const T *wp = w + (co * g.c_in + ci) * g.k * g.k;
            for (int64_t ky = 0; ky < g.k; ky++)
                for (int64_t kx = 0; kx < g.k; kx++)
                    acc += (double)ip[ky * g.w + kx] * wp[ky * g.k + kx];
        }
        out[i] = (T)acc;
    }
}

#define CONV2D(SFX, T)                                                              \
    extern "C" __global__ void dtk_conv2d_##SFX(T *out, const T *in, const T *w,    \
                                                const T *bias, dt_conv_geom g)      \
    {                                                                               \
        conv2d(out, in, w, bias, g);                                                \
    }                                                                               \
    DTK_REGISTER(dtk_conv2d_##SFX)
DTK_FLOAT_TYPES(CONV2D)

/* a nan in a window is its max */
template <typename T>
__device__ void maxpool2d(T *out, const T *in, const dt_pool_geom &g)
{
    int64_t oh = g.oh, ow = g.ow;
    DTK_FOR(i, g.n * g.c * oh * ow) {
        int64_t x = i % ow, y = i / ow % oh, plane = i / (ow * oh);
        const T *ip = in + (plane * g.h + y * g.stride) * g.w + x * g.stride;
        T best = ip[0];
        for (int64_t ky = 0; ky < g.k; ky++)
            for (int64_t kx = 0; kx < g.k; kx++)
                if (ip[ky * g.w + kx] > best || dtk_is_nan(ip[ky * g.w + kx]))
                    best = ip[ky * g.w + kx];
        out[i] = best;
    }
}

#define MAXPOOL2D(SFX, T)                                                           \
    extern "C" __global__ void dtk_maxpool2d_##SFX(T *out, const T *in, dt_pool_geom g) \
    {                                                                               \
        maxpool2d(out, in, g);                                                      \
    }                                                                               \
    DTK_REGISTER(dtk_maxpool2d_##SFX)
DTK_FLOAT_TYPES(MAXPOOL2D)

/* out[o][j][i] = in[o][start + j][i]: each of out's outer rows is a run of
   count * inner elements of in's */
template <typename T>
__device__ void slice(T *out, const T *in, dt_axis ax, int64_t start, int64_t count)
{
    int64_t run = count * ax.inner;
    DTK_FOR(i, ax.outer * run)
        out[i] = in[(i / run * ax.len + start) * ax.inner + i % run];
}

#define SLICE(SFX, T)                                                               \
    extern "C" __global__ void dtk_slice_##SFX(T *out, const T *in, dt_axis ax,     \
                                               int64_t start, int64_t count)        \
    {                                                                               \
        slice(out, in, ax, start, count);                                           \
    }                                                                               \
    DTK_REGISTER(dtk_slice_##SFX)
DTK_ALL_TYPES(SLICE)
