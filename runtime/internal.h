/*
 * The runtime's insides: what a tensor is, and the device layer.
 *
 * The device layer is the one place that decides where memory lives and how
 * it moves.  Each device type has a backend: memory (alloc, free, copy) and a
 * table of kernels that run on raw storage of that device.  The ops in ops.c
 * check their operands, size the result, and call the kernel of the device
 * the operands live on; they never touch memory themselves.  The cpu backend
 * is always there; a cuda backend (real or emulated) registers itself with
 * dt_register_backend.
 *
 *   tensor.c       tensors: creation, transfer, inspection, references and
 *                  provenance (devtensor.h is the API)
 *   storage.c      refcounted blocks of memory on one device: every
 *                  allocation, free and copy goes through here
 *   device.c       devices and the backend registry
 *   cpu_backend.c  host memory, aligned for the BLAS and vector loops
 *   cpu_kernels.c  the cpu's kernels, one instance per dtype (cpu_kernels_t.h)
 *   cuda_backend.c devices cuda:N through the CUDA runtime (cuda.h), real or
 *                  emulated
 *   cuda_kernels.c the cuda backend's kernel table (kernels/)
 *   ops.c          the ops: operands checked, result sized, work handed over
 *   random.c       the counter-based random generator
 *   error.c        errors, and the mismatch messages in PyTorch's words
 *   module.c       modules: parameters, buffers, children, forward
 *   module_io.c    dt_module_save / dt_module_load
 *   layers.c       the built-in layers
 *   list.c         lists of tensors
 *   data.c         datasets and loaders
 *   trace.c        the trace hook, weak so that a preloaded tracer wins
 *   plain.c        the plain names behind devtensor.h's provenance macros
 */
#ifndef DT_INTERNAL_H
#define DT_INTERNAL_H

#define DT_NO_SITE_MACROS
#include "devtensor.h"

#include "kernels.h"

#include <stdatomic.h>

/* ---- storage and tensors ------------------------------------------------ */

typedef struct dt_backend dt_backend;

typedef struct dt_storage {
    atomic_int refs;
    const dt_backend *owner;    /* frees it; with pinned, the device that pinned it */
    dt_device device;
    void *ptr;
    size_t bytes;
    bool pinned;                /* page-locked host memory */
} dt_storage;

struct dt_tensor {
    atomic_int refs;
    dt_storage *storage;        /* shared by reshaped views */
    dt_shape shape;
    int64_t numel;
    dt_dtype dtype;
    dt_site site;               /* where the user created it */
    char *name;
};

/* ---- kernels: one table per backend, over raw storage of its device ------ */

/* dt_bcast, dt_axis, dt_conv_geom, dt_pool_geom and dt_binop come from
   kernels.h: the GPU kernels take the same structs. */
_Static_assert(DTK_MAX_DIMS == DT_MAX_DIMS, "kernels.h and devtensor.h disagree on DT_MAX_DIMS");
dt_axis dt_axis_of(dt_shape s, int dim);

/* Each returns 0, or -1 with dt_last_error() set.  arange and uniform fill
   only tensors the runtime makes on the cpu (dt_arange, layer weights), so
   other backends leave them NULL. */
