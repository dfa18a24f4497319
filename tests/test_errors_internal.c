/*
 * The device-mismatch message, exactly, with where each operand was made.
 *
 * Without a GPU, a tensor "on cuda:0" is made by relabelling a cpu tensor's
 * storage: the ops must refuse it before touching its memory.  The label is
 * put back before the tensor is released (the cpu backend frees it).
 */
#include <devtensor.h>   /* first: keeps the site macros that internal.h turns off */
#include "internal.h"

#include "dt_check.h"

static const char *this_file(void)
{
    const char *slash = strrchr(__FILE__, '/');
    return slash ? slash + 1 : __FILE__;
}

/* Pretends t lives on d; returns where it really lives. */
static dt_device relabel(dt_tensor *t, dt_device d)
{
    dt_device was = t->storage->device;
    t->storage->device = d;
    return was;
}

/* One operand as the message describes it: its argument name, its tensor's
   name (or NULL), its device, and where it was made: a line of this file, or
   (line 0) the API function `func`. */
typedef struct {
    const char *arg, *name, *device;
    int line;
    const char *func;
} operand_desc;

#define OPERAND(arg, name, device, line) ((operand_desc){arg, name, device, line, NULL})

static void describe(char *buf, size_t n, operand_desc d)
{
    char named[64] = "";
    if (d.name)
        snprintf(named, sizeof named, " (%s)", d.name);
    if (d.line)
        snprintf(buf, n, "argument '%s'%s was created on %s at %s:%d", d.arg, named, d.device,
                 this_file(), d.line);
    else
        snprintf(buf, n, "argument '%s'%s was created on %s by %s", d.arg, named, d.device,
                 d.func);
}

/* dt_last_error() is PyTorch's device-mismatch message for `op` whose first
   operand is on `first` and the other on `other`; then where each operand
   came from, the stray one (the one on the cpu) first:
     Expected all tensors to be on the same device, but found at least two
     devices, cpu and cuda:0! (dt_matmul: argument 'a' (x) was created on cpu
     at f.c:10; argument 'b' (w) was created on cuda:0 at f.c:12)           */
static void check_mismatch_(const char *file, int line, const char *op, const char *first,
                            const char *other, operand_desc stray, operand_desc kept)
{
    char a[256], b[256], expect[768];
    describe(a, sizeof a, stray);
    describe(b, sizeof b, kept);
    snprintf(expect, sizeof expect,
             "Expected all tensors to be on the same device, but found at least two devices, "
             "%s and %s! (%s: %s; %s)", first, other, op, a, b);
    CHECK_STR_EQ_AT(file, line, dt_last_error(), expect);
}
#define CHECK_MISMATCH(op, first, other, stray, kept) \
    check_mismatch_(__FILE__, __LINE__, op, first, other, stray, kept)

/* Runs an op that must fail, and checks its message. */
#define CHECK_MISMATCH_OP(call, op, first, other, stray, kept) \
    do {                                                      \
        dt_tensor *r_ = (call);                               \
        CHECK(r_ == NULL);                                    \
        dt_release(r_);                                       \
        CHECK_MISMATCH(op, first, other, stray, kept);        \
    } while (0)

static void test_binary_ops_cpu_then_cuda(void)
{
    int line_x = __LINE__ + 1;
    dt_tensor *x = dt_ones(DT_SHAPE(2, 2));
    int line_w = __LINE__ + 1;
    dt_tensor *w = dt_ones(DT_SHAPE(2, 2));
    dt_set_name(x, "x");
    dt_set_name(w, "w_gpu");
    dt_device was = relabel(w, dt_cuda(0));
    operand_desc xa = OPERAND("a", "x", "cpu", line_x), wb = OPERAND("b", "w_gpu", "cuda:0", line_w);

    CHECK_MISMATCH_OP(dt_matmul(x, w), "dt_matmul", "cpu", "cuda:0", xa, wb);
    CHECK_MISMATCH_OP(dt_add(x, w), "dt_add", "cpu", "cuda:0", xa, wb);
    CHECK_MISMATCH_OP(dt_sub(x, w), "dt_sub", "cpu", "cuda:0", xa, wb);
    CHECK_MISMATCH_OP(dt_mul(x, w), "dt_mul", "cpu", "cuda:0", xa, wb);
    CHECK_MISMATCH_OP(dt_mse_loss(x, w), "dt_mse_loss", "cpu", "cuda:0", xa, wb);
    /* the other way round: the cpu operand is still described first */
    operand_desc xb = OPERAND("b", "x", "cpu", line_x), wa = OPERAND("a", "w_gpu", "cuda:0", line_w);
    CHECK_MISMATCH_OP(dt_matmul(w, x), "dt_matmul", "cuda:0", "cpu", xb, wa);
    CHECK_MISMATCH_OP(dt_add(w, x), "dt_add", "cuda:0", "cpu", xb, wa);

    relabel(w, was);
    dt_release(x);
    dt_release(w);
}

