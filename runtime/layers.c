/*
 * The built-in layers: linear, conv2d, maxpool2d, relu, flatten, sequential.
 * Each is a module whose forward reads its registered parameters, so a layer
 * moved with dt_module_to computes on its new device.
 */
#include "internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

/* ---- the layers' ops ---------------------------------------------------- */

/* A weight of ndim dims (square in its last two when 4-D) and a bias of one
   value per output: parameters replaced by hand are checked, never trusted. */
static bool check_params(const char *op, const dt_tensor *w, const dt_tensor *b, int ndim)
{
    const int64_t *d = w->shape.dims;
    char sw[96], sb[96];
    if (w->shape.ndim == ndim && (ndim != 4 || d[2] == d[3]) &&
        (!b || (b->shape.ndim == 1 && b->shape.dims[0] == d[0])))
        return true;
    dt_fail("%s: parameters of mismatched shapes: weight %s, bias %s", op,
            dt_shape_str(w->shape, sw, sizeof sw), b ? dt_shape_str(b->shape, sb, sizeof sb) : "none");
    return false;
}

static bool check_layer_operands(const char *op, dt_tensor *x, dt_tensor *w, dt_tensor *b, int ndim)
{
    /* the module's weight comes first: a stray input is the one blamed */
    dt_operand v[] = { { "weight", w }, { "input", x }, { "bias", b } };
    if (!dt_check_operands(dt_site_make(op, NULL, 0), v, b ? 3 : 2, true) || !check_params(op, w, b, ndim))
        return false;
    if (w->dtype == DT_I64) {
        dt_fail("%s: expected a floating dtype, got int64", op);
        return false;
    }
    return true;
}

static dt_tensor *op_linear(dt_tensor *x, dt_tensor *w, dt_tensor *b, dt_site site)
{
    if (!check_layer_operands("dt_linear", x, w, b, 2))
        return NULL;
    int64_t in = w->shape.dims[1], xn = x->shape.ndim;
    if ((xn != 1 && xn != 2) || x->shape.dims[xn - 1] != in) {
        char buf[96];
        return dt_fail("dt_linear: input of shape %s does not fit a layer of %lld input features",
                       dt_shape_str(x->shape, buf, sizeof buf), (long long)in);
    }
    dt_tensor *x2 = dt_view(x, xn == 1 ? DT_SHAPE(1, in) : x->shape, site);
    dt_tensor *wt = dt_transpose_at(w, site.file, site.line);
    dt_tensor *xw = x2 && wt ? dt_matmul_at(x2, wt, site.file, site.line) : NULL;
    dt_tensor *y = xw && b ? dt_add_at(xw, b, site.file, site.line) : dt_retain(xw);
    dt_release(x2);
    dt_release(wt);
    dt_release(xw);
    if (y && xn == 1) {
        dt_tensor *flat = dt_view(y, DT_SHAPE(y->shape.dims[1]), site);
        dt_release(y);
        y = flat;
    }
    return y;
}

static bool check_image(const char *op, const dt_tensor *x, int64_t channels, int64_t k)
{
    if (x->shape.ndim == 4 && (channels < 0 || x->shape.dims[1] == channels) &&
        x->shape.dims[2] >= k && x->shape.dims[3] >= k)
        return true;
    char buf[96], ch[24] = "C";
    if (channels >= 0)
        snprintf(ch, sizeof ch, "%lld", (long long)channels);
    dt_fail("%s: expected input [N, %s, H >= %lld, W >= %lld], got %s", op, ch,
            (long long)k, (long long)k, dt_shape_str(x->shape, buf, sizeof buf));
    return false;
}

static dt_tensor *op_conv2d(dt_tensor *x, dt_tensor *w, dt_tensor *b, dt_site site)
{
    if (!check_layer_operands("dt_conv2d", x, w, b, 4))
        return NULL;
    dt_conv_geom g = { .c_in = w->shape.dims[1], .c_out = w->shape.dims[0], .k = w->shape.dims[2] };
    if (!check_image("dt_conv2d", x, g.c_in, g.k))
        return NULL;
    g.n = x->shape.dims[0];
    g.h = x->shape.dims[2];
    g.w = x->shape.dims[3];
    g.oh = g.h - g.k + 1;
    g.ow = g.w - g.k + 1;
    dt_tensor *out = dt_empty(DT_SHAPE(g.n, g.c_out, g.oh, g.ow), x->dtype, x->storage->device,
                              site);
    if (!out)
        return NULL;
    return dt_finish(out, dt_kernels_of(x)->conv2d(x->dtype, out->storage->ptr, x->storage->ptr,
                                                    w->storage->ptr, b ? b->storage->ptr : NULL, &g));
}

