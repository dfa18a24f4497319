/* The ops, against values computed by hand (PyTorch gives the same). */
#include "dt_check.h"

typedef dt_tensor *(*binary_fn)(dt_tensor *, dt_tensor *);

/* Runs op(a, b), checks its shape and values, releases all three. */
static void check_binary_(const char *file, int line, binary_fn op, dt_tensor *a,
                          dt_tensor *b, dt_shape shape, const double *expect, int64_t n)
{
    dt_tensor *r = op(a, b);
    if (check_shape_(file, line, r, shape)) {
        CHECK_AT(file, line, dt_dtype_of(r) == dt_dtype_of(a));
        check_values_(file, line, r, 1e-5, expect, n);
    }
    dt_release(r);
    dt_release(a);
    dt_release(b);
}
#define CHECK_BINARY(op, a, b, shape, ...) \
    check_binary_(__FILE__, __LINE__, (op), (a), (b), (shape), DOUBLES(__VA_ARGS__))

/* Runs a one-operand op, checks its result's dtype, shape and values, and
   releases the result (not the operand). */
static void check_result_(const char *file, int line, dt_tensor *r, dt_dtype dtype,
                          dt_shape shape, double tol, const double *expect, int64_t n)
{
    if (check_shape_(file, line, r, shape)) {
        CHECK_AT(file, line, dt_dtype_of(r) == dtype);
        CHECK_AT(file, line, dt_device_equal(dt_device_of(r), dt_cpu()));
        check_values_(file, line, r, tol, expect, n);
    }
    dt_release(r);
}
#define CHECK_RESULT(r, dtype, shape, tol, ...) \
    check_result_(__FILE__, __LINE__, (r), (dtype), (shape), (tol), DOUBLES(__VA_ARGS__))

static dt_tensor *mat23(void)   /* [[1, 2, 3], [4, 5, 6]] */
{
    return F32(DT_SHAPE(2, 3), 1, 2, 3, 4, 5, 6);
}

static dt_tensor *vec3(void)    /* [10, 20, 30] */
{
    return F32(DT_SHAPE(3), 10, 20, 30);
}

static void test_elementwise_same_shape(void)
{
    CHECK_BINARY(dt_add, F32(DT_SHAPE(3), 1, 2, 3), vec3(), DT_SHAPE(3), 11, 22, 33);
    CHECK_BINARY(dt_sub, F32(DT_SHAPE(3), 1, 2, 3), vec3(), DT_SHAPE(3), -9, -18, -27);
    CHECK_BINARY(dt_mul, F32(DT_SHAPE(3), 1, 2, 3), vec3(), DT_SHAPE(3), 10, 40, 90);
    CHECK_BINARY(dt_add, mat23(), mat23(), DT_SHAPE(2, 3), 2, 4, 6, 8, 10, 12);
    CHECK_BINARY(dt_mul, F64(DT_SHAPE(2), 0.5, -2), F64(DT_SHAPE(2), 4, 3), DT_SHAPE(2), 2, -6);
}

static void test_broadcast_row(void)
{
    /* [2,3] + [3]: the row is added to every row */
    CHECK_BINARY(dt_add, mat23(), vec3(), DT_SHAPE(2, 3), 11, 22, 33, 14, 25, 36);
    CHECK_BINARY(dt_sub, mat23(), vec3(), DT_SHAPE(2, 3), -9, -18, -27, -6, -15, -24);
    /* [3] + [2,3]: the same from the other side */
    CHECK_BINARY(dt_add, vec3(), mat23(), DT_SHAPE(2, 3), 11, 22, 33, 14, 25, 36);
    CHECK_BINARY(dt_sub, vec3(), mat23(), DT_SHAPE(2, 3), 9, 18, 27, 6, 15, 24);
}

