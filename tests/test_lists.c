/* Lists: push, len, get, split (torch.split), list_to. */
#include "dt_check.h"

/* Piece i of l has the shape s and the values expect[0..n). */
static void check_piece_(const char *file, int line, const dt_list *l, size_t i, dt_shape s,
                         const double *expect, int64_t n)
{
    dt_tensor *t = dt_list_get(l, i);
    if (check_shape_(file, line, t, s))
        check_values_(file, line, t, 0, expect, n);
}
#define CHECK_PIECE(l, i, shape, ...) \
    check_piece_(__FILE__, __LINE__, (l), (i), (shape), DOUBLES(__VA_ARGS__))

static void test_push_len_get(void)
{
    dt_list *l = dt_list_new();
    CHECK(l != NULL);
    CHECK(dt_list_len(l) == 0);
    CHECK(dt_list_get(l, 0) == NULL);
    dt_tensor *a = dt_ones(DT_SHAPE(1));
    dt_tensor *b = dt_zeros(DT_SHAPE(2));
    dt_list_push(l, a);
    dt_list_push(l, b);
    dt_list_push(l, a);
    CHECK(dt_list_len(l) == 3);
    CHECK(dt_list_get(l, 0) == a);
    CHECK(dt_list_get(l, 1) == b);
    CHECK(dt_list_get(l, 2) == a);
    CHECK(dt_list_get(l, 3) == NULL);
    CHECK(dt_list_get(l, (size_t)-1) == NULL);
    dt_release(a);
    dt_release(b);
    dt_list_release(l);
}

static void test_push_takes_a_reference(void)
{
    dt_list *l = dt_list_new();
    dt_tensor *a = F32(DT_SHAPE(2), 5, 6);
    dt_list_push(l, a);
    dt_release(a);                          /* the list still holds it */
    CHECK_PIECE(l, 0, DT_SHAPE(2), 5, 6);
    dt_tensor *kept = dt_retain(dt_list_get(l, 0));
    dt_list_release(l);                     /* our own reference survives */
    CHECK_VALUES(kept, 0, 5, 6);
    dt_release(kept);
}

static void test_many_items(void)
{
    dt_list *l = dt_list_new();
    for (int i = 0; i < 100; i++) {
        dt_tensor *t = F32(DT_SHAPE(1), (float)i);
        dt_list_push(l, t);
        dt_release(t);
    }
    CHECK(dt_list_len(l) == 100);
    CHECK(dt_item(dt_list_get(l, 0)) == 0);
    CHECK(dt_item(dt_list_get(l, 57)) == 57);
    CHECK(dt_item(dt_list_get(l, 99)) == 99);
    dt_list_release(l);
}

