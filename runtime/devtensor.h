/*
 * devtensor: a small PyTorch-shaped tensor runtime in C.
 *
 * Tensors carry a shape, a dtype and a device (cpu, cuda:N).  Every function
 * that returns a dt_tensor * returns a new reference, released with
 * dt_release; failure returns NULL and leaves a message for dt_last_error().
 * All operands of an op must live on one device: a mismatch fails the way
 * PyTorch does, and the message says where each operand was created.
 *
 * Provenance: the functions that create tensors are macros that pass the
 * caller's __FILE__ and __LINE__ to an _at variant, so every tensor knows the
 * source line that made it.  The plain names also exist as real functions
 * (for function pointers and foreign-function interfaces); those record no
 * line.  dt_release is such a macro too, so that a tracer sees the line
 * whose release frees a tensor's memory.  Define DT_NO_SITE_MACROS before
 * including this header to turn the macros off.
 */
#ifndef DEVTENSOR_H
#define DEVTENSOR_H

#include <devcheck/annotations.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DEVTENSOR_VERSION_MAJOR 0
#define DEVTENSOR_VERSION_MINOR 1

/* ---- devices, dtypes, shapes ------------------------------------------- */

typedef enum { DT_CPU = 0, DT_CUDA = 1 } dt_device_type;
typedef struct { dt_device_type type; int index; } dt_device;
typedef enum { DT_F32 = 0, DT_F64 = 1, DT_I64 = 2 } dt_dtype;

#define DT_MAX_DIMS 8
typedef struct { int ndim; int64_t dims[DT_MAX_DIMS]; } dt_shape;

