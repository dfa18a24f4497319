/*
 * Facts on struct fields, program-wide.  The first walk of the program
 * records every assignment to a pointer field (`l.output_gpu = ...`,
 * `l->output = ...`), by the field's declaration, wherever the struct came
 * from; a value read from another field is kept as that field (AT_FIELD),
 * so `l.delta_gpu = l.output_gpu` follows what output_gpu turns out to be.
 *
 * Then each field gets a fact: device memory when every assignment stores
 * device memory, host memory when every one stores host memory (malloc'd
 * or a local array), else none: mixed, unknown, pinned or mapped memory
 * (which both sides may use) leave the field unknown, and quiet.  A lone
 * assignment of the other space, where at least two others agree, is the
 * mistake, and a finding; the others make the fact.
 *
 * The second walk reads a field that nothing in the function set with its
 * fact: so `l.output_gpu` is device memory in a function that receives the
 * struct by value.  A field every assignment of which stores memory of
 * one allocator keeps it, and the place of one such store, even where the
 * space is no fact (pinned memory): so a destructor's release is checked
 * against the constructor's allocation.
 *
 * A whole-struct copy copies values, not fields' facts: a store that
 * replaces a pointer the copy put there (copy the host struct, swap in
 * device buffers, upload it) of the other space than the field's other
 * stores, or into a field no other store fills, says that the field holds
 * one thing in the sources and another in the copies: no fact.
 *
 * A pointer variable with static storage (a global, a static) is the same
 * kind of thing: set in one function and read in others, so it gets a fact
 * the same way (Rodinia's `int *data`, filled by init() and copied to the
 * GPU in run()); so does an array of pointers with static storage, all its
 * elements one slot (a pool's cache: `cache[i] = p` in its free, `p =
 * cache[i]` in its malloc).
 *
 * A store of a function's parameter is of the space the function uses it
 * as (df_summary_used_space), unless a call hands it memory of another
 * space (df_fields_call): a pool's free that keeps the buffer it is
 * given back, or releases it with cudaFree when its cache is full, keeps
 * device memory.
 *
 * A module held by value in a field of a class that is no module itself
 * (a TorchScript model, a holder, a shared_ptr: a class's member of a
 * torch::nn::Module moves with its parent instead) is a field like any
 * other: where its constructor loads, makes or moves it, or a method's
 * `.to(device)` moves it.  A module, device or tensor stored from a
 * parameter (`model_ = torch::jit::load(path, device)`) is where the
 * arguments of every call the walks saw are (a constructor's through
 * `std::make_unique<T>(...)` too: call.c); one call's argument of no
 * known place leaves it unknown.  A device chosen at run time (`device_` set to
 * the cpu, then to cuda:0 when a flag says so) is a fact when every store
 * names the same one.
 */
#include "flow.h"

#include <stdlib.h>
#include <string.h>

/* NAMED: a device chosen at run time (AT_NAMED), the same one in every
   store (a module loaded onto the `device_` its class keeps). */
enum { NONE_YET, HOST, DEVICE, MIXED, NAMED };

/* A fact a read gives: one space, or one device chosen at run time. */
static bool is_fact(int c)
{
    return c == HOST || c == DEVICE || c == NAMED;
}

typedef struct {
    int field;
    dc_loc at;
    df_value v;
    fnode rhs;                       /* for the finding's words */
    bool named;                         /* in a file the run was given: its finding is said */
    bool swap;                          /* it replaced a struct copy's pointer */
    bool known;                         /* into an object whose facts are its own */
    int local;                          /* the local struct it fills (df_walk_local_object) */
    bool copied_out;                    /* that struct was copied out by a walk */
    int holder;                         /* the local variable of its object (df_walk_holder) */
    bool mirror;                        /* that object was copied whole to device memory */
    const df_unit *walk;                   /* the walk that made it, until it ends */
    int fn;                             /* the function's interned USR */
    unsigned device_params, host_params; /* the parameters it holds, in the space fn uses them as */
    bool contradicted;                  /* a call hands one memory of another space */
} store;

