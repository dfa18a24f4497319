/*
 * The rules (docs/rules/): what two places mean for each other, and each
 * finding in words, with a note for every operand saying where its device
 * came from, and a fix where the fix is mechanical.
 */
#include "analysis.h"
#include "memkind.h"

#include <stdlib.h>
#include <string.h>

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
        dc_describe_atom(a, where, sizeof where);
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

/* The fixes of a device mismatch, in devtensor's words and in libtorch's. */
static const struct {
    const char *move_module, *move_tensor, *make_like;
} fixes[2] = {
    { "fix: move it first: dt_module_to(%s, %s)", "fix: move it first: %s = dt_to(%s, %s)",
      "fix: make '%s' where the input is, e.g. with dt_randn_like(%s) or "
      "dt_zeros_on(shape, dt_device_of(%s))" },
    { "fix: move it first: %s->to(%s)", "fix: move it first: %s = %s.to(%s)",
      "fix: make '%s' where the input is, e.g. with torch::randn_like(%s) or "
      "torch::zeros(shape, %s.options())" },
};

void dc_report_device_mismatch(dc_findings *out, dc_loc at, dc_operand a, dc_operand b,
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
                        a.module ? dc_format(fixes[a.torch].move_module, a.name,
                                             dc_device_name(b.place->a[0].name))
                                 : dc_format(fixes[a.torch].move_tensor, a.name, a.name,
                                             dc_device_name(b.place->a[0].name)));
    else if (f && single(a.place, AT_CPU) && single(b.place, AT_INPUT))
        dc_finding_note(f, copy_loc(a.place->a[0].origin),
                        dc_format(fixes[a.torch].make_like, a.name, b.name, b.name));
}

void dc_report_dtype_mismatch(dc_findings *out, dc_loc at, const char *a, const char *adtype,
                            dc_loc aorigin, const char *b, const char *bdtype, dc_loc borigin,
                            bool torch)
{
    dc_finding *f = add_once(out, "dtype-mismatch", at,
                                    dc_format("'%s' is %s but '%s' is %s", b, bdtype, a,
                                              adtype));
    if (f && borigin.file)
        dc_finding_note(f, copy_loc(borigin), dc_format("'%s' made %s here", b, bdtype));
    if (f && aorigin.file)
        dc_finding_note(f, copy_loc(aorigin), dc_format("'%s' made %s here", a, adtype));
    const char *bits = strcmp(adtype, "float64") == 0 ? "64" : "32";
    if (f)
        dc_finding_note(f, copy_loc(at),
                        torch ? dc_format("fix: convert it first: %s = %s.to(torch::kFloat%s)", b,
                                          b, bits)
                              : dc_format("fix: convert it first: dt_to_dtype(%s, DT_F%s)", b,
                                          bits));
}

void dc_report_discarded_transfer(dc_findings *out, dc_loc at, const char *call,
                                const char *target)
{
    dc_finding *f = add_once(out, "discarded-transfer", at,
                                    dc_format("the result of %s is dropped: it returns a new "
                                              "value and leaves '%s' where it was", call, target));
    if (f)
        dc_finding_fix(f, copy_loc(at), copy_loc(at), dc_format("%s = ", target));
}

/* "used as device memory here, through f": where, below a call, the need arises. */
static void note_need(dc_finding *f, const char *via, dc_loc why, const char *how)
{
    if (f && via && why.line)
        dc_finding_note(f, copy_loc(why), dc_format("%s here, through %s", how, via));
}

void dc_check_host_deref(dc_findings *out, dc_loc at, dc_operand ptr, bool write, const char *via,
                         dc_loc why)
{
    char where[192], who[96] = "host code";
    if (!dc_place_maybe_device(ptr.place))
        return;
    if (via)
        snprintf(who, sizeof who, "host code in %s", via);
    dc_describe_place(ptr.place, where, sizeof where);
    dc_finding *f = add_once(out, "host-deref", at,
                                    dc_format("%s %s '%s', which is memory of %s: only "
                                              "kernels and copies reach device memory", who,
                                              write ? "writes through" : "reads through",
                                              ptr.name, where));
    note_origins(f, ptr);
    note_named(f, ptr);
    note_need(f, via, why, "dereferenced");
}