static void test_split_dim0(void)
{
    /* [5, 2] in pieces of 2 rows: 2, 2, 1 */
    dt_tensor *x = F32(DT_SHAPE(5, 2), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    dt_list *l = dt_split(x, 2, 0);
    CHECK(l != NULL && dt_list_len(l) == 3);
    CHECK_PIECE(l, 0, DT_SHAPE(2, 2), 0, 1, 2, 3);
    CHECK_PIECE(l, 1, DT_SHAPE(2, 2), 4, 5, 6, 7);
    CHECK_PIECE(l, 2, DT_SHAPE(1, 2), 8, 9);
    dt_list_release(l);
    dt_release(x);
}

static void test_split_dim1(void)
{
    /* [2, 5] in pieces of 2 columns: 2, 2, 1 */
    dt_tensor *x = F32(DT_SHAPE(2, 5), 0, 1, 2, 3, 4, 10, 11, 12, 13, 14);
    dt_list *l = dt_split(x, 2, 1);
    CHECK(l != NULL && dt_list_len(l) == 3);
    CHECK_PIECE(l, 0, DT_SHAPE(2, 2), 0, 1, 10, 11);
    CHECK_PIECE(l, 1, DT_SHAPE(2, 2), 2, 3, 12, 13);
    CHECK_PIECE(l, 2, DT_SHAPE(2, 1), 4, 14);
    dt_list_release(l);

    /* dim -1 is the same dim */
    l = dt_split(x, 3, -1);
    CHECK(l != NULL && dt_list_len(l) == 2);
    CHECK_PIECE(l, 0, DT_SHAPE(2, 3), 0, 1, 2, 10, 11, 12);
    CHECK_PIECE(l, 1, DT_SHAPE(2, 2), 3, 4, 13, 14);
    dt_list_release(l);
    dt_release(x);
}

static void test_split_middle_dim(void)
{
    /* [2, 3, 2] along dim 1 in pieces of 2: [2,2,2] and [2,1,2] */
    dt_tensor *ints = dt_arange(12);
    dt_tensor *x = dt_to_dtype(ints, DT_F64);
    dt_release(ints);
    dt_tensor *x3 = dt_reshape(x, DT_SHAPE(2, 3, 2));
    dt_list *l = dt_split(x3, 2, 1);
    CHECK(l != NULL && dt_list_len(l) == 2);
    CHECK_PIECE(l, 0, DT_SHAPE(2, 2, 2), 0, 1, 2, 3, 6, 7, 8, 9);
    CHECK_PIECE(l, 1, DT_SHAPE(2, 1, 2), 4, 5, 10, 11);
    CHECK(dt_dtype_of(dt_list_get(l, 1)) == DT_F64);
    dt_list_release(l);
    dt_release(x3);
    dt_release(x);
}

static void test_split_whole(void)
{
    /* a size at least the dim's length gives one piece equal to the input */
    dt_tensor *x = dt_arange(3);
    dt_list *l = dt_split(x, 5, 0);
    CHECK(l != NULL && dt_list_len(l) == 1);
    CHECK_PIECE(l, 0, DT_SHAPE(3), 0, 1, 2);
    CHECK(dt_dtype_of(dt_list_get(l, 0)) == DT_I64);
    dt_list_release(l);
    dt_release(x);
}

static void test_split_errors(void)
{
    dt_tensor *x = dt_ones(DT_SHAPE(2, 3));
    CHECK_FAILS(dt_split(x, 0, 0), "dt_split");
    CHECK_FAILS(dt_split(x, -1, 0), "dt_split");
    CHECK_FAILS(dt_split(x, 1, 2), "dt_split");
    CHECK_FAILS(dt_split(x, 1, -3), "dt_split");
    dt_release(x);
}

static void test_split_pieces_outlive_input(void)
{
    /* the pieces live on the input's device and keep its values after the
       input is gone */
    dt_tensor *x = F32(DT_SHAPE(4), 1, 2, 3, 4);
    dt_list *l = dt_split(x, 2, 0);
    dt_release(x);
    CHECK_PIECE(l, 1, DT_SHAPE(2), 3, 4);
    CHECK(dt_device_equal(dt_device_of(dt_list_get(l, 0)), dt_cpu()));
    dt_list_release(l);
}

static void test_list_to_cpu(void)
{
    dt_tensor *a = F32(DT_SHAPE(2), 1, 2);
    dt_tensor *b = dt_arange(3);
    dt_list *l = dt_list_new();
    dt_list_push(l, a);
    dt_list_push(l, b);
    dt_list *moved = dt_list_to(l, dt_cpu());
    CHECK(moved != NULL && moved != l);
    CHECK(dt_list_len(moved) == 2);
    /* already on the cpu: each is the same tensor, a new reference */
    CHECK(dt_list_get(moved, 0) == a);
    CHECK(dt_list_get(moved, 1) == b);
    dt_list_release(l);
    dt_release(a);
    dt_release(b);
    CHECK_PIECE(moved, 0, DT_SHAPE(2), 1, 2);   /* still alive: moved holds them */
    CHECK_PIECE(moved, 1, DT_SHAPE(3), 0, 1, 2);
    dt_list_release(moved);
}

static void test_list_to_empty(void)
{
    dt_list *l = dt_list_new();
    dt_list *m = dt_list_to(l, dt_cpu());
    CHECK(m != NULL && m != l);
    CHECK(dt_list_len(m) == 0);
    dt_list_release(l);
    dt_list_release(m);
}

int main(void)
{
    RUN(test_push_len_get);
    RUN(test_push_takes_a_reference);
    RUN(test_many_items);
    RUN(test_split_dim0);
    RUN(test_split_dim1);
    RUN(test_split_middle_dim);
    RUN(test_split_whole);
    RUN(test_split_errors);
    RUN(test_split_pieces_outlive_input);
    RUN(test_list_to_cpu);
    RUN(test_list_to_empty);
    return TEST_REPORT();
}