typedef struct dt_kernels {
    int (*fill)(dt_dtype t, void *out, int64_t n, double value);
    int (*arange)(int64_t *out, int64_t n);
    int (*randn)(dt_dtype t, void *out, int64_t n, uint64_t seed, uint64_t offset);
    int (*uniform)(dt_dtype t, void *out, int64_t n, uint64_t seed, uint64_t offset,
                   double lo, double hi);
    int (*cast)(dt_dtype to, void *out, dt_dtype from, const void *in, int64_t n);
    int (*binary)(dt_binop op, dt_dtype t, void *out, const void *a, const void *b,
                  const dt_bcast *g);
    int (*relu)(dt_dtype t, void *out, const void *in, int64_t n);
    int (*matmul)(dt_dtype t, void *out, const void *a, const void *b,
                  int64_t m, int64_t k, int64_t n);
    int (*transpose)(dt_dtype t, void *out, const void *in, int64_t rows, int64_t cols);
    int (*softmax)(dt_dtype t, void *out, const void *in, dt_axis ax);
    int (*sum)(dt_dtype t, void *out, const void *in, int64_t n, bool mean);
    int (*argmax)(dt_dtype t, int64_t *out, const void *in, dt_axis ax);
    int (*cross_entropy)(dt_dtype t, void *out, const void *logits, const int64_t *labels,
                         int64_t n, int64_t c);
    int (*mse)(dt_dtype t, void *out, const void *a, const void *b, int64_t n);
    int (*conv2d)(dt_dtype t, void *out, const void *in, const void *w, const void *bias,
                  const dt_conv_geom *g);
    int (*maxpool2d)(dt_dtype t, void *out, const void *in, const dt_pool_geom *g);
    /* out[o][j][i] = in[o][start + j][i] over an [outer, len, inner] view */
    int (*slice)(dt_dtype t, void *out, const void *in, dt_axis ax, int64_t start,
                 int64_t count);
} dt_kernels;

/* ---- backends ----------------------------------------------------------- */

struct dt_backend {
    const char *name;
    int (*device_count)(void);
    /* on device index, made current first (dt_activate) */
    void *(*alloc)(int index, size_t bytes);           /* NULL with the error set */
    void (*free)(int index, void *p);
    /* a copy where one side lives on this backend's device, the other on the
       cpu or on a device of this backend */
    int (*copy)(void *dst, dt_device dd, const void *src, dt_device sd, size_t bytes);
    void *(*alloc_pinned)(size_t bytes);               /* NULL if it cannot pin */
    void (*free_pinned)(void *p);
    /* makes device `index` the one this thread's kernels, allocations and
       frees go to; may be NULL.  Called through dt_activate, which skips it
       when the device is known to be the one already. */
    void (*activate)(int index);
    const dt_kernels *kernels;
};

extern const dt_backend dt_cpu_backend;

void dt_register_backend(dt_device_type type, const dt_backend *b);
/* The backend of d, or NULL with the error set when d does not exist. */
const dt_backend *dt_backend_for(dt_device d, const char *op);

dt_storage *dt_storage_new(dt_device d, size_t bytes, bool pinned, const char *op);
void dt_storage_release(dt_storage *s);
int  dt_storage_copy(dt_storage *dst, const dt_storage *src, size_t bytes);

/* ---- tensors, inside ---------------------------------------------------- */

/* The site of an API call: the caller's line, or when there is none, the
   line of the enclosing dt_forward / dt_loader_next call on this thread. */
dt_site dt_site_make(const char *func, const char *file, int line);
/* inside an _at function: its site */
#define DT_SITE(name) dt_site_make(name, file_, line_)
/* What DT_CALL restores when its function returns. */
typedef struct {
    dt_site site;
    bool from_user;         /* called by the user's code, not the runtime's */
} dt_call_frame;
/* First in each _at function: its caller's site is this thread's
   dt_current_call until the function returns (an inner call through a
   macro, from a forward function, has its own meanwhile). */
#define DT_CALL(name) \
    __attribute__((cleanup(dt_call_leave), unused)) dt_call_frame dt_call_saved_ = \
        dt_call_enter(name, file_, line_)
dt_call_frame dt_call_enter(const char *func, const char *file, int line);
void dt_call_leave(const dt_call_frame *saved);
/* Makes device `index` of backend b the current one for this thread's CUDA
   calls.  Asking CUDA which is current is skipped inside a DT_CALL where
   the runtime already made it so, since no code of the user's (which may set
   another) has run since; the user's code that the runtime calls (a custom
   forward, a state's free) is bracketed by dt_user_code_begin and _end. */
