/* Modules: the built-in layers against hand-computed values, sequential and
   custom modules, dt_module_to on the cpu, save and load. */
#include "dt_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- helpers ------------------------------------------------------------ */

/* Writes n floats into a cpu f32 tensor (a parameter, say). */
static void set_f32(dt_tensor *t, const float *v, int64_t n)
{
    if (CHECK(t != NULL && dt_dtype_of(t) == DT_F32 && dt_numel(t) == n))
        memcpy(dt_data(t), v, (size_t)n * sizeof *v);
}
#define SET_F32(t, ...) \
    set_f32((t), (const float[]){__VA_ARGS__}, \
            (int64_t)(sizeof((const float[]){__VA_ARGS__}) / sizeof(float)))

/* Runs m on x and checks the result against `expect`. */
static void check_forward_(const char *file, int line, dt_module *m, dt_tensor *x,
                           dt_shape shape, double tol, const double *expect, int64_t n)
{
    dt_tensor *y = dt_forward(m, x);
    if (check_shape_(file, line, y, shape))
        check_values_(file, line, y, tol, expect, n);
    dt_release(y);
}
#define CHECK_FORWARD(m, x, shape, tol, ...) \
    check_forward_(__FILE__, __LINE__, (m), (x), (shape), (tol), DOUBLES(__VA_ARGS__))

/* Two modules give the same output for x. */
static void check_same_output_(const char *file, int line, dt_module *a, dt_module *b,
                               dt_tensor *x)
{
    dt_tensor *ya = dt_forward(a, x);
    double *va = dt_test_values(ya);
    if (CHECK_AT(file, line, va != NULL)) {
        dt_tensor *yb = dt_forward(b, x);
        if (check_shape_(file, line, yb, dt_shape_of(ya)))
            check_values_(file, line, yb, 0, va, dt_numel(ya));
        dt_release(yb);
    }
    free(va);
    dt_release(ya);
}
#define CHECK_SAME_OUTPUT(a, b, x) check_same_output_(__FILE__, __LINE__, (a), (b), (x))

/* The parameter `name` of a and of b hold the same values. */
static void check_same_param_(const char *file, int line, dt_module *a, dt_module *b,
                              const char *name)
{
    dt_tensor *ta = dt_module_get(a, name), *tb = dt_module_get(b, name);
    double *va = dt_test_values(ta);
    if (CHECK_AT(file, line, va != NULL) && check_shape_(file, line, tb, dt_shape_of(ta))) {
        CHECK_AT(file, line, dt_dtype_of(ta) == dt_dtype_of(tb));
        check_values_(file, line, tb, 0, va, dt_numel(ta));
    }
    free(va);
}
#define CHECK_SAME_PARAM(a, b, name) check_same_param_(__FILE__, __LINE__, (a), (b), (name))

/* A scratch directory for saved models, removed at exit. */
static char scratch_dir[64];

static const char *scratch(const char *name)
{
    static char path[4][128];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "%s/%s", scratch_dir, name);
    return p;
}

/* Writes a file; false when it could not. */
static bool write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, n, f) == n;
    return fclose(f) == 0 && ok;
}

/* The bytes of a file (malloc'd), its size in *n. */
static unsigned char *read_file(const char *path, size_t *n)
{
    *n = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(size > 0 ? (size_t)size : 1);
    if (buf && fread(buf, 1, (size_t)size, f) == (size_t)size)
        *n = (size_t)size;
    fclose(f);
    return buf;
}

/* x for the layers below: [n, c, h, w] with values i * step + start */
static dt_tensor *ramp(dt_shape s, float start, float step)
{
    dt_tensor *t = dt_zeros(s);
    float *p = dt_data(t);
    for (int64_t i = 0; i < dt_numel(t); i++)
        p[i] = start + step * (float)i;
    return t;
}

/* Runs m on a copy of x in a child process.  True when the forward returned
   (a tensor, or NULL with a message) without crashing or tripping a
   sanitizer; *gave_tensor says which. */
static bool forward_survives(dt_module *m, dt_tensor *x, bool *gave_tensor)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dt_tensor *y = dt_forward(m, x);
        _exit(y ? 0 : dt_last_error()[0] ? 1 : 2);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return false;
    if (gave_tensor)
        *gave_tensor = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return WIFEXITED(status) && WEXITSTATUS(status) <= 1;
}

/* ---- linear ------------------------------------------------------------- */

static void test_linear_hand_values(void)
{
    dt_module *m = dt_linear(3, 2);
    SET_F32(dt_module_get(m, "weight"), 1, 0, -1, 2, 1, 0);
    SET_F32(dt_module_get(m, "bias"), 0.5f, -1);
    dt_tensor *x = F32(DT_SHAPE(2, 3), 1, 2, 3, -1, 0, 0.5f);
    /* row 0: 1-3+0.5, 2+2-1;  row 1: -1-0.5+0.5, -2+0-1 */
    CHECK_FORWARD(m, x, DT_SHAPE(2, 2), 1e-6, -1.5, 3, -1, -3);
    dt_release(x);
    /* a 1-D input gives a 1-D output, as in PyTorch */
    dt_tensor *v = F32(DT_SHAPE(3), 1, 2, 3);
    CHECK_FORWARD(m, v, DT_SHAPE(2), 1e-6, -1.5, 3);
    dt_release(v);
    dt_module_release(m);
}

