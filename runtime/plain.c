/*
 * The plain names behind the provenance macros of devtensor.h, as real
 * functions for function pointers and foreign-function interfaces.  They
 * record no source line.
 */
#include "internal.h"

#define NO_SITE NULL, 0

dt_tensor *dt_zeros(dt_shape s) { return dt_zeros_at(s, NO_SITE); }
dt_tensor *dt_ones(dt_shape s) { return dt_ones_at(s, NO_SITE); }
dt_tensor *dt_randn(dt_shape s) { return dt_randn_at(s, NO_SITE); }
dt_tensor *dt_arange(int64_t n) { return dt_arange_at(n, NO_SITE); }
dt_tensor *dt_zeros_on(dt_shape s, dt_device d) { return dt_zeros_on_at(s, d, NO_SITE); }
dt_tensor *dt_ones_on(dt_shape s, dt_device d) { return dt_ones_on_at(s, d, NO_SITE); }
dt_tensor *dt_randn_on(dt_shape s, dt_device d) { return dt_randn_on_at(s, d, NO_SITE); }
dt_tensor *dt_zeros_like(const dt_tensor *t) { return dt_zeros_like_at(t, NO_SITE); }
dt_tensor *dt_randn_like(const dt_tensor *t) { return dt_randn_like_at(t, NO_SITE); }
dt_tensor *dt_from_f32(const float *p, dt_shape s) { return dt_from_f32_at(p, s, NO_SITE); }
dt_tensor *dt_from_f64(const double *p, dt_shape s) { return dt_from_f64_at(p, s, NO_SITE); }
dt_tensor *dt_from_i64(const int64_t *p, dt_shape s) { return dt_from_i64_at(p, s, NO_SITE); }
dt_tensor *dt_to(dt_tensor *t, dt_device d) { return dt_to_at(t, d, NO_SITE); }
dt_tensor *dt_to_dtype(dt_tensor *t, dt_dtype k) { return dt_to_dtype_at(t, k, NO_SITE); }
dt_tensor *dt_pin_memory(dt_tensor *t) { return dt_pin_memory_at(t, NO_SITE); }
dt_tensor *dt_add(dt_tensor *a, dt_tensor *b) { return dt_add_at(a, b, NO_SITE); }
dt_tensor *dt_sub(dt_tensor *a, dt_tensor *b) { return dt_sub_at(a, b, NO_SITE); }
dt_tensor *dt_mul(dt_tensor *a, dt_tensor *b) { return dt_mul_at(a, b, NO_SITE); }
dt_tensor *dt_matmul(dt_tensor *a, dt_tensor *b) { return dt_matmul_at(a, b, NO_SITE); }
dt_tensor *dt_relu(dt_tensor *a) { return dt_relu_at(a, NO_SITE); }
dt_tensor *dt_softmax(dt_tensor *a, int dim) { return dt_softmax_at(a, dim, NO_SITE); }
dt_tensor *dt_sum(dt_tensor *a) { return dt_sum_at(a, NO_SITE); }
dt_tensor *dt_mean(dt_tensor *a) { return dt_mean_at(a, NO_SITE); }
dt_tensor *dt_transpose(dt_tensor *a) { return dt_transpose_at(a, NO_SITE); }
dt_tensor *dt_reshape(dt_tensor *a, dt_shape s) { return dt_reshape_at(a, s, NO_SITE); }
dt_tensor *dt_argmax(dt_tensor *a, int dim) { return dt_argmax_at(a, dim, NO_SITE); }
dt_tensor *dt_cross_entropy(dt_tensor *a, dt_tensor *b) { return dt_cross_entropy_at(a, b, NO_SITE); }
dt_tensor *dt_mse_loss(dt_tensor *a, dt_tensor *b) { return dt_mse_loss_at(a, b, NO_SITE); }
dt_tensor *dt_flatten(dt_tensor *a) { return dt_flatten_at(a, NO_SITE); }
dt_list *dt_split(dt_tensor *a, int64_t size, int dim) { return dt_split_at(a, size, dim, NO_SITE); }
dt_list *dt_list_to(const dt_list *l, dt_device d) { return dt_list_to_at(l, d, NO_SITE); }
dt_tensor *dt_forward(dt_module *m, dt_tensor *x) { return dt_forward_at(m, x, NO_SITE); }
dt_module *dt_linear(int64_t in, int64_t out) { return dt_linear_at(in, out, NO_SITE); }
dt_module *dt_conv2d(int64_t in, int64_t out, int64_t k) { return dt_conv2d_at(in, out, k, NO_SITE); }
dt_module *dt_module_load(const char *path) { return dt_module_load_at(path, NO_SITE); }

bool dt_loader_next(dt_loader *l, dt_tensor **x, dt_tensor **y)
{
    return dt_loader_next_at(l, x, y, NO_SITE);
}
