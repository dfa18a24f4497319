/* Creating tensors: values, shapes, dtypes, devices, names, provenance. */
#include "dt_check.h"

#include <stdlib.h>

/* t is a cpu tensor of the given dtype and shape. */
static void check_meta_(const char *file, int line, const dt_tensor *t, dt_dtype dtype,
                        dt_shape s)
{
    if (!check_shape_(file, line, t, s))
        return;
    int64_t numel = 1;
    for (int i = 0; i < s.ndim; i++)
        numel *= s.dims[i];
    CHECK_AT(file, line, dt_numel(t) == numel);
    CHECK_AT(file, line, dt_dtype_of(t) == dtype);
    CHECK_AT(file, line, dt_device_equal(dt_device_of(t), dt_cpu()));
}
#define CHECK_META(t, dtype, shape) check_meta_(__FILE__, __LINE__, (t), (dtype), (shape))

/* The creation site of t is this file, `line`, made by `func`. */
static void check_site_(const char *file, int line, const dt_tensor *t, int expect_line,
                        const char *func)
{
    dt_site s = dt_created_at(t);
    CHECK_STR_EQ_AT(file, line, s.file, __FILE__);
    CHECK_AT(file, line, s.line == expect_line);
    CHECK_STR_EQ_AT(file, line, s.func, func);
}
#define CHECK_SITE(t, expect_line, func) \
    check_site_(__FILE__, __LINE__, (t), (expect_line), (func))

static void test_devices(void)
{
    CHECK(dt_cpu().type == DT_CPU);
    CHECK(dt_cuda(1).type == DT_CUDA && dt_cuda(1).index == 1);
    CHECK(dt_device_equal(dt_cpu(), dt_cpu()));
    CHECK(dt_device_equal(dt_cuda(0), dt_cuda(0)));
    CHECK(!dt_device_equal(dt_cuda(0), dt_cuda(1)));
    CHECK(!dt_device_equal(dt_cpu(), dt_cuda(0)));
    CHECK_STR_EQ(dt_device_name(dt_cpu()), "cpu");
    CHECK_STR_EQ(dt_device_name(dt_cuda(0)), "cuda:0");
    CHECK_STR_EQ(dt_device_name(dt_cuda(1)), "cuda:1");
}

static void test_dtypes(void)
{
    CHECK_STR_EQ(dt_dtype_name(DT_F32), "float32");
    CHECK_STR_EQ(dt_dtype_name(DT_F64), "float64");
    CHECK_STR_EQ(dt_dtype_name(DT_I64), "int64");
    CHECK(dt_dtype_size(DT_F32) == 4);
    CHECK(dt_dtype_size(DT_F64) == 8);
    CHECK(dt_dtype_size(DT_I64) == 8);
}

static void test_shape_macro(void)
{
    dt_shape scalar = DT_SHAPE();
    dt_shape s = DT_SHAPE(2, 3, 4);
    CHECK(scalar.ndim == 0);
    CHECK(s.ndim == 3);
    CHECK(s.dims[0] == 2 && s.dims[1] == 3 && s.dims[2] == 4);
}

static void test_zeros_ones(void)
{
    dt_tensor *z = dt_zeros(DT_SHAPE(2, 3));
    dt_tensor *o = dt_ones(DT_SHAPE(3));
    CHECK_META(z, DT_F32, DT_SHAPE(2, 3));
    CHECK_VALUES(z, 0, 0, 0, 0, 0, 0, 0);
    CHECK_META(o, DT_F32, DT_SHAPE(3));
    CHECK_VALUES(o, 0, 1, 1, 1);
    dt_release(z);
    dt_release(o);
}

static void test_scalar(void)
{
    dt_tensor *z = dt_zeros(DT_SHAPE());
    dt_tensor *o = dt_ones(DT_SHAPE());
    CHECK_META(z, DT_F32, DT_SHAPE());
    CHECK(dt_numel(z) == 1);
    CHECK(dt_item(z) == 0.0);
    CHECK(dt_item(o) == 1.0);
    dt_release(z);
    dt_release(o);
}

static void test_empty_dim(void)
{
    /* like torch.zeros(0, 3): a valid tensor with no elements */
    dt_tensor *e = dt_zeros(DT_SHAPE(0, 3));
    CHECK_META(e, DT_F32, DT_SHAPE(0, 3));
    CHECK(dt_numel(e) == 0);
    dt_release(e);
}

static void test_arange(void)
{
    dt_tensor *a = dt_arange(5);
    CHECK_META(a, DT_I64, DT_SHAPE(5));
    CHECK_VALUES(a, 0, 0, 1, 2, 3, 4);
    dt_release(a);
}