static void test_linear_default_init(void)
{
    /* x @ W^T + b from the module's own (random) parameters */
    dt_manual_seed(3);
    dt_module *m = dt_linear(4, 3);
    dt_tensor *w = dt_module_get(m, "weight"), *b = dt_module_get(m, "bias");
    CHECK_SHAPE(w, DT_SHAPE(3, 4));
    CHECK_SHAPE(b, DT_SHAPE(3));
    double *wv = dt_test_values(w), *bv = dt_test_values(b);
    if (!CHECK(wv && bv)) {
        free(wv);
        free(bv);
        dt_module_release(m);
        return;
    }
    /* PyTorch's init: uniform in +-1/sqrt(in_features) = +-0.5 */
    bool in_bounds = true, all_zero = true;
    for (int i = 0; i < 12; i++) {
        in_bounds &= fabs(wv[i]) <= 0.5;
        all_zero &= wv[i] == 0;
    }
    CHECK(in_bounds && !all_zero);
    dt_tensor *x = F32(DT_SHAPE(2, 4), 1, -2, 0.5f, 3, 0, 1, 1, -1);
    double *xv = dt_test_values(x), expect[6];
    for (int r = 0; r < 2; r++)
        for (int o = 0; o < 3; o++) {
            expect[r * 3 + o] = bv[o];
            for (int i = 0; i < 4; i++)
                expect[r * 3 + o] += xv[r * 4 + i] * wv[o * 4 + i];
        }
    dt_tensor *y = dt_forward(m, x);
    CHECK_SHAPE(y, DT_SHAPE(2, 3));
    CHECK_VALUES_ARRAY(y, 1e-5, expect, 6);
    free(wv);
    free(bv);
    free(xv);
    dt_release(x);
    dt_release(y);
    dt_module_release(m);
}

static void test_init_follows_seed(void)
{
    /* torch.manual_seed(s) makes nn.Linear's init reproducible */
    dt_manual_seed(99);
    dt_module *a = dt_linear(3, 2);
    dt_manual_seed(99);
    dt_module *b = dt_linear(3, 2);
    dt_module *c = dt_linear(3, 2);   /* the generator moved on */
    CHECK_SAME_PARAM(a, b, "weight");
    CHECK_SAME_PARAM(a, b, "bias");
    double *wa = dt_test_values(dt_module_get(a, "weight"));
    double *wc = dt_test_values(dt_module_get(c, "weight"));
    CHECK(wa && wc && memcmp(wa, wc, 6 * sizeof *wa) != 0);
    free(wa);
    free(wc);
    dt_module_release(a);
    dt_module_release(b);
    dt_module_release(c);
}

static void test_linear_bad_input(void)
{
    dt_module *m = dt_linear(3, 2);
    dt_tensor *x = dt_ones(DT_SHAPE(2, 4));
    CHECK_FAILS(dt_forward(m, x), "dt_linear");
    dt_release(x);
    dt_module_release(m);
}

/* ---- conv2d ------------------------------------------------------------- */

static void test_conv2d_hand_values(void)
{
    dt_module *m = dt_conv2d(1, 1, 2);
    CHECK_SHAPE(dt_module_get(m, "weight"), DT_SHAPE(1, 1, 2, 2));
    CHECK_SHAPE(dt_module_get(m, "bias"), DT_SHAPE(1));
    SET_F32(dt_module_get(m, "weight"), 1, 2, 3, 4);
    SET_F32(dt_module_get(m, "bias"), 0.5f);
    dt_tensor *x = ramp(DT_SHAPE(1, 1, 3, 3), 1, 1);   /* 1..9 */
    /* top-left: 1*1 + 2*2 + 4*3 + 5*4 + 0.5 */
    CHECK_FORWARD(m, x, DT_SHAPE(1, 1, 2, 2), 1e-5, 37.5, 47.5, 67.5, 77.5);
    dt_release(x);
    dt_module_release(m);
}

/* A direct convolution: out[n][o][i][j] = b[o] + sum x[n][c][i+u][j+v] w[o][c][u][v] */
static void conv_reference(const double *x, const double *w, const double *b, double *out,
                           int n, int c_in, int h, int wd, int c_out, int k)
{
    int oh = h - k + 1, ow = wd - k + 1;
    for (int s = 0; s < n; s++)
        for (int o = 0; o < c_out; o++)
            for (int i = 0; i < oh; i++)
                for (int j = 0; j < ow; j++) {
                    double acc = b[o];
                    for (int c = 0; c < c_in; c++)
                        for (int u = 0; u < k; u++)
                            for (int v = 0; v < k; v++)
                                acc += x[((s * c_in + c) * h + i + u) * wd + j + v] *
                                       w[((o * c_in + c) * k + u) * k + v];
                    out[((s * c_out + o) * oh + i) * ow + j] = acc;
                }
}

