/*
 * Every op on the emulated CUDA device (DT_DEVICE=sim, two devices) against
 * the same op on the cpu, over seeded random cases: inputs are built on the
 * cpu, moved to cuda:0 or cuda:1, the op runs on both, and the results are
 * compared element by element.  A cuda result must also live on its input's
 * device.  The cases are deterministic (a fixed-seed generator per test).
 *
 * Tolerances, from the maths of each kernel pair (u = unit roundoff:
 * u32 = 2^-24, u64 = 2^-53; gamma_n = n u / (1 - n u), the bound on the
 * rounding error of any n-term sum or dot product, in any order, with or
 * without fused multiply-adds, relative to the sum of the terms' magnitudes):
 *
 *   bitwise (NaN matches any NaN; i64 equal): add, sub, mul, relu, cast,
 *     transpose, split, zeros/ones, arange, argmax (the same index, ties and
 *     NaN included), maxpool2d, and every transfer (memcmp there, NaN
 *     payloads included).  Each is one correctly rounded IEEE operation, a
 *     conversion, a selection or a copy, so a correct device gives the same
 *     bits.
 *
 *   matmul (both the cpu's BLAS and the kernel accumulate in the dtype):
 *     |gpu - cpu| <= 2 gamma_k(u_T) * sum_l |a_il b_lj|, since each side is
 *     within gamma_k * sum|a_il b_lj| of the exact value.  (A bound of the
 *     form 1e-5 * (1 + sum|a b|) is not sound for f32 once k > ~80: at
 *     k = 300 the worst case is 3.6e-5 * sum|a b|.)
 *
 *   sum, mean, mse (the kernel's partials and the cpu's loop both add in
 *     double, in different orders): the double results differ by at most
 *     2 gamma_n(u64) * sum|x_i| (over n for a mean), then each is rounded
 *     once to the dtype: ROUND below adds u_T (|r1| + |r2|).
 *
 *   conv2d (both accumulate in double, in the same order; a GPU may fuse
 *     into fmas): 2 gamma_K(u64) * (|bias| + sum|w x|), K = c_in k^2 + 1,
 *     then ROUND.  linear: the matmul bound, then ROUND for the bias add.
 *
 *   softmax, cross-entropy (the same double expression in the same order on
 *     both, samples summed in order; only exp/log may differ, by a few ulps,
 *     on a real GPU): softmax f32 <= 1 ulp (a double result a few double
 *     ulps off rounds to a float at most one float ulp off), f64 relative
 *     1e-12 (the exp errors propagate to at most (2 len + 4) u64 < 2e-14
 *     for len <= 70); cross-entropy 1e-12 * (1 + mean(|max_r| + |x_r,y_r| +
 *     log C)) (each row's log-sum-exp is off by at most ~(C + 3) u64 of that
 *     scale), then ROUND.
 *
 *   randn (the same counter-based generator, Box-Muller in double): f32 <= 1
 *     ulp, f64 <= 8 ulps (CUDA's log and cos are within 1 and 2 ulps, glibc's
 *     within 1; sqrt and the products are correctly rounded).
 *
 *   ROUND(D, ref) = D (1 + u_T) + 2 u_T (1 + 2 u_T) |ref| + the dtype's
 *     smallest denormal: rounding two values D apart to the dtype leaves
 *     them at most that far apart.
 *
 * A non-finite value on either side must be matched exactly (NaN by NaN).
 * On the emulated device the kernels are host builds of the same arithmetic,
 * so most of these bounds are met with room to spare; they are the ones a
 * real GPU must also meet.  SIM_OPS_STATS=1 prints, per test, how many checks
 * it made and how close the tolerant comparisons came to their bounds.
 */
#define _GNU_SOURCE     /* RTLD_DEFAULT */
#include "dt_check.h"

#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <float.h>
#include <inttypes.h>
#include <stdarg.h>

#define U32 0x1.0p-24
#define U64 0x1.0p-53

/* ---- a deterministic generator (splitmix64) ----------------------------- */

static uint64_t rng_state;

static void rng_seed(uint64_t seed) { rng_state = seed * 0x9e3779b97f4a7c15ULL + 1; }

static uint64_t rng_u64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* an integer in [lo, hi] */
static int64_t rng_int(int64_t lo, int64_t hi)
{
    return lo + (int64_t)(rng_u64() % (uint64_t)(hi - lo + 1));
}

/* in [0, 1) */
static double rng_unit(void) { return (double)(rng_u64() >> 11) * 0x1.0p-53; }

static bool rng_chance(double p) { return rng_unit() < p; }

static dt_device rng_cuda(void) { return dt_cuda((int)rng_int(0, 1)); }

/* ---- what case is running, for failure messages -------------------------- */

static char case_desc[512];

static void set_case(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void set_case(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(case_desc, sizeof case_desc, fmt, ap);
    va_end(ap);
}

static const char *shape_str(dt_shape s)
{
    static char bufs[4][128];
    static int next;
    char *b = bufs[next++ % 4];
    return dt_test_shape_str(s, b, 128);
}

/* ---- shapes --------------------------------------------------------------- */

static dt_shape shape_of(int ndim, const int64_t *dims)
{
    dt_shape s = { ndim, { 0 } };
    for (int i = 0; i < ndim; i++)
        s.dims[i] = dims[i];
    return s;
}

/* One dim's size: mostly small, sometimes up to 70, 0 with chance p_zero. */
static int64_t rng_dim(double p_zero)
{
    if (rng_chance(p_zero))
        return 0;
    double r = rng_unit();
    return r < 0.5 ? rng_int(1, 8) : r < 0.8 ? rng_int(1, 30) : rng_int(1, 70);
}

/* 0..max_ndim dims of 1..70 (0 with chance p_zero), at most max_numel elements. */
static dt_shape rng_shape(int min_ndim, int max_ndim, double p_zero, int64_t max_numel)
{
    dt_shape s = { (int)rng_int(min_ndim, max_ndim), { 0 } };
    int64_t numel = 1;
    for (int i = 0; i < s.ndim; i++) {
        int64_t d = rng_dim(p_zero);
        int64_t room = max_numel / (numel ? numel : 1);
        if (d > room)
            d = room > 0 ? room : 1;
        s.dims[i] = d;
        numel *= d ? d : 1;
    }
    return s;
}

static int64_t shape_numel(dt_shape s)
{
    int64_t n = 1;
    for (int i = 0; i < s.ndim; i++)
        n *= s.dims[i];
    return n;
}

/* ---- values --------------------------------------------------------------- */

typedef struct {
    double scale;       /* floats: uniform in (-scale, scale) + offset */
    double offset;
    double p_special;   /* floats: chance of NaN, +-inf, -0, a denormal, ... */
    int64_t ints;       /* i64: uniform in [-ints, ints]; floats too when small_ints */
    bool small_ints;    /* floats: integers in [-ints, ints] (ties) */
} values;

static const values PLAIN = { 1, 0, 0, 1000000, false };
static const values WITH_SPECIALS = { 1, 0, 0.05, 1000000, false };

static double special(dt_dtype t)
{
    switch (rng_int(0, 7)) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return -0.0;
    case 4: return t == DT_F32 ? FLT_TRUE_MIN : DBL_TRUE_MIN;
    case 5: return t == DT_F32 ? -FLT_MIN / 3 : -DBL_MIN / 3;   /* a negative denormal */
    case 6: return t == DT_F32 ? FLT_MAX : DBL_MAX;
    default: return 0.0;
    }
}

static double draw(dt_dtype t, const values *v)
{
    if (t == DT_I64 || v->small_ints) {
        if (t != DT_I64 && rng_chance(v->p_special))
            return NAN;
        return (double)rng_int(-v->ints, v->ints);
    }
    if (rng_chance(v->p_special))
        return special(t);
    return v->offset + v->scale * (2 * rng_unit() - 1);
}

/* A cpu tensor of dtype t and shape s with values drawn by v. */
static dt_tensor *make(dt_dtype t, dt_shape s, const values *v)
{
    int64_t n = shape_numel(s);
    void *buf = malloc((size_t)(n ? n : 1) * 8);
    for (int64_t i = 0; i < n; i++) {
        double x = draw(t, v);
        switch (t) {
        case DT_F32: ((float *)buf)[i] = (float)x; break;
        case DT_F64: ((double *)buf)[i] = x; break;
        case DT_I64: ((int64_t *)buf)[i] = (int64_t)x; break;
        }
    }
    dt_tensor *r = t == DT_F32 ? dt_from_f32(buf, s) : t == DT_F64 ? dt_from_f64(buf, s)
                                                                   : dt_from_i64(buf, s);
    free(buf);
    return r;
}

