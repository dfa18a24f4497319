/*
 * References: who holds what (read from the runtime's internal counts), and
 * loops of create / op / release that must leave the heap as they found it.
 * Meant to run leak-free under AddressSanitizer too (-DDEVCHECK_SANITIZE=ON);
 * without it, heap growth is measured with mallinfo2.
 */
#include <devtensor.h>   /* first: keeps the site macros that internal.h turns off */
#include "internal.h"

#include "dt_check.h"

#include <malloc.h>
#include <unistd.h>

static int refs(const dt_tensor *t)
{
    return atomic_load(&((dt_tensor *)t)->refs);
}

static int storage_refs(const dt_tensor *t)
{
    return atomic_load(&t->storage->refs);
}

#define CHECK_REFS(t, n) CHECK_AT(__FILE__, __LINE__, (t) != NULL && refs(t) == (n))

/* ---- who holds what ----------------------------------------------------- */

static void test_new_and_retain(void)
{
    dt_tensor *t = dt_ones(DT_SHAPE(3));
    CHECK_REFS(t, 1);
    CHECK(storage_refs(t) == 1);
    dt_retain(t);
    CHECK_REFS(t, 2);
    dt_release(t);
    CHECK_REFS(t, 1);
    dt_release(t);
}

static void test_transfer_to_same_place(void)
{
    dt_tensor *t = dt_ones(DT_SHAPE(3));
    dt_tensor *u = dt_to(t, dt_cpu());
    dt_tensor *v = dt_to_dtype(t, DT_F32);
    CHECK(u == t && v == t);
    CHECK_REFS(t, 3);
    dt_release(u);
    dt_release(v);
    dt_tensor *w = dt_to_dtype(t, DT_F64);   /* a real conversion: a new tensor */
    CHECK(w != t);
    CHECK_REFS(w, 1);
    CHECK_REFS(t, 1);
    dt_release(w);
    dt_release(t);
}

static void test_views_share_storage(void)
{
    dt_tensor *t = dt_ones(DT_SHAPE(2, 3));
    dt_tensor *r = dt_reshape(t, DT_SHAPE(3, 2));
    dt_tensor *f = dt_flatten(r);
    CHECK_REFS(t, 1);
    CHECK_REFS(r, 1);
    CHECK(r->storage == t->storage && f->storage == t->storage);
    CHECK(storage_refs(t) == 3);
    dt_release(t);              /* the views keep the storage */
    CHECK(storage_refs(r) == 2);
    CHECK_VALUES(f, 0, 1, 1, 1, 1, 1, 1);
    dt_release(r);
    dt_release(f);
}

static void test_ops_leave_operands_alone(void)
{
    dt_tensor *a = dt_ones(DT_SHAPE(2, 2)), *b = dt_ones(DT_SHAPE(2, 2));
    dt_tensor *r[] = {dt_add(a, b), dt_matmul(a, b), dt_softmax(a, 0), dt_sum(a),
                      dt_mse_loss(a, b), dt_transpose(a)};
    for (size_t i = 0; i < sizeof r / sizeof *r; i++) {
        CHECK_REFS(r[i], 1);
        dt_release(r[i]);
    }
    CHECK_REFS(a, 1);
    CHECK_REFS(b, 1);
    dt_tensor *bad = dt_ones(DT_SHAPE(5));
    CHECK(dt_add(a, bad) == NULL);   /* a failure keeps no reference either */
    CHECK_REFS(a, 1);
    CHECK_REFS(bad, 1);
    dt_release(a);
    dt_release(b);
    dt_release(bad);
}