static void test_broadcast_column(void)
{
    /* [2,3] + [2,1]: each row gets its own number */
    CHECK_BINARY(dt_add, mat23(), F32(DT_SHAPE(2, 1), 100, 200), DT_SHAPE(2, 3),
                 101, 102, 103, 204, 205, 206);
    /* [2,1] * [1,3]: an outer product */
    CHECK_BINARY(dt_mul, F32(DT_SHAPE(2, 1), 1, 2), F32(DT_SHAPE(1, 3), 10, 20, 30),
                 DT_SHAPE(2, 3), 10, 20, 30, 20, 40, 60);
    /* a 0-d tensor broadcasts against anything */
    CHECK_BINARY(dt_mul, mat23(), F32(DT_SHAPE(), 2), DT_SHAPE(2, 3), 2, 4, 6, 8, 10, 12);
}

static void test_broadcast_3d(void)
{
    /* [2,1,3] + [4,1] -> [2,4,3]: out[i][j][k] = a[i][0][k] + b[j][0] */
    double expect[24];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 4; j++)
            for (int k = 0; k < 3; k++)
                expect[(i * 4 + j) * 3 + k] = (i * 3 + k) + 10.0 * (j + 1);
    dt_tensor *a = F64(DT_SHAPE(2, 1, 3), 0, 1, 2, 3, 4, 5);
    dt_tensor *b = F64(DT_SHAPE(4, 1), 10, 20, 30, 40);
    dt_tensor *r = dt_add(a, b);
    CHECK_SHAPE(r, DT_SHAPE(2, 4, 3));
    CHECK_VALUES_ARRAY(r, 0, expect, 24);
    dt_release(r);
    dt_release(a);
    dt_release(b);
}

static void test_broadcast_incompatible(void)
{
    dt_tensor *a = mat23();
    dt_tensor *b2 = F32(DT_SHAPE(2), 1, 2);
    dt_tensor *b32 = dt_ones(DT_SHAPE(3, 2));
    CHECK_FAILS(dt_add(a, b2), "dt_add");
    CHECK_FAILS(dt_mul(a, b32), "dt_mul");
    CHECK_FAILS(dt_sub(b2, a), "dt_sub");
    dt_release(a);
    dt_release(b2);
    dt_release(b32);
}

static void test_i64_add(void)
{
    dt_tensor *a = dt_arange(3);
    dt_tensor *b = I64(DT_SHAPE(3), 10, 20, 30);
    dt_tensor *r = dt_add(a, b);
    CHECK_RESULT(r, DT_I64, DT_SHAPE(3), 0, 10, 21, 32);
    dt_release(a);
    dt_release(b);
}

static void test_matmul(void)
{
    dt_tensor *a = mat23();
    dt_tensor *b = F32(DT_SHAPE(3, 2), 7, 8, 9, 10, 11, 12);
    CHECK_RESULT(dt_matmul(a, b), DT_F32, DT_SHAPE(2, 2), 1e-4, 58, 64, 139, 154);
    /* [3,2] @ [2,3] */
    CHECK_RESULT(dt_matmul(b, a), DT_F32, DT_SHAPE(3, 3), 1e-4,
                 39, 54, 69, 49, 68, 87, 59, 82, 105);
    dt_release(a);
    dt_release(b);

    dt_tensor *c = F64(DT_SHAPE(1, 2), 0.5, 0.25);
    dt_tensor *d = F64(DT_SHAPE(2, 1), 4, 8);
    CHECK_RESULT(dt_matmul(c, d), DT_F64, DT_SHAPE(1, 1), 1e-12, 4);
    dt_release(c);
    dt_release(d);
}

static void test_matmul_shape_mismatch(void)
{
    dt_tensor *a = mat23();
    dt_tensor *b = mat23();
    CHECK_FAILS(dt_matmul(a, b), "dt_matmul", "2x3");
    dt_release(a);
    dt_release(b);
}

static void test_relu(void)
{
    dt_tensor *x = F32(DT_SHAPE(2, 2), -1, 0, 2, -3.5f);
    dt_tensor *r = dt_relu(x);
    CHECK(r != x);
    CHECK_RESULT(r, DT_F32, DT_SHAPE(2, 2), 0, 0, 0, 2, 0);
    CHECK_VALUES(x, 0, -1, 0, 2, -3.5);   /* not in place */
    dt_release(x);
}

