/*
 * The lattice of places: where a value may be (analysis.h's dc_place), how
 * two places join at a merge of paths, whether they may differ at run time,
 * and their names in words.  A device chosen at run time is named by the
 * variable that holds it; the names live here, for the run.
 */
#include "analysis.h"
#include "memkind.h"

#include <stdlib.h>
#include <string.h>

/* ---- devices chosen at run time ------------------------------------------------ */

typedef struct {
    char name[64];
    dc_place definition;
} named_device;

static named_device *named;
static int nnamed, capnamed;

/* ---- building and joining ---------------------------------------------------- */

const char dc_how_pointer_variable[] = "is the address of a pointer variable declared on";

dc_place dc_place_of(atom_kind kind, int index, dc_loc origin, const char *how)
{
    dc_place p = { 1, { { (unsigned char)kind, (signed char)index, -1, 0, origin, how } } };
    return p;
}

static bool same_atom(const dc_atom *a, const dc_atom *b)
{
    return a->kind == b->kind && a->index == b->index && a->name == b->name;
}

/* One place made by two allocators is made by one not known. */
static void add_atom(dc_place *p, const dc_atom *a)
{
    for (int i = 0; i < p->n; i++)
        if (same_atom(&p->a[i], a)) {
            if (p->a[i].alloc != a->alloc)
                p->a[i].alloc = 0;
            return;
        }
    if (p->n < DC_ATOMS)
        p->a[p->n++] = *a;
    else
        p->a[DC_ATOMS - 1] = (dc_atom){ AT_UNKNOWN, 0, -1, 0, { 0 }, NULL };
}

/* The alternatives of a device name, each marked with the name when a test
   split them apart (guards.c), are the name again once both sides join. */
static void rejoin_name(dc_place *p)
{
    short name = p->a[0].name;
    if (p->a[0].kind == AT_NAMED || name < 0 || name >= nnamed)
        return;
    const dc_place *d = &named[name].definition;
    if (d->n != p->n)
        return;
    for (int i = 0; i < p->n; i++) {
        dc_atom plain = p->a[i];
        plain.name = -1;
        bool found = false;
        for (int k = 0; k < d->n && !found; k++)
            found = same_atom(&d->a[k], &plain);
        if (p->a[i].name != name || !found)
            return;
    }
    dc_atom whole = p->a[0];
    whole.kind = AT_NAMED;
    whole.index = 0;
    *p = (dc_place){ 1, { whole } };
}

dc_place dc_place_join(const dc_place *a, const dc_place *b)
{
    dc_place j = *a;
    for (int i = 0; i < b->n; i++)
        add_atom(&j, &b->a[i]);
    if (j.n > 1)
        rejoin_name(&j);
    return j;
}

bool dc_place_same(const dc_place *a, const dc_place *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++) {
        bool found = false;
        for (int j = 0; j < b->n && !found; j++)
            found = same_atom(&a->a[i], &b->a[j]);
        if (!found)
            return false;
    }
    return true;
}

dc_place dc_place_relocated(const dc_place *p, dc_loc origin, const char *how)
{
    dc_place r = *p;
    for (int i = 0; i < r.n; i++) {
        r.a[i].origin = origin;
        r.a[i].how = how;
    }
    return r;
}

dc_place dc_place_substitute(const dc_place *p, const dc_place *params, int nparams)
{
    dc_place r = { 0, { { 0 } } };
    for (int i = 0; i < p->n; i++) {
        const dc_atom *a = &p->a[i];
        if (a->kind != AT_PARAM) {
            add_atom(&r, a);
            continue;
        }
        if (a->index >= nparams || !params[a->index].n) {
            dc_atom unknown = { AT_UNKNOWN, 0, -1, 0, { 0 }, NULL };
            add_atom(&r, &unknown);
            continue;
        }
        for (int j = 0; j < params[a->index].n; j++) {
            dc_atom b = params[a->index].a[j];
            if (a->origin.file) {       /* moved there in the callee: its line says so */
                b.origin = a->origin;
                b.how = a->how;
            }
            add_atom(&r, &b);
        }
    }
    return r;
}

