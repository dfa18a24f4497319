/*
 * Devices, end to end, with no GPU: a stand-in "cuda" backend with two
 * devices whose memory is host memory and whose kernels are the cpu's is
 * registered through the runtime's device layer (internal.h).  Transfers,
 * dt_module_to, dt_list_to, pinning and the mismatch checks then run for
 * real: tensors truly change storage and device.
 *
 * The stand-in counts its live allocations, so every test can also check
 * that no "device" memory is left behind.
 */
#include <devtensor.h>   /* first: keeps the site macros that internal.h turns off */
#include "internal.h"

#include "dt_check.h"

#include <stdlib.h>
#include <unistd.h>

/* ---- the stand-in backend ----------------------------------------------- */

static int live_device_blocks, live_pinned_blocks, device_copies;

static int fake_device_count(void) { return 2; }

static void *fake_alloc(int index, size_t bytes)
{
    (void)index;
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes) != 0)
        return dt_fail("fake cuda: out of memory");
    live_device_blocks++;
    return p;
}

static void fake_free(int index, void *p)
{
    (void)index;
    live_device_blocks--;
    free(p);
}

static int fake_copy(void *dst, dt_device dd, const void *src, dt_device sd, size_t bytes)
{
    (void)dd;
    (void)sd;
    device_copies++;
    memmove(dst, src, bytes);
    return 0;
}

static void *fake_alloc_pinned(size_t bytes)
{
    live_pinned_blocks++;
    return malloc(bytes);
}

static void fake_free_pinned(void *p)
{
    live_pinned_blocks--;
    free(p);
}

static dt_backend fake_cuda;

static void install_fake_cuda(void)
{
    unsetenv("DT_DEVICE");   /* DT_DEVICE=cpu would hide it */
    fake_cuda = dt_cpu_backend;
    fake_cuda.name = "fake-cuda";
    fake_cuda.device_count = fake_device_count;
    fake_cuda.alloc = fake_alloc;
    fake_cuda.free = fake_free;
    fake_cuda.copy = fake_copy;
    fake_cuda.alloc_pinned = fake_alloc_pinned;
    fake_cuda.free_pinned = fake_free_pinned;
    dt_register_backend(DT_CUDA, &fake_cuda);
}

/* t lives on d */
#define CHECK_ON(t, d) CHECK((t) != NULL && dt_device_equal(dt_device_of(t), (d)))

/* No device memory is left once a test released everything. */
#define CHECK_NOTHING_LEFT() CHECK(live_device_blocks == 0 && live_pinned_blocks == 0)

/* ---- tensors ------------------------------------------------------------ */

static void test_devices_visible(void)
{
    CHECK(dt_cuda_is_available());
    CHECK(dt_cuda_device_count() == 2);
    CHECK_FAILS(dt_zeros_on(DT_SHAPE(2), dt_cuda(2)), "dt_zeros_on", "cuda:2");
    CHECK_FAILS(dt_zeros_on(DT_SHAPE(2), dt_cuda(-1)), "dt_zeros_on");
}

static void test_to_device_and_back(void)
{
    dt_tensor *x = F32(DT_SHAPE(2, 2), 1, 2, 3, 4);
    dt_set_name(x, "x");
    int line = __LINE__ + 1;
    dt_tensor *g = dt_to(x, dt_cuda(0));
    CHECK(g != NULL && g != x);
    CHECK_ON(g, dt_cuda(0));
    CHECK_ON(x, dt_cpu());                  /* not in place */
    CHECK(live_device_blocks == 1);
    CHECK(dt_created_at(g).line == line);
    CHECK_STR_EQ(dt_created_at(g).func, "dt_to");
    CHECK_SHAPE(g, DT_SHAPE(2, 2));
    CHECK_VALUES(g, 0, 1, 2, 3, 4);         /* read back through dt_copy_to_host */

    dt_tensor *same = dt_to(g, dt_cuda(0));
    CHECK(same == g);                       /* already there */
    dt_tensor *other = dt_to(g, dt_cuda(1));
    CHECK_ON(other, dt_cuda(1));
    CHECK_VALUES(other, 0, 1, 2, 3, 4);
    dt_tensor *back = dt_to(other, dt_cpu());
    CHECK_ON(back, dt_cpu());
    CHECK_VALUES(back, 0, 1, 2, 3, 4);
    dt_tensor *all[] = {x, g, same, other, back};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        dt_release(all[i]);
    CHECK_NOTHING_LEFT();
}