static void test_conv2d_channels(void)
{
    enum { N = 2, CIN = 2, H = 4, W = 5, COUT = 3, K = 2 };
    dt_manual_seed(11);
    dt_module *m = dt_conv2d(CIN, COUT, K);
    dt_tensor *x = dt_randn(DT_SHAPE(N, CIN, H, W));
    double *xv = dt_test_values(x);
    double *wv = dt_test_values(dt_module_get(m, "weight"));
    double *bv = dt_test_values(dt_module_get(m, "bias"));
    double expect[N * COUT * (H - K + 1) * (W - K + 1)];
    if (CHECK(xv && wv && bv)) {
        conv_reference(xv, wv, bv, expect, N, CIN, H, W, COUT, K);
        dt_tensor *y = dt_forward(m, x);
        CHECK_SHAPE(y, DT_SHAPE(N, COUT, H - K + 1, W - K + 1));
        CHECK_VALUES_ARRAY(y, 1e-5, expect, (int64_t)(sizeof expect / sizeof *expect));
        dt_release(y);
    }
    free(xv);
    free(wv);
    free(bv);
    dt_release(x);
    dt_module_release(m);
}

static void test_conv2d_bad_input(void)
{
    dt_module *m = dt_conv2d(2, 1, 3);
    dt_tensor *wrong_channels = dt_ones(DT_SHAPE(1, 3, 4, 4));
    dt_tensor *too_small = dt_ones(DT_SHAPE(1, 2, 2, 2));
    dt_tensor *not_4d = dt_ones(DT_SHAPE(2, 4, 4));
    CHECK_FAILS(dt_forward(m, wrong_channels), "dt_conv2d");
    CHECK_FAILS(dt_forward(m, too_small), "dt_conv2d");
    CHECK_FAILS(dt_forward(m, not_4d), "dt_conv2d");
    dt_release(wrong_channels);
    dt_release(too_small);
    dt_release(not_4d);
    dt_module_release(m);
}

static void test_conv2d_mismatched_params(void)
{
    /* parameters replaced by ones of the wrong shape: PyTorch refuses them
       ("expected bias to be 1-dimensional with 2 elements"); never read
       past them */
    dt_tensor *x = dt_ones(DT_SHAPE(1, 1, 3, 3));
    dt_module *short_bias = dt_conv2d(1, 2, 2);
    dt_tensor *b1 = dt_zeros(DT_SHAPE(1));
    dt_module_add_param(short_bias, "bias", b1);
    CHECK_FAILS(dt_forward(short_bias, x), "dt_conv2d");

    dt_module *odd_kernel = dt_conv2d(1, 2, 2);
    dt_tensor *w32 = dt_zeros(DT_SHAPE(2, 1, 3, 2));
    dt_module_add_param(odd_kernel, "weight", w32);
    CHECK_FAILS(dt_forward(odd_kernel, x), "dt_conv2d");

    dt_release(b1);
    dt_release(w32);
    dt_release(x);
    dt_module_release(short_bias);
    dt_module_release(odd_kernel);
}

/* ---- maxpool, relu, flatten --------------------------------------------- */

static void test_maxpool2d_nan(void)
{
    /* PyTorch's max pooling propagates a nan in the window */
    dt_module *pool = dt_maxpool2d(2, 2);
    dt_tensor *x = F32(DT_SHAPE(1, 1, 2, 2), 1, NAN, 2, 3);
    dt_tensor *y = dt_forward(pool, x);
    CHECK_SHAPE(y, DT_SHAPE(1, 1, 1, 1));
    CHECK(y != NULL && isnan(dt_item(y)));
    dt_release(y);
    dt_release(x);
    dt_module_release(pool);
}

static void test_maxpool2d(void)
{
    dt_module *pool = dt_maxpool2d(2, 2);
    /* two channels, the second the negation of the first */
    dt_tensor *x = F32(DT_SHAPE(1, 2, 4, 4),
                       1, 9, 2, 3, 4, 0, 8, 1, 7, 5, 6, 2, 3, 1, 0, 4,
                       -1, -9, -2, -3, -4, 0, -8, -1, -7, -5, -6, -2, -3, -1, 0, -4);
    CHECK_FORWARD(pool, x, DT_SHAPE(1, 2, 2, 2), 0, 9, 8, 7, 6, 0, -1, -1, 0);
    dt_release(x);
    dt_module_release(pool);
}

static void test_maxpool2d_overlapping(void)
{
    dt_module *pool = dt_maxpool2d(2, 1);
    dt_tensor *x = F32(DT_SHAPE(1, 1, 3, 3), 1, 5, 2, 7, 3, 4, 0, 8, 6);
    CHECK_FORWARD(pool, x, DT_SHAPE(1, 1, 2, 2), 0, 7, 5, 8, 8);
    dt_release(x);
    dt_module_release(pool);
}

static void test_maxpool2d_floor(void)
{
    /* a 5x5 input with kernel 2, stride 2: the last row and column are dropped */
    dt_module *pool = dt_maxpool2d(2, 2);
    dt_tensor *x = ramp(DT_SHAPE(1, 1, 5, 5), 0, 1);
    CHECK_FORWARD(pool, x, DT_SHAPE(1, 1, 2, 2), 0, 6, 8, 16, 18);
    dt_release(x);
    dt_module_release(pool);
}