/* The arguments of a function's calls, joined (a module or a device
   stored from a parameter is where its callers' arguments are), by the
   function's interned USR. */
typedef struct {
    dc_place args[MAX_PARAMS];
    unsigned seen, unknown;             /* by parameter: given a place; given none */
} call_args;

typedef struct {
    char name[64];
    bool variable;                      /* a global or static, not a struct's field */
    bool object;                        /* one global struct's field, not the type's */
    bool pointer;                       /* not a struct: a device, held by value */
    bool registered;                    /* a module's member: its parent module moves it */
    df_vkind kind;                         /* of its first store: memory, a tensor, ... */
    int owner;                          /* its struct's interned USR */
    int fact;
    dc_place place;                     /* the fact, with the origin of one store */
    int alloc;                          /* every store's allocator, or 0 */
    dc_place allocated;                 /* where one store's memory was allocated */
} field;

static field *fields;
static int nfields, capfields;
static df_path_map by_usr;                 /* field number + 1, by interned USR */
static store *stores;
static int nstores, capstores;
static df_path_map store_at;               /* store number + 1, by interned "field@file:line:col" */
static bool resolved;
static int param_stores;                /* stores of a parameter in the space its function uses */
static df_path_map module_states;          /* 1 for a struct a custom module keeps as its state */
static call_args *calls;
static int ncalls, capcalls;
static df_path_map calls_by;               /* call_args number + 1, by function */
static int bound_stores;                /* stores of a module's or a device's parameter */

/* A struct's field, or a variable of static storage, that holds a pointer
   (or a struct's field that holds a struct: a device). */
static bool is_slot(fnode ref, fnode decl)
{
    ftype t = fx_type(decl);
    enum CXCursorKind k = fx_kind(ref), d = fx_kind(decl);
    bool slot = ((k == CXCursor_MemberRefExpr || k == CXCursor_MemberRef ||    /* : x(...) */
                  k == CXCursor_FieldDecl) &&                                   /* x = ...; */
                 d == CXCursor_FieldDecl) ||
                (k == CXCursor_DeclRefExpr && d == CXCursor_VarDecl &&
                 fx_has(decl, FX_GLOBAL_STORAGE));
    return slot && (ft_kind(t) == CXType_Pointer || df_type_names(t, "CUdeviceptr") ||
                    (d == CXCursor_FieldDecl && ft_kind(ft_canonical(t)) == CXType_Record));
}

/* The field named key (an interned USR), made if new; -1 past the limit. */
static int field_keyed(int key, fnode decl)
{
    int *number = df_path_map_at(&by_usr, key);
    if (!*number) {
        if (nfields == 32767)
            return -1;
        GROW(fields, nfields, capfields, 64, dc_realloc);
        field *f = &fields[nfields];
        memset(f, 0, sizeof *f);
        df_cursor_spelling(decl, f->name, sizeof f->name);
        f->variable = fx_kind(decl) == CXCursor_VarDecl;
        f->pointer = ft_kind(ft_canonical(fx_type(decl))) != CXType_Record;
        f->registered = !f->variable && dc_model_module_type(fx_type(fx_semantic_parent(decl)));
        f->kind = V_NULL;
        f->owner = df_cursor_usr(fx_semantic_parent(decl), "struct");
        *number = ++nfields;
    }
    return *number - 1;
}

/* The global or static array whose pointer element ref is (`cache[i]`,
   `pool[dev][i]`), or a null cursor: its elements are one slot, as a
   pointer variable is (a pool's cache of buffers). */