static void test_lists_hold_references(void)
{
    dt_tensor *t = dt_ones(DT_SHAPE(4));
    dt_list *l = dt_list_new();
    dt_list_push(l, t);
    dt_list_push(l, t);
    CHECK_REFS(t, 3);
    CHECK(dt_list_get(l, 0) == t);
    CHECK_REFS(t, 3);               /* get is borrowed */
    dt_list *m = dt_list_to(l, dt_cpu());
    CHECK_REFS(t, 5);
    dt_list_release(l);
    CHECK_REFS(t, 3);
    dt_list_release(m);
    CHECK_REFS(t, 1);

    dt_list *pieces = dt_split(t, 3, 0);
    CHECK(dt_list_len(pieces) == 2);
    CHECK_REFS(dt_list_get(pieces, 0), 1);   /* held by the list alone */
    CHECK_REFS(dt_list_get(pieces, 1), 1);
    CHECK_REFS(t, 1);
    dt_list_release(pieces);
    dt_release(t);
}

static void test_modules_hold_references(void)
{
    dt_tensor *w = dt_ones(DT_SHAPE(2)), *buf = dt_zeros(DT_SHAPE(2));
    dt_module *m = dt_module_new("holder", NULL, NULL);
    dt_module_add_param(m, "w", w);
    dt_module_add_buffer(m, "buf", buf);
    CHECK_REFS(w, 2);
    CHECK_REFS(buf, 2);
    CHECK(dt_module_get(m, "w") == w);
    CHECK_REFS(w, 2);               /* get is borrowed */
    dt_module_to(m, dt_cpu());
    CHECK_REFS(w, 2);
    dt_module_release(m);
    CHECK_REFS(w, 1);
    CHECK_REFS(buf, 1);
    dt_release(w);
    dt_release(buf);
}

static void test_forward_leaves_input_alone(void)
{
    dt_module *seq = dt_sequential(dt_linear(2, 2), dt_relu_layer(), NULL);
    dt_tensor *x = dt_ones(DT_SHAPE(1, 2));
    dt_tensor *y = dt_forward(seq, x);
    CHECK_REFS(x, 1);
    CHECK_REFS(y, 1);
    CHECK_REFS(dt_module_get(seq, "0.weight"), 1);
    dt_release(x);
    dt_release(y);
    dt_module_release(seq);
}

static void test_datasets_hold_references(void)
{
    dt_tensor *x = dt_zeros(DT_SHAPE(5, 2)), *y = dt_arange(5);
    dt_dataset *ds = dt_dataset_new(x, y);
    CHECK_REFS(x, 2);
    CHECK_REFS(y, 2);
    dt_loader *l = dt_loader_new(ds, 2, true, true);
    dt_tensor *bx, *by;
    CHECK(dt_loader_next(l, &bx, &by));
    CHECK_REFS(bx, 1);
    CHECK_REFS(by, 1);
    dt_release(bx);
    dt_release(by);
    dt_loader_free(l);
    dt_dataset_free(ds);
    CHECK_REFS(x, 1);
    CHECK_REFS(y, 1);
    dt_release(x);
    dt_release(y);
}

/* ---- loops that must not leak ------------------------------------------- */

static void tensor_round(void)
{
    dt_tensor *a = dt_randn(DT_SHAPE(8, 8)), *b = dt_ones(DT_SHAPE(8));
    dt_tensor *c = dt_add(a, b), *d = dt_matmul(c, a), *e = dt_softmax(d, 1);
    dt_tensor *f = dt_reshape(e, DT_SHAPE(-1)), *g = dt_to_dtype(f, DT_F64);
    dt_tensor *h = dt_argmax(e, 0), *s = dt_mean(g), *p = dt_pin_memory(a);
    dt_tensor *fail = dt_matmul(b, b);   /* fails: 1-D */
    dt_tensor *all[] = {a, b, c, d, e, f, g, h, s, p, fail};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        dt_release(all[i]);
}

static void list_round(void)
{
    dt_tensor *t = dt_randn(DT_SHAPE(10, 3));
    dt_list *pieces = dt_split(t, 4, 0);
    dt_list *moved = dt_list_to(pieces, dt_cpu());
    dt_list *l = dt_list_new();
    for (size_t i = 0; i < dt_list_len(moved); i++)
        dt_list_push(l, dt_list_get(moved, i));
    dt_list_release(pieces);
    dt_list_release(moved);
    dt_list_release(l);
    dt_release(t);
}