static void test_from_host(void)
{
    float f[] = {1.5f, -2.0f, 3.25f, 4.0f, 5.0f, 6.0f};
    double d[] = {0.1, 0.2, 0.3};
    int64_t i[] = {-3, 0, 9000000000LL};
    dt_tensor *tf = dt_from_f32(f, DT_SHAPE(3, 2));
    dt_tensor *td = dt_from_f64(d, DT_SHAPE(3));
    dt_tensor *ti = dt_from_i64(i, DT_SHAPE(1, 3));
    f[0] = 99.0f;   /* the data were copied */
    CHECK_META(tf, DT_F32, DT_SHAPE(3, 2));
    CHECK_VALUES(tf, 0, 1.5, -2, 3.25, 4, 5, 6);
    CHECK_META(td, DT_F64, DT_SHAPE(3));
    CHECK_VALUES(td, 0, 0.1, 0.2, 0.3);
    CHECK_META(ti, DT_I64, DT_SHAPE(1, 3));
    CHECK_VALUES(ti, 0, -3, 0, 9000000000.0);
    dt_release(tf);
    dt_release(td);
    dt_release(ti);
}

static void test_zeros_like(void)
{
    dt_tensor *src = F64(DT_SHAPE(2, 2), 1, 2, 3, 4);
    dt_tensor *z = dt_zeros_like(src);
    CHECK_META(z, DT_F64, DT_SHAPE(2, 2));
    CHECK_VALUES(z, 0, 0, 0, 0, 0);
    CHECK(z != src);
    dt_tensor *ii = dt_arange(3);
    dt_tensor *zi = dt_zeros_like(ii);
    CHECK_META(zi, DT_I64, DT_SHAPE(3));
    CHECK_VALUES(zi, 0, 0, 0, 0);
    dt_release(src);
    dt_release(z);
    dt_release(ii);
    dt_release(zi);
}

/* n draws of randn as doubles. */
static double *randn_values(int64_t n)
{
    dt_tensor *t = dt_randn(DT_SHAPE(n));
    double *v = dt_test_values(t);
    dt_release(t);
    return v;
}