static void test_two_gpus(void)
{
    /* neither on the cpu: the second operand is the stray one */
    int line_a = __LINE__ + 1;
    dt_tensor *a = dt_ones(DT_SHAPE(2, 2));
    int line_b = __LINE__ + 1;
    dt_tensor *b = dt_ones(DT_SHAPE(2, 2));
    dt_device was_a = relabel(a, dt_cuda(0)), was_b = relabel(b, dt_cuda(1));
    CHECK_MISMATCH_OP(dt_add(a, b), "dt_add", "cuda:0", "cuda:1",
                      OPERAND("b", NULL, "cuda:1", line_b), OPERAND("a", NULL, "cuda:0", line_a));
    relabel(a, was_a);
    relabel(b, was_b);
    dt_release(a);
    dt_release(b);
}

static void test_unnamed_operand(void)
{
    int line_x = __LINE__ + 1;
    dt_tensor *x = dt_ones(DT_SHAPE(2, 2));
    int line_y = __LINE__ + 1;
    dt_tensor *y = dt_zeros(DT_SHAPE(2, 2));
    dt_device was = relabel(y, dt_cuda(1));
    CHECK_MISMATCH_OP(dt_matmul(x, y), "dt_matmul", "cpu", "cuda:1",
                      OPERAND("a", NULL, "cpu", line_x), OPERAND("b", NULL, "cuda:1", line_y));
    relabel(y, was);
    dt_release(x);
    dt_release(y);
}

static void test_operand_from_plain_function(void)
{
    /* made by the real function, not the macro: no line to show */
    int line_x = __LINE__ + 1;
    dt_tensor *x = dt_ones(DT_SHAPE(2, 2));
    dt_tensor *y = (dt_zeros)(DT_SHAPE(2, 2));
    dt_device was = relabel(y, dt_cuda(0));
    operand_desc plain = {"b", NULL, "cuda:0", 0, "dt_zeros"};
    CHECK_MISMATCH_OP(dt_matmul(x, y), "dt_matmul", "cpu", "cuda:0",
                      OPERAND("a", NULL, "cpu", line_x), plain);
    relabel(y, was);
    dt_release(x);
    dt_release(y);
}

static void test_cross_entropy_labels(void)
{
    int line_logits = __LINE__ + 1;
    dt_tensor *logits = dt_zeros(DT_SHAPE(2, 3));
    int line_labels = __LINE__ + 1;
    dt_tensor *labels = dt_arange(2);
    dt_set_name(labels, "labels");
    dt_device was = relabel(logits, dt_cuda(0));
    CHECK_MISMATCH_OP(dt_cross_entropy(logits, labels), "dt_cross_entropy", "cuda:0", "cpu",
                      OPERAND("labels", "labels", "cpu", line_labels),
                      OPERAND("logits", NULL, "cuda:0", line_logits));
    relabel(logits, was);
    dt_release(logits);
    dt_release(labels);
}

static void test_layer_input_left_on_cpu(void)
{
    /* scenario 1: the model "moved", the input not; the weights were made
       by dt_linear at its caller's line */
    int line_m = __LINE__ + 1;
    dt_module *m = dt_linear(2, 2);
    dt_tensor *weight = dt_module_get(m, "weight"), *bias = dt_module_get(m, "bias");
    int line_x = __LINE__ + 1;
    dt_tensor *x = dt_ones(DT_SHAPE(1, 2));
    dt_set_name(x, "x");
    dt_device was_w = relabel(weight, dt_cuda(0)), was_b = relabel(bias, dt_cuda(0));
    CHECK(dt_device_equal(dt_module_device(m), dt_cuda(0)));
    CHECK_MISMATCH_OP(dt_forward(m, x), "dt_linear", "cuda:0", "cpu",
                      OPERAND("input", "x", "cpu", line_x),
                      OPERAND("weight", NULL, "cuda:0", line_m));
    relabel(weight, was_w);
    relabel(bias, was_b);
    dt_release(x);
    dt_module_release(m);
}