/* e^1, e^2, e^3 over their sum; and 1/(1+e^-1), 1/(1+e^-2). */
#define SM1 0.0900305732
#define SM2 0.2447284711
#define SM3 0.6652409558
#define SIG1 0.7310585786
#define SIG2 0.8807970780

static void test_softmax_rows(void)
{
    dt_tensor *x = F32(DT_SHAPE(2, 3), 1, 2, 3, 1, 1, 1);
    CHECK_RESULT(dt_softmax(x, 1), DT_F32, DT_SHAPE(2, 3), 1e-6,
                 SM1, SM2, SM3, 1.0 / 3, 1.0 / 3, 1.0 / 3);
    CHECK_RESULT(dt_softmax(x, -1), DT_F32, DT_SHAPE(2, 3), 1e-6,
                 SM1, SM2, SM3, 1.0 / 3, 1.0 / 3, 1.0 / 3);
    dt_release(x);
}

static void test_softmax_columns(void)
{
    dt_tensor *x = F32(DT_SHAPE(2, 3), 1, 2, 3, 1, 1, 1);
    CHECK_RESULT(dt_softmax(x, 0), DT_F32, DT_SHAPE(2, 3), 1e-6,
                 0.5, SIG1, SIG2, 0.5, 1 - SIG1, 1 - SIG2);
    CHECK_RESULT(dt_softmax(x, -2), DT_F32, DT_SHAPE(2, 3), 1e-6,
                 0.5, SIG1, SIG2, 0.5, 1 - SIG1, 1 - SIG2);
    dt_release(x);
}

static void test_softmax_middle_dim(void)
{
    /* [2,2,2] along dim 1: pairs (0,2) (1,3) (4,6) (5,6) */
    dt_tensor *x = F64(DT_SHAPE(2, 2, 2), 0, 1, 2, 3, 4, 5, 6, 6);
    CHECK_RESULT(dt_softmax(x, 1), DT_F64, DT_SHAPE(2, 2, 2), 1e-9,
                 1 - SIG2, 1 - SIG2, SIG2, SIG2, 1 - SIG2, 1 - SIG1, SIG2, SIG1);
    dt_release(x);
}

static void test_softmax_large_values(void)
{
    /* stable like PyTorch: no overflow to inf/nan */
    dt_tensor *x = F32(DT_SHAPE(2), 1000, 1001);
    CHECK_RESULT(dt_softmax(x, 0), DT_F32, DT_SHAPE(2), 1e-6, 1 - SIG1, SIG1);
    dt_release(x);
}

static void test_softmax_empty_dim(void)
{
    /* like torch.softmax(torch.zeros(2, 0), 1): an empty result, no reads */
    dt_tensor *x = dt_zeros(DT_SHAPE(2, 0));
    dt_tensor *r = dt_softmax(x, 1);
    CHECK_SHAPE(r, DT_SHAPE(2, 0));
    dt_release(r);
    dt_release(x);
}

static void test_softmax_bad_dim(void)
{
    dt_tensor *x = mat23();
    CHECK_FAILS(dt_softmax(x, 2), "dt_softmax");
    CHECK_FAILS(dt_softmax(x, -3), "dt_softmax");
    dt_release(x);
}

static void test_nan_propagates(void)
{
    /* PyTorch: relu(nan) is nan, and argmax takes a nan as the maximum */
    dt_tensor *x = F32(DT_SHAPE(3), NAN, -1, 2);
    dt_tensor *r = dt_relu(x);
    double *v = dt_test_values(r);
    CHECK(v != NULL && isnan(v[0]) && v[1] == 0 && v[2] == 2);
    free(v);
    dt_release(r);
    dt_release(x);
    dt_tensor *y = F32(DT_SHAPE(3), 1, NAN, 2);
    CHECK_RESULT(dt_argmax(y, 0), DT_I64, DT_SHAPE(), 0, 1);
    dt_release(y);
}

