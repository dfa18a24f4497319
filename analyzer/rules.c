/*
 * The rules (SPEC section 2): what two places mean for each other, and each
 * finding in words, with a note for every operand saying where its device
 * came from, and a fix where the fix is mechanical.
 */
#include "analysis.h"

#include <stdlib.h>
#include <string.h>

/* ---- places in words ------------------------------------------------------ */

static void describe_atom(const dc_atom *a, char *buf, size_t n, bool with_definition)
{
    char def[128];
    switch ((atom_kind)a->kind) {
    case AT_CPU: snprintf(buf, n, "cpu"); return;
    case AT_CUDA: snprintf(buf, n, "cuda:%d", a->index); return;
    case AT_GPU: snprintf(buf, n, "a GPU"); return;
    case AT_INPUT: snprintf(buf, n, "the input's device"); return;
    case AT_PINNED: snprintf(buf, n, "pinned host memory"); return;
    case AT_UNKNOWN: snprintf(buf, n, "an unknown device"); return;
    case AT_NAMED:
        if (!with_definition) {
            snprintf(buf, n, "'%s'", dc_device_name(a->name));
            return;
        }
        /* its GPU alternatives: "cuda:0 when a GPU is present" */
        def[0] = 0;
        const dc_place *d = dc_device_definition(a->name);
        for (int i = 0; i < d->n; i++)
            if (d->a[i].kind != AT_CPU) {
                size_t used = strlen(def);
                describe_atom(&d->a[i], def + used, sizeof def - used, false);
                break;
            }
        snprintf(buf, n, "'%s' (%s when a GPU is present)", dc_device_name(a->name),
                 *def ? def : "a GPU");
        return;
    }
}

void dc_describe_place(const dc_place *p, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < p->n && used + 1 < n; i++) {
        if (i)
            used += (size_t)snprintf(buf + used, n - used, " or ");
        if (used < n)
            describe_atom(&p->a[i], buf + used, n - used, true);
        used = strlen(buf);
    }
}

static bool host_atom(const dc_atom *a)
{
    return a->kind == AT_CPU || a->kind == AT_PINNED;
}

/* The one GPU a device name stands for when there is a GPU, or -1. */
static int named_gpu(const dc_atom *a)
{
    const dc_place *d = dc_device_definition(a->name);
    int gpu = -1, n = 0;
    for (int i = 0; i < d->n; i++)
        if (d->a[i].kind == AT_CUDA)
            gpu = d->a[i].index, n++;
        else if (d->a[i].kind != AT_CPU)
            return -1;
    return n == 1 ? gpu : -1;
}

static bool named_has_gpu(const dc_atom *a)
{
    const dc_place *d = dc_device_definition(a->name);
    for (int i = 0; i < d->n; i++)
        if (d->a[i].kind == AT_CUDA || d->a[i].kind == AT_GPU)
            return true;
    return false;
}

/* 2: they differ; 1: they may (a device chosen at run time, a forward's
   input); 0: no evidence. */
static int atoms_differ(const dc_atom *x, const dc_atom *y)
{
    if (x->kind == AT_UNKNOWN || y->kind == AT_UNKNOWN)
        return 0;
    if (x->kind == y->kind && x->index == y->index && x->name == y->name)
        return 0;
    if (host_atom(x) && host_atom(y))
        return 0;
    if ((host_atom(x) && (y->kind == AT_CUDA || y->kind == AT_GPU)) ||
        (host_atom(y) && (x->kind == AT_CUDA || x->kind == AT_GPU)))
        return 2;
    if (x->kind == AT_CUDA && y->kind == AT_CUDA)
        return 2;
    if ((x->kind == AT_NAMED && host_atom(y)) || (y->kind == AT_NAMED && host_atom(x)))
        return named_has_gpu(x->kind == AT_NAMED ? x : y) ? 1 : 0;
    if (x->kind == AT_NAMED && y->kind == AT_NAMED)     /* 'd0' and 'd1': cuda:0 and cuda:1 */
        return named_gpu(x) >= 0 && named_gpu(y) >= 0 && named_gpu(x) != named_gpu(y) ? 1 : 0;
    if ((x->kind == AT_INPUT && host_atom(y)) || (y->kind == AT_INPUT && host_atom(x)))
        return 1;
    return 0;
}

int dc_places_differ(const dc_place *a, const dc_place *b)
{
    int any = 0, all = 2;
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n; j++) {
            int d = atoms_differ(&a->a[i], &b->a[j]);
            if (d > any)
                any = d;
            if (d < all)
                all = d;
        }
    return any == 0 ? 0 : all == 2 ? 2 : 1;
}