static dt_tensor *double_forward(dt_module *self, dt_tensor *x)
{
    return dt_mul(x, dt_module_get(self, "two"));
}

static void module_round(const char *path)
{
    dt_module *custom = dt_module_new("Double", double_forward, malloc(16));
    dt_module_set_state_free(custom, free);
    dt_tensor *two = dt_from_f32((const float[]){2}, DT_SHAPE(1));
    dt_module_add_param(custom, "two", two);
    dt_release(two);
    dt_module *seq = dt_sequential(dt_conv2d(1, 2, 3), dt_relu_layer(), dt_maxpool2d(2, 2),
                                   dt_flatten_layer(), dt_linear(8, 3), custom, NULL);
    dt_module_to(seq, dt_cpu());
    dt_tensor *x = dt_randn(DT_SHAPE(2, 1, 6, 6));
    dt_tensor *y = dt_forward(seq, x);
    dt_module_register("Double", double_forward);
    if (dt_module_save(seq, path) == 0) {
        dt_module *back = dt_module_load(path);
        dt_tensor *y2 = dt_forward(back, x);
        dt_release(y2);
        dt_module_release(back);
    }
    dt_tensor *bad = dt_ones(DT_SHAPE(3));
    dt_release(dt_forward(seq, bad));    /* fails inside the first layer */
    dt_release(bad);
    dt_release(x);
    dt_release(y);
    dt_module_release(seq);
}

static void data_round(void)
{
    dt_tensor *x = dt_randn(DT_SHAPE(7, 3)), *y = dt_arange(7);
    dt_dataset *ds = dt_dataset_new(x, y);
    dt_release(x);
    dt_release(y);
    dt_loader *l = dt_loader_new(ds, 3, true, true);
    dt_tensor *bx, *by;
    for (int epoch = 0; epoch < 2; epoch++) {
        while (dt_loader_next(l, &bx, &by)) {
            dt_release(bx);
            dt_release(by);
        }
        dt_loader_reset(l);
    }
    dt_loader_free(l);
    dt_dataset_free(ds);
}

static size_t heap_in_use(void)
{
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

/* Runs round() n times after a warm-up and checks the heap did not grow
   (a tensor lost per round would add more than the slack). */
static void check_no_growth_(const char *file, int line, void (*round)(void), int n)
{
    round();   /* warm-up: BLAS buffers, thread-locals, the registry */
    size_t before = heap_in_use();
    for (int i = 0; i < n; i++)
        round();
    size_t after = heap_in_use();
    if (UNDER_ASAN)   /* AddressSanitizer's own leak check judges instead */
        return;
    if (!CHECK_AT(file, line, after <= before + 16384))
        fprintf(stderr, "    the heap grew by %zu bytes over %d rounds\n", after - before, n);
}
#define CHECK_NO_GROWTH(round, n) check_no_growth_(__FILE__, __LINE__, (round), (n))

static char module_path[64];

static void module_round_here(void)
{
    module_round(module_path);
}

static void test_loops_do_not_leak(void)
{
    CHECK_NO_GROWTH(tensor_round, 1000);
    CHECK_NO_GROWTH(list_round, 1000);
    CHECK_NO_GROWTH(data_round, 500);
    snprintf(module_path, sizeof module_path, "/tmp/dt_test_refcount.%ld.dtm", (long)getpid());
    CHECK_NO_GROWTH(module_round_here, 200);
    unlink(module_path);
}

int main(void)
{
    RUN(test_new_and_retain);
    RUN(test_transfer_to_same_place);
    RUN(test_views_share_storage);
    RUN(test_ops_leave_operands_alone);
    RUN(test_lists_hold_references);
    RUN(test_modules_hold_references);
    RUN(test_forward_leaves_input_alone);
    RUN(test_datasets_hold_references);
    RUN(test_loops_do_not_leak);
    return TEST_REPORT();
}