static fnode global_array(fnode ref)
{
    if (fx_kind(ref) != CXCursor_ArraySubscriptExpr || ft_kind(fx_type(ref)) != CXType_Pointer)
        return fx_null();
    df_children ch = df_cursor_children(ref);
    while (ch.n == 2 && fx_kind(df_cursor_bare(ch.v[0])) == CXCursor_ArraySubscriptExpr)
        ch = df_cursor_children(df_cursor_bare(ch.v[0]));
    fnode base = ch.n == 2 ? df_cursor_bare(ch.v[0]) : fx_null(), var = fx_referenced(base);
    enum CXTypeKind k = ft_kind(ft_canonical(fx_type(var)));
    return ch.n == 2 && fx_kind(base) == CXCursor_DeclRefExpr &&
                   fx_kind(var) == CXCursor_VarDecl && fx_has(var, FX_GLOBAL_STORAGE) &&
                   (k == CXType_ConstantArray || k == CXType_IncompleteArray)
               ? var
               : fx_null();
}

static int field_of(fnode ref)
{
    fnode decl = fx_referenced(ref), array = global_array(ref);
    if (!fx_is_null(array))
        return field_keyed(df_cursor_usr(array, "field"), array);
    return is_slot(ref, decl) ? field_keyed(df_cursor_usr(decl, "field"), decl) : -1;
}

/* The global struct whose member ref reads (`dev.buf` of a global `dev`),
   or a null cursor. */
static fnode global_object(fnode ref)
{
    df_children ch = fx_kind(ref) == CXCursor_MemberRefExpr ? df_cursor_children(ref)
                                                          : (df_children){ .n = 0 };
    fnode base = ch.n ? df_cursor_bare(ch.v[0]) : fx_null(), var = fx_referenced(base);
    return ch.n && fx_kind(base) == CXCursor_DeclRefExpr && fx_kind(var) == CXCursor_VarDecl &&
                   fx_has(var, FX_GLOBAL_STORAGE) &&
                   ft_kind(ft_canonical(fx_type(base))) == CXType_Record
               ? var
               : fx_null();
}

/* The field of one global struct that ref names (`dev.buf`): a field of
   its own, whose facts are that object's; -1 for any other. */
static int object_field_of(fnode ref, bool make)
{
    fnode var = global_object(ref), decl = fx_referenced(ref);
    if (fx_is_null(var) || field_of(ref) < 0)
        return -1;
    int key = df_path_format("object:%d:%d", df_cursor_usr(var, "var"), df_cursor_usr(decl, "field"));
    if (!make)
        return *df_path_map_at(&by_usr, key) - 1;
    int f = field_keyed(key, decl);
    if (f >= 0)
        fields[f].object = true;
    return f;
}

/* The store of field f at `at`, made if new. */
static store *store_of(int f, dc_loc at)
{
    int key = df_path_format("store:%d@%s:%u:%u", f, at.file ? at.file : "", at.line, at.column);
    int *number = df_path_map_at(&store_at, key);
    if (*number)
        return &stores[*number - 1];
    GROW(stores, nstores, capstores, 256, dc_realloc);
    *number = nstores + 1;
    stores[nstores] = (store){ f, at, df_value_unknown(), fx_null(), false, false, false,
                               0, false, 0, false, NULL, 0, 0, 0, false };
    stores[nstores].v.kind = V_NULL;    /* nothing yet: joins as nothing */
    return &stores[nstores++];
}

static store *store_into(df_unit *u, int f, fnode lhs, fnode rhs, const df_value *v, bool swap)
{
    store *s = store_of(f, df_cursor_loc(lhs));
    s->v = df_value_join(&s->v, v);        /* a loop's later round, a function walked again */
    s->rhs = rhs;
    s->named = u->named;
    s->swap = s->swap || swap;
    s->walk = u;
    if (fields[f].kind == V_NULL)
        fields[f].kind = v->kind;
    return s;
}