bool dc_place_is_host(const dc_place *p)
{
    for (int i = 0; i < p->n; i++)
        if (p->a[i].kind != AT_CPU)
            return false;
    return p->n > 0;
}

bool dc_place_is_device(const dc_place *p)
{
    for (int i = 0; i < p->n; i++)
        if (p->a[i].kind != AT_CUDA && p->a[i].kind != AT_GPU)
            return false;
    return p->n > 0;
}

bool dc_place_maybe_device(const dc_place *p)
{
    for (int i = 0; i < p->n; i++)
        if (p->a[i].kind == AT_CUDA || p->a[i].kind == AT_GPU || p->a[i].kind == AT_INPUT ||
            (p->a[i].kind == AT_NAMED && named_has_gpu(&p->a[i])))
            return true;
    return false;
}

/* ---- notes ------------------------------------------------------------------ */

static dc_loc copy_loc(dc_loc l)
{
    return dc_loc_make(l.file, l.line, l.column);
}

/* "'x' created on cpu here", one per place the operand may be. */
static void note_origins(dc_finding *f, dc_operand o)
{
    for (int i = 0; f && i < o.place->n; i++) {
        const dc_atom *a = &o.place->a[i];
        char where[160];
        if (!a->origin.file || !a->how)
            continue;
        if (a->kind == AT_INPUT) {
            dc_finding_note(f, copy_loc(a->origin),
                            dc_format("'%s' is this forward function's input: it is on "
                                      "whatever device the module runs on", o.name));
            continue;
        }
        describe_atom(a, where, sizeof where, false);
        dc_finding_note(f, copy_loc(a->origin),
                        dc_format("'%s' %s %s here", o.name, a->how, where));
    }
}

/* "'dev' is cuda:0 when a GPU is present, cpu otherwise", once. */
static void note_named(dc_finding *f, dc_operand o)
{
    for (int i = 0; f && i < o.place->n; i++) {
        const dc_atom *a = &o.place->a[i];
        const dc_place *d = dc_device_definition(a->name);
        if (a->kind != AT_NAMED || !d->n || !d->a[0].origin.file)
            continue;
        char choices[160];
        dc_describe_place(d, choices, sizeof choices);
        dc_finding_note(f, copy_loc(d->a[0].origin),
                        dc_format("'%s' is chosen here at run time: %s", dc_device_name(a->name),
                                  choices));
        return;
    }
}

static bool single(const dc_place *p, atom_kind kind)
{
    return p->n == 1 && p->a[0].kind == kind;
}

/* ---- the rules --------------------------------------------------------------- */

/* One finding per rule and place: a loop's later rounds, which know more,
   see the same op again. */
static dc_finding *add_once(dc_findings *out, const char *rule, dc_loc at, char *message)
{
    for (int i = 0; i < out->n; i++) {
        const dc_finding *f = &out->v[i];
        if (strcmp(f->rule, rule) == 0 && f->loc.line == at.line &&
            f->loc.column == at.column && f->loc.file && at.file &&
            strcmp(f->loc.file, at.file) == 0) {
            free(message);
            return NULL;
        }
    }
    return dc_findings_add(out, rule, copy_loc(at), message);
}

void dc_rule_device_mismatch(dc_findings *out, dc_loc at, dc_operand a, dc_operand b,
                             const char *instead, dc_loc instead_at)
{
    char wa[192], wb[192];
    if (!single(a.place, AT_CPU) && single(b.place, AT_CPU)) {
        dc_operand t = a;               /* the stray one first, as the runtime says it */
        a = b;
        b = t;
    }
    dc_describe_place(a.place, wa, sizeof wa);
    dc_describe_place(b.place, wb, sizeof wb);
    dc_finding *f = add_once(out, "device-mismatch", at,
                                    dc_format("'%s' %s %s but '%s' is on %s", a.name,
                                              a.place->n > 1 ? "may be on" : "is on", wa, b.name,
                                              wb));
    note_origins(f, a);
    note_origins(f, b);
    note_named(f, b);
    note_named(f, a);
    if (f && instead && instead_at.file)
        dc_finding_note(f, copy_loc(instead_at),
                        dc_format("'%s' is '%s' moved to %s here: did you mean '%s'?", instead,
                                  a.name, wb, instead));
    else if (f && single(a.place, AT_CPU) && b.place->n == 1 && b.place->a[0].kind == AT_NAMED)
        dc_finding_note(f, copy_loc(at),
                        a.module ? dc_format("fix: move it first: dt_module_to(%s, %s)", a.name,
                                             dc_device_name(b.place->a[0].name))
                                 : dc_format("fix: move it first: %s = dt_to(%s, %s)", a.name,
                                             a.name, dc_device_name(b.place->a[0].name)));
    else if (f && single(a.place, AT_CPU) && single(b.place, AT_INPUT))
        dc_finding_note(f, copy_loc(a.place->a[0].origin),
                        dc_format("fix: make '%s' where the input is, e.g. with "
                                  "dt_randn_like(%s) or dt_zeros_on(shape, dt_device_of(%s))",
                                  a.name, b.name, b.name));
}