static void test_sum_mean(void)
{
    dt_tensor *x = F32(DT_SHAPE(2, 2), 1, 2, 3, 4);
    CHECK_RESULT(dt_sum(x), DT_F32, DT_SHAPE(), 0, 10);
    CHECK_RESULT(dt_mean(x), DT_F32, DT_SHAPE(), 0, 2.5);
    dt_release(x);
    dt_tensor *y = F64(DT_SHAPE(3), 0.5, 0.25, 0.125);
    CHECK_RESULT(dt_sum(y), DT_F64, DT_SHAPE(), 0, 0.875);
    CHECK_RESULT(dt_mean(y), DT_F64, DT_SHAPE(), 1e-15, 0.875 / 3);
    dt_release(y);
}

static void test_sum_i64(void)
{
    /* torch.arange(5).sum() is int64 10 */
    dt_tensor *x = dt_arange(5);
    CHECK_RESULT(dt_sum(x), DT_I64, DT_SHAPE(), 0, 10);
    dt_release(x);
}

static void test_transpose(void)
{
    dt_tensor *x = mat23();
    CHECK_RESULT(dt_transpose(x), DT_F32, DT_SHAPE(3, 2), 0, 1, 4, 2, 5, 3, 6);
    dt_release(x);
}

static void test_reshape(void)
{
    dt_tensor *x = mat23();
    CHECK_RESULT(dt_reshape(x, DT_SHAPE(3, 2)), DT_F32, DT_SHAPE(3, 2), 0, 1, 2, 3, 4, 5, 6);
    CHECK_RESULT(dt_reshape(x, DT_SHAPE(-1)), DT_F32, DT_SHAPE(6), 0, 1, 2, 3, 4, 5, 6);
    CHECK_RESULT(dt_reshape(x, DT_SHAPE(3, -1)), DT_F32, DT_SHAPE(3, 2), 0, 1, 2, 3, 4, 5, 6);
    CHECK_RESULT(dt_reshape(x, DT_SHAPE(1, -1, 1)), DT_F32, DT_SHAPE(1, 6, 1), 0,
                 1, 2, 3, 4, 5, 6);
    dt_release(x);
}

static void test_reshape_is_a_view(void)
{
    /* like torch.reshape of a contiguous tensor: storage is shared */
    dt_tensor *x = mat23();
    dt_tensor *r = dt_reshape(x, DT_SHAPE(6));
    ((float *)dt_data(x))[5] = 60;
    CHECK_VALUES(r, 0, 1, 2, 3, 4, 5, 60);
    dt_release(r);
    dt_release(x);
}

static void test_reshape_errors(void)
{
    dt_tensor *x = mat23();
    CHECK_FAILS(dt_reshape(x, DT_SHAPE(4, 2)), "dt_reshape", "[4, 2]", "6");
    CHECK_FAILS(dt_reshape(x, DT_SHAPE(4, -1)), "dt_reshape");
    CHECK_FAILS(dt_reshape(x, DT_SHAPE(-1, -1)), "dt_reshape");
    dt_release(x);
}

static void test_argmax(void)
{
    /* ties go to the first maximum, as in PyTorch */
    dt_tensor *x = F32(DT_SHAPE(2, 3), 1, 5, 3, 7, 2, 7);
    CHECK_RESULT(dt_argmax(x, 1), DT_I64, DT_SHAPE(2), 0, 1, 0);
    CHECK_RESULT(dt_argmax(x, -1), DT_I64, DT_SHAPE(2), 0, 1, 0);
    CHECK_RESULT(dt_argmax(x, 0), DT_I64, DT_SHAPE(3), 0, 1, 0, 1);
    CHECK_FAILS(dt_argmax(x, 2), "dt_argmax");
    dt_release(x);
    dt_tensor *y = F64(DT_SHAPE(2, 2, 2), 0, 9, 3, 1, 5, 5, 4, 6);
    CHECK_RESULT(dt_argmax(y, 1), DT_I64, DT_SHAPE(2, 2), 0, 1, 0, 0, 1);
    dt_release(y);
}