static void test_relu_layer(void)
{
    dt_module *m = dt_relu_layer();
    dt_tensor *x = F32(DT_SHAPE(2, 2), -1, 2, 0, -0.5f);
    CHECK_FORWARD(m, x, DT_SHAPE(2, 2), 0, 0, 2, 0, 0);
    CHECK(dt_module_get(m, "weight") == NULL);
    CHECK(dt_device_equal(dt_module_device(m), dt_cpu()));   /* no parameters: cpu */
    dt_release(x);
    dt_module_release(m);
}

static void test_flatten_layer(void)
{
    dt_module *m = dt_flatten_layer();
    dt_tensor *x = ramp(DT_SHAPE(2, 2, 2), 0, 1);
    CHECK_FORWARD(m, x, DT_SHAPE(2, 4), 0, 0, 1, 2, 3, 4, 5, 6, 7);
    dt_release(x);
    dt_module_release(m);
}

/* ---- sequential --------------------------------------------------------- */

static void test_sequential(void)
{
    dt_module *l1 = dt_linear(3, 4), *act = dt_relu_layer(), *l2 = dt_linear(4, 2);
    dt_module *seq = dt_sequential(l1, act, l2, NULL);
    CHECK(seq != NULL);
    CHECK(dt_module_child(seq, "0") == l1);
    CHECK(dt_module_child(seq, "1") == act);
    CHECK(dt_module_child(seq, "2") == l2);
    CHECK(dt_module_child(seq, "3") == NULL);
    CHECK(dt_module_child(seq, "weight") == NULL);
    CHECK(dt_module_get(seq, "0.weight") == dt_module_get(l1, "weight"));
    CHECK(dt_module_get(seq, "2.bias") == dt_module_get(l2, "bias"));

    /* the forward is the composition of the children's */
    dt_tensor *x = F32(DT_SHAPE(2, 3), 1, -1, 2, 0.5f, 0.5f, -3);
    dt_tensor *h1 = dt_forward(l1, x), *h2 = dt_forward(act, h1), *expect = dt_forward(l2, h2);
    double *ev = dt_test_values(expect);
    dt_tensor *y = dt_forward(seq, x);
    CHECK_SHAPE(y, DT_SHAPE(2, 2));
    if (CHECK(ev != NULL))
        CHECK_VALUES_ARRAY(y, 1e-6, ev, 4);
    free(ev);
    dt_release(x);
    dt_release(h1);
    dt_release(h2);
    dt_release(expect);
    dt_release(y);
    dt_module_release(seq);   /* releases the children too */
}

static void test_sequential_nested(void)
{
    dt_module *inner = dt_sequential(dt_relu_layer(), dt_flatten_layer(), NULL);
    dt_module *outer = dt_sequential(inner, dt_linear(4, 1), NULL);
    SET_F32(dt_module_get(outer, "1.weight"), 1, 1, 1, 1);
    SET_F32(dt_module_get(outer, "1.bias"), 0);
    CHECK(dt_module_child(outer, "0") == inner);
    dt_tensor *x = F32(DT_SHAPE(1, 2, 2), 1, -2, 3, -4);
    CHECK_FORWARD(outer, x, DT_SHAPE(1, 1), 1e-6, 4);
    dt_release(x);
    dt_module_release(outer);
}

static void test_sequential_empty(void)
{
    /* nn.Sequential() passes its input through */
    dt_module *seq = dt_sequential(NULL);
    dt_tensor *x = F32(DT_SHAPE(2), 1, -1);
    CHECK(seq != NULL);
    CHECK(dt_module_child(seq, "0") == NULL);
    if (seq)
        CHECK_FORWARD(seq, x, DT_SHAPE(2), 0, 1, -1);
    dt_release(x);
    dt_module_release(seq);
}

/* ---- a custom module ---------------------------------------------------- */

typedef struct {
    int calls;
} affine_state;

static int states_freed;

static void free_affine_state(void *p)
{
    states_freed++;
    free(p);
}

/* act(x * w + shift): w a parameter, shift a buffer, act a child; the state
   (absent after a load) counts the calls. */
static dt_tensor *affine_forward(dt_module *self, dt_tensor *x)
{
    affine_state *st = dt_module_state(self);
    if (st)
        st->calls++;
    dt_tensor *xw = dt_mul(x, dt_module_get(self, "w"));
    dt_tensor *z = xw ? dt_add(xw, dt_module_get(self, "shift")) : NULL;
    dt_tensor *y = z ? dt_forward(dt_module_child(self, "act"), z) : NULL;
    dt_release(xw);
    dt_release(z);
    return y;
}

static dt_module *make_affine(affine_state *st)
{
    dt_module *m = dt_module_new("Affine", affine_forward, st);
    dt_tensor *w = F32(DT_SHAPE(3), 2, 2, -1);
    dt_tensor *shift = F32(DT_SHAPE(3), 0, 1, 0);
    dt_module_add_param(m, "w", w);
    dt_module_add_buffer(m, "shift", shift);
    dt_module_add_child(m, "act", dt_relu_layer());
    dt_release(w);      /* the module holds its own references */
    dt_release(shift);
    return m;
}