void dc_check_free(dc_findings *out, dc_loc at, const char *releaser, dc_operand ptr,
                   const char *via, dc_loc why)
{
    const dc_place *p = ptr.place;
    for (int i = 0; i < p->n; i++)
        if (!p->a[i].alloc || dc_releases(releaser, p->a[i].alloc) != 0)
            return;
    if (!p->n)
        return;
    int a = p->a[0].alloc;
    dc_finding *f = add_once(out, "free-mismatch", at,
                             dc_format("'%s' was allocated with %s: %s does not release it",
                                       ptr.name, dc_allocator_name(a), releaser));
    note_origins(f, ptr);
    note_need(f, via, why, "released");
    if (f)
        dc_finding_note(f, copy_loc(at), dc_format("fix: release it with %s",
                                                   dc_allocator_release(a)));
}

/* The one allocator of every place p may be, or 0. */
static int sole_allocator(const dc_place *p)
{
    int a = p->n ? p->a[0].alloc : 0;
    for (int i = 1; i < p->n; i++)
        if (p->a[i].alloc != a)
            return 0;
    return a;
}

/* The fix of a release in the wrong space (cudaFree of malloc's): the
   releaser of the memory's own allocation, where it is known. */
static void note_release_fix(dc_finding *f, dc_loc at, const char *releaser, const dc_place *p,
                             bool wants_device)
{
    int a = sole_allocator(p);
    dc_finding_note(f, copy_loc(at),
                    a ? dc_format("fix: release it with %s", dc_allocator_release(a))
                      : dc_format("fix: release it with the function that matches its "
                                  "allocation: %s releases %s memory only", releaser,
                                  wants_device ? "device" : "host"));
}

void dc_check_memspace(dc_findings *out, dc_loc at, const char *what, dc_operand ptr,
                       bool wants_device, dc_loc why, const char *releaser)
{
    if (wants_device ? !dc_place_is_host(ptr.place) : !dc_place_is_device(ptr.place))
        return;
    dc_finding *f = add_once(out, "memspace-mismatch", at,
                                    dc_format("'%s' is %s memory, but %s needs %s memory",
                                              ptr.name, wants_device ? "host" : "device", what,
                                              wants_device ? "device" : "host"));
    note_origins(f, ptr);
    note_need(f, what, why, wants_device ? "used as device memory" : "used as host memory");
    if (f && ptr.place->a[0].how == dc_how_pointer_variable && ptr.name[0] == '&')
        dc_finding_note(f, copy_loc(at), dc_format("fix: pass the pointer '%s', not its address",
                                                   ptr.name + 1));
    else if (f && releaser)
        note_release_fix(f, at, releaser, ptr.place, wants_device);
    else if (f && wants_device)
        dc_finding_note(f, copy_loc(at),
                        dc_format("fix: %s", ptr.torch ? "make the tensor on the device first, "
                                                         "e.g. with torch::empty_like(x) or "
                                                         "torch::empty(shape, x.options())"
                                                       : memspace_fix_device));
}

void dc_report_host_member(dc_findings *out, dc_loc at, const char *kernel, dc_operand member,
                           const char *read, dc_loc read_at, dc_loc copied)
{
    if (!dc_place_is_host(member.place))
        return;
    dc_finding *f = add_once(out, "memspace-mismatch", at,
                             dc_format("'%s' is host memory, but kernel %s dereferences it "
                                       "on the device as '%s'", member.name, kernel, read));
    note_origins(f, member);
    if (f && copied.line)
        dc_finding_note(f, copy_loc(copied),
                        dc_format("copies the host pointer '%s' to the device", member.name));
    if (f && read_at.line)
        dc_finding_note(f, copy_loc(read_at),
                        dc_format("'%s' dereferenced on the device here", read));
    if (f)
        dc_finding_note(f, copy_loc(at), dc_format("fix: allocate the field with cudaMalloc "
                                                   "and copy its contents first (a deep copy)"));
}

int dc_copy_kind(const char *name)
{
    return memkind_sided_by_name(name);
}

/* One side known, the other not (a global, a pointer into an array): the
   kind still says where the known one must be. */