static void test_creation_on_device(void)
{
    dt_tensor *z = dt_zeros_on(DT_SHAPE(3), dt_cuda(1));
    dt_tensor *o = dt_ones_on(DT_SHAPE(3), dt_cuda(0));
    dt_tensor *r = dt_randn_on(DT_SHAPE(3), dt_cuda(0));
    dt_tensor *zl = dt_zeros_like(o), *rl = dt_randn_like(z);
    CHECK_ON(z, dt_cuda(1));
    CHECK_ON(o, dt_cuda(0));
    CHECK_ON(r, dt_cuda(0));
    CHECK_ON(zl, dt_cuda(0));               /* _like: same device */
    CHECK_ON(rl, dt_cuda(1));
    CHECK_VALUES(z, 0, 0, 0, 0);
    CHECK_VALUES(o, 0, 1, 1, 1);
    dt_tensor *one = dt_ones_on(DT_SHAPE(), dt_cuda(0));
    CHECK(dt_item(one) == 1.0);             /* dt_item: any device */
    dt_tensor *all[] = {z, o, r, zl, rl, one};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        dt_release(all[i]);
    CHECK_NOTHING_LEFT();
}

static void test_randn_same_numbers_everywhere(void)
{
    /* the generator is counter-based: a seed gives the same numbers on
       every device */
    dt_manual_seed(21);
    dt_tensor *c = dt_randn(DT_SHAPE(16));
    dt_manual_seed(21);
    dt_tensor *g = dt_randn_on(DT_SHAPE(16), dt_cuda(0));
    double *cv = dt_test_values(c);
    if (CHECK(cv != NULL))
        CHECK_VALUES_ARRAY(g, 0, cv, 16);
    free(cv);
    dt_release(c);
    dt_release(g);
}

static void test_ops_on_device(void)
{
    dt_tensor *ca = F32(DT_SHAPE(2, 3), 1, 2, 3, 4, 5, 6);
    dt_tensor *cb = F32(DT_SHAPE(3), 10, 20, 30);
    dt_tensor *ga = dt_to(ca, dt_cuda(0)), *gb = dt_to(cb, dt_cuda(0));
    dt_tensor *sum = dt_add(ga, gb);
    CHECK_ON(sum, dt_cuda(0));
    CHECK_VALUES(sum, 0, 11, 22, 33, 14, 25, 36);
    dt_tensor *gt = dt_transpose(ga);
    dt_tensor *mm = dt_matmul(ga, gt);
    CHECK_ON(mm, dt_cuda(0));
    CHECK_VALUES(mm, 1e-4, 14, 32, 32, 77);
    dt_tensor *view = dt_reshape(ga, DT_SHAPE(3, 2));
    CHECK_ON(view, dt_cuda(0));
    dt_tensor *am = dt_argmax(ga, 1);
    CHECK_ON(am, dt_cuda(0));
    CHECK(dt_dtype_of(am) == DT_I64);
    CHECK_VALUES(am, 0, 2, 2);
    dt_list *pieces = dt_split(ga, 1, 0);
    CHECK(dt_list_len(pieces) == 2);
    CHECK_ON(dt_list_get(pieces, 1), dt_cuda(0));   /* split pieces stay put */
    CHECK_VALUES(dt_list_get(pieces, 1), 0, 4, 5, 6);
    dt_list_release(pieces);
    dt_tensor *all[] = {ca, cb, ga, gb, sum, gt, mm, view, am};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        dt_release(all[i]);
    CHECK_NOTHING_LEFT();
}

static void test_real_mismatch(void)
{
    /* a tensor truly moved, its partner not: the op refuses, naming both */
    int line_x = __LINE__ + 1;
    dt_tensor *x = dt_ones(DT_SHAPE(2, 2));
    dt_set_name(x, "x");
    dt_tensor *w = dt_ones(DT_SHAPE(2, 2));
    int line_g = __LINE__ + 1;
    dt_tensor *g = dt_to(w, dt_cuda(0));
    dt_set_name(g, "g");
    CHECK_FAILS(dt_matmul(g, x), "dt_matmul", "cuda:0 and cpu",
                "argument 'b' (x) was created on cpu at");
    char where_x[64], where_g[64];
    const char *base = strrchr(__FILE__, '/') ? strrchr(__FILE__, '/') + 1 : __FILE__;
    snprintf(where_x, sizeof where_x, "%s:%d", base, line_x);
    snprintf(where_g, sizeof where_g, "%s:%d", base, line_g);
    CHECK_STR_CONTAINS(dt_last_error(), where_x);
    CHECK_STR_CONTAINS(dt_last_error(), where_g);
    dt_tensor *g1 = dt_to(g, dt_cuda(1));
    CHECK_FAILS(dt_add(g, g1), "dt_add", "cuda:0 and cuda:1");
    dt_release(x);
    dt_release(w);
    dt_release(g);
    dt_release(g1);
    CHECK_NOTHING_LEFT();
}

/* ---- lists -------------------------------------------------------------- */