static void test_custom_module(void)
{
    affine_state *st = calloc(1, sizeof *st);
    dt_module *m = make_affine(st);
    dt_module_set_state_free(m, free_affine_state);
    CHECK_STR_EQ(dt_module_name(m), "Affine");
    CHECK(dt_module_state(m) == st);
    CHECK_VALUES(dt_module_get(m, "w"), 0, 2, 2, -1);
    CHECK_VALUES(dt_module_get(m, "shift"), 0, 0, 1, 0);
    CHECK(dt_module_get(m, "missing") == NULL);
    CHECK(dt_module_child(m, "act") != NULL);
    CHECK(dt_module_child(m, "missing") == NULL);

    /* [1,-2,3] * [2,2,-1] + [0,1,0] = [2,-3,-3], relu -> [2,0,0] */
    dt_tensor *x = F32(DT_SHAPE(3), 1, -2, 3);
    CHECK_FORWARD(m, x, DT_SHAPE(3), 0, 2, 0, 0);
    CHECK(st->calls == 1);
    dt_release(x);

    int before = states_freed;
    dt_module_release(m);
    CHECK(states_freed == before + 1);   /* the state was freed, once */
}

static dt_tensor *identity_forward(dt_module *self, dt_tensor *x)
{
    (void)self;
    return dt_retain(x);
}

static void test_registering_a_name_again_replaces(void)
{
    /* as assigning m.w or m.act again in PyTorch: the new one is used */
    affine_state st = {0};
    dt_module *m = make_affine(&st);
    dt_tensor *w2 = F32(DT_SHAPE(3), 1, 1, 1);
    dt_module_add_param(m, "w", w2);
    CHECK(dt_module_get(m, "w") == w2);
    dt_module *same = dt_module_new("identity", identity_forward, NULL);
    dt_module_add_child(m, "act", same);   /* no relu any more */
    CHECK(dt_module_child(m, "act") == same);
    dt_tensor *x = F32(DT_SHAPE(3), 1, -2, 3);
    CHECK_FORWARD(m, x, DT_SHAPE(3), 0, 1, -1, 3);
    dt_release(x);
    dt_release(w2);
    dt_module_release(m);
}

static void test_dotted_names_refused(void)
{
    /* PyTorch: "parameter name can't contain '.'": it would shadow a path */
    dt_module *m = dt_module_new("Dotted", affine_forward, NULL);
    dt_tensor *t = dt_ones(DT_SHAPE(1));
    dt_module_add_param(m, "a.b", t);
    CHECK_STR_CONTAINS(dt_last_error(), "dt_module_add_param");
    CHECK(dt_module_get(m, "a.b") == NULL);
    dt_module_add_child(m, "c.d", dt_relu_layer());
    CHECK_STR_CONTAINS(dt_last_error(), "dt_module_add_child");
    CHECK(dt_module_child(m, "c.d") == NULL);
    dt_release(t);
    dt_module_release(m);
}

static void test_custom_module_without_state_free(void)
{
    /* no free function: the state stays the caller's (on the stack here) */
    affine_state st = {0};
    int before = states_freed;
    dt_module *m = make_affine(&st);
    dt_tensor *x = F32(DT_SHAPE(3), 1, 1, 1);
    CHECK_FORWARD(m, x, DT_SHAPE(3), 0, 2, 3, 0);
    dt_module_release(m);
    CHECK(st.calls == 1);
    CHECK(states_freed == before);
    dt_release(x);
}

/* ---- dt_module_to on the cpu, dt_module_device -------------------------- */

static void test_module_to_cpu_keeps_tensors(void)
{
    dt_module *seq = dt_sequential(dt_conv2d(1, 2, 2), dt_flatten_layer(), dt_linear(8, 2), NULL);
    dt_tensor *w0 = dt_module_get(seq, "0.weight"), *b2 = dt_module_get(seq, "2.bias");
    double *w0v = dt_test_values(w0);
    dt_module_to(seq, dt_cpu());
    CHECK(dt_module_get(seq, "0.weight") == w0);
    CHECK(dt_module_get(seq, "2.bias") == b2);
    CHECK(dt_device_equal(dt_module_device(seq), dt_cpu()));
    CHECK(dt_device_equal(dt_device_of(w0), dt_cpu()));
    if (CHECK(w0v != NULL))
        CHECK_VALUES_ARRAY(w0, 0, w0v, 8);
    free(w0v);
    dt_module_release(seq);

    affine_state st = {0};
    dt_module *custom = make_affine(&st);
    dt_tensor *w = dt_module_get(custom, "w"), *shift = dt_module_get(custom, "shift");
    dt_module_to(custom, dt_cpu());
    CHECK(dt_module_get(custom, "w") == w);
    CHECK(dt_module_get(custom, "shift") == shift);
    CHECK(dt_device_equal(dt_module_device(custom), dt_cpu()));
    dt_module_release(custom);
}

/* ---- save and load ------------------------------------------------------ */