static dc_finding *check_memcpy_side(dc_findings *out, dc_loc at, int kind, dc_operand known,
                              bool is_dst, const char *via)
{
    bool device = dc_place_is_device(known.place);
    bool wanted = is_dst ? memkinds[kind].dst_device : memkinds[kind].src_device;
    if (device == wanted)
        return NULL;
    char how[128];
    snprintf(how, sizeof how, "%s%s%s", via ? via : "", via ? " copies with " : "",
             memkinds[kind].name);
    dc_finding *f = add_once(out, "memcpy-direction", at,
                             dc_format("%s says the %s is %s memory, but '%s' is %s memory", how,
                                       is_dst ? "destination" : "source",
                                       wanted ? "device" : "host", known.name,
                                       device ? "device" : "host"));
    note_origins(f, known);
    if (f)
        dc_finding_note(f, copy_loc(at),
                        dc_format("fix: check the order of the arguments (the destination "
                                  "first), or let the pointers decide with cudaMemcpyDefault"));
    return f;
}

dc_finding *dc_check_memcpy(dc_findings *out, dc_loc at, int kind, dc_operand dst, dc_operand src,
                     const char *via, bool swap, dc_loc written)
{
    bool dst_dev = dc_place_is_device(dst.place), dst_host = dc_place_is_host(dst.place);
    bool src_dev = dc_place_is_device(src.place), src_host = dc_place_is_host(src.place);
    if ((dst_dev || dst_host) != (src_dev || src_host)) {
        bool is_dst = dst_dev || dst_host;
        return check_memcpy_side(out, at, kind, is_dst ? dst : src, is_dst, via);
    }
    if (!(dst_dev || dst_host) || !memkind_contradicts(kind, dst_dev, src_dev))
        return NULL;
    const memkind *fitting = &memkinds[memkind_fitting(dst_dev, src_dev)];
    char how[128], dst_name[128], src_name[128], said[512];
    if (via)
        snprintf(how, sizeof how, "%s copies with %s, which", via, memkinds[kind].name);
    snprintf(dst_name, sizeof dst_name, "'%s'", dst.name);
    snprintf(src_name, sizeof src_name, "'%s'", src.name);
    memkind_say_contradiction(said, sizeof said, via ? how : memkinds[kind].name, dst_name, dst_dev,
                              src_name, src_dev);
    dc_finding *f = add_once(out, "memcpy-direction", at, dc_format("%s", said));
    note_origins(f, dst);
    note_origins(f, src);
    /* the kind fits the pointers swapped, and the flow says which was meant */
    swap = swap && !via && !memkind_contradicts(kind, src_dev, dst_dev);
    if (f && swap)
        dc_finding_note(f, copy_loc(at),
                        dc_format("fix: swap the pointers: '%s' is the destination of %s, "
                                  "'%s' the source", src.name, memkinds[kind].name, dst.name));
    else if (f && written.file)
        dc_finding_fix(f, copy_loc(written),
                       dc_loc_make(written.file, written.line,
                                   written.column + (unsigned)strlen(memkinds[kind].name)),
                       dc_format("%s", fitting->name));
    else if (f)
        dc_finding_note(f, copy_loc(at),
                        via ? dc_format("fix: swap the arguments, or call a function that "
                                        "copies with %s", fitting->name)
                            : dc_format("fix: %s", fitting->fix));
    return f;
}

void dc_report_used_both_ways(dc_findings *out, dc_loc at, int kind, bool is_dst, const char *ptr,
                              dc_loc host_at, const char *host_use, bool after, bool pointee)
{
    dc_finding *f = add_once(out, "memcpy-direction", at,
                             dc_format("%s says the %s is device memory, but '%s' is %s %s it, "
                                       "on the same path", memkinds[kind].name,
                                       is_dst ? "destination" : "source", ptr, host_use,
                                       after ? "after" : "before"));
    if (!f)
        return;
    dc_finding_note(f, copy_loc(host_at), dc_format("'%s' %s here", ptr, host_use));
    dc_finding_note(f, copy_loc(at),
                    pointee ? dc_format("fix: copy %s '*%s', the device pointer that '%s' "
                                        "points to (the size copied is its pointee's)",
                                        is_dst ? "to" : "from", ptr, ptr)
                            : dc_format("fix: copy %s the device buffer meant, or, if '%s' is "
                                        "managed memory, let the pointers decide with "
                                        "cudaMemcpyDefault", is_dst ? "to" : "from", ptr));
}

