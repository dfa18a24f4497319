/*
 * Matrix kernels, one thread per output element: consecutive threads take
 * consecutive columns, so their loads of b and stores to out coalesce.
 */
#include "common.cuh"

/* out[m, n] = a[m, k] b[k, n], all row-major */
template <typename T>
__device__ void matmul(T *out, const T *a, const T *b, int64_t m, int64_t k, int64_t n)
{
    DTK_FOR(i, m * n) {
        const T *row = a + i / n * k, *col = b + i % n;
        T acc = 0;
        for (int64_t j = 0; j < k; j++)
            acc += row[j] * col[j * n];
        out[i] = acc;
    }
}

#define MATMUL(SFX, T)                                                              \
    extern "C" __global__ void dtk_matmul_##SFX(T *out, const T *a, const T *b,     \
                                                int64_t m, int64_t k, int64_t n)    \
    {                                                                               \
        matmul(out, a, b, m, k, n);                                                 \
    }                                                                               \
    DTK_REGISTER(dtk_matmul_##SFX)
DTK_FLOAT_TYPES(MATMUL)

/* out[cols, rows] = in[rows, cols]^T, walked in the order of out */
template <typename T>
__device__ void transpose(T *out, const T *in, int64_t rows, int64_t cols)
{
    DTK_FOR(i, rows * cols)
        out[i] = in[i % rows * cols + i / rows];
}

#define TRANSPOSE(SFX, T)                                                           \
    extern "C" __global__ void dtk_transpose_##SFX(T *out, const T *in, int64_t rows, \
                                                   int64_t cols)                    \
    {                                                                               \
        transpose(out, in, rows, cols);                                             \
    }                                                                               \
    DTK_REGISTER(dtk_transpose_##SFX)
DTK_ALL_TYPES(TRANSPOSE)
