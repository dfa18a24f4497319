/*
 * The CUDA kernels of devtensor: their parameter structs and their entry
 * points, callable from C.
 *
 * Each kernel is written once, in a .cu file of this folder.  nvcc builds it
 * for a real GPU; a host compiler builds the same source for the emulated
 * device (cuda_host.h maps the CUDA built-ins).  Either way a kernel is
 * launched by its entry point's address through cudaLaunchKernel, so a
 * launch looks the same to an interposer on both:
 *
 *     void *args[] = { &out, &n, &v };
 *     cudaLaunchKernel((const void *)dtk_fill_f32, grid, block, args, 0, stream);
 *
 * Rules every kernel keeps, so that the host build is a faithful one:
 *   - a grid-stride loop (DTK_FOR) over its work, so any grid size is right;
 *   - no __shared__ memory, no __syncthreads, no atomics: a thread's work
 *     depends only on its index (the emulator runs threads one by one);
 *   - pointers and scalars as parameters, and the structs below by value.
 * Names are dtk_OP_TYPE, TYPE being f32, f64 or i64 (the element type).
 *
 *   elementwise.cu  fill, casts, binary ops, relu
 *   reduce.cu       sums, mse, softmax, argmax, cross entropy: two passes
 *   matmul.cu       matrix products and transposes
 *   conv.cu         conv2d, max pooling and slicing over [n, c, h, w]
 *   random.cu       normal draws of the counter-based stream (counter_rng.h)
 */
#ifndef DT_KERNELS_H
#define DT_KERNELS_H

#include <stdint.h>

#define DTK_MAX_DIMS 8

/* A broadcast: the result's dims, and each operand's element strides over
   them (0 along a broadcast dim). */
typedef struct {
    int ndim;
    int64_t dims[DTK_MAX_DIMS];
    int64_t sa[DTK_MAX_DIMS], sb[DTK_MAX_DIMS];
} dt_bcast;

/* A reduction or softmax along one dim of a contiguous tensor viewed as
   [outer, len, inner]. */
typedef struct { int64_t outer, len, inner; } dt_axis;

/* The output sizes oh, ow are set once, by whoever makes the output. */
typedef struct {
    int64_t n, c_in, h, w, c_out, k;     /* input [n,c_in,h,w], weight [c_out,c_in,k,k] */
    int64_t oh, ow;                      /* output [n,c_out,oh,ow] */
} dt_conv_geom;

typedef struct {
    int64_t n, c, h, w, k, stride;       /* input [n,c,h,w] */
    int64_t oh, ow;                      /* output [n,c,oh,ow] */
} dt_pool_geom;

typedef enum { DT_BIN_ADD, DT_BIN_SUB, DT_BIN_MUL } dt_binop;

/* The entry points.  nvcc sees them as __global__ definitions only, so the
   C declarations are for everyone else. */
