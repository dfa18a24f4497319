/* Datasets and loaders: batches, order, shuffling, reset, pinning. */
#include "dt_check.h"

#include <stdlib.h>

enum { N = 10 };

/* x[i] = (i, 100 + i) and y[i] = i, so every row says which sample it is. */
static dt_dataset *make_dataset(int64_t n)
{
    float xs[2 * 64];
    for (int64_t i = 0; i < n; i++) {
        xs[2 * i] = (float)i;
        xs[2 * i + 1] = 100.0f + (float)i;
    }
    dt_tensor *x = dt_from_f32(xs, DT_SHAPE(n, 2));
    dt_tensor *y = dt_arange(n);
    dt_dataset *ds = dt_dataset_new(x, y);
    CHECK(ds != NULL);
    dt_release(x);   /* the dataset keeps its own references */
    dt_release(y);
    return ds;
}

/* One epoch: the sample ids in the order they came (order[0..n)), the size
   of each batch (sizes[0..*nbatches)).  Checks each batch is a well-formed
   cpu batch whose x rows match its y labels.  Returns the samples seen. */
static int64_t run_epoch_(const char *file, int line, dt_loader *l, int64_t *order,
                          int64_t *sizes, int *nbatches)
{
    int64_t seen = 0;
    int batches = 0;
    dt_tensor *x, *y;
    while (dt_loader_next(l, &x, &y)) {
        int64_t b = dt_numel(y);
        bool well_formed = x && y && dt_dtype_of(x) == DT_F32 && dt_dtype_of(y) == DT_I64 &&
                           dt_shape_of(x).ndim == 2 && dt_shape_of(x).dims[0] == b &&
                           dt_shape_of(x).dims[1] == 2 && dt_shape_of(y).ndim == 1 &&
                           dt_device_equal(dt_device_of(x), dt_cpu()) &&
                           dt_device_equal(dt_device_of(y), dt_cpu());
        CHECK_AT(file, line, well_formed);
        double *xv = dt_test_values(x), *yv = dt_test_values(y);
        bool rows_match = xv && yv;
        for (int64_t i = 0; xv && yv && i < b; i++) {
            rows_match &= xv[2 * i] == yv[i] && xv[2 * i + 1] == 100 + yv[i];
            if (seen + i < N)
                order[seen + i] = (int64_t)yv[i];
        }
        seen += b;
        CHECK_AT(file, line, rows_match);
        if (batches < N)
            sizes[batches++] = b;
        free(xv);
        free(yv);
        dt_release(x);
        dt_release(y);
    }
    *nbatches = batches;
    return seen;
}
#define RUN_EPOCH(l, order, sizes, nb) run_epoch_(__FILE__, __LINE__, (l), (order), (sizes), (nb))

/* order[0..n) holds each of 0..n-1 exactly once. */
static bool is_permutation(const int64_t *order, int64_t n)
{
    int seen[N] = {0};
    for (int64_t i = 0; i < n; i++) {
        if (order[i] < 0 || order[i] >= n || seen[order[i]]++)
            return false;
    }
    return true;
}

static bool is_identity(const int64_t *order, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (order[i] != i)
            return false;
    return true;
}

/* The order of one shuffled epoch after dt_manual_seed(seed). */
static void shuffled_order(uint64_t seed, int64_t *order)
{
    dt_dataset *ds = make_dataset(N);
    dt_manual_seed(seed);
    dt_loader *l = dt_loader_new(ds, 3, true, false);
    int64_t sizes[N];
    int nb;
    CHECK(RUN_EPOCH(l, order, sizes, &nb) == N);
    CHECK(is_permutation(order, N));
    dt_loader_free(l);
    dt_dataset_free(ds);
}

static void test_batches_in_order(void)
{
    dt_dataset *ds = make_dataset(N);
    dt_loader *l = dt_loader_new(ds, 4, false, false);
    int64_t order[N], sizes[N];
    int nb = 0;
    CHECK(RUN_EPOCH(l, order, sizes, &nb) == N);
    CHECK(nb == 3);
    CHECK(sizes[0] == 4 && sizes[1] == 4 && sizes[2] == 2);
    CHECK(is_identity(order, N));
    dt_tensor *x = NULL, *y = NULL;
    dt_test_reset_error();
    CHECK(!dt_loader_next(l, &x, &y));   /* the epoch is over: not an error */
    CHECK_STR_EQ(dt_last_error(), "");
    dt_release(x);
    dt_release(y);
    dt_loader_free(l);
    dt_dataset_free(ds);
}

static void test_batch_larger_than_dataset(void)
{
    dt_dataset *ds = make_dataset(N);
    dt_loader *l = dt_loader_new(ds, 64, false, false);
    int64_t order[N], sizes[N];
    int nb = 0;
    CHECK(RUN_EPOCH(l, order, sizes, &nb) == N);
    CHECK(nb == 1 && sizes[0] == N);
    dt_loader_free(l);
    dt_dataset_free(ds);
}

static void test_reset(void)
{
    dt_dataset *ds = make_dataset(N);
    dt_loader *l = dt_loader_new(ds, 4, false, false);
    int64_t order[N], sizes[N];
    int nb;
    RUN_EPOCH(l, order, sizes, &nb);
    dt_loader_reset(l);
    CHECK(RUN_EPOCH(l, order, sizes, &nb) == N);   /* a second full epoch */
    CHECK(nb == 3 && is_identity(order, N));

    /* a reset in the middle starts over */
    dt_loader_reset(l);
    dt_tensor *x, *y;
    CHECK(dt_loader_next(l, &x, &y));
    dt_release(x);
    dt_release(y);
    dt_loader_reset(l);
    CHECK(RUN_EPOCH(l, order, sizes, &nb) == N);
    CHECK(is_identity(order, N));
    dt_loader_free(l);
    dt_dataset_free(ds);
}