/* Checked at construction and again per forward: a loaded file may carry
   any config. */
static bool pool_sizes_ok(int64_t k, int64_t stride)
{
    if (k > 0 && stride > 0)
        return true;
    dt_fail("dt_maxpool2d: kernel and stride must be positive, got %lld and %lld",
            (long long)k, (long long)stride);
    return false;
}

static dt_tensor *op_maxpool2d(dt_tensor *x, int64_t k, int64_t stride, dt_site site)
{
    dt_operand v[] = { { "input", x } };
    if (!dt_check_operands(site, v, 1, true) || !check_image("dt_maxpool2d", x, -1, k))
        return NULL;
    if (x->dtype == DT_I64)
        return dt_fail("dt_maxpool2d: expected a floating dtype, got int64");
    if (!pool_sizes_ok(k, stride))
        return NULL;
    dt_pool_geom g = { x->shape.dims[0], x->shape.dims[1], x->shape.dims[2], x->shape.dims[3],
                       k, stride, (x->shape.dims[2] - k) / stride + 1,
                       (x->shape.dims[3] - k) / stride + 1 };
    dt_tensor *out = dt_empty(DT_SHAPE(g.n, g.c, g.oh, g.ow), x->dtype, x->storage->device, site);
    if (!out)
        return NULL;
    return dt_finish(out, dt_kernels_of(x)->maxpool2d(x->dtype, out->storage->ptr,
                                                       x->storage->ptr, &g));
}

/* ---- forwards ----------------------------------------------------------- */

static dt_site here(const char *func)
{
    return dt_site_make(func, NULL, 0);
}

static dt_tensor *linear_forward(dt_module *self, dt_tensor *x)
{
    return op_linear(x, dt_module_get(self, "weight"), dt_module_get(self, "bias"),
                        here("dt_linear"));
}

static dt_tensor *conv2d_forward(dt_module *self, dt_tensor *x)
{
    return op_conv2d(x, dt_module_get(self, "weight"), dt_module_get(self, "bias"),
                        here("dt_conv2d"));
}

static dt_tensor *maxpool2d_forward(dt_module *self, dt_tensor *x)
{
    return op_maxpool2d(x, self->config[0], self->config[1], here("dt_maxpool2d"));
}

static dt_tensor *relu_forward(dt_module *self, dt_tensor *x)
{
    (void)self;
    return dt_relu_at(x, NULL, 0);
}

static dt_tensor *flatten_forward(dt_module *self, dt_tensor *x)
{
    (void)self;
    return dt_flatten_at(x, NULL, 0);
}

static dt_tensor *sequential_forward(dt_module *self, dt_tensor *x)
{
    dt_tensor *cur = dt_retain(x);
    for (int i = 0; cur && i < self->nchildren; i++) {
        dt_tensor *next = dt_forward_at(self->children[i].m, cur, NULL, 0);
        dt_release(cur);
        cur = next;
    }
    if (!cur && !x)
        dt_fail("dt_forward: argument 'x' is NULL");
    return cur;
}

static const struct { const char *name; dt_forward_fn forward; } layers[DT_LAYER_COUNT] = {
    [DT_LAYER_CUSTOM] = { "custom", NULL },
    [DT_LAYER_LINEAR] = { "linear", linear_forward },
    [DT_LAYER_CONV2D] = { "conv2d", conv2d_forward },
    [DT_LAYER_MAXPOOL2D] = { "maxpool2d", maxpool2d_forward },
    [DT_LAYER_RELU] = { "relu", relu_forward },
    [DT_LAYER_FLATTEN] = { "flatten", flatten_forward },
    [DT_LAYER_SEQUENTIAL] = { "sequential", sequential_forward },
};

dt_forward_fn dt_layer_forward(dt_layer_kind kind)
{
    return (unsigned)kind < DT_LAYER_COUNT ? layers[kind].forward : NULL;
}

/* ---- constructors ------------------------------------------------------- */