void df_fields_store(df_unit *u, fnode lhs, fnode rhs, const df_value *v, bool swap)
{
    int f;
    if (resolved || v->kind == V_NULL || u->assume >= 0 || (f = field_of(lhs)) < 0)
        return;                         /* a walk for one value of a flag: the walk of all says */
    int own = object_field_of(lhs, true);
    store *s = store_into(u, f, lhs, rhs, v, swap);
    s->known = own >= 0;
    s->local = df_walk_local_object(lhs);
    s->holder = df_walk_holder(lhs);
    if (own >= 0)
        store_into(u, own, lhs, rhs, v, swap);
}

void df_fields_module_state(fnode state)
{
    ftype t = ft_pointee(fx_type(df_cursor_bare(state)));
    fnode record = ft_declaration(ft_canonical(t));
    if (!fx_is_null(record) && fx_kind(record) != CXCursor_NoDeclFound)
        *df_path_map_at(&module_states, df_cursor_usr(record, "struct")) = 1;
}

/* A store's parameters in the space its function uses each as. */
static void settle_params(const df_unit *u, int fn, store *s)
{
    s->fn = fn;
    for (int k = 0; k < s->v.where.n; k++) {
        dc_atom *a = &s->v.where.a[k];
        dc_place used = a->kind == AT_PARAM ? df_summary_used_space(u, a->index) : (dc_place){ 0 };
        if (used.n && a->index < 32) {
            param_stores += !(s->device_params | s->host_params);
            *(used.a[0].kind == AT_GPU ? &s->device_params : &s->host_params) |= 1u << a->index;
            *a = used.a[0];
        }
    }
}

/* Whether place p may be memory of the other space than device says, or
   memory both sides reach (pinned, managed). */
static bool other_space(const dc_place *p, bool device)
{
    for (int i = 0; i < p->n; i++) {
        int k = p->a[i].kind;
        if (k == AT_PINNED || (k == AT_CPU && device) ||
            ((k == AT_GPU || k == AT_CUDA) && !device))
            return true;
    }
    return false;
}

/* Whether p is where a caller's argument is known to be: a device, or
   one chosen at run time, not a place of the caller's own callers. */
static bool known_place(const dc_place *p)
{
    for (int i = 0; i < p->n; i++)
        if (p->a[i].kind != AT_CPU && p->a[i].kind != AT_CUDA && p->a[i].kind != AT_GPU &&
            p->a[i].kind != AT_NAMED)
            return false;
    return p->n > 0;
}

static void record_call(int key, const dc_place *places, int n)
{
    int *number = df_path_map_at(&calls_by, key);
    if (!*number) {
        GROW(calls, ncalls, capcalls, 16, dc_realloc);
        memset(&calls[ncalls], 0, sizeof calls[ncalls]);
        *number = ++ncalls;
    }
    call_args *c = &calls[*number - 1];
    for (int p = 0; p < n && p < MAX_PARAMS; p++)
        if (known_place(&places[p])) {
            c->args[p] = c->seen >> p & 1 ? dc_place_join(&c->args[p], &places[p]) : places[p];
            c->seen |= 1u << p;
        } else {
            c->unknown |= 1u << p;
        }
}

void df_fields_call(const df_unit *u, fnode fn, const dc_place *places, int n)
{
    int key = 0;
    if (!resolved && u->assume < 0)
        record_call(key = df_cursor_usr(fn, "usr"), places, n);
    for (int i = 0; !resolved && param_stores && i < nstores; i++) {
        store *s = &stores[i];
        if (!(s->device_params | s->host_params) ||
            s->fn != (key ? key : (key = df_cursor_usr(fn, "usr"))))
            continue;
        for (int p = 0; p < n && p < 32; p++)
            s->contradicted = s->contradicted ||
                              (s->device_params >> p & 1 && other_space(&places[p], true)) ||
                              (s->host_params >> p & 1 && other_space(&places[p], false));
    }
}

static bool has_param(const dc_place *p)
{
    for (int i = 0; i < p->n; i++)
        if (p->a[i].kind == AT_PARAM)
            return true;
    return false;
}