void dc_rule_dtype_mismatch(dc_findings *out, dc_loc at, const char *a, const char *adtype,
                            dc_loc aorigin, const char *b, const char *bdtype, dc_loc borigin)
{
    dc_finding *f = add_once(out, "dtype-mismatch", at,
                                    dc_format("'%s' is %s but '%s' is %s", b, bdtype, a,
                                              adtype));
    if (f && borigin.file)
        dc_finding_note(f, copy_loc(borigin), dc_format("'%s' made %s here", b, bdtype));
    if (f && aorigin.file)
        dc_finding_note(f, copy_loc(aorigin), dc_format("'%s' made %s here", a, adtype));
    if (f)
        dc_finding_note(f, copy_loc(at), dc_format("fix: convert it first: dt_to_dtype(%s, %s)", b,
                                                   strcmp(adtype, "float64") == 0 ? "DT_F64"
                                                                                 : "DT_F32"));
}

void dc_rule_discarded_transfer(dc_findings *out, dc_loc at, const char *call,
                                const char *target)
{
    dc_finding *f = add_once(out, "discarded-transfer", at,
                                    dc_format("the result of %s is dropped: it returns a new "
                                              "value and leaves '%s' where it was", call, target));
    if (f)
        dc_finding_fix(f, copy_loc(at), copy_loc(at), dc_format("%s = ", target));
}

void dc_rule_host_deref(dc_findings *out, dc_loc at, dc_operand ptr, bool write)
{
    char where[192];
    dc_describe_place(ptr.place, where, sizeof where);
    dc_finding *f = add_once(out, "host-deref", at,
                                    dc_format("host code %s '%s', which is memory of %s: only "
                                              "kernels and copies reach device memory",
                                              write ? "writes through" : "reads through",
                                              ptr.name, where));
    note_origins(f, ptr);
    note_named(f, ptr);
}

void dc_rule_memspace(dc_findings *out, dc_loc at, const char *what, dc_operand ptr,
                      bool wants_device)
{
    dc_finding *f = add_once(out, "memspace-mismatch", at,
                                    dc_format("'%s' is %s memory, but %s needs %s memory",
                                              ptr.name, wants_device ? "host" : "device", what,
                                              wants_device ? "device" : "host"));
    note_origins(f, ptr);
    if (f && wants_device)
        dc_finding_note(f, copy_loc(at),
                        dc_format("fix: allocate it with cudaMalloc and copy the data over "
                                  "with cudaMemcpy"));
}

void dc_rule_memcpy_direction(dc_findings *out, dc_loc at, const char *kind, dc_operand dst,
                              dc_operand src, const char *fitting)
{
    dc_finding *f = add_once(out, "memcpy-direction", at,
                                    dc_format("%s contradicts the pointers: '%s' is %s memory "
                                              "and '%s' is %s memory", kind, dst.name,
                                              dc_place_is_device(dst.place) ? "device" : "host",
                                              src.name,
                                              dc_place_is_device(src.place) ? "device" : "host"));
    note_origins(f, dst);
    note_origins(f, src);
    if (f)
        dc_finding_note(f, copy_loc(at), dc_format("fix: use %s", fitting));
}

void dc_rule_unregistered(dc_findings *out, dc_loc at, const char *module, dc_operand tensor,
                          const char *where_to)
{
    char where[192];
    dc_describe_place(tensor.place, where, sizeof where);
    dc_finding *f = add_once(out, "unregistered-tensor", at,
                                    dc_format("'%s' is kept in the state of '%s' without "
                                              "registration: moving '%s' to %s leaves it on %s",
                                              tensor.name, module, module, where_to, where));
    note_origins(f, tensor);
    if (f)
        dc_finding_note(f, copy_loc(at),
                        dc_format("fix: register it: dt_module_add_param(%s, \"NAME\", %s)",
                                  module, tensor.name));
}