static dt_module *make_cnn(void)
{
    /* [N,1,8,8] -> conv 3 -> [N,2,6,6] -> pool 2 -> [N,2,3,3] -> [N,18] -> [N,4] */
    return dt_sequential(dt_conv2d(1, 2, 3), dt_relu_layer(), dt_maxpool2d(2, 2),
                         dt_flatten_layer(), dt_linear(18, 4), NULL);
}

static void test_save_load_sequential(void)
{
    dt_manual_seed(5);
    dt_module *m = make_cnn();
    const char *path = scratch("cnn.dtm");
    CHECK(dt_module_save(m, path) == 0);
    dt_module *loaded = dt_module_load(path);
    if (!CHECK(loaded != NULL)) {
        fprintf(stderr, "    (last error: %s)\n", dt_last_error());
        dt_module_release(m);
        return;
    }
    CHECK(dt_device_equal(dt_module_device(loaded), dt_cpu()));
    CHECK_STR_EQ(dt_module_name(loaded), dt_module_name(m));
    for (int i = 0; i < 5; i++) {
        char name[4];
        snprintf(name, sizeof name, "%d", i);
        dt_module *a = dt_module_child(m, name), *b = dt_module_child(loaded, name);
        CHECK(b != NULL && b != a);
        CHECK_STR_EQ(dt_module_name(b), dt_module_name(a));
    }
    CHECK(dt_module_child(loaded, "5") == NULL);
    CHECK_SAME_PARAM(m, loaded, "0.weight");
    CHECK_SAME_PARAM(m, loaded, "0.bias");
    CHECK_SAME_PARAM(m, loaded, "4.weight");
    CHECK_SAME_PARAM(m, loaded, "4.bias");

    dt_tensor *x = dt_randn(DT_SHAPE(3, 1, 8, 8));
    dt_tensor *y = dt_forward(loaded, x);
    CHECK_SHAPE(y, DT_SHAPE(3, 4));
    CHECK_SAME_OUTPUT(m, loaded, x);
    dt_release(y);
    dt_release(x);
    dt_module_release(loaded);
    dt_module_release(m);
}

static void test_save_load_pool_config(void)
{
    /* the layer's sizes come back: a pool of 3 stride 1 stays one */
    dt_module *pool = dt_maxpool2d(3, 1);
    const char *path = scratch("pool.dtm");
    CHECK(dt_module_save(pool, path) == 0);
    dt_module *loaded = dt_module_load(path);
    dt_tensor *x = ramp(DT_SHAPE(1, 1, 4, 4), 0, 1);
    if (CHECK(loaded != NULL))
        CHECK_FORWARD(loaded, x, DT_SHAPE(1, 1, 2, 2), 0, 10, 11, 14, 15);
    dt_release(x);
    dt_module_release(loaded);
    dt_module_release(pool);
}

static void test_save_load_custom(void)
{
    dt_module_register("Affine", affine_forward);
    affine_state st = {0};
    dt_module *m = make_affine(&st);
    const char *path = scratch("affine.dtm");
    CHECK(dt_module_save(m, path) == 0);
    dt_module *loaded = dt_module_load(path);
    if (!CHECK(loaded != NULL)) {
        fprintf(stderr, "    (last error: %s)\n", dt_last_error());
        dt_module_release(m);
        return;
    }
    CHECK_STR_EQ(dt_module_name(loaded), "Affine");
    CHECK(dt_module_state(loaded) == NULL);
    CHECK_SAME_PARAM(m, loaded, "w");
    CHECK_SAME_PARAM(m, loaded, "shift");
    CHECK(dt_module_child(loaded, "act") != NULL);
    dt_tensor *x = F32(DT_SHAPE(3), 1, -2, 3);
    CHECK_FORWARD(loaded, x, DT_SHAPE(3), 0, 2, 0, 0);
    CHECK_SAME_OUTPUT(m, loaded, x);
    dt_release(x);
    dt_module_release(loaded);
    dt_module_release(m);
}

static void test_load_unregistered_custom(void)
{
    /* a custom module whose forward nobody registered fails cleanly, at the
       load or at the forward, and says which module */
    dt_module *m = dt_module_new("NeverRegistered", affine_forward, NULL);
    const char *path = scratch("unregistered.dtm");
    CHECK(dt_module_save(m, path) == 0);
    dt_module *loaded = dt_module_load(path);
    if (loaded) {
        dt_tensor *x = dt_ones(DT_SHAPE(3));
        CHECK_FAILS(dt_forward(loaded, x), "NeverRegistered");
        dt_release(x);
    } else {
        CHECK_STR_CONTAINS(dt_last_error(), "NeverRegistered");
    }
    dt_module_release(loaded);
    dt_module_release(m);
}

static void test_load_missing_file(void)
{
    const char *path = scratch("does-not-exist.dtm");
    CHECK_FAILS(dt_module_load(path), "dt_module_load", path);
    CHECK_FAILS(dt_module_load(scratch_dir), "dt_module_load");   /* a directory */
}

/* A FIFO with no writer: opening it to read would wait for one forever.  The
   alarm ends the test (as a failure) if the load blocks. */
