/* Failures: NULL arguments, shape mismatches, a missing CUDA device, dt_item
   of many elements, and the thread-local message.  Run with DT_DEVICE=cpu. */
#include "dt_check.h"

#include <pthread.h>
#include <stdlib.h>

static bool cuda_turned_off(void)
{
    const char *v = getenv("DT_DEVICE");
    return v && strcmp(v, "cpu") == 0;
}

static void test_no_error_at_start(void)
{
    CHECK(dt_last_error() != NULL);
    CHECK_STR_EQ(dt_last_error(), "");
}

static void test_null_creation_args(void)
{
    CHECK_FAILS(dt_zeros_like(NULL), "dt_zeros_like");
    CHECK_FAILS(dt_randn_like(NULL), "dt_randn_like");
    CHECK_FAILS(dt_from_f32(NULL, DT_SHAPE(2)), "dt_from_f32");
    CHECK_FAILS(dt_from_f64(NULL, DT_SHAPE(2)), "dt_from_f64");
    CHECK_FAILS(dt_from_i64(NULL, DT_SHAPE(2)), "dt_from_i64");
    CHECK_FAILS(dt_to(NULL, dt_cpu()), "dt_to");
    CHECK_FAILS(dt_to_dtype(NULL, DT_F64), "dt_to_dtype");
    CHECK_FAILS(dt_pin_memory(NULL), "dt_pin_memory");
}

static void test_null_op_args(void)
{
    dt_tensor *x = dt_ones(DT_SHAPE(2, 2));
    dt_tensor *labels = dt_arange(2);
    /* first operand NULL; consecutive cases name different ops, so a stale
       message cannot pass for a fresh one */
    CHECK_FAILS(dt_add(NULL, x), "dt_add");
    CHECK_FAILS(dt_sub(NULL, x), "dt_sub");
    CHECK_FAILS(dt_mul(NULL, x), "dt_mul");
    CHECK_FAILS(dt_matmul(NULL, x), "dt_matmul");
    CHECK_FAILS(dt_mse_loss(NULL, x), "dt_mse_loss");
    CHECK_FAILS(dt_cross_entropy(NULL, labels), "dt_cross_entropy");
    /* second operand NULL */
    CHECK_FAILS(dt_add(x, NULL), "dt_add");
    CHECK_FAILS(dt_sub(x, NULL), "dt_sub");
    CHECK_FAILS(dt_mul(x, NULL), "dt_mul");
    CHECK_FAILS(dt_matmul(x, NULL), "dt_matmul");
    CHECK_FAILS(dt_mse_loss(x, NULL), "dt_mse_loss");
    CHECK_FAILS(dt_cross_entropy(x, NULL), "dt_cross_entropy");
    /* one operand */
    CHECK_FAILS(dt_relu(NULL), "dt_relu");
    CHECK_FAILS(dt_softmax(NULL, 0), "dt_softmax");
    CHECK_FAILS(dt_sum(NULL), "dt_sum");
    CHECK_FAILS(dt_mean(NULL), "dt_mean");
    CHECK_FAILS(dt_transpose(NULL), "dt_transpose");
    CHECK_FAILS(dt_reshape(NULL, DT_SHAPE(4)), "dt_reshape");
    CHECK_FAILS(dt_argmax(NULL, 0), "dt_argmax");
    CHECK_FAILS(dt_flatten(NULL), "dt_flatten");
    dt_release(x);
    dt_release(labels);
}

static void test_null_container_args(void)
{
    dt_tensor *x = dt_ones(DT_SHAPE(4, 2));
    dt_tensor *y = dt_arange(4);
    dt_module *relu = dt_relu_layer();
    CHECK_FAILS(dt_split(NULL, 1, 0), "dt_split");
    CHECK_FAILS(dt_list_to(NULL, dt_cpu()), "dt_list_to");
    CHECK_FAILS(dt_forward(NULL, x), "dt_forward");
    CHECK_FAILS(dt_forward(relu, NULL), "dt_relu");
    CHECK_FAILS(dt_dataset_new(NULL, y), "dt_dataset_new");
    CHECK_FAILS(dt_loader_new(NULL, 2, false, false), "dt_loader_new");
    CHECK_FAILS(dt_module_load(NULL), "dt_module_load");
    dt_module_release(relu);
    dt_release(x);
    dt_release(y);
}

static void test_null_inspection(void)
{
    char buf[8];
    CHECK(isnan(dt_item(NULL)));
    CHECK_STR_CONTAINS(dt_last_error(), "dt_item");
    CHECK(dt_copy_to_host(NULL, buf, sizeof buf) != 0);
    CHECK_STR_CONTAINS(dt_last_error(), "dt_copy_to_host");
    CHECK(dt_module_save(NULL, "unused.dtm") != 0);
    CHECK_STR_CONTAINS(dt_last_error(), "dt_module_save");
}

static void test_add_shape_mismatch(void)
{
    dt_tensor *a = dt_ones(DT_SHAPE(2, 3));
    dt_tensor *b = dt_ones(DT_SHAPE(2));
    /* PyTorch: The size of tensor a (3) must match the size of tensor b (2)
       at non-singleton dimension 1 */
    CHECK_FAILS(dt_add(a, b), "dt_add", "size of tensor a (3)", "size of tensor b (2)",
                "dimension 1");
    dt_release(a);
    dt_release(b);
}