const char *dc_device_name(short name)
{
    return name >= 0 && name < nnamed ? named[name].name : "?";
}

const dc_place *dc_device_definition(short name)
{
    static const dc_place none = { 0, { { 0 } } };
    return name >= 0 && name < nnamed ? &named[name].definition : &none;
}

short dc_device_named(const char *name, const dc_place *definition)
{
    for (int i = 0; i < nnamed; i++)
        if (strcmp(named[i].name, name) == 0 && dc_place_same(&named[i].definition, definition))
            return (short)i;
    if (nnamed == 32767)
        return -1;
    GROW(named, nnamed, capnamed, 64, dc_realloc);
    snprintf(named[nnamed].name, sizeof named[nnamed].name, "%s", name);
    named[nnamed].definition = *definition;
    return (short)nnamed++;
}

void dc_devices_reset(void)
{
    free(named);
    named = NULL;
    nnamed = capnamed = 0;
}

/* ---- in words ------------------------------------------------------------------ */

/* Memory both sides reach: pinned host memory, or managed memory by its
   allocator (cudaMallocManaged's), as common/memkind.c names each. */
static const char *shared_memory_words(const dc_atom *a)
{
    bool managed = a->alloc && a->alloc <= nmemallocs &&
                   memallocs[a->alloc - 1].space == MEMSPACE_MANAGED;
    return memspaces[managed ? MEMSPACE_MANAGED : MEMSPACE_PINNED].words;
}

static void describe_atom(const dc_atom *a, char *buf, size_t n, bool with_definition)
{
    char def[128];
    switch ((atom_kind)a->kind) {
    case AT_CPU: snprintf(buf, n, "cpu"); return;
    case AT_CUDA: snprintf(buf, n, "cuda:%d", a->index); return;
    case AT_GPU: snprintf(buf, n, "a GPU"); return;
    case AT_INPUT: snprintf(buf, n, "the input's device"); return;
    case AT_PINNED: snprintf(buf, n, "%s", shared_memory_words(a)); return;
    case AT_PARAM: snprintf(buf, n, "parameter %d's", a->index); return;
    case AT_FIELD: snprintf(buf, n, "a field's"); return;
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
                describe_atom(&d->a[i], def, sizeof def, false);
                break;
            }
        snprintf(buf, n, "'%s' (%s when a GPU is present)", dc_device_name(a->name),
                 *def ? def : "a GPU");
        return;
    }
}

void dc_describe_atom(const dc_atom *a, char *buf, size_t n)
{
    describe_atom(a, buf, n, false);
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

/* ---- differ -------------------------------------------------------------------- */

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

static bool symbolic(const dc_atom *a)
{
    return a->kind == AT_UNKNOWN || a->kind == AT_PARAM || a->kind == AT_FIELD;
}

/* 2: they differ; 1: they may (a device chosen at run time, a forward's
   input); 0: no evidence (a parameter's or a field's place is none either). */
static int atoms_differ(const dc_atom *x, const dc_atom *y)
{
    if (symbolic(x) || symbolic(y))
        return 0;
    if (same_atom(x, y))
        return 0;
    if (host_atom(x) && host_atom(y))
        return 0;
    if ((host_atom(x) && (y->kind == AT_CUDA || y->kind == AT_GPU)) ||
        (host_atom(y) && (x->kind == AT_CUDA || x->kind == AT_GPU)))
        return 2;
    if (x->kind == AT_CUDA && y->kind == AT_CUDA)
        return x->index != y->index ? 2 : 0;
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

int dc_place_param(const dc_place *p)
{
    return p->n == 1 && p->a[0].kind == AT_PARAM ? p->a[0].index : -1;
}