static bool same_values(const double *a, const double *b, int64_t n)
{
    return a && b && memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

static void test_randn_seeded(void)
{
    enum { N = 64 };
    dt_manual_seed(42);
    double *a = randn_values(N);
    double *a2 = randn_values(N);
    dt_manual_seed(42);
    double *b = randn_values(N);
    dt_manual_seed(43);
    double *c = randn_values(N);
    CHECK(a && a2 && b && c);
    CHECK(same_values(a, b, N));    /* same seed, same values */
    CHECK(!same_values(a, a2, N));  /* the generator moves on */
    CHECK(!same_values(a, c, N));   /* another seed, other values */
    free(a);
    free(a2);
    free(b);
    free(c);
}

static void test_randn_distribution(void)
{
    enum { N = 10000 };
    dt_manual_seed(7);
    dt_tensor *t = dt_randn(DT_SHAPE(100, 100));
    CHECK_META(t, DT_F32, DT_SHAPE(100, 100));
    double *v = dt_test_values(t);
    if (!CHECK(v != NULL)) {
        dt_release(t);
        return;
    }
    double sum = 0, sq = 0;
    int distinct_signs[2] = {0, 0};
    for (int i = 0; i < N; i++) {
        sum += v[i];
        distinct_signs[v[i] < 0]++;
    }
    double mean = sum / N;
    for (int i = 0; i < N; i++)
        sq += (v[i] - mean) * (v[i] - mean);
    double std = sqrt(sq / (N - 1));
    CHECK_NEAR(mean, 0.0, 0.05);   /* the standard error is 0.01 */
    CHECK_NEAR(std, 1.0, 0.05);
    CHECK(distinct_signs[0] > 4000 && distinct_signs[1] > 4000);
    free(v);
    dt_release(t);
}

static void test_randn_like(void)
{
    dt_tensor *src = dt_zeros(DT_SHAPE(4, 5));
    dt_tensor *r = dt_randn_like(src);
    CHECK_META(r, DT_F32, DT_SHAPE(4, 5));
    double *v = dt_test_values(r);
    bool any_nonzero = false;
    for (int i = 0; v && i < 20; i++)
        any_nonzero |= v[i] != 0.0;
    CHECK(any_nonzero);
    free(v);
    dt_release(src);
    dt_release(r);
}

static void test_item(void)
{
    dt_tensor *a = F32(DT_SHAPE(1), 2.5f);
    dt_tensor *b = I64(DT_SHAPE(1, 1), 7);
    dt_tensor *c = F64(DT_SHAPE(), -0.125);
    CHECK(dt_item(a) == 2.5);
    CHECK(dt_item(b) == 7.0);
    CHECK(dt_item(c) == -0.125);
    dt_release(a);
    dt_release(b);
    dt_release(c);
}

static void test_copy_to_host(void)
{
    dt_tensor *t = F32(DT_SHAPE(2, 2), 1, 2, 3, 4);
    float out[4] = {0};
    float small[3] = {0, 0, 0};
    CHECK(dt_copy_to_host(t, out, sizeof out) == 0);
    CHECK(out[0] == 1 && out[1] == 2 && out[2] == 3 && out[3] == 4);
    CHECK(dt_copy_to_host(t, small, sizeof small) != 0);
    CHECK(dt_last_error()[0] != '\0');
    CHECK_STR_CONTAINS(dt_last_error(), "dt_copy_to_host");
    CHECK(small[0] == 0 && small[2] == 0);   /* nothing written */
    dt_release(t);
}

static void test_names(void)
{
    dt_tensor *t = dt_zeros(DT_SHAPE(1));
    CHECK(dt_name(t) == NULL);
    char name[] = "weights";
    dt_set_name(t, name);
    name[0] = 'X';   /* the name was copied */
    CHECK_STR_EQ(dt_name(t), "weights");
    dt_set_name(t, "renamed");
    CHECK_STR_EQ(dt_name(t), "renamed");
    dt_release(t);
}

static void test_created_at(void)
{
    int line = __LINE__ + 1;
    dt_tensor *z = dt_zeros(DT_SHAPE(2));
    CHECK_SITE(z, line, "dt_zeros");
    line = __LINE__ + 1;
    dt_tensor *f = F32(DT_SHAPE(2), 1, 2);
    CHECK_SITE(f, line, "dt_from_f32");
    line = __LINE__ + 1;
    dt_tensor *r = dt_randn_like(z);
    CHECK_SITE(r, line, "dt_randn_like");
    line = __LINE__ + 1;
    dt_tensor *sum = dt_add(z, f);
    CHECK_SITE(sum, line, "dt_add");
    dt_release(z);
    dt_release(f);
    dt_release(r);
    dt_release(sum);
}

static void test_created_at_plain(void)
{
    /* the real function behind the macro records no line */
    dt_tensor *z = (dt_zeros)(DT_SHAPE(2));
    dt_site s = dt_created_at(z);
    CHECK(z != NULL);
    CHECK(s.file == NULL);
    CHECK(s.line == 0);
    CHECK_STR_EQ(s.func, "dt_zeros");
    CHECK_VALUES(z, 0, 0, 0);
    dt_release(z);
}

static void test_retain_release(void)
{
    dt_tensor *t = F32(DT_SHAPE(2), 3, 4);
    CHECK(dt_retain(t) == t);
    dt_release(t);               /* one reference left */
    CHECK_VALUES(t, 0, 3, 4);
    dt_release(t);
    dt_release(NULL);            /* fine */
}

static void test_to_same_device(void)
{
    dt_tensor *t = dt_ones(DT_SHAPE(2));
    dt_tensor *u = dt_to(t, dt_cpu());
    CHECK(u == t);   /* already there: a new reference to t itself */
    dt_release(u);
    CHECK_VALUES(t, 0, 1, 1);
    dt_release(t);
}

static void test_pin_memory(void)
{
    dt_tensor *t = F32(DT_SHAPE(3), 1, 2, 3);
    dt_tensor *p = dt_pin_memory(t);
    CHECK_META(p, DT_F32, DT_SHAPE(3));
    CHECK_VALUES(p, 0, 1, 2, 3);
    CHECK(!dt_is_pinned(t));
    if (dt_cuda_is_available())
        CHECK(dt_is_pinned(p));
    dt_release(t);
    dt_release(p);
}

int main(void)
{
    RUN(test_devices);
    RUN(test_dtypes);
    RUN(test_shape_macro);
    RUN(test_zeros_ones);
    RUN(test_scalar);
    RUN(test_empty_dim);
    RUN(test_arange);
    RUN(test_from_host);
    RUN(test_zeros_like);
    RUN(test_randn_seeded);
    RUN(test_randn_distribution);
    RUN(test_randn_like);
    RUN(test_item);
    RUN(test_copy_to_host);
    RUN(test_names);
    RUN(test_created_at);
    RUN(test_created_at_plain);
    RUN(test_retain_release);
    RUN(test_to_same_device);
    RUN(test_pin_memory);
    return TEST_REPORT();
}