static void test_list_to_device(void)
{
    dt_tensor *a = F32(DT_SHAPE(2), 1, 2), *b = dt_arange(3);
    dt_list *l = dt_list_new();
    dt_list_push(l, a);
    dt_list_push(l, b);
    dt_list *g = dt_list_to(l, dt_cuda(1));
    CHECK(g != NULL && dt_list_len(g) == 2);
    CHECK_ON(dt_list_get(g, 0), dt_cuda(1));
    CHECK_ON(dt_list_get(g, 1), dt_cuda(1));
    CHECK_VALUES(dt_list_get(g, 1), 0, 0, 1, 2);
    CHECK(dt_dtype_of(dt_list_get(g, 1)) == DT_I64);
    CHECK_ON(dt_list_get(l, 0), dt_cpu());   /* the old list is unchanged */
    CHECK_ON(a, dt_cpu());
    dt_list *back = dt_list_to(g, dt_cpu());
    CHECK_VALUES(dt_list_get(back, 0), 0, 1, 2);
    dt_list_release(l);
    dt_list_release(g);
    dt_list_release(back);
    dt_release(a);
    dt_release(b);
    CHECK_NOTHING_LEFT();
}

/* ---- modules ------------------------------------------------------------ */

/* Every parameter in `names` of m is the same pointer as in `before` and
   lives on d. */
static void check_params_followed_(const char *file, int line, dt_module *m,
                                   const char *const *names, dt_tensor *const *before,
                                   dt_device d)
{
    for (int i = 0; names[i]; i++) {
        dt_tensor *t = dt_module_get(m, names[i]);
        if (!CHECK_AT(file, line, t == before[i] && dt_device_equal(dt_device_of(t), d)))
            fprintf(stderr, "    parameter %s\n", names[i]);
    }
}
#define CHECK_PARAMS_FOLLOWED(m, names, before, d) \
    check_params_followed_(__FILE__, __LINE__, (m), (names), (before), (d))

static void test_module_to_moves_children(void)
{
    static const char *const names[] = {"0.weight", "0.bias", "1.1.weight", "1.1.bias", NULL};
    dt_module *inner = dt_sequential(dt_relu_layer(), dt_linear(4, 2), NULL);
    dt_module *m = dt_sequential(dt_linear(3, 4), inner, NULL);
    dt_tensor *before[4];
    for (int i = 0; i < 4; i++)
        before[i] = dt_module_get(m, names[i]);
    dt_tensor *x = F32(DT_SHAPE(2, 3), 1, -1, 2, 0, 3, -2);
    dt_tensor *y_cpu = dt_forward(m, x);
    double *expect = dt_test_values(y_cpu);

    dt_module_to(m, dt_cuda(0));
    CHECK(dt_device_equal(dt_module_device(m), dt_cuda(0)));
    CHECK(dt_device_equal(dt_module_device(inner), dt_cuda(0)));
    CHECK_PARAMS_FOLLOWED(m, names, before, dt_cuda(0));

    /* the input left behind: the forward refuses, blaming the input */
    CHECK_FAILS(dt_forward(m, x), "dt_linear", "argument 'input'", "on cpu");
    dt_tensor *xg = dt_to(x, dt_cuda(0));
    dt_tensor *y = dt_forward(m, xg);
    CHECK_ON(y, dt_cuda(0));
    if (CHECK(expect != NULL))
        CHECK_VALUES_ARRAY(y, 1e-5, expect, 4);

    dt_module_to(m, dt_cuda(1));
    CHECK_PARAMS_FOLLOWED(m, names, before, dt_cuda(1));
    dt_module_to(m, dt_cpu());
    CHECK_PARAMS_FOLLOWED(m, names, before, dt_cpu());
    dt_tensor *y2 = dt_forward(m, x);
    if (expect)
        CHECK_VALUES_ARRAY(y2, 1e-5, expect, 4);
    free(expect);
    dt_tensor *all[] = {x, y_cpu, xg, y, y2};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        dt_release(all[i]);
    dt_module_release(m);
    CHECK_NOTHING_LEFT();
}

typedef struct {
    dt_tensor *hidden;   /* kept without registration */
} hiding_state;

static void free_hiding_state(void *p)
{
    hiding_state *st = p;
    dt_release(st->hidden);
    free(st);
}

static dt_tensor *hiding_forward(dt_module *self, dt_tensor *x)
{
    hiding_state *st = dt_module_state(self);
    dt_tensor *h = dt_mul(x, st->hidden);
    dt_tensor *y = h ? dt_add(h, dt_module_get(self, "b")) : NULL;
    dt_release(h);
    return y;
}