#if !defined(__CUDACC__)
#ifdef __cplusplus
extern "C" {
#endif
/* elementwise.cu */
void dtk_fill_f32(float *out, int64_t n, double v);
void dtk_fill_f64(double *out, int64_t n, double v);
void dtk_fill_i64(int64_t *out, int64_t n, double v);
void dtk_cast_f32_to_f32(float *out, const float *in, int64_t n);
void dtk_cast_f64_to_f32(float *out, const double *in, int64_t n);
void dtk_cast_i64_to_f32(float *out, const int64_t *in, int64_t n);
void dtk_cast_f32_to_f64(double *out, const float *in, int64_t n);
void dtk_cast_f64_to_f64(double *out, const double *in, int64_t n);
void dtk_cast_i64_to_f64(double *out, const int64_t *in, int64_t n);
void dtk_cast_f32_to_i64(int64_t *out, const float *in, int64_t n);
void dtk_cast_f64_to_i64(int64_t *out, const double *in, int64_t n);
void dtk_cast_i64_to_i64(int64_t *out, const int64_t *in, int64_t n);
void dtk_binary_f32(dt_binop op, float *out, const float *a, const float *b, dt_bcast g, int64_t n);
void dtk_binary_f64(dt_binop op, double *out, const double *a, const double *b, dt_bcast g, int64_t n);
void dtk_binary_i64(dt_binop op, int64_t *out, const int64_t *a, const int64_t *b, dt_bcast g, int64_t n);
void dtk_relu_f32(float *out, const float *in, int64_t n);
void dtk_relu_f64(double *out, const double *in, int64_t n);
void dtk_relu_i64(int64_t *out, const int64_t *in, int64_t n);

/* random.cu: element i is draw offset + i of the counter-based stream */
void dtk_randn_f32(float *out, int64_t n, uint64_t seed, uint64_t offset);
void dtk_randn_f64(double *out, int64_t n, uint64_t seed, uint64_t offset);

/* matmul.cu */
void dtk_matmul_f32(float *out, const float *a, const float *b, int64_t m, int64_t k, int64_t n);
void dtk_matmul_f64(double *out, const double *a, const double *b, int64_t m, int64_t k, int64_t n);
void dtk_transpose_f32(float *out, const float *in, int64_t rows, int64_t cols);
void dtk_transpose_f64(double *out, const double *in, int64_t rows, int64_t cols);
void dtk_transpose_i64(int64_t *out, const int64_t *in, int64_t rows, int64_t cols);

/* reduce.cu: a sum is dtk_sum_partial over nparts threads (partials in
   double, int64 for int64), then dtk_sum_finish on one; mse is
   dtk_mse_partial, then dtk_sum_finish with mean; cross-entropy is
   dtk_cross_entropy_rows, then dtk_cross_entropy_finish on one thread. */
void dtk_sum_partial_f32(double *parts, const float *in, int64_t n, int64_t nparts);
void dtk_sum_partial_f64(double *parts, const double *in, int64_t n, int64_t nparts);
void dtk_sum_partial_i64(int64_t *parts, const int64_t *in, int64_t n, int64_t nparts);
void dtk_sum_finish_f32(float *out, const double *parts, int64_t nparts, int64_t n, int mean);
void dtk_sum_finish_f64(double *out, const double *parts, int64_t nparts, int64_t n, int mean);
void dtk_sum_finish_i64(int64_t *out, const int64_t *parts, int64_t nparts, int64_t n, int mean);
void dtk_mse_partial_f32(double *parts, const float *a, const float *b, int64_t n, int64_t nparts);
void dtk_mse_partial_f64(double *parts, const double *a, const double *b, int64_t n, int64_t nparts);
void dtk_softmax_f32(float *out, const float *in, dt_axis ax);
void dtk_softmax_f64(double *out, const double *in, dt_axis ax);
void dtk_argmax_f32(int64_t *out, const float *in, dt_axis ax);
void dtk_argmax_f64(int64_t *out, const double *in, dt_axis ax);
void dtk_argmax_i64(int64_t *out, const int64_t *in, dt_axis ax);
void dtk_cross_entropy_rows_f32(double *loss, const float *logits, const int64_t *labels, int64_t n, int64_t c);
void dtk_cross_entropy_rows_f64(double *loss, const double *logits, const int64_t *labels, int64_t n, int64_t c);
void dtk_cross_entropy_finish_f32(float *out, const double *loss, const int64_t *labels, int64_t n, int64_t c, int64_t *bad);
void dtk_cross_entropy_finish_f64(double *out, const double *loss, const int64_t *labels, int64_t n, int64_t c, int64_t *bad);

/* conv.cu */
void dtk_conv2d_f32(float *out, const float *in, const float *w, const float *bias, dt_conv_geom g);
void dtk_conv2d_f64(double *out, const double *in, const double *w, const double *bias, dt_conv_geom g);
void dtk_maxpool2d_f32(float *out, const float *in, dt_pool_geom g);
void dtk_maxpool2d_f64(double *out, const double *in, dt_pool_geom g);
void dtk_slice_f32(float *out, const float *in, dt_axis ax, int64_t start, int64_t count);
void dtk_slice_f64(double *out, const double *in, dt_axis ax, int64_t start, int64_t count);
void dtk_slice_i64(int64_t *out, const int64_t *in, dt_axis ax, int64_t start, int64_t count);
#ifdef __cplusplus
}
#endif
#endif

#endif /* DT_KERNELS_H */