static void test_same_device_passes(void)
{
    /* the relabelled pair agrees again once restored: the check is not stuck */
    dt_tensor *x = dt_ones(DT_SHAPE(2, 2));
    dt_tensor *w = dt_ones(DT_SHAPE(2, 2));
    dt_device was = relabel(w, dt_cuda(0));
    relabel(w, was);
    dt_tensor *r = dt_matmul(x, w);
    CHECK_VALUES(r, 0, 2, 2, 2, 2);
    dt_release(r);
    dt_release(x);
    dt_release(w);
}

static void test_fail_device_mismatch_directly(void)
{
    int line_a = __LINE__ + 1;
    dt_tensor *a = dt_zeros(DT_SHAPE(1));
    int line_b = __LINE__ + 1;
    dt_tensor *b = dt_zeros(DT_SHAPE(1));
    dt_set_name(b, "batch");
    dt_device was = relabel(b, dt_cuda(1));
    dt_operand first = {"input", a}, other = {"weight", b};
    operand_desc da = OPERAND("input", NULL, "cpu", line_a);
    operand_desc db = OPERAND("weight", "batch", "cuda:1", line_b);
    dt_fail_device_mismatch(dt_site_make("my_op", NULL, 0), &first, &other);
    CHECK_MISMATCH("my_op", "cpu", "cuda:1", da, db);
    dt_fail_device_mismatch(dt_site_make("my_op", NULL, 0), &other, &first);
    CHECK_MISMATCH("my_op", "cuda:1", "cpu", da, db);
    relabel(b, was);
    dt_release(a);
    dt_release(b);
}

static void test_fail_dtype_mismatch_directly(void)
{
    dt_tensor *a = dt_zeros(DT_SHAPE(1));
    int line_b = __LINE__ + 1;
    dt_tensor *b = dt_from_f64((const double[]){1}, DT_SHAPE(1));
    dt_set_name(b, "data");
    dt_operand first = {"a", a}, other = {"b", b};
    dt_fail_dtype_mismatch(dt_site_make("dt_add", NULL, 0), &first, &other);
    char expect[512];
    snprintf(expect, sizeof expect,
             "Expected all tensors to have the same dtype, but found at least two dtypes, "
             "float32 and float64! (dt_add: argument 'b' (data) was created as float64 at "
             "%s:%d)", this_file(), line_b);
    CHECK_STR_EQ(dt_last_error(), expect);
    /* and the op gives the same words */
    CHECK(dt_add(a, b) == NULL);
    CHECK_STR_EQ(dt_last_error(), expect);
    dt_release(a);
    dt_release(b);
}

static void test_check_operands(void)
{
    dt_tensor *a = dt_zeros(DT_SHAPE(1));
    dt_tensor *i = dt_arange(1);
    dt_operand ok[] = {{"a", a}, {"b", a}};
    dt_operand mixed[] = {{"a", a}, {"idx", i}};
    dt_operand null[] = {{"a", a}, {"b", NULL}};
    CHECK(dt_check_operands(dt_site_make("op", NULL, 0), ok, 2, true));
    CHECK(dt_check_operands(dt_site_make("op", NULL, 0), mixed, 2, false));   /* dtypes may differ when asked */
    CHECK(!dt_check_operands(dt_site_make("op", NULL, 0), mixed, 2, true));
    CHECK_STR_CONTAINS(dt_last_error(), "float32 and int64");
    CHECK(!dt_check_operands(dt_site_make("op", NULL, 0), null, 2, true));
    CHECK_STR_EQ(dt_last_error(), "op: argument 'b' is NULL");
    dt_release(a);
    dt_release(i);
}

static void test_fail_formats(void)
{
    CHECK(dt_fail("plain %d and %s", 42, "words") == NULL);
    CHECK_STR_EQ(dt_last_error(), "plain 42 and words");
    /* a long message is cut, never overflows */
    char big[4096];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    dt_fail("%s", big);
    CHECK(strlen(dt_last_error()) > 0 && strlen(dt_last_error()) < sizeof big - 1);
}

int main(void)
{
    RUN(test_binary_ops_cpu_then_cuda);
    RUN(test_two_gpus);
    RUN(test_unnamed_operand);
    RUN(test_operand_from_plain_function);
    RUN(test_cross_entropy_labels);
    RUN(test_layer_input_left_on_cpu);
    RUN(test_same_device_passes);
    RUN(test_fail_device_mismatch_directly);
    RUN(test_fail_dtype_mismatch_directly);
    RUN(test_check_operands);
    RUN(test_fail_formats);
    return TEST_REPORT();
}
