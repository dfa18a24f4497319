/*
 * Errors: a thread-local message per failure, and the mismatch messages that
 * say, in PyTorch's words, which devices met and where each operand was made.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local char last_error[1024];

const char *dt_last_error(void)
{
    return last_error;
}

void *dt_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return NULL;
}

static const char *basename_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* "argument 'b' (x) was created on cpu at main.c:12" */
static void describe_operand(char *buf, size_t n, const dt_operand *o, const char *where)
{
    const dt_tensor *t = o->t;
    char name[96] = "";
    if (t->name)
        snprintf(name, sizeof name, " (%s)", t->name);
    if (t->site.file)
        snprintf(buf, n, "argument '%s'%s was created %s at %s:%d", o->arg, name,
                 where, basename_of(t->site.file), t->site.line);
    else
        snprintf(buf, n, "argument '%s'%s was created %s by %s", o->arg, name,
                 where, t->site.func ? t->site.func : "the runtime");
}

/* The usual mistake is a tensor left on the cpu: name that operand first,
   then where the other one came from. */
static dt_trace_operand traced(const dt_operand *o)
{
    return (dt_trace_operand){ o->arg, o->t->name, dt_device_of(o->t), o->t->dtype, o->t->site };
}

static void trace_mismatch(dt_trace_kind kind, dt_site site, const dt_operand *first,
                           const dt_operand *other)
{
    dt_trace_event ev = { kind, site.func, site, last_error, { traced(first), traced(other) } };
    dt_trace(&ev);
}

void dt_fail_device_mismatch(dt_site site, const dt_operand *first, const dt_operand *other)
{
    const char *op = site.func;
    const dt_operand *stray = dt_device_of(first->t).type == DT_CPU ? first : other;
    const dt_operand *kept = stray == first ? other : first;
    char where_stray[48], where_kept[48], detail[512], also[512];
    snprintf(where_stray, sizeof where_stray, "on %s", dt_device_name(dt_device_of(stray->t)));
    snprintf(where_kept, sizeof where_kept, "on %s", dt_device_name(dt_device_of(kept->t)));
    describe_operand(detail, sizeof detail, stray, where_stray);
    describe_operand(also, sizeof also, kept, where_kept);
    dt_fail("Expected all tensors to be on the same device, but found at least two "
            "devices, %s and %s! (%s: %s; %s)",
            dt_device_name(dt_device_of(first->t)), dt_device_name(dt_device_of(other->t)),
            op, detail, also);
    trace_mismatch(DT_TRACE_DEVICE_MISMATCH, site, first, other);
}

void dt_fail_dtype_mismatch(dt_site site, const dt_operand *first, const dt_operand *other)
{
    const char *op = site.func;
    char where[48], detail[512];
    snprintf(where, sizeof where, "as %s", dt_dtype_name(other->t->dtype));
    describe_operand(detail, sizeof detail, other, where);
    dt_fail("Expected all tensors to have the same dtype, but found at least two "
            "dtypes, %s and %s! (%s: %s)",
            dt_dtype_name(first->t->dtype), dt_dtype_name(other->t->dtype), op, detail);
    trace_mismatch(DT_TRACE_DTYPE_MISMATCH, site, first, other);
}

bool dt_check_operands(dt_site site, const dt_operand *v, int n, bool same_dtype)
{
    const char *op = site.func;
    for (int i = 0; i < n; i++)
        if (!v[i].t) {
            dt_fail("%s: argument '%s' is NULL", op, v[i].arg);
            return false;
        }
    for (int i = 1; i < n; i++)
        if (!dt_device_equal(dt_device_of(v[0].t), dt_device_of(v[i].t))) {
            dt_fail_device_mismatch(site, &v[0], &v[i]);
            return false;
        }
    for (int i = 1; same_dtype && i < n; i++)
        if (v[0].t->dtype != v[i].t->dtype) {
            dt_fail_dtype_mismatch(site, &v[0], &v[i]);
            return false;
        }
    return true;
}