static void test_load_fifo(void)
{
    const char *path = scratch("fifo.dtm");
    CHECK(mkfifo(path, 0600) == 0);
    alarm(10);
    CHECK_FAILS(dt_module_load(path), "dt_module_load", "not a regular file");
    alarm(0);
    unlink(path);
}

static void test_save_to_bad_path(void)
{
    dt_module *m = dt_relu_layer();
    CHECK(dt_module_save(m, "/nonexistent-dir/sub/model.dtm") != 0);
    CHECK_STR_CONTAINS(dt_last_error(), "dt_module_save");
    dt_module_release(m);
}

/* Loads path, which must fail with a message; returns whether it did. */
static bool load_fails_cleanly(const char *path)
{
    dt_test_reset_error();
    dt_module *m = dt_module_load(path);
    bool ok = m == NULL && strstr(dt_last_error(), "dt_module_load") != NULL;
    dt_module_release(m);
    return ok;
}

static void test_load_truncated(void)
{
    dt_module *m = make_cnn();
    const char *full = scratch("full.dtm"), *cut = scratch("cut.dtm");
    CHECK(dt_module_save(m, full) == 0);
    dt_module_release(m);
    size_t n;
    unsigned char *bytes = read_file(full, &n);
    if (!CHECK(bytes != NULL && n > 16)) {
        free(bytes);
        return;
    }
    /* every proper prefix of the file */
    size_t bad_len = 0, bad = 0;
    bool written = true;
    for (size_t len = 0; len < n; len++) {
        written &= write_file(cut, bytes, len);
        if (!load_fails_cleanly(cut) && bad++ == 0)
            bad_len = len;
    }
    CHECK(written);
    if (!CHECK(bad == 0))
        fprintf(stderr, "    %zu of %zu prefixes loaded or failed silently, first at %zu bytes\n",
                bad, n, bad_len);
    free(bytes);
}

/* A deterministic byte stream. */
static unsigned char next_byte(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return (unsigned char)(*s >> 24);
}

static void test_load_foreign_files(void)
{
    const char *path = scratch("foreign.dtm");
    unsigned char noise[2048];
    uint32_t s = 12345;
    for (size_t i = 0; i < sizeof noise; i++)
        noise[i] = next_byte(&s);
    CHECK(write_file(path, noise, sizeof noise));
    CHECK(load_fails_cleanly(path));

    const char *text = "this is a text file, not a model\n";
    CHECK(write_file(path, text, strlen(text)));
    CHECK(load_fails_cleanly(path));

    CHECK(write_file(path, "", 0));
    CHECK(load_fails_cleanly(path));

    /* the right magic and version, then noise */
    unsigned char fake[sizeof noise];
    memcpy(fake, noise, sizeof fake);
    memcpy(fake, "DTMODEL\0\1\0\0\0", 12);
    CHECK(write_file(path, fake, sizeof fake));
    CHECK(load_fails_cleanly(path));
}

static void test_load_bad_magic(void)
{
    /* a valid model file but for its first byte */
    dt_module *m = dt_linear(2, 2);
    const char *path = scratch("magic.dtm");
    CHECK(dt_module_save(m, path) == 0);
    dt_module_release(m);
    size_t n;
    unsigned char *bytes = read_file(path, &n);
    if (CHECK(bytes != NULL && n > 0)) {
        bytes[0] ^= 0x20;
        CHECK(write_file(path, bytes, n));
        CHECK(load_fails_cleanly(path));
    }
    free(bytes);
}

static void test_load_bad_version(void)
{
    /* runtime/module_io.c: "DTMODEL\0" then a little-endian u32 version (1) */
    dt_module *m = dt_linear(2, 2);
    const char *path = scratch("version.dtm");
    CHECK(dt_module_save(m, path) == 0);
    dt_module_release(m);
    size_t n;
    unsigned char *bytes = read_file(path, &n);
    if (CHECK(bytes != NULL && n > 12 && memcmp(bytes, "DTMODEL", 8) == 0)) {
        CHECK(bytes[8] == 1 && bytes[9] == 0 && bytes[10] == 0 && bytes[11] == 0);
        bytes[8] = 99;
        CHECK(write_file(path, bytes, n));
        CHECK_FAILS(dt_module_load(path), "dt_module_load", "version");
    }
    free(bytes);
}

/* The offset of the first run of n int64 values `v` in bytes[0..size). */
static long find_int64s(const unsigned char *bytes, size_t size, const int64_t *v, size_t n)
{
    for (size_t i = 0; i + n * sizeof *v <= size; i++)
        if (memcmp(bytes + i, v, n * sizeof *v) == 0)
            return (long)i;
    return -1;
}

/* A saved maxpool2d(2, 2) whose kernel or stride is patched to `value`
   loads with an error, or runs its forward without a crash. */