static void test_unregistered_tensor_stays(void)
{
    /* scenario 8: dt_module_to moves what is registered, nothing else */
    hiding_state *st = malloc(sizeof *st);
    st->hidden = dt_ones(DT_SHAPE(2));
    dt_module *m = dt_module_new("Hiding", hiding_forward, st);
    dt_module_set_state_free(m, free_hiding_state);
    dt_tensor *b = dt_zeros(DT_SHAPE(2));
    dt_module_add_buffer(m, "b", b);
    dt_module_to(m, dt_cuda(0));
    CHECK_ON(dt_module_get(m, "b"), dt_cuda(0));
    CHECK(dt_module_get(m, "b") == b);
    CHECK_ON(st->hidden, dt_cpu());
    dt_tensor *x = dt_ones_on(DT_SHAPE(2), dt_cuda(0));
    CHECK_FAILS(dt_forward(m, x), "dt_mul", "cuda:0 and cpu");
    dt_release(x);
    dt_release(b);
    dt_module_release(m);
    CHECK_NOTHING_LEFT();
}

static void test_save_moved_module_loads_on_cpu(void)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/dt_test_devices.%ld.dtm", (long)getpid());
    dt_module *m = dt_sequential(dt_conv2d(1, 2, 2), dt_flatten_layer(), NULL);
    dt_module_to(m, dt_cuda(1));
    CHECK(dt_module_save(m, path) == 0);
    dt_module *loaded = dt_module_load(path);
    CHECK(loaded != NULL);
    CHECK(dt_device_equal(dt_module_device(loaded), dt_cpu()));   /* always onto the cpu */
    dt_tensor *w = dt_module_get(m, "0.weight");
    dt_tensor *w_back = dt_to(w, dt_cpu());
    double *expect = dt_test_values(w_back);
    if (CHECK(expect != NULL))
        CHECK_VALUES_ARRAY(dt_module_get(loaded, "0.weight"), 0, expect, 8);
    free(expect);
    dt_release(w_back);
    dt_module_release(loaded);
    dt_module_release(m);
    unlink(path);
    CHECK_NOTHING_LEFT();
}

/* ---- pinned memory and loaders ------------------------------------------ */

static void test_pin_memory(void)
{
    dt_tensor *x = F32(DT_SHAPE(3), 1, 2, 3);
    dt_tensor *p = dt_pin_memory(x);
    CHECK(p != NULL && p != x);
    CHECK_ON(p, dt_cpu());
    CHECK(dt_is_pinned(p) && !dt_is_pinned(x));
    CHECK_VALUES(p, 0, 1, 2, 3);
    CHECK(live_pinned_blocks == 1);
    dt_tensor *again = dt_pin_memory(p);
    CHECK(again == p);                      /* already pinned */
    dt_tensor *g = dt_to(p, dt_cuda(0));
    CHECK_VALUES(g, 0, 1, 2, 3);
    CHECK_FAILS(dt_pin_memory(g), "dt_pin_memory");   /* only cpu tensors */
    dt_release(again);
    dt_release(g);
    dt_release(p);
    dt_release(x);
    CHECK_NOTHING_LEFT();
}

static void test_loader_pinned_batches(void)
{
    dt_tensor *x = dt_ones(DT_SHAPE(5, 2)), *y = dt_arange(5);
    dt_dataset *ds = dt_dataset_new(x, y);
    dt_loader *l = dt_loader_new(ds, 2, false, true);
    dt_tensor *bx, *by;
    int batches = 0;
    bool all_pinned = true;
    while (dt_loader_next(l, &bx, &by)) {
        batches++;
        all_pinned &= dt_is_pinned(bx) && dt_is_pinned(by);
        all_pinned &= dt_device_equal(dt_device_of(bx), dt_cpu());
        dt_release(bx);
        dt_release(by);
    }
    CHECK(batches == 3);
    CHECK(all_pinned);
    dt_loader_free(l);
    dt_dataset_free(ds);
    dt_release(x);
    dt_release(y);
    CHECK_NOTHING_LEFT();
}

static void test_dataset_refuses_device_tensors(void)
{
    dt_tensor *g = dt_zeros_on(DT_SHAPE(4, 2), dt_cuda(0));
    dt_tensor *y = dt_arange(4);
    CHECK_FAILS(dt_dataset_new(g, y), "dt_dataset_new", "cuda:0");
    dt_release(g);
    dt_release(y);
    CHECK_NOTHING_LEFT();
}

int main(void)
{
    install_fake_cuda();
    RUN(test_devices_visible);
    RUN(test_to_device_and_back);
    RUN(test_creation_on_device);
    RUN(test_randn_same_numbers_everywhere);
    RUN(test_ops_on_device);
    RUN(test_real_mismatch);
    RUN(test_list_to_device);
    RUN(test_module_to_moves_children);
    RUN(test_unregistered_tensor_stays);
    RUN(test_save_moved_module_loads_on_cpu);
    RUN(test_pin_memory);
    RUN(test_loader_pinned_batches);
    RUN(test_dataset_refuses_device_tensors);
    CHECK_NOTHING_LEFT();
    return TEST_REPORT();
}