/* The bytes of any tensor, in host memory (malloc'd; at least 8 bytes). */
static void *host_bytes(const dt_tensor *t)
{
    size_t n = (size_t)dt_numel(t) * dt_dtype_size(dt_dtype_of(t));
    void *buf = calloc(1, n ? n : 8);
    if (buf && dt_copy_to_host(t, buf, n) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

static double elem(const void *buf, dt_dtype t, int64_t i)
{
    switch (t) {
    case DT_F32: return ((const float *)buf)[i];
    case DT_F64: return ((const double *)buf)[i];
    default: return (double)((const int64_t *)buf)[i];
    }
}

/* The cpu values of a cpu tensor as doubles (malloc'd). */
static double *vals(const dt_tensor *t)
{
    double *v = dt_test_values(t);
    return v ? v : calloc(1, sizeof(double));
}

/* ---- comparison ----------------------------------------------------------- */

/* Floats ordered as integers: adjacent floats differ by 1, -0 == +0. */
static uint64_t ulp_distance(dt_dtype t, double a, double b)
{
    int64_t oa, ob;
    if (t == DT_F32) {
        float fa = (float)a, fb = (float)b;
        int32_t ia, ib;
        memcpy(&ia, &fa, 4);
        memcpy(&ib, &fb, 4);
        oa = ia >= 0 ? ia : -(int64_t)(ia & 0x7fffffff);
        ob = ib >= 0 ? ib : -(int64_t)(ib & 0x7fffffff);
    } else {
        int64_t ia, ib;
        memcpy(&ia, &a, 8);
        memcpy(&ib, &b, 8);
        oa = ia >= 0 ? ia : -(ia & INT64_MAX);
        ob = ib >= 0 ? ib : -(ib & INT64_MAX);
    }
    return oa >= ob ? (uint64_t)oa - (uint64_t)ob : (uint64_t)ob - (uint64_t)oa;
}

typedef enum { MATCH_BITS, MATCH_ULPS, MATCH_BOUND } match_kind;
typedef struct {
    match_kind kind;
    uint64_t ulps;
    const double *bound;    /* per element, or one for all when nbound == 1 */
    int64_t nbound;
} match;
#define BITS ((match){ MATCH_BITS, 0, NULL, 0 })
#define ULPS(n) ((match){ MATCH_ULPS, (n), NULL, 0 })
#define BOUND(arr, n) ((match){ MATCH_BOUND, 0, (arr), (n) })

static double bound_at(match m, int64_t i) { return m.bound[m.nbound == 1 ? 0 : i]; }

static bool elem_ok(dt_dtype t, const void *ra, const void *rb, int64_t i, match m)
{
    size_t es = dt_dtype_size(t);
    if (t == DT_I64)
        return memcmp((const char *)ra + i * es, (const char *)rb + i * es, es) == 0;
    double a = elem(ra, t, i), b = elem(rb, t, i);
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    switch (m.kind) {
    case MATCH_BITS:
        return memcmp((const char *)ra + i * es, (const char *)rb + i * es, es) == 0;
    case MATCH_ULPS:
        return ulp_distance(t, a, b) <= m.ulps;
    case MATCH_BOUND:
        if (!isfinite(a) || !isfinite(b))
            return a == b;
        return fabs(a - b) <= bound_at(m, i);
    }
    return false;
}

/* With SIM_OPS_STATS set, main prints per test how close the tolerant
   comparisons came to their bounds: the largest |diff| / bound, the largest
   ulp distance, and how many elements were not bitwise equal. */
static struct {
    const char *test;
    double frac;
    uint64_t ulps;
    int64_t differing, compared;
    char worst[200];        /* the case of the largest fraction */
} stats[32];
static int nstats;

static void note_stats(const void *ra, const void *rb, dt_dtype t, int64_t n, match m)
{
    if (m.kind == MATCH_BITS || t == DT_I64)
        return;
    int s = 0;
    while (s < nstats && stats[s].test != test_current_)
        s++;
    if (s == nstats) {
        if (nstats == 32)
            return;
        stats[nstats++].test = test_current_;
    }
    size_t es = dt_dtype_size(t);
    for (int64_t i = 0; i < n; i++) {
        double a = elem(ra, t, i), b = elem(rb, t, i);
        stats[s].compared++;
        if (memcmp((const char *)ra + i * es, (const char *)rb + i * es, es) == 0 || isnan(a) ||
            isnan(b) || !isfinite(a) || !isfinite(b))
            continue;
        stats[s].differing++;
        uint64_t u = ulp_distance(t, a, b);
        if (u > stats[s].ulps)
            stats[s].ulps = u;
        if (m.kind == MATCH_BOUND && bound_at(m, i) > 0 &&
            fabs(a - b) / bound_at(m, i) > stats[s].frac) {
            stats[s].frac = fabs(a - b) / bound_at(m, i);
            snprintf(stats[s].worst, sizeof stats[s].worst, "%.190s", case_desc);
        }
    }
}

static void print_stats(void)
{
    if (!getenv("SIM_OPS_STATS"))
        return;
    for (int s = 0; s < nstats; s++)
        printf("stats %-28s %9" PRId64 " compared, %7" PRId64 " not bitwise equal, "
               "max %" PRIu64 " ulps, max %.3g of the bound (%s)\n", stats[s].test,
               stats[s].compared, stats[s].differing, stats[s].ulps, stats[s].frac,
               stats[s].worst);
}

/* ref (the cpu result) and got (the device result) are both there, alike in
   shape and dtype, got lives on dev, and their values match by m. */
static bool check_match_(const char *file, int line, const dt_tensor *ref,
                         const dt_tensor *got, dt_device dev, match m)
{
    bool ok = CHECK_AT(file, line, ref != NULL && got != NULL);
    if (!ok) {
        fprintf(stderr, "    %s result is NULL (last error: %s)\n    case: %s\n",
                ref ? "device" : "cpu", dt_last_error(), case_desc);
        return false;
    }
    dt_dtype t = dt_dtype_of(ref);
    ok = CHECK_AT(file, line, dt_test_shape_equal(dt_shape_of(ref), dt_shape_of(got)) &&
                                  dt_dtype_of(got) == t);
    if (!ok) {
        fprintf(stderr, "    cpu %s %s, device %s %s\n    case: %s\n", dt_dtype_name(t),
                shape_str(dt_shape_of(ref)), dt_dtype_name(dt_dtype_of(got)),
                shape_str(dt_shape_of(got)), case_desc);
        return false;
    }
    if (!CHECK_AT(file, line, dt_device_equal(dt_device_of(got), dev)))
        fprintf(stderr, "    result on %s, input on %s\n    case: %s\n",
                dt_device_name(dt_device_of(got)), dt_device_name(dev), case_desc);
    void *ra = host_bytes(ref), *rb = host_bytes(got);
    if (!CHECK_AT(file, line, ra && rb)) {
        fprintf(stderr, "    copy to host failed: %s\n    case: %s\n", dt_last_error(), case_desc);
        free(ra);
        free(rb);
        return false;
    }
    int64_t n = dt_numel(ref), bad = -1;
    for (int64_t i = 0; i < n && bad < 0; i++)
        if (!elem_ok(t, ra, rb, i, m))
            bad = i;
    note_stats(ra, rb, t, n, m);
    ok = CHECK_AT(file, line, bad < 0);
    if (!ok) {
        double a = elem(ra, t, bad), b = elem(rb, t, bad);
        fprintf(stderr, "    element %" PRId64 " of %" PRId64 ": cpu %.17g, device %.17g "
                "(diff %.3g", bad, n, a, b, fabs(a - b));
        if (m.kind == MATCH_BOUND)
            fprintf(stderr, ", bound %.3g", bound_at(m, bad));
        if (m.kind == MATCH_ULPS)
            fprintf(stderr, ", %" PRIu64 " ulps, allowed %" PRIu64, ulp_distance(t, a, b), m.ulps);
        fprintf(stderr, ")\n    case: %s\n", case_desc);
    }
    free(ra);
    free(rb);
    return ok;
}
#define CHECK_MATCH(ref, got, dev, m) check_match_(__FILE__, __LINE__, (ref), (got), (dev), (m))

/* Both calls failed, with the very same message. */
#define CHECK_SAME_FAILURE(cpu_call, dev_call)                                          \
    do {                                                                                \
        char cpu_msg_[512];                                                             \
        __typeof__(cpu_call) cpu_r_ = (cpu_call);                                       \
        snprintf(cpu_msg_, sizeof cpu_msg_, "%s", dt_last_error());                     \
        dt_test_reset_error();                                                          \
        __typeof__(dev_call) dev_r_ = (dev_call);                                       \
        if (!CHECK(cpu_r_ == NULL && dev_r_ == NULL && cpu_msg_[0] != '\0'))             \
            fprintf(stderr, "    cpu %s, device %s\n    case: %s\n",                    \
                    cpu_r_ ? "succeeded" : "failed", dev_r_ ? "succeeded" : "failed",   \
                    case_desc);                                                         \
        if (!CHECK_STR_EQ(dt_last_error(), cpu_msg_))                                   \
            fprintf(stderr, "    case: %s\n", case_desc);                               \
        DT_TEST_FREE(cpu_r_);                                                           \
        DT_TEST_FREE(dev_r_);                                                           \
    } while (0)

/* A copy of t on d, checked to be there. */
static dt_tensor *to_dev(dt_tensor *t, dt_device d)
{
    dt_tensor *r = dt_to(t, d);
    if (!CHECK(r != NULL && dt_device_equal(dt_device_of(r), d)))
        fprintf(stderr, "    dt_to %s: %s\n    case: %s\n", dt_device_name(d), dt_last_error(),
                case_desc);
    return r;
}

static double u_of(dt_dtype t) { return t == DT_F32 ? U32 : U64; }

static double gamma_n(int64_t n, double u) { return (double)n * u / (1 - (double)n * u); }

/* ROUND: two values at most d apart, each rounded to t, near ref. */
static double round_tol(dt_dtype t, double d, double ref)
{
    double u = u_of(t);
    return d * (1 + u) + 2 * u * (1 + 2 * u) * fabs(ref) +
           (t == DT_F32 ? FLT_TRUE_MIN : DBL_TRUE_MIN);
}

static const dt_dtype all_dtypes[] = { DT_F32, DT_F64, DT_I64 };
static const dt_dtype float_dtypes[] = { DT_F32, DT_F64 };

/* ---- the tests ------------------------------------------------------------ */

static bool have_devices;

static void test_devices(void)
{
    have_devices = CHECK(dt_cuda_is_available());
    CHECK(dt_cuda_device_count() == 2);
    have_devices = have_devices && dt_cuda_device_count() == 2;
    if (!have_devices)
        fprintf(stderr, "    %d CUDA devices, 2 expected (DT_DEVICE=%s, DT_SIM_DEVICES=%s)\n",
                dt_cuda_device_count(), getenv("DT_DEVICE") ? getenv("DT_DEVICE") : "(unset)",
                getenv("DT_SIM_DEVICES") ? getenv("DT_SIM_DEVICES") : "(unset)");
}

/* cpu -> cuda:0 -> cuda:1 -> cpu, and cuda:1 -> cuda:0, bit for bit: every
   bit pattern (random bits: NaNs with payloads, infinities, denormals, -0)
   plus the special values at the front. */
static void test_transfers_round_trip(void)
{
    rng_seed(1);
    static const uint32_t f32_specials[] = {
        0x7fc00000, 0xffc00001, 0x7fa12345, 0x7f800000, 0xff800000, 0x00000000, 0x80000000,
        0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0x3f800000,
    };
    static const uint64_t f64_specials[] = {
        0x7ff8000000000000, 0xfff8000000000001, 0x7ff4000000000123, 0x7ff0000000000000,
        0xfff0000000000000, 0x0000000000000000, 0x8000000000000000, 0x0000000000000001,
        0x800fffffffffffff, 0x0010000000000000, 0x7fefffffffffffff,
    };
    static const uint64_t i64_specials[] = {
        0x8000000000000000, 0x7fffffffffffffff, 0xffffffffffffffff, 0, 1,
    };
    for (int c = 0; c < 36; c++) {
        dt_dtype t = all_dtypes[c % 3];
        dt_shape s = c == 33 ? shape_of(1, (int64_t[]){ 1 << 20 }) : rng_shape(0, 4, 0.1, 5000);
        int64_t n = shape_numel(s);
        size_t es = dt_dtype_size(t), bytes = (size_t)n * es;
        unsigned char *buf = malloc(bytes ? bytes : 8);
        for (size_t i = 0; i < bytes; i += 8) {
            uint64_t r = rng_u64();
            memcpy(buf + i, &r, bytes - i < 8 ? bytes - i : 8);
        }
        const void *sp = t == DT_F32 ? (const void *)f32_specials
                         : t == DT_F64 ? (const void *)f64_specials : (const void *)i64_specials;
        size_t sp_bytes = t == DT_F32 ? sizeof f32_specials
                          : t == DT_F64 ? sizeof f64_specials : sizeof i64_specials;
        memcpy(buf, sp, sp_bytes < bytes ? sp_bytes : bytes);
        set_case("transfer %s %s", dt_dtype_name(t), shape_str(s));

        dt_tensor *x = t == DT_F32 ? dt_from_f32((float *)buf, s)
                       : t == DT_F64 ? dt_from_f64((double *)buf, s) : dt_from_i64((int64_t *)buf, s);
        dt_tensor *c0 = to_dev(x, dt_cuda(0));
        dt_tensor *c0_again = c0 ? dt_to(c0, dt_cuda(0)) : NULL;
        CHECK(c0_again == c0);            /* already there: the same tensor */
        dt_release(c0_again);
        dt_tensor *c1 = c0 ? to_dev(c0, dt_cuda(1)) : NULL;
        dt_tensor *back = c1 ? to_dev(c1, dt_cpu()) : NULL;
        dt_tensor *c10 = c1 ? to_dev(c1, dt_cuda(0)) : NULL;
        void *from_back = back ? host_bytes(back) : NULL;
        void *from_c1 = c1 ? host_bytes(c1) : NULL;
        void *from_c10 = c10 ? host_bytes(c10) : NULL;
        if (!CHECK(from_back && memcmp(from_back, buf, bytes) == 0))
            fprintf(stderr, "    cpu->cuda:0->cuda:1->cpu changed the bytes\n    case: %s\n", case_desc);
        if (!CHECK(from_c1 && memcmp(from_c1, buf, bytes) == 0))
            fprintf(stderr, "    dt_copy_to_host of cuda:1 changed the bytes\n    case: %s\n", case_desc);
        if (!CHECK(from_c10 && memcmp(from_c10, buf, bytes) == 0))
            fprintf(stderr, "    cuda:1->cuda:0 changed the bytes\n    case: %s\n", case_desc);
        CHECK(back && dt_dtype_of(back) == t && dt_test_shape_equal(dt_shape_of(back), s));
        free(from_back);
        free(from_c1);
        free(from_c10);
        dt_release(x);
        dt_release(c0);
        dt_release(c1);
        dt_release(back);
        dt_release(c10);
        free(buf);
    }
}

typedef dt_tensor *(*binary_fn)(dt_tensor *, dt_tensor *);

/* A random pair of shapes that broadcast: right-aligned suffixes of an
   output shape, with dims set to 1 at random. */
static void rng_broadcast_pair(dt_shape *a, dt_shape *b)
{
    dt_shape out = rng_shape(0, 4, 0.06, 4096);
    dt_shape *ops[2] = { a, b };
    for (int k = 0; k < 2; k++) {
        dt_shape *s = ops[k];
        s->ndim = (int)rng_int(0, out.ndim);
        if (rng_chance(0.5))
            s->ndim = out.ndim;
        for (int i = 0; i < s->ndim; i++) {
            int64_t d = out.dims[out.ndim - s->ndim + i];
            s->dims[i] = rng_chance(0.3) ? 1 : d;
        }
    }
}

static void check_binary_case(const char *name, binary_fn op, dt_dtype t, dt_shape sa,
                              dt_shape sb, const values *v, dt_device d)
{
    set_case("%s %s %s %s on %s", name, dt_dtype_name(t), shape_str(sa), shape_str(sb),
             dt_device_name(d));
    dt_tensor *a = make(t, sa, v), *b = make(t, sb, v);
    dt_tensor *ad = to_dev(a, d), *bd = to_dev(b, d);
    dt_tensor *ref = op(a, b), *got = op(ad, bd);
    CHECK_MATCH(ref, got, d, BITS);
    dt_release(a);
    dt_release(b);
    dt_release(ad);
    dt_release(bd);
    dt_release(ref);
    dt_release(got);
}

static void test_elementwise_broadcast(void)
{
    static const struct { const char *name; binary_fn fn; } ops[] = {
        { "dt_add", dt_add }, { "dt_sub", dt_sub }, { "dt_mul", dt_mul },
    };
    rng_seed(2);
    for (int o = 0; o < 3; o++)
        for (int ti = 0; ti < 3; ti++)
            for (int c = 0; c < 30; c++) {
                dt_shape sa, sb;
                rng_broadcast_pair(&sa, &sb);
                check_binary_case(ops[o].name, ops[o].fn, all_dtypes[ti], sa, sb,
                                  &WITH_SPECIALS, rng_cuda());
            }
    /* large: 1 << 20 elements, same shape and broadcast */
    check_binary_case("dt_add", dt_add, DT_F32, shape_of(1, (int64_t[]){ 1 << 20 }),
                      shape_of(1, (int64_t[]){ 1 << 20 }), &PLAIN, dt_cuda(0));
    check_binary_case("dt_mul", dt_mul, DT_F64, shape_of(2, (int64_t[]){ 1024, 1024 }),
                      shape_of(2, (int64_t[]){ 1024, 1 }), &PLAIN, dt_cuda(1));
    check_binary_case("dt_sub", dt_sub, DT_I64, shape_of(3, (int64_t[]){ 64, 1, 128 }),
                      shape_of(2, (int64_t[]){ 128, 1 }), &PLAIN, dt_cuda(0));
}

/* Operands on two devices: refused on both, naming both. */
static void test_device_mismatch(void)
{
    set_case("dt_add cuda:0 + cuda:1");
    dt_tensor *a = make(DT_F32, shape_of(1, (int64_t[]){ 3 }), &PLAIN);
    dt_tensor *a0 = to_dev(a, dt_cuda(0)), *a1 = to_dev(a, dt_cuda(1));
    CHECK_FAILS(dt_add(a0, a1), "dt_add", "cuda:0", "cuda:1");
    CHECK_FAILS(dt_matmul(a, a1), "dt_matmul", "cpu", "cuda:1");
    dt_release(a);
    dt_release(a0);
    dt_release(a1);
}

static void test_relu(void)
{
    rng_seed(3);
    for (int ti = 0; ti < 3; ti++)
        for (int c = 0; c < 30; c++) {
            dt_dtype t = all_dtypes[ti];
            dt_shape s = rng_shape(0, 4, 0.08, 4096);
            dt_device d = rng_cuda();
            values v = WITH_SPECIALS;
            v.p_special = 0.15;
            set_case("dt_relu %s %s on %s", dt_dtype_name(t), shape_str(s), dt_device_name(d));
            dt_tensor *x = make(t, s, &v), *xd = to_dev(x, d);
            dt_tensor *ref = dt_relu(x), *got = dt_relu(xd);
            CHECK_MATCH(ref, got, d, BITS);
            dt_release(x);
            dt_release(xd);
            dt_release(ref);
            dt_release(got);
        }
    /* NaN stays NaN, -0 and -inf become +0, on both */
    set_case("dt_relu specials");
    dt_tensor *x = F32(DT_SHAPE(5), NAN, -0.0f, -INFINITY, INFINITY, -FLT_TRUE_MIN);
    dt_tensor *xd = to_dev(x, dt_cuda(1));
    dt_tensor *ref = dt_relu(x), *got = dt_relu(xd);
    CHECK_MATCH(ref, got, dt_cuda(1), BITS);
    double *g = dt_test_values(got);
    CHECK(g && isnan(g[0]) && g[1] == 0 && !signbit(g[1]) && g[2] == 0 && g[3] == INFINITY &&
          g[4] == 0);
    free(g);
    dt_release(x);
    dt_release(xd);
    dt_release(ref);
    dt_release(got);
}

/* out[i][j]'s bound: 2 gamma_k(u) sum_l |a_il b_lj| */
static double *matmul_bounds(const double *a, const double *b, int64_t m, int64_t k,
                             int64_t n, double u)
{
    double *bound = calloc((size_t)(m * n > 0 ? m * n : 1), sizeof(double));
    double g = 2 * gamma_n(k, u);
    for (int64_t i = 0; i < m; i++)
        for (int64_t l = 0; l < k; l++) {
            double ail = fabs(a[i * k + l]);
            for (int64_t j = 0; j < n; j++)
                bound[i * n + j] += ail * fabs(b[l * n + j]);
        }
    for (int64_t i = 0; i < m * n; i++)
        bound[i] *= g;
    return bound;
}

static void check_matmul_case(dt_dtype t, int64_t m, int64_t k, int64_t n, dt_device d,
                              bool with_nan)
{
    set_case("dt_matmul %s [%" PRId64 ", %" PRId64 "] @ [%" PRId64 ", %" PRId64 "] on %s%s",
             dt_dtype_name(t), m, k, k, n, dt_device_name(d), with_nan ? " with a NaN" : "");
    values va = PLAIN, vb = PLAIN;
    va.scale = rng_chance(0.3) ? 100 : 1;
    vb.scale = rng_chance(0.3) ? 0.01 : 1;
    dt_tensor *a = make(t, shape_of(2, (int64_t[]){ m, k }), &va);
    dt_tensor *b = make(t, shape_of(2, (int64_t[]){ k, n }), &vb);
    if (with_nan && m * k > 0) {
        int64_t at = rng_int(0, m * k - 1);
        if (t == DT_F32)
            ((float *)dt_data(a))[at] = NAN;
        else
            ((double *)dt_data(a))[at] = NAN;
    }
    double *av = vals(a), *bv = vals(b);
    double *bound = matmul_bounds(av, bv, m, k, n, u_of(t));
    dt_tensor *ad = to_dev(a, d), *bd = to_dev(b, d);
    dt_tensor *ref = dt_matmul(a, b), *got = dt_matmul(ad, bd);
    CHECK_MATCH(ref, got, d, BOUND(bound, m * n));
    free(av);
    free(bv);
    free(bound);
    dt_release(a);
    dt_release(b);
    dt_release(ad);
    dt_release(bd);
    dt_release(ref);
    dt_release(got);
}

static void test_matmul(void)
{
    rng_seed(4);
    for (int ti = 0; ti < 2; ti++)
        for (int c = 0; c < 40; c++) {
            int64_t m = rng_dim(0.07), k = rng_dim(0.07), n = rng_dim(0.07);
            check_matmul_case(float_dtypes[ti], m, k, n, rng_cuda(), c % 10 == 9);
        }
    check_matmul_case(DT_F32, 300, 300, 300, dt_cuda(1), false);
    check_matmul_case(DT_F64, 120, 200, 90, dt_cuda(0), false);

    /* int64: refused on both, with the same words */
    set_case("dt_matmul int64");
    dt_tensor *a = make(DT_I64, shape_of(2, (int64_t[]){ 3, 4 }), &PLAIN);
    dt_tensor *b = make(DT_I64, shape_of(2, (int64_t[]){ 4, 5 }), &PLAIN);
    dt_tensor *ad = to_dev(a, dt_cuda(0)), *bd = to_dev(b, dt_cuda(0));
    CHECK_SAME_FAILURE(dt_matmul(a, b), dt_matmul(ad, bd));
    CHECK_SAME_FAILURE(dt_matmul(a, a), dt_matmul(ad, ad));   /* shape mismatch too */
    dt_release(a);
    dt_release(b);
    dt_release(ad);
    dt_release(bd);
}

static void test_transpose(void)
{
    rng_seed(5);
    for (int ti = 0; ti < 3; ti++)
        for (int c = 0; c < 30; c++) {
            dt_dtype t = all_dtypes[ti];
            int64_t rows = rng_dim(0.08), cols = rng_dim(0.08);
            dt_shape s = shape_of(2, (int64_t[]){ rows, cols });
            dt_device d = rng_cuda();
            set_case("dt_transpose %s %s on %s", dt_dtype_name(t), shape_str(s), dt_device_name(d));
            dt_tensor *x = make(t, s, &WITH_SPECIALS), *xd = to_dev(x, d);
            dt_tensor *ref = dt_transpose(x), *got = dt_transpose(xd);
            CHECK_MATCH(ref, got, d, BITS);
            dt_release(x);
            dt_release(xd);
            dt_release(ref);
            dt_release(got);
        }
}

static void test_softmax(void)
{
    static const double spreads[] = { 1, 10, 50 }, offsets[] = { 0, 1000, -1000 };
    rng_seed(6);
    for (int ti = 0; ti < 2; ti++)
        for (int c = 0; c < 40; c++) {
            dt_dtype t = float_dtypes[ti];
            dt_shape s = rng_shape(0, 4, 0.05, 4096);
            int nd = s.ndim ? s.ndim : 1;
            int dim = (int)rng_int(-nd, nd - 1);
            dt_device d = rng_cuda();
            values v = PLAIN;
            v.scale = spreads[rng_int(0, 2)];
            v.offset = offsets[rng_int(0, 2)];
            if (c % 8 == 7)
                v.p_special = 0.05;     /* NaN, inf, -inf rows alike on both */
            set_case("dt_softmax %s %s dim %d (values %g +- %g) on %s", dt_dtype_name(t),
                     shape_str(s), dim, v.offset, v.scale, dt_device_name(d));
            dt_tensor *x = make(t, s, &v), *xd = to_dev(x, d);
            dt_tensor *ref = dt_softmax(x, dim), *got = dt_softmax(xd, dim);
            if (t == DT_F32) {
                CHECK_MATCH(ref, got, d, ULPS(1));
            } else {
                double *r = vals(ref);
                for (int64_t i = 0; i < dt_numel(ref); i++)
                    r[i] = 1e-12 * fabs(r[i]);
                CHECK_MATCH(ref, got, d, BOUND(r, dt_numel(ref)));
                free(r);
            }
            dt_release(x);
            dt_release(xd);
            dt_release(ref);
            dt_release(got);
        }
    set_case("dt_softmax refusals");
    dt_tensor *i = make(DT_I64, shape_of(2, (int64_t[]){ 2, 3 }), &PLAIN);
    dt_tensor *f = make(DT_F32, shape_of(2, (int64_t[]){ 2, 3 }), &PLAIN);
    dt_tensor *id = to_dev(i, dt_cuda(1)), *fd = to_dev(f, dt_cuda(1));
    CHECK_SAME_FAILURE(dt_softmax(i, 1), dt_softmax(id, 1));
    CHECK_SAME_FAILURE(dt_softmax(f, 2), dt_softmax(fd, 2));
    CHECK_SAME_FAILURE(dt_softmax(f, -3), dt_softmax(fd, -3));
    dt_release(i);
    dt_release(f);
    dt_release(id);
    dt_release(fd);
}

/* sum (or mean) of x on d against the cpu's, within the bound above. */
static void check_sum_case(dt_dtype t, dt_shape s, bool mean, const values *v, dt_device d)
{
    set_case("%s %s %s on %s", mean ? "dt_mean" : "dt_sum", dt_dtype_name(t), shape_str(s),
             dt_device_name(d));
    dt_tensor *x = make(t, s, v), *xd = to_dev(x, d);
    dt_tensor *ref = mean ? dt_mean(x) : dt_sum(x), *got = mean ? dt_mean(xd) : dt_sum(xd);
    int64_t n = dt_numel(x);
    double *xv = vals(x), abs_sum = 0;
    for (int64_t i = 0; i < n; i++)
        abs_sum += fabs(xv[i]);
    double dbl = 2 * gamma_n(n, U64) * abs_sum / (mean && n ? (double)n : 1);
    double r = ref ? dt_item(ref) : 0;
    double bound = t == DT_I64 ? 0 : round_tol(t, mean ? dbl * (1 + 2 * U64) + 2 * U64 * fabs(r) : dbl, r);
    CHECK_MATCH(ref, got, d, BOUND(&bound, 1));
    free(xv);
    dt_release(x);
    dt_release(xd);
    dt_release(ref);
    dt_release(got);
}

static void test_sum_mean(void)
{
    rng_seed(7);
    for (int mean = 0; mean < 2; mean++)
        for (int ti = 0; ti < (mean ? 2 : 3); ti++)
            for (int c = 0; c < 40; c++) {
                values v = c % 5 == 4 ? WITH_SPECIALS : PLAIN;
                v.offset = c % 3 == 0 ? 0.25 : 0;     /* some with little cancellation */
                dt_shape s = rng_shape(0, 4, 0.08, 8192);
                check_sum_case(all_dtypes[ti], s, mean, &v, rng_cuda());
            }
    dt_shape big = shape_of(1, (int64_t[]){ 1 << 20 });
    check_sum_case(DT_F32, big, false, &PLAIN, dt_cuda(0));
    check_sum_case(DT_F32, big, true, &PLAIN, dt_cuda(1));
    check_sum_case(DT_F64, shape_of(2, (int64_t[]){ 512, 1024 }), false, &PLAIN, dt_cuda(1));
    check_sum_case(DT_I64, big, false, &PLAIN, dt_cuda(0));

    set_case("dt_mean int64");
    dt_tensor *i = make(DT_I64, shape_of(1, (int64_t[]){ 4 }), &PLAIN);
    dt_tensor *id = to_dev(i, dt_cuda(0));
    CHECK_SAME_FAILURE(dt_mean(i), dt_mean(id));
    dt_release(i);
    dt_release(id);
}

static void test_argmax(void)
{
    rng_seed(8);
    for (int ti = 0; ti < 3; ti++)
        for (int c = 0; c < 40; c++) {
            dt_dtype t = all_dtypes[ti];
            dt_shape s = rng_shape(0, 4, 0.06, 4096);
            int nd = s.ndim ? s.ndim : 1;
            int dim = (int)rng_int(-nd, nd - 1);
            dt_device d = rng_cuda();
            values v = PLAIN;
            v.small_ints = true;            /* ties everywhere */
            v.ints = c % 2 ? 2 : 1000;
            v.p_special = c % 3 == 0 ? 0.1 : 0;
            set_case("dt_argmax %s %s dim %d on %s", dt_dtype_name(t), shape_str(s), dim,
                     dt_device_name(d));
            dt_tensor *x = make(t, s, &v), *xd = to_dev(x, d);
            int norm = dim < 0 ? dim + nd : dim;
            if (s.ndim && s.dims[norm] == 0) {
                CHECK_SAME_FAILURE(dt_argmax(x, dim), dt_argmax(xd, dim));
            } else {
                dt_tensor *ref = dt_argmax(x, dim), *got = dt_argmax(xd, dim);
                CHECK_MATCH(ref, got, d, BITS);
                dt_release(ref);
                dt_release(got);
            }
            dt_release(x);
            dt_release(xd);
        }
}

static void test_cross_entropy(void)
{
    rng_seed(9);
    for (int ti = 0; ti < 2; ti++)
        for (int c = 0; c < 40; c++) {
            dt_dtype t = float_dtypes[ti];
            int64_t n = rng_chance(0.05) ? 0 : rng_dim(0), cls = rng_dim(0);
            dt_device d = rng_cuda();
            values v = PLAIN;
            v.scale = c % 4 == 0 ? 30 : 3;
            v.offset = c % 7 == 0 ? 500 : 0;
            dt_tensor *logits = make(t, shape_of(2, (int64_t[]){ n, cls }), &v);
            int64_t *lab = malloc((size_t)(n ? n : 1) * sizeof *lab);
            for (int64_t r = 0; r < n; r++)
                lab[r] = rng_int(0, cls - 1);
            bool bad = c % 5 == 4 && n > 0;
            if (bad) {      /* one or two labels out of range: the first is reported */
                int64_t at = rng_int(0, n - 1);
                lab[at] = rng_chance(0.5) ? cls + rng_int(0, 3) : -rng_int(1, 3);
                at = rng_int(0, n - 1);
                lab[at] = cls;
            }
            dt_tensor *labels = dt_from_i64(lab, shape_of(1, (int64_t[]){ n }));
            set_case("dt_cross_entropy %s [%" PRId64 ", %" PRId64 "]%s on %s", dt_dtype_name(t),
                     n, cls, bad ? " with bad labels" : "", dt_device_name(d));
            dt_tensor *ld = to_dev(logits, d), *labd = to_dev(labels, d);
            if (bad) {
                CHECK_SAME_FAILURE(dt_cross_entropy(logits, labels), dt_cross_entropy(ld, labd));
            } else {
                double *lv = vals(logits), scale = 0;
                for (int64_t r = 0; r < n; r++) {
                    double mx = lv[r * cls];
                    for (int64_t j = 1; j < cls; j++)
                        mx = fmax(mx, lv[r * cls + j]);
                    scale += fabs(mx) + fabs(lv[r * cls + lab[r]]) + log((double)cls);
                }
                dt_tensor *ref = dt_cross_entropy(logits, labels), *got = dt_cross_entropy(ld, labd);
                double rv = ref ? dt_item(ref) : 0;
                double bound = round_tol(t, 1e-12 * (1 + (n ? scale / (double)n : 0)), rv);
                CHECK_MATCH(ref, got, d, BOUND(&bound, 1));
                free(lv);
                dt_release(ref);
                dt_release(got);
            }
            free(lab);
            dt_release(logits);
            dt_release(labels);
            dt_release(ld);
            dt_release(labd);
        }
    set_case("dt_cross_entropy int64 logits");
    dt_tensor *li = make(DT_I64, shape_of(2, (int64_t[]){ 2, 3 }), &PLAIN);
    dt_tensor *lab = I64(DT_SHAPE(2), 0, 1);
    dt_tensor *lid = to_dev(li, dt_cuda(1)), *labd = to_dev(lab, dt_cuda(1));
    CHECK_SAME_FAILURE(dt_cross_entropy(li, lab), dt_cross_entropy(lid, labd));
    dt_release(li);
    dt_release(lab);
    dt_release(lid);
    dt_release(labd);
}

static void test_mse_loss(void)
{
    rng_seed(10);
    for (int ti = 0; ti < 2; ti++)
        for (int c = 0; c < 40; c++) {
            dt_dtype t = float_dtypes[ti];
            dt_shape s = rng_shape(0, 4, 0.08, 8192);
            dt_device d = rng_cuda();
            values v = c % 6 == 5 ? WITH_SPECIALS : PLAIN;
            set_case("dt_mse_loss %s %s on %s", dt_dtype_name(t), shape_str(s), dt_device_name(d));
            dt_tensor *a = make(t, s, &v), *b = make(t, s, &v);
            dt_tensor *ad = to_dev(a, d), *bd = to_dev(b, d);
            dt_tensor *ref = dt_mse_loss(a, b), *got = dt_mse_loss(ad, bd);
            int64_t n = dt_numel(a);
            double *av = vals(a), *bv = vals(b), sq = 0;
            for (int64_t i = 0; i < n; i++)
                sq += (av[i] - bv[i]) * (av[i] - bv[i]);
            double rv = ref ? dt_item(ref) : 0;
            double dbl = 2 * gamma_n(n + 2, U64) * sq / (n ? (double)n : 1);
            double bound = round_tol(t, dbl * (1 + 2 * U64) + 2 * U64 * fabs(rv), rv);
            CHECK_MATCH(ref, got, d, BOUND(&bound, 1));
            free(av);
            free(bv);
            dt_release(a);
            dt_release(b);
            dt_release(ad);
            dt_release(bd);
            dt_release(ref);
            dt_release(got);
        }
    set_case("dt_mse_loss int64");
    dt_tensor *i = make(DT_I64, shape_of(1, (int64_t[]){ 4 }), &PLAIN);
    dt_tensor *id = to_dev(i, dt_cuda(0));
    CHECK_SAME_FAILURE(dt_mse_loss(i, i), dt_mse_loss(id, id));
    dt_release(i);
    dt_release(id);
}

/* Replaces a layer's weight and bias by copies of dtype t (on the cpu). */
static void params_to_dtype(dt_module *m, dt_dtype t)
{
    const char *names[] = { "weight", "bias" };
    for (int i = 0; i < 2; i++) {
        dt_tensor *p = dt_to_dtype(dt_module_get(m, names[i]), t);
        dt_module_add_param(m, names[i], p);
        dt_release(p);
    }
}

/* Moves m to d and checks every parameter got there with its bytes. */
static void move_module(dt_module *m, dt_device d)
{
    const char *names[] = { "weight", "bias" };
    void *before[2];
    for (int i = 0; i < 2; i++)
        before[i] = host_bytes(dt_module_get(m, names[i]));
    dt_module_to(m, d);
    CHECK(dt_device_equal(dt_module_device(m), d));
    for (int i = 0; i < 2; i++) {
        dt_tensor *p = dt_module_get(m, names[i]);
        void *after = host_bytes(p);
        size_t bytes = (size_t)dt_numel(p) * dt_dtype_size(dt_dtype_of(p));
        CHECK(dt_device_equal(dt_device_of(p), d) && before[i] && after &&
              memcmp(before[i], after, bytes) == 0);
        free(after);
        free(before[i]);
    }
}

static void test_conv2d_layer(void)
{
    rng_seed(11);
    for (int c = 0; c < 30; c++) {
        dt_dtype t = c < 20 ? DT_F32 : DT_F64;
        int64_t cin = rng_int(1, 4), cout = rng_int(1, 5), k = rng_int(1, 5);
        int64_t n = rng_int(1, 3), h = k + rng_int(0, 14), w = k + rng_int(0, 14);
        dt_device d = rng_cuda();
        set_case("dt_conv2d(%" PRId64 ", %" PRId64 ", %" PRId64 ") %s input [%" PRId64 ", %"
                 PRId64 ", %" PRId64 ", %" PRId64 "] on %s", cin, cout, k, dt_dtype_name(t), n,
                 cin, h, w, dt_device_name(d));
        dt_module *m = dt_conv2d(cin, cout, k);
        if (!CHECK(m != NULL))
            continue;
        if (t != DT_F32)
            params_to_dtype(m, t);
        values v = PLAIN;
        v.scale = c % 3 == 0 ? 10 : 1;
        dt_tensor *x = make(t, shape_of(4, (int64_t[]){ n, cin, h, w }), &v);
        dt_tensor *ref = dt_forward(m, x);

        /* out[b][co][y][x]'s bound from |bias| + sum |w x| */
        double *xv = vals(x), *wv = vals(dt_module_get(m, "weight"));
        double *bv = vals(dt_module_get(m, "bias")), *rv = vals(ref);
        int64_t oh = h - k + 1, ow = w - k + 1, nout = n * cout * oh * ow;
        double *bound = calloc((size_t)(nout ? nout : 1), sizeof(double));
        double g = 2 * gamma_n(cin * k * k + 1, U64);
        for (int64_t i = 0; i < nout; i++) {
            int64_t ox = i % ow, oy = i / ow % oh, co = i / (ow * oh) % cout, b = i / (ow * oh * cout);
            double s = fabs(bv[co]);
            for (int64_t ci = 0; ci < cin; ci++)
                for (int64_t ky = 0; ky < k; ky++)
                    for (int64_t kx = 0; kx < k; kx++)
                        s += fabs(xv[((b * cin + ci) * h + oy + ky) * w + ox + kx] *
                                  wv[((co * cin + ci) * k + ky) * k + kx]);
            bound[i] = round_tol(t, g * s, ref ? rv[i] : 0);
        }
        move_module(m, d);
        dt_tensor *xd = to_dev(x, d);
        dt_tensor *got = dt_forward(m, xd);
        CHECK_MATCH(ref, got, d, BOUND(bound, nout));
        free(xv);
        free(wv);
        free(bv);
        free(rv);
        free(bound);
        dt_release(x);
        dt_release(xd);
        dt_release(ref);
        dt_release(got);
        dt_module_release(m);
    }
}

static void test_maxpool2d_layer(void)
{
    rng_seed(12);
    for (int c = 0; c < 30; c++) {
        dt_dtype t = float_dtypes[c % 2];
        int64_t k = rng_int(1, 4), stride = rng_int(1, 4);
        int64_t n = rng_int(1, 3), ch = rng_int(1, 4), h = k + rng_int(0, 16), w = k + rng_int(0, 16);
        dt_device d = rng_cuda();
        set_case("dt_maxpool2d(%" PRId64 ", %" PRId64 ") %s input [%" PRId64 ", %" PRId64 ", %"
                 PRId64 ", %" PRId64 "] on %s", k, stride, dt_dtype_name(t), n, ch, h, w,
                 dt_device_name(d));
        dt_module *m = dt_maxpool2d(k, stride);
        values v = c % 3 == 0 ? WITH_SPECIALS : PLAIN;
        if (c % 4 == 1) {
            v.small_ints = true;        /* ties, and -0 against +0 */
            v.ints = 1;
        }
        dt_tensor *x = make(t, shape_of(4, (int64_t[]){ n, ch, h, w }), &v);
        dt_tensor *ref = dt_forward(m, x);
        dt_module_to(m, d);
        dt_tensor *xd = to_dev(x, d);
        dt_tensor *got = dt_forward(m, xd);
        CHECK_MATCH(ref, got, d, BITS);
        dt_release(x);
        dt_release(xd);
        dt_release(ref);
        dt_release(got);
        dt_module_release(m);
    }
}

static void test_linear_layer(void)
{
    rng_seed(13);
    for (int c = 0; c < 35; c++) {
        dt_dtype t = c < 25 ? DT_F32 : DT_F64;
        int64_t in = rng_int(1, 70), out = rng_int(1, 70);
        bool vec = rng_chance(0.25);
        int64_t batch = vec ? 1 : rng_chance(0.1) ? 0 : rng_int(1, 20);
        dt_shape xs = vec ? shape_of(1, (int64_t[]){ in }) : shape_of(2, (int64_t[]){ batch, in });
        dt_device d = rng_cuda();
        set_case("dt_linear(%" PRId64 ", %" PRId64 ") %s input %s on %s", in, out,
                 dt_dtype_name(t), shape_str(xs), dt_device_name(d));
        dt_module *m = dt_linear(in, out);
        if (!CHECK(m != NULL))
            continue;
        if (t != DT_F32)
            params_to_dtype(m, t);
        values v = PLAIN;
        v.scale = c % 4 == 0 ? 50 : 1;
        dt_tensor *x = make(t, xs, &v);
        dt_tensor *ref = dt_forward(m, x);
        /* y = x w^T (the matmul bound over in terms) + bias (ROUND) */
        double *xv = vals(x), *wv = vals(dt_module_get(m, "weight")), *rv = vals(ref);
        double *bound = calloc((size_t)(batch * out > 0 ? batch * out : 1), sizeof(double));
        double g = 2 * gamma_n(in, u_of(t));
        for (int64_t b = 0; b < batch; b++)
            for (int64_t j = 0; j < out; j++) {
                double s = 0;
                for (int64_t l = 0; l < in; l++)
                    s += fabs(xv[b * in + l] * wv[j * in + l]);
                bound[b * out + j] = round_tol(t, g * s, ref ? rv[b * out + j] : 0);
            }
        move_module(m, d);
        dt_tensor *xd = to_dev(x, d);
        dt_tensor *got = dt_forward(m, xd);
        CHECK_MATCH(ref, got, d, BOUND(bound, batch * out));
        free(xv);
        free(wv);
        free(rv);
        free(bound);
        dt_release(x);
        dt_release(xd);
        dt_release(ref);
        dt_release(got);
        dt_module_release(m);
    }
}

static void test_split(void)
{
    rng_seed(14);
    for (int ti = 0; ti < 3; ti++)
        for (int c = 0; c < 30; c++) {
            dt_dtype t = all_dtypes[ti];
            dt_shape s = rng_shape(1, 4, 0.08, 4096);
            int dim = (int)rng_int(-s.ndim, s.ndim - 1);
            int64_t len = s.dims[dim < 0 ? dim + s.ndim : dim];
            int64_t size = rng_int(1, len + 2);
            dt_device d = rng_cuda();
            set_case("dt_split %s %s size %" PRId64 " dim %d on %s", dt_dtype_name(t),
                     shape_str(s), size, dim, dt_device_name(d));
            dt_tensor *x = make(t, s, &WITH_SPECIALS), *xd = to_dev(x, d);
            dt_list *ref = dt_split(x, size, dim), *got = dt_split(xd, size, dim);
            if (CHECK(ref && got && dt_list_len(ref) == dt_list_len(got)))
                for (size_t i = 0; i < dt_list_len(ref); i++)
                    CHECK_MATCH(dt_list_get(ref, i), dt_list_get(got, i), d, BITS);
            else
                fprintf(stderr, "    case: %s (%s)\n", case_desc, dt_last_error());
            dt_list_release(ref);
            dt_list_release(got);
            dt_release(x);
            dt_release(xd);
        }
    set_case("dt_split refusals");
    dt_tensor *x = F32(DT_SHAPE(), 1), *xd = to_dev(x, dt_cuda(1));
    dt_tensor *y = F32(DT_SHAPE(4), 1, 2, 3, 4), *yd = to_dev(y, dt_cuda(1));
    CHECK_SAME_FAILURE(dt_split(x, 1, 0), dt_split(xd, 1, 0));
    CHECK_SAME_FAILURE(dt_split(y, 0, 0), dt_split(yd, 0, 0));
    CHECK_SAME_FAILURE(dt_split(y, 1, 1), dt_split(yd, 1, 1));
    dt_release(x);
    dt_release(xd);
    dt_release(y);
    dt_release(yd);
}

static void test_casts(void)
{
    rng_seed(15);
    for (int from = 0; from < 3; from++)
        for (int to = 0; to < 3; to++)
            for (int c = 0; c < 15; c++) {
                dt_dtype tf = all_dtypes[from], tt = all_dtypes[to];
                dt_shape s = rng_shape(0, 3, 0.08, 4096);
                dt_device d = rng_cuda();
                values v = PLAIN;
                if (tt == DT_I64) {
                    v.scale = c % 2 ? 1e15 : 1e3;   /* in range: truncation only */
                } else if (tf == DT_I64) {
                    v.ints = c % 2 ? INT64_MAX / 2 : (1LL << 24) + 7;   /* rounding */
                } else {
                    v.p_special = 0.1;
                    v.scale = c % 3 == 0 ? 1e39 : c % 3 == 1 ? 1e-39 : 1; /* f64 -> f32 overflow, denormals */
                }
                set_case("dt_to_dtype %s -> %s %s on %s", dt_dtype_name(tf), dt_dtype_name(tt),
                         shape_str(s), dt_device_name(d));
                dt_tensor *x = make(tf, s, &v), *xd = to_dev(x, d);
                dt_tensor *ref = dt_to_dtype(x, tt), *got = dt_to_dtype(xd, tt);
                CHECK_MATCH(ref, got, d, BITS);
                if (tf == tt)
                    CHECK(got == xd);           /* x.to(x.dtype) is x */
                dt_release(x);
                dt_release(xd);
                dt_release(ref);
                dt_release(got);
            }

    /* Values where a conversion's single rounding shows: an int64 that
       rounds differently through double (2^60 + 2^36 + 1 is above a float
       midpoint, but its nearest double is the midpoint itself), ties,
       denormal and overflow edges, truncation toward zero. */
    static const int64_t ints[] = {
        (1LL << 60) + (1LL << 36) + 1, -((1LL << 60) + (1LL << 36) + 1), (1LL << 53) + 1,
        (1LL << 24) + 1, (1LL << 24) + 3, INT64_MAX, INT64_MIN, -1, 0,
    };
    static const double dbls[] = {
        1 + 0x1p-24, 1 + 0x1p-24 + 0x1p-50, 1 + 3 * 0x1p-24, FLT_TRUE_MIN / 2,
        FLT_TRUE_MIN * 0.75, -FLT_TRUE_MIN / 2, FLT_MIN * (1 - 0x1p-30), FLT_MAX * (1 + 0x1p-25),
        FLT_MAX * (1 + 0x1p-23), -DBL_MAX, DBL_TRUE_MIN, -0.0, NAN, -INFINITY,
    };
    static const double truncs[] = {   /* to int64: in range */
        0.9999999, -0.9999999, -0.0, 0x1p62, -0x1p63, 9.2e18, -2.5, 2.5, 1e-300,
    };
    static const struct { dt_dtype from, to; const void *data; int64_t n; } edges[] = {
        { DT_I64, DT_F32, ints, sizeof ints / sizeof *ints },
        { DT_I64, DT_F64, ints, sizeof ints / sizeof *ints },
        { DT_F64, DT_F32, dbls, sizeof dbls / sizeof *dbls },
        { DT_F64, DT_I64, truncs, sizeof truncs / sizeof *truncs },
        { DT_F32, DT_I64, truncs, sizeof truncs / sizeof *truncs },
    };
    for (size_t e = 0; e < sizeof edges / sizeof *edges; e++) {
        dt_dtype tf = edges[e].from, tt = edges[e].to;
        int64_t n = edges[e].n;
        dt_device d = dt_cuda((int)(e % 2));
        set_case("dt_to_dtype %s -> %s at rounding edges on %s", dt_dtype_name(tf),
                 dt_dtype_name(tt), dt_device_name(d));
        dt_tensor *x;
        if (tf == DT_F32) {
            float f[16];
            for (int64_t i = 0; i < n; i++)
                f[i] = (float)((const double *)edges[e].data)[i];
            x = dt_from_f32(f, shape_of(1, &n));
        } else {
            x = tf == DT_F64 ? dt_from_f64(edges[e].data, shape_of(1, &n))
                             : dt_from_i64(edges[e].data, shape_of(1, &n));
        }
        dt_tensor *xd = to_dev(x, d);
        dt_tensor *ref = dt_to_dtype(x, tt), *got = dt_to_dtype(xd, tt);
        CHECK_MATCH(ref, got, d, BITS);
        dt_release(x);
        dt_release(xd);
        dt_release(ref);
        dt_release(got);
    }
}

static void test_random(void)
{
    rng_seed(16);
    for (int c = 0; c < 16; c++) {
        dt_shape s = c == 15 ? shape_of(2, (int64_t[]){ 256, 256 }) : rng_shape(0, 4, 0.08, 4096);
        dt_device d = rng_cuda();
        uint64_t seed = rng_u64();
        set_case("dt_randn_on %s seed %" PRIu64 " on %s", shape_str(s), seed, dt_device_name(d));
        /* two draws in a row: the second starts where the first ended */
        dt_manual_seed(seed);
        dt_tensor *a = dt_randn_on(s, dt_cpu()), *b = dt_randn(s);
        dt_manual_seed(seed);
        dt_tensor *ad = dt_randn_on(s, d), *bd = dt_randn_on(s, d);
        CHECK_MATCH(a, ad, d, ULPS(1));
        CHECK_MATCH(b, bd, d, ULPS(1));

        /* randn_like keeps dtype and device: f64 here */
        set_case("dt_randn_like float64 %s seed %" PRIu64 " on %s", shape_str(s), seed,
                 dt_device_name(d));
        dt_tensor *z = make(DT_F64, s, &PLAIN), *zd = to_dev(z, d);
        dt_manual_seed(seed + 1);
        dt_tensor *r = dt_randn_like(z);
        dt_manual_seed(seed + 1);
        dt_tensor *rd = dt_randn_like(zd);
        CHECK_MATCH(r, rd, d, ULPS(8));
        dt_release(a);
        dt_release(b);
        dt_release(ad);
        dt_release(bd);
        dt_release(z);
        dt_release(zd);
        dt_release(r);
        dt_release(rd);
    }
    set_case("dt_randn_like int64");
    dt_tensor *i = make(DT_I64, shape_of(1, (int64_t[]){ 3 }), &PLAIN), *id = to_dev(i, dt_cuda(0));
    CHECK_SAME_FAILURE(dt_randn_like(i), dt_randn_like(id));
    dt_release(i);
    dt_release(id);
}

static void test_fill_arange(void)
{
    rng_seed(17);
    for (int c = 0; c < 20; c++) {
        dt_shape s = rng_shape(0, 4, 0.1, 4096);
        dt_device d = rng_cuda();
        set_case("dt_zeros_on/dt_ones_on %s on %s", shape_str(s), dt_device_name(d));
        dt_tensor *z = dt_zeros_on(s, dt_cpu()), *zd = dt_zeros_on(s, d);
        dt_tensor *o = dt_ones_on(s, dt_cpu()), *od = dt_ones_on(s, d);
        CHECK_MATCH(z, zd, d, BITS);
        CHECK_MATCH(o, od, d, BITS);
        dt_release(z);
        dt_release(zd);
        dt_release(o);
        dt_release(od);

        dt_dtype t = all_dtypes[c % 3];
        set_case("dt_zeros_like %s %s on %s", dt_dtype_name(t), shape_str(s), dt_device_name(d));
        dt_tensor *x = make(t, s, &WITH_SPECIALS), *xd = to_dev(x, d);
        dt_tensor *zl = dt_zeros_like(x), *zld = dt_zeros_like(xd);
        CHECK_MATCH(zl, zld, d, BITS);
        dt_release(x);
        dt_release(xd);
        dt_release(zl);
        dt_release(zld);
    }
    static const int64_t lengths[] = { 0, 1, 2, 70, 1000, 1 << 16 };
    for (size_t c = 0; c < sizeof lengths / sizeof *lengths; c++) {
        dt_device d = dt_cuda((int)(c % 2));
        set_case("dt_arange(%" PRId64 ") moved to %s", lengths[c], dt_device_name(d));
        dt_tensor *a = dt_arange(lengths[c]), *ad = to_dev(a, d);
        CHECK_MATCH(a, ad, d, BITS);
        dt_tensor *s = dt_add(a, a), *sd = dt_add(ad, ad);
        CHECK_MATCH(s, sd, d, BITS);
        dt_tensor *f = dt_to_dtype(a, DT_F32), *fd = dt_to_dtype(ad, DT_F32);
        CHECK_MATCH(f, fd, d, BITS);
        dt_release(a);
        dt_release(ad);
        dt_release(s);
        dt_release(sd);
        dt_release(f);
        dt_release(fd);
    }
}

/* Results stay on the device, dt_item reads a device scalar, and dt_data of
   a device tensor is device memory. */
static void test_results_stay_on_device(void)
{
    set_case("a chain of ops on cuda:1");
    dt_device d = dt_cuda(1);
    dt_tensor *x = F64(DT_SHAPE(2, 3), 1, -2, 3, -4, 5, -6);
    dt_tensor *w = F64(DT_SHAPE(3, 2), 1, 2, 3, 4, 5, 6);
    dt_tensor *xd = to_dev(x, d), *wd = to_dev(w, d);
    dt_tensor *r = dt_relu(xd);
    dt_tensor *m = r ? dt_matmul(r, wd) : NULL;       /* [[16, 20], [15, 20]] */
    dt_tensor *s = m ? dt_sum(m) : NULL;              /* 71 */
    dt_tensor *mn = m ? dt_mean(m) : NULL;            /* 17.75 */
    dt_tensor *am = m ? dt_argmax(m, 1) : NULL;       /* [1, 1] */
    dt_tensor *amax = am ? dt_sum(am) : NULL;         /* 2, int64 */
    dt_tensor *all[] = { r, m, s, mn, am, amax };
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        CHECK(all[i] != NULL && dt_device_equal(dt_device_of(all[i]), d));
    CHECK(dt_item(s) == 71);
    CHECK(dt_item(mn) == 17.75);
    CHECK(dt_item(amax) == 2);
    dt_tensor *one = m ? dt_reshape(m, DT_SHAPE(-1)) : NULL;
    dt_list *parts = one ? dt_split(one, 1, 0) : NULL;
    CHECK(parts && dt_list_len(parts) == 4 && dt_item(dt_list_get(parts, 3)) == 20 &&
          dt_device_equal(dt_device_of(dt_list_get(parts, 3)), d));
    CHECK(isnan(dt_item(m)));             /* 4 elements: not a scalar, on any device */

    /* Device memory, as the CUDA runtime serving the backend sees it: its
       cudaPointerGetAttributes, found in the backend plugin's libraries
       (loaded RTLD_GLOBAL).  Not linked in: a test linked to libcudasim
       would lend its CUDA names to a real-GPU plugin as well. */
    cudaError_t (*get_attributes)(struct cudaPointerAttributes *, const void *) = NULL;
    *(void **)&get_attributes = dlsym(RTLD_DEFAULT, "cudaPointerGetAttributes");
    dt_tensor *m0 = m ? to_dev(m, dt_cuda(0)) : NULL;
    if (CHECK(get_attributes != NULL)) {
        struct cudaPointerAttributes attr;
        memset(&attr, 0, sizeof attr);
        CHECK(m && get_attributes(&attr, dt_data(m)) == cudaSuccess &&
              attr.type == cudaMemoryTypeDevice && attr.device == 1);
        memset(&attr, 0, sizeof attr);
        CHECK(m0 && get_attributes(&attr, dt_data(m0)) == cudaSuccess &&
              attr.type == cudaMemoryTypeDevice && attr.device == 0);
        memset(&attr, 0, sizeof attr);
        CHECK(get_attributes(&attr, dt_data(x)) == cudaSuccess &&
              attr.type != cudaMemoryTypeDevice);
    }

    dt_list_release(parts);
    dt_release(one);
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        dt_release(all[i]);
    dt_release(m0);
    dt_release(x);
    dt_release(w);
    dt_release(xd);
    dt_release(wd);
}

/* RUN, and with SIM_OPS_STATS set, how many checks the test made. */
#define RUN_COUNTED(fn)                                                          \
    do {                                                                         \
        int before_ = test_passed_ + test_failed_;                               \
        RUN(fn);                                                                 \
        if (getenv("SIM_OPS_STATS"))                                             \
            printf("     %d checks\n", test_passed_ + test_failed_ - before_);   \
    } while (0)

int main(void)
{
    RUN(test_devices);
    if (!have_devices)
        return TEST_REPORT();
    RUN_COUNTED(test_transfers_round_trip);
    RUN_COUNTED(test_elementwise_broadcast);
    RUN_COUNTED(test_device_mismatch);
    RUN_COUNTED(test_relu);
    RUN_COUNTED(test_matmul);
    RUN_COUNTED(test_transpose);
    RUN_COUNTED(test_softmax);
    RUN_COUNTED(test_sum_mean);
    RUN_COUNTED(test_argmax);
    RUN_COUNTED(test_cross_entropy);
    RUN_COUNTED(test_mse_loss);
    RUN_COUNTED(test_conv2d_layer);
    RUN_COUNTED(test_maxpool2d_layer);
    RUN_COUNTED(test_linear_layer);
    RUN_COUNTED(test_split);
    RUN_COUNTED(test_casts);
    RUN_COUNTED(test_random);
    RUN_COUNTED(test_fill_arange);
    RUN_COUNTED(test_results_stay_on_device);
    print_stats();
    return TEST_REPORT();
}