static void test_shuffle_is_a_permutation(void)
{
    /* some seed gives an order other than 0..9 (nearly all do) */
    int shuffled = 0;
    for (uint64_t seed = 0; seed < 5; seed++) {
        int64_t order[N];
        shuffled_order(seed, order);
        shuffled += !is_identity(order, N);
    }
    CHECK(shuffled > 0);
}

static void test_shuffle_reproducible(void)
{
    int64_t a[N], b[N], c[N];
    shuffled_order(7, a);
    shuffled_order(7, b);
    shuffled_order(8, c);
    CHECK(memcmp(a, b, sizeof a) == 0);
    CHECK(memcmp(a, c, sizeof a) != 0);   /* 1 in 10! to be equal by chance */
}

static void test_shuffle_each_epoch(void)
{
    /* like DataLoader(shuffle=True): every epoch is shuffled anew */
    dt_dataset *ds = make_dataset(N);
    dt_manual_seed(1);
    dt_loader *l = dt_loader_new(ds, 4, true, false);
    int64_t first[N], order[N], sizes[N];
    int nb, differs = 0;
    RUN_EPOCH(l, first, sizes, &nb);
    for (int epoch = 0; epoch < 4; epoch++) {
        dt_loader_reset(l);
        CHECK(RUN_EPOCH(l, order, sizes, &nb) == N);
        CHECK(is_permutation(order, N));
        differs += memcmp(first, order, sizeof order) != 0;
    }
    CHECK(differs > 0);
    dt_loader_free(l);
    dt_dataset_free(ds);
}

static void test_pin_memory(void)
{
    dt_dataset *ds = make_dataset(N);
    dt_loader *l = dt_loader_new(ds, 4, false, true);
    dt_tensor *x, *y;
    CHECK(dt_loader_next(l, &x, &y));
    CHECK(dt_device_equal(dt_device_of(x), dt_cpu()));
    CHECK(dt_device_equal(dt_device_of(y), dt_cpu()));
    CHECK_VALUES(y, 0, 0, 1, 2, 3);
    if (dt_cuda_is_available())   /* without CUDA nothing can be page-locked */
        CHECK(dt_is_pinned(x) && dt_is_pinned(y));
    dt_release(x);
    dt_release(y);
    dt_loader_free(l);
    dt_dataset_free(ds);
}

static void test_images(void)
{
    /* batches keep the trailing dims: [6,1,2,2] in batches of 4 */
    dt_tensor *x = dt_randn(DT_SHAPE(6, 1, 2, 2));
    dt_tensor *y = dt_arange(6);
    double *xv = dt_test_values(x);
    dt_dataset *ds = dt_dataset_new(x, y);
    dt_loader *l = dt_loader_new(ds, 4, false, false);
    dt_tensor *bx, *by;
    CHECK(dt_loader_next(l, &bx, &by));
    CHECK_SHAPE(bx, DT_SHAPE(4, 1, 2, 2));
    if (CHECK(xv != NULL))
        CHECK_VALUES_ARRAY(bx, 0, xv, 16);
    dt_release(bx);
    dt_release(by);
    CHECK(dt_loader_next(l, &bx, &by));
    CHECK_SHAPE(bx, DT_SHAPE(2, 1, 2, 2));
    if (xv)
        CHECK_VALUES_ARRAY(bx, 0, xv + 16, 8);
    dt_release(bx);
    dt_release(by);
    free(xv);
    dt_loader_free(l);
    dt_dataset_free(ds);
    dt_release(x);
    dt_release(y);
}

static void test_batch_provenance(void)
{
    dt_dataset *ds = make_dataset(N);
    dt_loader *l = dt_loader_new(ds, 4, false, false);
    dt_tensor *x, *y;
    int line = __LINE__ + 1;
    CHECK(dt_loader_next(l, &x, &y));
    dt_site s = dt_created_at(x);
    CHECK_STR_EQ(s.file, __FILE__);
    CHECK(s.line == line);
    CHECK(dt_created_at(y).line == line);
    dt_release(x);
    dt_release(y);
    dt_loader_free(l);
    dt_dataset_free(ds);
}

static void test_errors(void)
{
    dt_tensor *x = dt_zeros(DT_SHAPE(10, 2));
    dt_tensor *y = dt_arange(9);
    CHECK_FAILS(dt_dataset_new(x, y), "dt_dataset_new", "10", "9");
    dt_release(x);
    dt_release(y);

    dt_dataset *ds = make_dataset(N);
    CHECK_FAILS(dt_loader_new(ds, 0, false, false), "dt_loader_new");
    CHECK_FAILS(dt_loader_new(ds, -2, true, false), "dt_loader_new");
    dt_loader *l = dt_loader_new(ds, 2, false, false);
    dt_tensor *bx = NULL;
    CHECK(!dt_loader_next(l, &bx, NULL));   /* nowhere to put y: an error */
    CHECK_STR_CONTAINS(dt_last_error(), "dt_loader_next");
    dt_release(bx);
    dt_loader_free(l);
    dt_dataset_free(ds);
}

int main(void)
{
    RUN(test_batches_in_order);
    RUN(test_batch_larger_than_dataset);
    RUN(test_reset);
    RUN(test_shuffle_is_a_permutation);
    RUN(test_shuffle_reproducible);
    RUN(test_shuffle_each_epoch);
    RUN(test_pin_memory);
    RUN(test_images);
    RUN(test_batch_provenance);
    RUN(test_errors);
    return TEST_REPORT();
}