static void test_cross_entropy(void)
{
    /* log-sum-exp of each row minus the logit of its label, averaged:
       row 0: log(e+e^2+e^3) - 3 = 0.4076059644, row 1: log 3 = 1.0986122887 */
    dt_tensor *logits = F32(DT_SHAPE(2, 3), 1, 2, 3, 1, 1, 1);
    dt_tensor *labels = I64(DT_SHAPE(2), 2, 0);
    CHECK_RESULT(dt_cross_entropy(logits, labels), DT_F32, DT_SHAPE(), 1e-5,
                 (0.4076059644 + 1.0986122887) / 2);
    dt_release(logits);
    dt_release(labels);

    dt_tensor *l64 = F64(DT_SHAPE(1, 2), 0, 0);
    dt_tensor *one = I64(DT_SHAPE(1), 1);
    CHECK_RESULT(dt_cross_entropy(l64, one), DT_F64, DT_SHAPE(), 1e-12, 0.6931471805599453);
    dt_release(l64);
    dt_release(one);
}

static void test_cross_entropy_errors(void)
{
    dt_tensor *logits = F32(DT_SHAPE(2, 3), 1, 2, 3, 1, 1, 1);
    dt_tensor *too_big = I64(DT_SHAPE(2), 3, 0);
    dt_tensor *negative = I64(DT_SHAPE(2), 0, -1);
    dt_tensor *f32_labels = F32(DT_SHAPE(2), 2, 0);
    dt_tensor *wrong_count = I64(DT_SHAPE(3), 0, 1, 2);
    CHECK_FAILS(dt_cross_entropy(logits, too_big), "dt_cross_entropy", "3");
    CHECK_FAILS(dt_cross_entropy(logits, negative), "dt_cross_entropy");
    CHECK_FAILS(dt_cross_entropy(logits, f32_labels), "dt_cross_entropy", "float32");
    CHECK_FAILS(dt_cross_entropy(logits, wrong_count), "dt_cross_entropy");
    dt_release(logits);
    dt_release(too_big);
    dt_release(negative);
    dt_release(f32_labels);
    dt_release(wrong_count);
}

static void test_mse_loss(void)
{
    dt_tensor *a = F32(DT_SHAPE(3), 1, 2, 3);
    dt_tensor *b = F32(DT_SHAPE(3), 1, 0, 6);
    CHECK_RESULT(dt_mse_loss(a, b), DT_F32, DT_SHAPE(), 1e-6, 13.0 / 3);
    dt_release(a);
    dt_release(b);
}