/* A module, device or tensor stored from fn's parameter: where the
   arguments of fn's calls are, resolved with the facts. */
static void bind_params(fnode fn, store *s)
{
    s->fn = df_cursor_usr(fn, "usr");
    bound_stores++;
}

void df_fields_settle(const df_unit *u, fnode fn, const df_env *exit)
{
    for (int i = 0; i < nstores; i++)
        if (stores[i].walk == u) {
            if (stores[i].v.kind == V_MEMORY)
                settle_params(u, df_cursor_usr(fn, "usr"), &stores[i]);
            stores[i].walk = NULL;
            stores[i].copied_out = stores[i].copied_out ||
                                   (stores[i].local && df_walk_copied_out(u, stores[i].local));
            stores[i].mirror = stores[i].mirror ||
                               (stores[i].holder && df_walk_uploaded(u, stores[i].holder));
            if (stores[i].v.kind == V_MODULE && !exit->dead) {
                stores[i].v = df_object_current(exit, &stores[i].v);
                stores[i].v.obj = -1;
            }
            if (stores[i].v.kind != V_MEMORY && has_param(&stores[i].v.where))
                bind_params(fn, &stores[i]);
        }
}

df_value df_fields_read(fnode ref)
{
    int f = field_of(ref), own = resolved ? object_field_of(ref, false) : -1;
    if (own >= 0 && is_fact(fields[own].fact))
        f = own;                        /* the object's, where its stores agree */
    if (f < 0)
        return df_value_unknown();
    if (!resolved) {
        if (!fields[f].pointer)
            return df_value_unknown();
        dc_place symbol = dc_place_of(AT_FIELD, 0, (dc_loc){ 0 }, NULL);
        symbol.a[0].name = (short)f;
        return df_value_of(V_MEMORY, symbol);
    }
    if (!is_fact(fields[f].fact))
        return fields[f].alloc > 0 ? df_value_of(V_MEMORY, fields[f].allocated)
                                   : df_value_unknown_why(DC_WHY_FIELD);
    return df_value_of(fields[f].kind, fields[f].place);
}

bool df_fields_known(void)
{
    return resolved;
}

/* ---- the facts ------------------------------------------------------------------- */

static int join_class(int a, int b)
{
    return a == NONE_YET ? b : b == NONE_YET || a == b ? a : MIXED;
}

/* The device chosen at run time that a NAMED store's place names. */
static short store_name(const store *s)
{
    return s->v.where.a[0].name;
}

/* What one store puts into its field, as far as the facts go. */
static int store_class(const store *s)
{
    df_vkind k = s->v.kind;
    if (!s->v.where.n || s->contradicted || k != fields[s->field].kind ||
        (k != V_MEMORY && k != V_TENSOR && k != V_MODULE && k != V_DEVICE))
        return MIXED;
    if (!fields[s->field].pointer && k != V_DEVICE && (k != V_MODULE || fields[s->field].registered))
        return MIXED;                   /* a module's member: its parent moves it */
    if (k == V_TENSOR && *df_path_map_at(&module_states, fields[s->field].owner))
        return MIXED;                   /* its module moves it, wherever it was made */
    int c = NONE_YET;
    for (int i = 0; i < s->v.where.n; i++) {
        const dc_atom *a = &s->v.where.a[i];
        int k = a->kind == AT_CPU                       ? HOST
                : a->kind == AT_CUDA || a->kind == AT_GPU ? DEVICE
                : a->kind == AT_NAMED && s->v.kind != V_MEMORY &&
                          a->name == s->v.where.a[0].name    ? NAMED
                : a->kind == AT_FIELD && a->name != s->field ? fields[a->name].fact
                : a->kind == AT_FIELD                   ? NONE_YET   /* itself */
                                                        : MIXED;
        c = join_class(c, k);
    }
    return c;
}