static dt_module *layer(dt_layer_kind kind, int64_t c0, int64_t c1, int64_t c2)
{
    dt_module *m = dt_module_make(layers[kind].name, kind, layers[kind].forward);
    if (m) {
        m->config[0] = c0;
        m->config[1] = c1;
        m->config[2] = c2;
    }
    return m;
}

/* PyTorch's default init: uniform in [-1/sqrt(fan_in), 1/sqrt(fan_in)]. */
static bool add_uniform(dt_module *m, const char *name, dt_shape s, int64_t fan_in)
{
    double bound = 1.0 / sqrt((double)fan_in);
    dt_tensor *t = dt_empty(s, DT_F32, dt_cpu(), here(m->kind == DT_LAYER_LINEAR ? "dt_linear"
                                                                                 : "dt_conv2d"));
    if (!t)
        return false;
    uint64_t seed, offset;
    dt_random_reserve(t->numel, &seed, &offset);
    dt_kernels_of(t)->uniform(DT_F32, t->storage->ptr, t->numel, seed, offset, -bound, bound);
    dt_module_add_entry(m, name, t, false);
    dt_release(t);
    return true;
}

static dt_module *with_weights(dt_module *m, dt_shape w, int64_t out, int64_t fan_in)
{
    if (m && (!add_uniform(m, "weight", w, fan_in) || !add_uniform(m, "bias", DT_SHAPE(out), fan_in))) {
        dt_module_release(m);
        return NULL;
    }
    return m;
}

static dt_module *linear(int64_t in_features, int64_t out_features)
{
    if (in_features <= 0 || out_features <= 0)
        return dt_fail("dt_linear: features must be positive, got %lld and %lld",
                       (long long)in_features, (long long)out_features);
    return with_weights(layer(DT_LAYER_LINEAR, in_features, out_features, 0),
                        DT_SHAPE(out_features, in_features), out_features, in_features);
}

static dt_module *conv2d(int64_t in_ch, int64_t out_ch, int64_t kernel)
{
    if (in_ch <= 0 || out_ch <= 0 || kernel <= 0)
        return dt_fail("dt_conv2d: channels and kernel must be positive, got %lld, %lld, %lld",
                       (long long)in_ch, (long long)out_ch, (long long)kernel);
    return with_weights(layer(DT_LAYER_CONV2D, in_ch, out_ch, kernel),
                        DT_SHAPE(out_ch, in_ch, kernel, kernel), out_ch, in_ch * kernel * kernel);
}

/* The weights are created at the caller's line. */
dt_module *dt_linear_at(int64_t in_features, int64_t out_features, const char *file_, int line_)
{
    DT_CALL("dt_linear");
    dt_site saved = dt_outer_site_push(DT_SITE("dt_linear"));
    dt_module *m = linear(in_features, out_features);
    dt_outer_site_pop(saved);
    return m;
}

dt_module *dt_conv2d_at(int64_t in_ch, int64_t out_ch, int64_t kernel, const char *file_, int line_)
{
    DT_CALL("dt_conv2d");
    dt_site saved = dt_outer_site_push(DT_SITE("dt_conv2d"));
    dt_module *m = conv2d(in_ch, out_ch, kernel);
    dt_outer_site_pop(saved);
    return m;
}

dt_module *dt_maxpool2d(int64_t kernel, int64_t stride)
{
    if (!pool_sizes_ok(kernel, stride))
        return NULL;
    return layer(DT_LAYER_MAXPOOL2D, kernel, stride, 0);
}

dt_module *dt_relu_layer(void) { return layer(DT_LAYER_RELU, 0, 0, 0); }
dt_module *dt_flatten_layer(void) { return layer(DT_LAYER_FLATTEN, 0, 0, 0); }

/* Children are named "0", "1", ... like nn.Sequential's. */
dt_module *dt_sequential(dt_module *first, ...)
{
    dt_module *m = layer(DT_LAYER_SEQUENTIAL, 0, 0, 0);
    va_list ap;
    va_start(ap, first);
    for (dt_module *c = first; c; c = va_arg(ap, dt_module *)) {
        char name[24];
        snprintf(name, sizeof name, "%d", m ? m->nchildren : 0);
        if (m)
            dt_module_add_child(m, name, c);
        else
            dt_module_release(c);
    }
    va_end(ap);
    return m;
}