static void test_flatten(void)
{
    dt_tensor *x = F32(DT_SHAPE(2, 3, 2), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    CHECK_RESULT(dt_flatten(x), DT_F32, DT_SHAPE(2, 6), 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    dt_release(x);
    dt_tensor *y = F32(DT_SHAPE(2, 1, 2, 1), 1, 2, 3, 4);
    CHECK_RESULT(dt_flatten(y), DT_F32, DT_SHAPE(2, 2), 0, 1, 2, 3, 4);
    dt_release(y);
    dt_tensor *z = mat23();
    CHECK_RESULT(dt_flatten(z), DT_F32, DT_SHAPE(2, 3), 0, 1, 2, 3, 4, 5, 6);
    dt_release(z);
    dt_tensor *v = F32(DT_SHAPE(3), 1, 2, 3);   /* no dim to keep: PyTorch refuses */
    CHECK_FAILS(dt_flatten(v), "dt_flatten", "2 dims");
    dt_release(v);
}

static void test_to_dtype(void)
{
    dt_tensor *f = F32(DT_SHAPE(3), 1.5f, -2.75f, 3);
    CHECK_RESULT(dt_to_dtype(f, DT_F64), DT_F64, DT_SHAPE(3), 0, 1.5, -2.75, 3);
    /* float to int truncates toward zero */
    CHECK_RESULT(dt_to_dtype(f, DT_I64), DT_I64, DT_SHAPE(3), 0, 1, -2, 3);
    dt_release(f);

    dt_tensor *d = F64(DT_SHAPE(2), 0.1, 1e10);
    CHECK_RESULT(dt_to_dtype(d, DT_F32), DT_F32, DT_SHAPE(2), 0, (float)0.1, (float)1e10);
    CHECK_RESULT(dt_to_dtype(d, DT_I64), DT_I64, DT_SHAPE(2), 0, 0, 1e10);
    dt_release(d);

    dt_tensor *i = I64(DT_SHAPE(2), -3, 5);
    CHECK_RESULT(dt_to_dtype(i, DT_F32), DT_F32, DT_SHAPE(2), 0, -3, 5);
    CHECK_RESULT(dt_to_dtype(i, DT_F64), DT_F64, DT_SHAPE(2), 0, -3, 5);
    dt_release(i);
}

static void test_to_dtype_same(void)
{
    /* x.to(x.dtype) is x */
    dt_tensor *f = F32(DT_SHAPE(1), 1);
    dt_tensor *g = dt_to_dtype(f, DT_F32);
    CHECK(g == f);
    dt_release(g);
    CHECK_VALUES(f, 0, 1);
    dt_release(f);
}

static void test_dtype_mismatch(void)
{
    dt_tensor *a = F32(DT_SHAPE(2), 1, 2);
    dt_tensor *b = F64(DT_SHAPE(2), 1, 2);
    dt_tensor *m = F64(DT_SHAPE(2, 2), 1, 2, 3, 4);
    dt_tensor *w = dt_ones(DT_SHAPE(2, 2));
    CHECK_FAILS(dt_add(a, b), "dt_add", "dtype", "float32", "float64");
    CHECK_FAILS(dt_mul(b, a), "dt_mul", "dtype", "float64 and float32");
    CHECK_FAILS(dt_matmul(m, w), "dt_matmul", "dtype", "float64", "float32");
    CHECK_FAILS(dt_mse_loss(a, b), "dt_mse_loss", "float32", "float64");
    dt_release(a);
    dt_release(b);
    dt_release(m);
    dt_release(w);
}

static void test_results_are_new(void)
{
    dt_tensor *x = mat23();
    dt_tensor *y = dt_add(x, x);
    CHECK(y != NULL && y != x);
    CHECK_VALUES(x, 0, 1, 2, 3, 4, 5, 6);
    dt_release(x);
    dt_release(y);
}

int main(void)
{
    RUN(test_elementwise_same_shape);
    RUN(test_broadcast_row);
    RUN(test_broadcast_column);
    RUN(test_broadcast_3d);
    RUN(test_broadcast_incompatible);
    RUN(test_i64_add);
    RUN(test_matmul);
    RUN(test_matmul_shape_mismatch);
    RUN(test_relu);
    RUN(test_softmax_rows);
    RUN(test_softmax_columns);
    RUN(test_softmax_middle_dim);
    RUN(test_softmax_large_values);
    RUN(test_softmax_empty_dim);
    RUN(test_softmax_bad_dim);
    RUN(test_nan_propagates);
    RUN(test_sum_mean);
    RUN(test_sum_i64);
    RUN(test_transpose);
    RUN(test_reshape);
    RUN(test_reshape_is_a_view);
    RUN(test_reshape_errors);
    RUN(test_argmax);
    RUN(test_cross_entropy);
    RUN(test_cross_entropy_errors);
    RUN(test_mse_loss);
    RUN(test_flatten);
    RUN(test_to_dtype);
    RUN(test_to_dtype_same);
    RUN(test_dtype_mismatch);
    RUN(test_results_are_new);
    return TEST_REPORT();
}