void dc_report_same_memory(dc_findings *out, dc_loc at, int kind, const char *op,
                           const dc_same_memory *m)
{
    dc_finding *f = add_once(out, "memcpy-direction", at,
                             dc_format("%s copies '%s' onto itself with %s: the destination "
                                       "and the source are the same memory, where the kind "
                                       "says one is host memory and the other device memory",
                                       op, m->memory, memkinds[kind].name));
    if (!f)
        return;
    for (int i = 0; i < 2; i++)
        if (m->getter[i] && (i == 0 || !m->getter[0] || strcmp(m->calls[0], m->calls[1]) != 0))
            dc_finding_note(f, copy_loc(m->getter_at[i]),
                            dc_format("'%s' is '%s': %s() returns it here", m->calls[i],
                                      m->memory, m->getter[i]));
    if (m->copy_at.line)
        dc_finding_note(f, copy_loc(m->copy_at),
                        dc_format("copies '%s' into '%s' with %s here", m->copy_names[1],
                                  m->copy_names[0], memkinds[kind].name));
    const char *way = kind == 2 ? "into" : "from";
    dc_finding_note(f, copy_loc(at),
                    m->mirror ? dc_format("fix: copy %s the host mirror '%s'", way, m->mirror)
                              : dc_format("fix: copy %s a host buffer", way));
}

static dc_finding *uninitialized_read(dc_findings *out, dc_loc at, char *reader, dc_operand ptr)
{
    dc_finding *f = add_once(out, "uninitialized-read", at,
                             dc_format("%s '%s', %s memory that nothing has written yet", reader,
                                       ptr.name, dc_place_is_device(ptr.place) ? "device" : "host"));
    free(reader);
    note_origins(f, ptr);
    return f;
}

void dc_report_uninitialized_read(dc_findings *out, dc_loc at, char *reader, dc_operand ptr,
                                  bool swap)
{
    dc_finding *f = uninitialized_read(out, at, reader, ptr);
    if (f)
        dc_finding_note(f, copy_loc(at),
                        swap ? dc_format("fix: swap the pointers if the copy was meant to "
                                         "fill '%s'; else write it first (cudaMemset, a copy "
                                         "into it, a kernel)", ptr.name)
                             : dc_format("fix: write '%s' first (cudaMemset, a copy into it, "
                                         "a kernel)", ptr.name));
}

void dc_report_sometimes_written(dc_findings *out, dc_loc at, char *reader, dc_operand ptr,
                                 dc_loc cond, bool edge)
{
    dc_finding *f = add_once(out, "uninitialized-read", at,
                             dc_format("%s '%s', which nothing has written when the condition "
                                       "at line %u is %s", reader, ptr.name, cond.line,
                                       edge ? "true" : "false"));
    free(reader);
    if (f)
        dc_finding_note(f, copy_loc(cond),
                        dc_format("'%s' is written on some paths, but not when this is %s",
                                  ptr.name, edge ? "true" : "false"));
    note_origins(f, ptr);
    if (f)
        dc_finding_note(f, copy_loc(at),
                        dc_format("fix: write '%s' on that path too, or read it only where it "
                                  "was written", ptr.name));
}

void dc_report_kernel_read(dc_findings *out, dc_loc at, const char *kernel, dc_operand ptr,
                           dc_loc read, const char *read_text)
{
    dc_finding *f = uninitialized_read(out, at, dc_format("kernel %s reads", kernel), ptr);
    if (!f)
        return;
    dc_finding_note(f, copy_loc(read), dc_format("%s reads it here, before anything writes it: %s",
                                                 kernel, read_text));
    dc_finding_note(f, copy_loc(at), dc_format("fix: cudaMemset(%s, 0, size) after the allocation "
                                               "(or write it first)", ptr.name));
}

void dc_report_field_space(dc_findings *out, dc_loc at, const char *noun, const char *field,
                           dc_operand value, const dc_place *field_place)
{
    bool device = dc_place_is_device(field_place);
    dc_finding *f = add_once(out, "memspace-mismatch", at,
                             dc_format("'%s' is %s memory, but %s '%s' holds %s memory in "
                                       "every other assignment in the program", value.name,
                                       device ? "host" : "device", noun, field,
                                       device ? "device" : "host"));
    note_origins(f, value);
    if (f && field_place->n && field_place->a[0].origin.file)
        dc_finding_note(f, copy_loc(field_place->a[0].origin),
                        dc_format("'%s' is set to %s memory here", field,
                                  device ? "device" : "host"));
}

void dc_check_unregistered(dc_findings *out, dc_loc at, const char *module, dc_operand tensor,
                           const dc_place *to, const char *where_to)
{
    char where[192];
    if (!dc_places_differ(tensor.place, to))
        return;
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