/* A field's fact from its stores' classes: all one space, or, for memory,
   all but one store where at least two agree (a tensor's field moved by
   one store and not by another is a program that moves it). */
static int field_class(int counts[5], df_vkind kind)
{
    if (counts[MIXED] || (counts[NAMED] && (counts[HOST] || counts[DEVICE])))
        return MIXED;
    if (counts[NAMED])
        return NAMED;
    if (!counts[HOST] || !counts[DEVICE])
        return counts[HOST] ? HOST : counts[DEVICE] ? DEVICE : NONE_YET;
    if (kind != V_MEMORY)
        return MIXED;
    if (counts[HOST] == 1 && counts[DEVICE] >= 2)
        return DEVICE;
    if (counts[DEVICE] == 1 && counts[HOST] >= 2)
        return HOST;
    return MIXED;
}

/* A store that replaced a copy's pointer, against the other stores' class
   c: agreeing (darknet's `s = net; s.input_gpu = l.state_gpu;`) it is one
   more of them; else the field holds one thing in the copies and another
   in their sources; and with no other store, nothing says what the
   sources hold. */
static int swapped_class(int c, int swap)
{
    return c == NONE_YET || (swap != NONE_YET && swap != c) ? MIXED : c;
}

/* A device mirror's store: device buffers put into an object the walk then
   copied whole to device memory (G4HepEm's `new` struct of cudaMalloc'd
   arrays uploaded as the device's copy of host tables filled where devcheck
   may not read).  It says what that object holds, not the type's other
   objects: it makes no fact, and a host fact it contradicts is none (the
   host copies of such a struct hold device pointers too).  The walks that
   follow each object still see its own. */
static bool mirrored(const store *s)
{
    return s->mirror && !s->swap && dc_place_is_device(&s->v.where);
}

/* A field whose stores name two devices chosen at run time has no fact. */
static void one_name(int *classes)
{
    short *name = dc_realloc(NULL, (size_t)(nfields ? nfields : 1) * sizeof *name);
    for (int f = 0; f < nfields; f++)
        name[f] = -1;
    for (int i = 0; i < nstores; i++) {
        int f = stores[i].field;
        if (classes[f] != NAMED || stores[i].swap || store_class(&stores[i]) != NAMED)
            continue;
        if (name[f] >= 0 && name[f] != store_name(&stores[i]))
            classes[f] = MIXED;
        name[f] = store_name(&stores[i]);
    }
    free(name);
}

static bool resolve_round(void)
{
    size_t n = (size_t)(nfields ? nfields : 1);
    int (*counts)[5] = dc_realloc(NULL, n * sizeof *counts);
    int *classes = dc_realloc(NULL, n * sizeof *classes);
    memset(counts, 0, n * sizeof *counts);
    for (int i = 0; i < nstores; i++)
        if (!stores[i].swap && !mirrored(&stores[i]))
            counts[stores[i].field][store_class(&stores[i])]++;
    for (int f = 0; f < nfields; f++)
        classes[f] = field_class(counts[f], fields[f].kind);
    one_name(classes);
    for (int i = 0; i < nstores; i++) {
        int *c = &classes[stores[i].field];
        if (stores[i].swap)
            *c = swapped_class(*c, store_class(&stores[i]));
        else if (mirrored(&stores[i]) && *c == HOST)
            *c = MIXED;
    }
    bool changed = false;
    for (int f = 0; f < nfields; f++) {
        changed = changed || classes[f] != fields[f].fact;
        fields[f].fact = classes[f];
    }
    free(counts);
    free(classes);
    return changed;
}

/* The allocator of what one store puts into its field: one for all its
   places, or 0. */
static int store_alloc(const store *s)
{
    bool own = s->v.kind == V_MEMORY && s->v.where.n && !s->swap && !mirrored(s);
    int a = own ? s->v.where.a[0].alloc : 0;
    for (int i = 1; i < s->v.where.n; i++)
        if (s->v.where.a[i].alloc != a)
            return 0;
    return a;
}