void dt_activate(const dt_backend *b, int index);
bool dt_user_code_begin(void);
void dt_user_code_end(bool from_user);
dt_site dt_outer_site_push(dt_site s);
void dt_outer_site_pop(dt_site saved);

/* An uninitialised tensor on d; NULL with the error set. */
dt_tensor *dt_empty(dt_shape s, dt_dtype t, dt_device d, dt_site site);
dt_tensor *dt_empty_pinned(dt_shape s, dt_dtype t, dt_site site);
dt_tensor *dt_view(dt_tensor *t, dt_shape s, dt_site site);
const dt_kernels *dt_kernels_of(const dt_tensor *t);
int64_t dt_shape_numel(dt_shape s);
bool dt_shape_equal(dt_shape a, dt_shape b);
/* "[2, 3]" into buf */
const char *dt_shape_str(dt_shape s, char *buf, size_t n);
size_t dt_nbytes(const dt_tensor *t);
/* Moves t's storage onto d in place (dt_module_to); 0 or -1. */
int dt_tensor_move(dt_tensor *t, dt_device d, const char *op);

/* Releases out when rc says the kernel failed; returns what the op returns. */
dt_tensor *dt_finish(dt_tensor *out, int rc);

/* ---- modules ------------------------------------------------------------ */

/* The built-in layers, by the id that save files record. */
typedef enum {
    DT_LAYER_CUSTOM, DT_LAYER_LINEAR, DT_LAYER_CONV2D, DT_LAYER_MAXPOOL2D,
    DT_LAYER_RELU, DT_LAYER_FLATTEN, DT_LAYER_SEQUENTIAL, DT_LAYER_COUNT
} dt_layer_kind;

#define DT_MODULE_CONFIG 4

typedef struct { char *name; dt_tensor *t; bool buffer; } dt_module_entry;
typedef struct { char *name; dt_module *m; } dt_module_link;

struct dt_module {
    char *name;
    dt_layer_kind kind;
    int64_t config[DT_MODULE_CONFIG];   /* the layer's sizes: in/out features, ... */
    dt_forward_fn forward;
    void *state;
    void (*free_state)(void *);
    dt_module_entry *entries;           /* parameters and buffers, in order */
    int nentries, entries_cap;
    dt_module_link *children;
    int nchildren, children_cap;
};

/* A module of a kind with no parameters yet (what dt_module_load fills). */
dt_module *dt_module_make(const char *name, dt_layer_kind kind, dt_forward_fn forward);
void dt_module_add_entry(dt_module *m, const char *name, dt_tensor *t, bool buffer);
/* The forward of a built-in layer kind; NULL for a custom one. */
dt_forward_fn dt_layer_forward(dt_layer_kind kind);
/* The forward registered for a custom module's name, or NULL. */
dt_forward_fn dt_module_registered(const char *name);

/* ---- errors ------------------------------------------------------------- */

/* Sets this thread's message; returns NULL so callers can `return dt_fail(..)`. */
void *dt_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The operand check shared by every op: non-NULL, one device, one dtype.
   site is the op's call (site.func its name), which a mismatch is traced to. */
typedef struct { const char *arg; dt_tensor *t; } dt_operand;
bool dt_check_operands(dt_site site, const dt_operand *v, int n, bool same_dtype);
/* The messages of a device or dtype mismatch between operands v[0] and v[i]. */
void dt_fail_device_mismatch(dt_site site, const dt_operand *first, const dt_operand *other);
void dt_fail_dtype_mismatch(dt_site site, const dt_operand *first, const dt_operand *other);

/* ---- random ------------------------------------------------------------- */

/* Reserves n draws of the global generator: its seed and first counter. */
void dt_random_reserve(int64_t n, uint64_t *seed, uint64_t *offset);
/* The counter-based generator every backend implements alike. */
double dt_random_uniform01(uint64_t seed, uint64_t position);
double dt_random_normal(uint64_t seed, uint64_t position);
void dt_random_permutation(int64_t *perm, int64_t n);

#endif /* DT_INTERNAL_H */