static void check_pool_config_(const char *file, int line, int which, int64_t value)
{
    dt_module *pool = dt_maxpool2d(2, 2);
    const char *path = scratch("pool-config.dtm");
    CHECK_AT(file, line, dt_module_save(pool, path) == 0);
    dt_module_release(pool);
    size_t n;
    unsigned char *bytes = read_file(path, &n);
    /* the layer's config as module_io.c writes it: i64 kernel, stride, 0, 0 */
    const int64_t config[] = {2, 2, 0, 0};
    long at = bytes ? find_int64s(bytes, n, config, 4) : -1;
    if (CHECK_AT(file, line, at >= 0)) {
        memcpy(bytes + at + which * 8, &value, sizeof value);
        CHECK_AT(file, line, write_file(path, bytes, n));
        dt_test_reset_error();
        dt_module *loaded = dt_module_load(path);
        if (loaded) {
            dt_tensor *x = dt_ones(DT_SHAPE(1, 1, 4, 4));
            bool gave_tensor = false;
            CHECK_AT(file, line, forward_survives(loaded, x, &gave_tensor));
            CHECK_AT(file, line, !gave_tensor);   /* a nonsense pool is refused */
            dt_release(x);
        } else {
            CHECK_STR_CONTAINS_AT(file, line, dt_last_error(), "dt_module_load");
        }
        dt_module_release(loaded);
    }
    free(bytes);
}
#define CHECK_POOL_CONFIG(which, value) check_pool_config_(__FILE__, __LINE__, which, value)

static void test_load_corrupt_layer_config(void)
{
    CHECK_POOL_CONFIG(1, 0);    /* stride 0 */
    CHECK_POOL_CONFIG(1, -2);   /* negative stride */
    CHECK_POOL_CONFIG(0, 0);    /* kernel 0 */
    CHECK_POOL_CONFIG(0, -1);   /* negative kernel */
}

static void test_load_corrupted_bytes(void)
{
    /* flipping any one byte never crashes the loader: it fails with a
       message, or loads a module whose forward fails or works, cleanly */
    dt_module *m = dt_sequential(dt_conv2d(1, 1, 2), dt_maxpool2d(2, 1), dt_flatten_layer(),
                                 NULL);
    dt_tensor *x = dt_ones(DT_SHAPE(1, 1, 5, 5));
    const char *full = scratch("flip.dtm"), *bad = scratch("flipped.dtm");
    CHECK(dt_module_save(m, full) == 0);
    dt_module_release(m);
    size_t n;
    unsigned char *bytes = read_file(full, &n);
    size_t silent = 0, crashed = 0, first_crash = 0;
    bool written = true;
    for (size_t i = 0; bytes && i < n; i++) {
        bytes[i] ^= 0xff;
        written &= write_file(bad, bytes, n);
        bytes[i] ^= 0xff;
        dt_test_reset_error();
        dt_module *r = dt_module_load(bad);
        if (!r && !strstr(dt_last_error(), "dt_module_load"))
            silent++;
        if (r && !forward_survives(r, x, NULL) && crashed++ == 0)
            first_crash = i;
        dt_module_release(r);
    }
    CHECK(bytes != NULL && written);
    CHECK(silent == 0);
    if (!CHECK(crashed == 0))
        fprintf(stderr, "    %zu flipped files crashed the forward, the first at byte %zu\n",
                crashed, first_crash);
    free(bytes);
    dt_release(x);
}

/* ---- main --------------------------------------------------------------- */

static void remove_scratch(void)
{
    static const char *const names[] = {
        "cnn.dtm", "pool.dtm", "affine.dtm", "unregistered.dtm", "full.dtm", "cut.dtm",
        "foreign.dtm", "magic.dtm", "version.dtm", "flip.dtm", "flipped.dtm", "pool-config.dtm",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(scratch(names[i]));
    rmdir(scratch_dir);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch_dir, sizeof scratch_dir, "%s/dt_test_modules.XXXXXX",
             tmp && strlen(tmp) < 32 ? tmp : "/tmp");
    if (!mkdtemp(scratch_dir)) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_linear_hand_values);
    RUN(test_linear_default_init);
    RUN(test_init_follows_seed);
    RUN(test_linear_bad_input);
    RUN(test_conv2d_hand_values);
    RUN(test_conv2d_channels);
    RUN(test_conv2d_bad_input);
    RUN(test_conv2d_mismatched_params);
    RUN(test_maxpool2d);
    RUN(test_maxpool2d_overlapping);
    RUN(test_maxpool2d_floor);
    RUN(test_maxpool2d_nan);
    RUN(test_relu_layer);
    RUN(test_flatten_layer);
    RUN(test_sequential);
    RUN(test_sequential_nested);
    RUN(test_sequential_empty);
    RUN(test_custom_module);
    RUN(test_custom_module_without_state_free);
    RUN(test_registering_a_name_again_replaces);
    RUN(test_dotted_names_refused);
    RUN(test_module_to_cpu_keeps_tensors);
    RUN(test_save_load_sequential);
    RUN(test_save_load_pool_config);
    RUN(test_save_load_custom);
    RUN(test_load_unregistered_custom);
    RUN(test_load_missing_file);
    RUN(test_load_fifo);
    RUN(test_save_to_bad_path);
    RUN(test_load_truncated);
    RUN(test_load_foreign_files);
    RUN(test_load_bad_magic);
    RUN(test_load_bad_version);
    RUN(test_load_corrupt_layer_config);
    RUN(test_load_corrupted_bytes);
    remove_scratch();
    return TEST_REPORT();
}