/* Each field's allocator: its stores', when they all have the same one. */
static void allocators(void)
{
    for (int f = 0; f < nfields; f++)
        fields[f].alloc = -1;
    for (int i = 0; i < nstores; i++) {
        field *f = &fields[stores[i].field];
        int a = store_alloc(&stores[i]);
        if (f->alloc < 0)
            f->allocated = stores[i].v.where;
        f->alloc = f->alloc < 0 || f->alloc == a ? a : 0;
    }
}

/* The fact's place: the space, from the first store that made it, with
   the field's allocator. */
static void place_facts(void)
{
    allocators();
    for (int i = 0; i < nstores; i++) {
        field *f = &fields[stores[i].field];
        int c = store_class(&stores[i]);
        if (f->place.n || c != f->fact || !is_fact(c))
            continue;
        if (f->kind != V_MEMORY) {      /* a tensor, module or device: where its store made it */
            f->place = stores[i].v.where;
            continue;
        }
        f->place = dc_place_of(c == HOST ? AT_CPU : AT_GPU, -1, stores[i].at,
                               "is set to memory of");
        f->place.a[0].alloc = (unsigned char)(f->alloc > 0 ? f->alloc : 0);
    }
}

static void report_lone_stores(dc_findings *out)
{
    for (int i = 0; i < nstores; i++) {
        const store *s = &stores[i];
        const field *f = &fields[s->field];
        int c = store_class(s);
        if (!s->named || s->known || (s->local && !s->copied_out) || f->object ||
            f->kind != V_MEMORY ||
            (f->fact != HOST && f->fact != DEVICE) || (c != HOST && c != DEVICE) || c == f->fact)
            continue;
        char text[64];
        df_cursor_text(df_cursor_bare(s->rhs), text, sizeof text);
        dc_report_field_space(out, s->at, f->variable ? "variable" : "field", f->name,
                              (dc_operand){ text, &s->v.where, false, false }, &f->place);
    }
}

/* The joined arguments of the calls at key, or NULL. */
static const call_args *calls_at(int key)
{
    int number = *df_path_map_at(&calls_by, key);
    return number ? &calls[number - 1] : NULL;
}

/* A store of a parameter's place: where its function's callers' arguments
   are, where every call's is known (a store of a constructor that no call
   the walks saw makes, or one given a place of no known device, keeps the
   parameter: no fact). */
static void bind_store(store *s)
{
    const call_args *c = calls_at(s->fn);
    for (int i = 0; i < s->v.where.n; i++) {
        int p = s->v.where.a[i].index;
        unsigned bit = p >= 0 && p < MAX_PARAMS ? 1u << p : 0;
        if (s->v.where.a[i].kind == AT_PARAM && (!c || !(c->seen & bit) || c->unknown & bit))
            return;
    }
    s->v.where = dc_place_substitute(&s->v.where, c->args, MAX_PARAMS);
}

void df_fields_resolve(dc_findings *out)
{
    for (int i = 0; bound_stores && i < nstores; i++)
        if (stores[i].fn && stores[i].v.kind != V_MEMORY && has_param(&stores[i].v.where))
            bind_store(&stores[i]);
    for (int round = 0; round < 8 && resolve_round(); round++)
        continue;
    place_facts();
    report_lone_stores(out);
    resolved = true;
}

void df_fields_reset(void)
{
    free(fields);
    free(stores);
    df_path_map_free(&by_usr);
    df_path_map_free(&store_at);
    df_path_map_free(&module_states);
    df_path_map_free(&calls_by);
    free(calls);
    calls = NULL;
    ncalls = capcalls = bound_stores = 0;
    fields = NULL;
    stores = NULL;
    nfields = capfields = nstores = capstores = param_stores = 0;
    resolved = false;
}