/* DT_SHAPE(2, 3) is a dt_shape of ndim 2; DT_SHAPE() is a scalar's. */
#define DT_SHAPE(...) \
    ((dt_shape){ (int)(sizeof((int64_t[]){0, ##__VA_ARGS__}) / sizeof(int64_t)) - 1, \
                 { __VA_ARGS__ } })

dt_device   dt_cpu(void) DC_DEVICE_CPU;
dt_device   dt_cuda(int index) DC_DEVICE_CUDA(index);
bool        dt_cuda_is_available(void);   /* real GPU, or the emulated device when enabled */
int         dt_cuda_device_count(void);
bool        dt_device_equal(dt_device a, dt_device b) DC_DEVICE_EQUAL(a, b);
const char *dt_device_name(dt_device d);  /* "cpu", "cuda:0", ... (static storage) */
const char *dt_dtype_name(dt_dtype t);    /* "float32", "float64", "int64" */
size_t      dt_dtype_size(dt_dtype t);

/* ---- tensors ------------------------------------------------------------ */

typedef struct dt_tensor dt_tensor;

/* Creation: on the cpu, dtype f32, unless the name says otherwise. */
dt_tensor *dt_zeros(dt_shape s) DC_CREATES_CPU;
dt_tensor *dt_ones(dt_shape s) DC_CREATES_CPU;
dt_tensor *dt_randn(dt_shape s) DC_CREATES_CPU;
dt_tensor *dt_arange(int64_t n) DC_CREATES_CPU DC_DTYPE(i64);                         /* i64 */
dt_tensor *dt_zeros_on(dt_shape s, dt_device d) DC_CREATES_ON(d);
dt_tensor *dt_ones_on(dt_shape s, dt_device d) DC_CREATES_ON(d);
dt_tensor *dt_randn_on(dt_shape s, dt_device d) DC_CREATES_ON(d);
dt_tensor *dt_zeros_like(const dt_tensor *t) DC_CREATES_LIKE(t);            /* same shape, dtype, device */
dt_tensor *dt_randn_like(const dt_tensor *t) DC_CREATES_LIKE(t);
dt_tensor *dt_from_f32(const float *data, dt_shape s) DC_CREATES_CPU;   /* copies host data */
dt_tensor *dt_from_f64(const double *data, dt_shape s) DC_CREATES_CPU DC_DTYPE(f64);  /* dtype f64, like torch.from_numpy */
dt_tensor *dt_from_i64(const int64_t *data, dt_shape s) DC_CREATES_CPU DC_DTYPE(i64);
void       dt_manual_seed(uint64_t seed);

/* Transfer: a NEW tensor on d (a new reference to t itself when t is already
   there); t is unchanged.  Like Tensor.to(), not in place. */
dt_tensor *dt_to(dt_tensor *t, dt_device d) DC_TRANSFER(t, d);
dt_tensor *dt_to_dtype(dt_tensor *t, dt_dtype dtype) DC_TRANSFER_DTYPE(t);
dt_tensor *dt_pin_memory(dt_tensor *t) DC_PIN(t);   /* cpu tensor in page-locked memory */

dt_device  dt_device_of(const dt_tensor *t) DC_DEVICE_OF(t);
dt_dtype   dt_dtype_of(const dt_tensor *t);
dt_shape   dt_shape_of(const dt_tensor *t);
int64_t    dt_numel(const dt_tensor *t);
void      *dt_data(dt_tensor *t) DC_DATA_OF(t);         /* raw storage: DEVICE memory when t is on cuda */
double     dt_item(const dt_tensor *t);   /* one-element tensor, any device; NAN on error */
int        dt_copy_to_host(const dt_tensor *t, void *dst, size_t bytes); /* 0 on success */
bool       dt_is_pinned(const dt_tensor *t);
void       dt_set_name(dt_tensor *t, const char *name); /* shown in errors and reports */
const char *dt_name(const dt_tensor *t);  /* NULL when unnamed */
dt_tensor *dt_retain(dt_tensor *t) DC_IDENTITY(t);
void       dt_release(dt_tensor *t);      /* NULL is fine */

/* The message of this thread's last failure ("" when there was none). */
const char *dt_last_error(void);

/* Where a tensor was created: the user's file and line (NULL, 0 when the
   plain function was called), and the API function that made it. */
typedef struct { const char *file; int line; const char *func; } dt_site;
dt_site    dt_created_at(const dt_tensor *t);

/* ---- ops ---------------------------------------------------------------- */
/* Operands on one device and of one dtype (labels and indices are i64); the
   result lives on that device. */

dt_tensor *dt_add(dt_tensor *a, dt_tensor *b) DC_SAME_DEVICE(a, b) DC_SAME_DTYPE(a, b) DC_CREATES_LIKE(a);    /* broadcasting like PyTorch */
dt_tensor *dt_sub(dt_tensor *a, dt_tensor *b) DC_SAME_DEVICE(a, b) DC_SAME_DTYPE(a, b) DC_CREATES_LIKE(a);
dt_tensor *dt_mul(dt_tensor *a, dt_tensor *b) DC_SAME_DEVICE(a, b) DC_SAME_DTYPE(a, b) DC_CREATES_LIKE(a);
dt_tensor *dt_matmul(dt_tensor *a, dt_tensor *b) DC_SAME_DEVICE(a, b) DC_SAME_DTYPE(a, b) DC_CREATES_LIKE(a); /* 2-D */
dt_tensor *dt_relu(dt_tensor *a) DC_CREATES_LIKE(a);
dt_tensor *dt_softmax(dt_tensor *a, int dim) DC_CREATES_LIKE(a);     /* dim < 0 counts from the end */
dt_tensor *dt_sum(dt_tensor *a) DC_CREATES_LIKE(a);                  /* all elements, a 0-d tensor */
dt_tensor *dt_mean(dt_tensor *a) DC_CREATES_LIKE(a);
dt_tensor *dt_transpose(dt_tensor *a) DC_CREATES_LIKE(a);            /* 2-D */
dt_tensor *dt_reshape(dt_tensor *a, dt_shape s) DC_CREATES_LIKE(a);  /* one dim may be -1 */
dt_tensor *dt_argmax(dt_tensor *a, int dim) DC_CREATES_LIKE(a) DC_DTYPE(i64);      /* i64, dim removed */
dt_tensor *dt_cross_entropy(dt_tensor *logits, dt_tensor *labels) DC_SAME_DEVICE(logits, labels) DC_CREATES_LIKE(logits); /* [N,C], i64 [N] */
dt_tensor *dt_mse_loss(dt_tensor *a, dt_tensor *b) DC_SAME_DEVICE(a, b) DC_SAME_DTYPE(a, b) DC_CREATES_LIKE(a);  /* same shapes, no broadcasting */
dt_tensor *dt_flatten(dt_tensor *a) DC_CREATES_LIKE(a);              /* [N, ...] -> [N, rest] */

/* ---- lists -------------------------------------------------------------- */

typedef struct dt_list dt_list;
dt_list   *dt_list_new(void) DC_LIST_NEW;
void       dt_list_push(dt_list *l, dt_tensor *t) DC_LIST_PUSH(l, t);      /* takes a new reference */
size_t     dt_list_len(const dt_list *l);
dt_tensor *dt_list_get(const dt_list *l, size_t i) DC_LIST_GET(l, i);     /* borrowed; NULL out of range */
dt_list   *dt_split(dt_tensor *a, int64_t size, int dim) DC_SPLIT(a);
dt_list   *dt_list_to(const dt_list *l, dt_device d) DC_TRANSFER(l, d);   /* new list, every tensor transferred */
void       dt_list_release(dt_list *l);

/* ---- modules ------------------------------------------------------------ */
/* dt_module_to moves in place, like nn.Module.to: every registered parameter
   and buffer of the module and of its children.  A tensor kept in a custom
   module's own state without registration is NOT moved. */

typedef struct dt_module dt_module;
typedef dt_tensor *(*dt_forward_fn)(dt_module *self, dt_tensor *x);

dt_module *dt_linear(int64_t in_features, int64_t out_features) DC_CREATES_CPU;   /* on cpu */
dt_module *dt_conv2d(int64_t in_ch, int64_t out_ch, int64_t kernel) DC_CREATES_CPU; /* stride 1, no padding */
dt_module *dt_maxpool2d(int64_t kernel, int64_t stride) DC_CREATES_CPU;
dt_module *dt_relu_layer(void) DC_CREATES_CPU;
dt_module *dt_flatten_layer(void) DC_CREATES_CPU;
dt_module *dt_sequential(dt_module *first, ...) DC_MODULE_CHILDREN;   /* NULL-terminated, takes ownership */
dt_module *dt_module_new(const char *name, dt_forward_fn forward, void *state) DC_MODULE_CUSTOM(forward, state);
void      *dt_module_state(dt_module *m) DC_MODULE_STATE(m);
/* Called with the state when the module is released (optional). */
void       dt_module_set_state_free(dt_module *m, void (*free_state)(void *));
void       dt_module_add_param(dt_module *m, const char *name, dt_tensor *t) DC_REGISTER(m, t);  /* retains t */
void       dt_module_add_buffer(dt_module *m, const char *name, dt_tensor *t) DC_REGISTER(m, t); /* retains t */
void       dt_module_add_child(dt_module *m, const char *name, dt_module *child) DC_REGISTER(m, child); /* takes ownership */
dt_tensor *dt_module_get(dt_module *m, const char *name) DC_PARAM_OF(m);   /* borrowed param/buffer */
dt_module *dt_module_child(dt_module *m, const char *name); /* borrowed */
const char *dt_module_name(const dt_module *m);
dt_tensor *dt_forward(dt_module *m, dt_tensor *x) DC_SAME_DEVICE(m, x) DC_SAME_DTYPE(m, x) DC_CREATES_LIKE(x);
void       dt_module_to(dt_module *m, dt_device d) DC_MOVES(m, d);
dt_device  dt_module_device(const dt_module *m) DC_DEVICE_OF(m);   /* of its first parameter; cpu if none */
int        dt_module_save(const dt_module *m, const char *path);  /* 0 on success */
dt_module *dt_module_load(const char *path) DC_CREATES_CPU;                      /* always onto the cpu */
/* A custom module's forward cannot be saved: register it under the module's
   name so dt_module_load can restore it (its state comes back NULL). */
void       dt_module_register(const char *name, dt_forward_fn forward);
void       dt_module_release(dt_module *m);

/* ---- data --------------------------------------------------------------- */

typedef struct dt_dataset dt_dataset;
typedef struct dt_loader dt_loader;
dt_dataset *dt_dataset_new(dt_tensor *x, dt_tensor *y);   /* cpu tensors, first dim = samples */
dt_loader  *dt_loader_new(dt_dataset *ds, int64_t batch_size, bool shuffle, bool pin_memory);
/* The next batch as new references (cpu tensors); false at the end of the
   data (dt_last_error() then reads "") or on an error. */
bool        dt_loader_next(dt_loader *l, dt_tensor **x, dt_tensor **y) DC_BATCHES(x, y);
void        dt_loader_reset(dt_loader *l);
void        dt_loader_free(dt_loader *l);
void        dt_dataset_free(dt_dataset *ds);

/* ---- the _at variants behind the macros ---------------------------------- */

#define DT_AT const char *file_, int line_
dt_tensor *dt_zeros_at(dt_shape s, DT_AT) DC_CREATES_CPU;
dt_tensor *dt_ones_at(dt_shape s, DT_AT) DC_CREATES_CPU;
dt_tensor *dt_randn_at(dt_shape s, DT_AT) DC_CREATES_CPU;
dt_tensor *dt_arange_at(int64_t n, DT_AT) DC_CREATES_CPU DC_DTYPE(i64);
dt_tensor *dt_zeros_on_at(dt_shape s, dt_device d, DT_AT) DC_CREATES_ON(d);
dt_tensor *dt_ones_on_at(dt_shape s, dt_device d, DT_AT) DC_CREATES_ON(d);
dt_tensor *dt_randn_on_at(dt_shape s, dt_device d, DT_AT) DC_CREATES_ON(d);
dt_tensor *dt_zeros_like_at(const dt_tensor *t, DT_AT) DC_CREATES_LIKE(t);
dt_tensor *dt_randn_like_at(const dt_tensor *t, DT_AT) DC_CREATES_LIKE(t);
dt_tensor *dt_from_f32_at(const float *data, dt_shape s, DT_AT) DC_CREATES_CPU;
dt_tensor *dt_from_f64_at(const double *data, dt_shape s, DT_AT) DC_CREATES_CPU DC_DTYPE(f64);
dt_tensor *dt_from_i64_at(const int64_t *data, dt_shape s, DT_AT) DC_CREATES_CPU DC_DTYPE(i64);
dt_tensor *dt_to_at(dt_tensor *t, dt_device d, DT_AT) DC_TRANSFER(t, d);
dt_tensor *dt_to_dtype_at(dt_tensor *t, dt_dtype dtype, DT_AT) DC_TRANSFER_DTYPE(t);
dt_tensor *dt_pin_memory_at(dt_tensor *t, DT_AT) DC_PIN(t);
dt_tensor *dt_add_at(dt_tensor *a, dt_tensor *b, DT_AT) DC_SAME_DEVICE(a, b) DC_SAME_DTYPE(a, b) DC_CREATES_LIKE(a);
dt_tensor *dt_sub_at(dt_tensor *a, dt_tensor *b, DT_AT) DC_SAME_DEVICE(a, b) DC_SAME_DTYPE(a, b) DC_CREATES_LIKE(a);
dt_tensor *dt_mul_at(dt_tensor *a, dt_tensor *b, DT_AT) DC_SAME_DEVICE(a, b) DC_SAME_DTYPE(a, b) DC_CREATES_LIKE(a);
dt_tensor *dt_matmul_at(dt_tensor *a, dt_tensor *b, DT_AT) DC_SAME_DEVICE(a, b) DC_SAME_DTYPE(a, b) DC_CREATES_LIKE(a);
dt_tensor *dt_relu_at(dt_tensor *a, DT_AT) DC_CREATES_LIKE(a);
dt_tensor *dt_softmax_at(dt_tensor *a, int dim, DT_AT) DC_CREATES_LIKE(a);
dt_tensor *dt_sum_at(dt_tensor *a, DT_AT) DC_CREATES_LIKE(a);
dt_tensor *dt_mean_at(dt_tensor *a, DT_AT) DC_CREATES_LIKE(a);
dt_tensor *dt_transpose_at(dt_tensor *a, DT_AT) DC_CREATES_LIKE(a);
dt_tensor *dt_reshape_at(dt_tensor *a, dt_shape s, DT_AT) DC_CREATES_LIKE(a);
dt_tensor *dt_argmax_at(dt_tensor *a, int dim, DT_AT) DC_CREATES_LIKE(a) DC_DTYPE(i64);
dt_tensor *dt_cross_entropy_at(dt_tensor *logits, dt_tensor *labels, DT_AT) DC_SAME_DEVICE(logits, labels) DC_CREATES_LIKE(logits);
dt_tensor *dt_mse_loss_at(dt_tensor *a, dt_tensor *b, DT_AT) DC_SAME_DEVICE(a, b) DC_SAME_DTYPE(a, b) DC_CREATES_LIKE(a);
dt_tensor *dt_flatten_at(dt_tensor *a, DT_AT) DC_CREATES_LIKE(a);
dt_list   *dt_split_at(dt_tensor *a, int64_t size, int dim, DT_AT) DC_SPLIT(a);
dt_list   *dt_list_to_at(const dt_list *l, dt_device d, DT_AT) DC_TRANSFER(l, d);
dt_tensor *dt_forward_at(dt_module *m, dt_tensor *x, DT_AT) DC_SAME_DEVICE(m, x) DC_SAME_DTYPE(m, x) DC_CREATES_LIKE(x);
bool       dt_loader_next_at(dt_loader *l, dt_tensor **x, dt_tensor **y, DT_AT) DC_BATCHES(x, y);
dt_module *dt_linear_at(int64_t in_features, int64_t out_features, DT_AT) DC_CREATES_CPU;
dt_module *dt_conv2d_at(int64_t in_ch, int64_t out_ch, int64_t kernel, DT_AT) DC_CREATES_CPU;
dt_module *dt_module_load_at(const char *path, DT_AT) DC_CREATES_CPU;
void       dt_release_at(dt_tensor *t, DT_AT);
#undef DT_AT

/* ---- tracing ---------------------------------------------------------------
 * The runtime calls dt_trace for each operand mismatch it refuses, after
 * dt_last_error() is set.  Here it does nothing: a tracer such as
 * libdevtrace.so defines its own dt_trace and, preloaded, takes its place.
 * The pointers are valid during the call only. */
typedef enum { DT_TRACE_DEVICE_MISMATCH, DT_TRACE_DTYPE_MISMATCH } dt_trace_kind;
typedef struct {
    const char *arg;          /* the parameter: "input", "b", ... */
    const char *name;         /* the tensor's name, or NULL */
    dt_device device;
    dt_dtype dtype;
    dt_site created;          /* dt_created_at */
} dt_trace_operand;
typedef struct {
    dt_trace_kind kind;
    const char *op;           /* "dt_add", "dt_linear", ... */
    dt_site called;           /* the op's call, when it came through its macro
                                 (file NULL when not known) */
    const char *message;      /* dt_last_error() */
    dt_trace_operand operands[2];
} dt_trace_event;
void dt_trace(const dt_trace_event *ev);
/* The call through a macro (an _at function) that this thread is inside:
   the user's file and line, and the API function.  file is NULL outside
   one.  A tracer that intercepts the CUDA calls an op makes reads it
   instead of walking the stack; it stays at this address for the thread's
   life. */
const dt_site *dt_current_call(void);

#ifndef DT_NO_SITE_MACROS
#define DT_HERE __FILE__, __LINE__
#define dt_zeros(s)                 dt_zeros_at((s), DT_HERE)
#define dt_ones(s)                  dt_ones_at((s), DT_HERE)
#define dt_randn(s)                 dt_randn_at((s), DT_HERE)
#define dt_arange(n)                dt_arange_at((n), DT_HERE)
#define dt_zeros_on(s, d)           dt_zeros_on_at((s), (d), DT_HERE)
#define dt_ones_on(s, d)            dt_ones_on_at((s), (d), DT_HERE)
#define dt_randn_on(s, d)           dt_randn_on_at((s), (d), DT_HERE)
#define dt_zeros_like(t)            dt_zeros_like_at((t), DT_HERE)
#define dt_randn_like(t)            dt_randn_like_at((t), DT_HERE)
#define dt_from_f32(p, s)           dt_from_f32_at((p), (s), DT_HERE)
#define dt_from_f64(p, s)           dt_from_f64_at((p), (s), DT_HERE)
#define dt_from_i64(p, s)           dt_from_i64_at((p), (s), DT_HERE)
#define dt_to(t, d)                 dt_to_at((t), (d), DT_HERE)
#define dt_to_dtype(t, k)           dt_to_dtype_at((t), (k), DT_HERE)
#define dt_pin_memory(t)            dt_pin_memory_at((t), DT_HERE)
#define dt_add(a, b)                dt_add_at((a), (b), DT_HERE)
#define dt_sub(a, b)                dt_sub_at((a), (b), DT_HERE)
#define dt_mul(a, b)                dt_mul_at((a), (b), DT_HERE)
#define dt_matmul(a, b)             dt_matmul_at((a), (b), DT_HERE)
#define dt_relu(a)                  dt_relu_at((a), DT_HERE)
#define dt_softmax(a, dim)          dt_softmax_at((a), (dim), DT_HERE)
#define dt_sum(a)                   dt_sum_at((a), DT_HERE)
#define dt_mean(a)                  dt_mean_at((a), DT_HERE)
#define dt_transpose(a)             dt_transpose_at((a), DT_HERE)
#define dt_reshape(a, s)            dt_reshape_at((a), (s), DT_HERE)
#define dt_argmax(a, dim)           dt_argmax_at((a), (dim), DT_HERE)
#define dt_cross_entropy(a, b)      dt_cross_entropy_at((a), (b), DT_HERE)
#define dt_mse_loss(a, b)           dt_mse_loss_at((a), (b), DT_HERE)
#define dt_flatten(a)               dt_flatten_at((a), DT_HERE)
#define dt_split(a, size, dim)      dt_split_at((a), (size), (dim), DT_HERE)
#define dt_list_to(l, d)            dt_list_to_at((l), (d), DT_HERE)
#define dt_forward(m, x)            dt_forward_at((m), (x), DT_HERE)
#define dt_loader_next(l, x, y)     dt_loader_next_at((l), (x), (y), DT_HERE)
#define dt_linear(i, o)             dt_linear_at((i), (o), DT_HERE)
#define dt_conv2d(i, o, k)          dt_conv2d_at((i), (o), (k), DT_HERE)
#define dt_module_load(path)        dt_module_load_at((path), DT_HERE)
#define dt_release(t)               dt_release_at((t), DT_HERE)
#endif

#ifdef __cplusplus
}
#endif
#endif /* DEVTENSOR_H */