static void test_matmul_shape_mismatch(void)
{
    dt_tensor *a = dt_ones(DT_SHAPE(2, 3));
    dt_tensor *b = dt_ones(DT_SHAPE(4, 5));
    CHECK_FAILS(dt_matmul(a, b), "dt_matmul",
                "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
    dt_release(a);
    dt_release(b);
}

static void test_matmul_not_2d(void)
{
    dt_tensor *a = dt_ones(DT_SHAPE(2, 3, 1));
    dt_tensor *b = dt_ones(DT_SHAPE(3, 2));
    CHECK_FAILS(dt_matmul(a, b), "dt_matmul");
    CHECK_FAILS(dt_transpose(a), "dt_transpose");
    dt_release(a);
    dt_release(b);
}

static void test_bad_shapes(void)
{
    CHECK_FAILS(dt_zeros(DT_SHAPE(2, -1)), "dt_zeros", "-1");
    CHECK_FAILS(dt_ones(DT_SHAPE(-3)), "dt_ones", "-3");
    CHECK_FAILS(dt_arange(-1), "dt_arange");
}

static void test_cuda_unavailable(void)
{
    if (!cuda_turned_off()) {
        printf("     (skipped: run with DT_DEVICE=cpu)\n");
        return;
    }
    CHECK(!dt_cuda_is_available());
    CHECK(dt_cuda_device_count() == 0);
    dt_tensor *x = dt_ones(DT_SHAPE(2));
    CHECK_FAILS(dt_to(x, dt_cuda(0)), "dt_to", "cuda:0", "not available");
    CHECK_FAILS(dt_zeros_on(DT_SHAPE(2), dt_cuda(0)), "dt_zeros_on", "cuda:0");
    CHECK_FAILS(dt_randn_on(DT_SHAPE(2), dt_cuda(1)), "dt_randn_on", "cuda:1");
    CHECK_VALUES(x, 0, 1, 1);   /* x is unchanged */
    CHECK(dt_device_equal(dt_device_of(x), dt_cpu()));

    dt_list *l = dt_list_new();
    dt_list_push(l, x);
    CHECK_FAILS(dt_list_to(l, dt_cuda(0)), "cuda:0");
    dt_list_release(l);
    dt_release(x);
}

static void test_module_to_cuda_unavailable(void)
{
    if (!cuda_turned_off())
        return;
    dt_module *m = dt_linear(2, 2);
    dt_tensor *w = dt_module_get(m, "weight");
    dt_module_to(m, dt_cuda(0));
    CHECK_STR_CONTAINS(dt_last_error(), "dt_module_to");
    CHECK_STR_CONTAINS(dt_last_error(), "cuda:0");
    CHECK(dt_device_equal(dt_module_device(m), dt_cpu()));
    CHECK(dt_module_get(m, "weight") == w);
    CHECK(dt_device_equal(dt_device_of(w), dt_cpu()));
    dt_module_release(m);
}

static void test_item_many_elements(void)
{
    dt_tensor *x = dt_ones(DT_SHAPE(2));
    dt_tensor *e = dt_zeros(DT_SHAPE(0));
    CHECK(isnan(dt_item(x)));
    CHECK_STR_CONTAINS(dt_last_error(), "dt_item");
    CHECK_STR_CONTAINS(dt_last_error(), "2 elements");
    CHECK(isnan(dt_item(e)));
    CHECK_STR_CONTAINS(dt_last_error(), "0 elements");
    dt_release(x);
    dt_release(e);
}

/* ---- the message is per thread ------------------------------------------ */

static void *fail_in_thread(void *arg)
{
    const char **seen = arg;
    seen[0] = strdup(dt_last_error());      /* this thread has failed nothing yet */
    dt_release(dt_relu(NULL));
    seen[1] = strdup(dt_last_error());
    return NULL;
}

static void test_error_is_thread_local(void)
{
    dt_release(dt_sum(NULL));
    const char *seen[2] = {NULL, NULL};
    pthread_t th;
    CHECK(pthread_create(&th, NULL, fail_in_thread, seen) == 0);
    pthread_join(th, NULL);
    CHECK_STR_EQ(seen[0], "");
    CHECK_STR_CONTAINS(seen[1], "dt_relu");
    CHECK_STR_CONTAINS(dt_last_error(), "dt_sum");   /* untouched by the other thread */
    free((void *)seen[0]);
    free((void *)seen[1]);
}

int main(void)
{
    RUN(test_no_error_at_start);
    RUN(test_null_creation_args);
    RUN(test_null_op_args);
    RUN(test_null_container_args);
    RUN(test_null_inspection);
    RUN(test_add_shape_mismatch);
    RUN(test_matmul_shape_mismatch);
    RUN(test_matmul_not_2d);
    RUN(test_bad_shapes);
    RUN(test_cuda_unavailable);
    RUN(test_module_to_cuda_unavailable);
    RUN(test_item_many_elements);
    RUN(test_error_is_thread_local);
    return TEST_REPORT();
}
