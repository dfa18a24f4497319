/*
 * What the parts on libclang share: the API model's vocabulary (model.c
 * reads it, dataflow.c acts on it) and the dataflow's entry.  An effect is
 * one thing a function does to devices; its arguments are parameter
 * positions, or one word (a dtype).
 */
#ifndef DEVCHECK_ANALYSIS_H
#define DEVCHECK_ANALYSIS_H

#include "devcheck.h"

#include "facts.h"
#include <pthread.h>

typedef enum {
    EF_CREATES_CPU, EF_CREATES_ON, EF_CREATES_LIKE, EF_DTYPE, EF_DTYPE_OF, EF_TRANSFER, EF_TRANSFER_DTYPE,
    EF_PIN, EF_MOVES, EF_SAME_DEVICE, EF_SAME_DTYPE, EF_DEVICE_OF, EF_DEVICE_CPU,
    EF_DEVICE_CUDA, EF_DATA_OF, EF_MODULE_STATE, EF_MODULE_CUSTOM, EF_MODULE_CHILDREN,
    EF_REGISTER, EF_PARAM_OF, EF_LIST_NEW, EF_LIST_PUSH, EF_LIST_GET, EF_SPLIT, EF_BATCHES,
    EF_ALLOCATES_DEVICE, EF_ALLOCATES_PINNED, EF_RETURNS_HOST, EF_RETURNS_DEVICE, EF_DEVICE_MEMORY,
    EF_HOST_MEMORY, EF_MEMCPY, EF_LAUNCH, EF_IDENTITY, EF_DEVICE_EQUAL, EF_IS_CUDA,
    EF_POINTER_ATTRIBUTES, EF_FREES, EF_COPIES, EF_CREATES_OPTIONS, EF_DEVICE_TYPED, EF_LOADS,
    EF_NORETURN, EF_READS, EF_ALLOCATES_HOST, EF_SAME_SPACE, EF_READS_HOST,
    EF_READS_HOST_FORMAT, EF_EITHER_MEMORY, EF_MODULE_ON, EF_WRAPS, EF_INDEXES,
    EF_REDUCES, EF_ZERO_DIM, EF_SAME_DEVICE_LIST, EF_ELEMENTWISE, EF_COUNT
} dc_effect_kind;

#define DC_EFFECT_ARGS 6

/* Positions that name no parameter (a model file's words `this`, `cpu`,
   `cuda`): the object a method is called on, and the two devices. */
enum { DC_ARG_THIS = 100, DC_ARG_CPU, DC_ARG_CUDA };

typedef struct {
    dc_effect_kind kind;
    int nargs;
    int arg[DC_EFFECT_ARGS];            /* parameter positions */
    char word[8];                       /* DC_DTYPE's: f32, f64, i64 */
} dc_effect;

typedef struct {
    int n;
    dc_effect v[16];
} dc_effects;

/* What the function a call cursor refers to does: from its declaration's
   annotations, else from the model's entries by name.  NULL: nothing known. */
const dc_effects *dc_model_effects(dc_model *m, fnode callee);
/* What call does, its callee referenced: a method is known first by the
   class of the object it is called on (`thrust::device_vector::data`),
   then by its own; a call through a pointer, where the pointer is one of
   CUDA's functions as programs that load libcuda hold it (a field or
   variable named as the function, `cuda->cuMemAlloc`, or typed
   `PFN_cuMemAlloc_v3020`).  NULL: nothing known. */
const dc_effects *dc_model_call_effects(dc_model *m, fnode call, fnode callee);
/* The function call refers to; for a call in a template that names a set
   of overloads (`cudaMalloc(&p, n)` of a `T *p`, until T is known), the
   set's function the model knows by its name that takes as many
   arguments, else none (lower.c's lower_overloads). */
fnode dc_model_callee(dc_model *m, fnode call);
/* Whether callee is the forward of a libtorch module class of the
   program's own, which the model checks as it does libtorch's modules'. */
bool dc_model_module_forward(fnode callee);
/* Whether t is a libtorch module: a holder (`torch::nn::Linear`,
   TORCH_MODULE's) or a class derived from torch::nn::Module. */
bool dc_model_module_type(ftype t);
bool dc_model_holds_module(ftype t);
/* Whether callee is an element accessor of a standard container, whose
   elements are host memory (`&v[0]`). */
bool dc_model_host_element(fnode callee);
/* The functions that allocate memory and those that release it, by
   family (model.c): an allocator's number (0: none known) for a name as
   the user calls it ("cudaMallocHost", "new"), its name, the function that
   releases what it allocates; and whether releaser (one of the table's)
   releases what allocator a allocated, -1 when releaser is none of them. */
int dc_allocator(const char *name);
/* The table's own spelling of release function name (to keep), or NULL. */
const char *dc_releaser(const char *name);
const char *dc_allocator_name(int a);
const char *dc_allocator_release(int a);
int dc_releases(const char *releaser, int a);

/* ---- the lattice of places (place.c), as the walk makes them and the rules
   read them -------------------------------------------------------------- */

/* One place a value may be: the cpu, GPU i, some GPU (device memory whose
   GPU is not known), a device chosen at run time and named by the variable
   that holds it, the device of a forward function's input, pinned host
   memory, where the function's parameter i is (in a summary, to be replaced
   at each call), what a struct field holds (before the program's fields
   are known), or unknown.  Each carries where it got there. */
typedef enum {
    AT_CPU, AT_CUDA, AT_GPU, AT_NAMED, AT_INPUT, AT_PINNED, AT_PARAM, AT_FIELD, AT_UNKNOWN
} atom_kind;

typedef struct {
    unsigned char kind;                 /* atom_kind */
    signed char index;                  /* AT_CUDA: the GPU; AT_PARAM: the parameter */
    short name;                         /* AT_NAMED: a device name (dc_device_name);
                                           AT_FIELD: the field's number */
    unsigned char alloc;                /* the allocator that made it (dc_allocator's);
                                           0: not known */
    dc_loc origin;                      /* where it got there (file NULL: unknown) */
    const char *how;                    /* "created on", "moved to", ... */
} dc_atom;

#define DC_ATOMS 4
/* Where a value may be: one atom when certain, several when it depends on
   the path taken; none: nowhere known. */
typedef struct {
    int n;
    dc_atom a[DC_ATOMS];
} dc_place;

dc_place dc_place_of(atom_kind kind, int index, dc_loc origin, const char *how);
/* The how of `&p` where variable p holds a pointer: the host memory of the
   variable, where its pointer was most likely meant (`cudaMemset(&d, ...)`). */
extern const char dc_how_pointer_variable[];
dc_place dc_place_join(const dc_place *a, const dc_place *b);
bool dc_place_same(const dc_place *a, const dc_place *b);
/* Everything here moved (or created) at one place: the new origin. */
dc_place dc_place_relocated(const dc_place *p, dc_loc origin, const char *how);
/* Each AT_PARAM atom replaced by the places of the call's arguments; one
   with an origin of its own (moved there in the callee) keeps it. */
dc_place dc_place_substitute(const dc_place *p, const dc_place *params, int nparams);

/* Whether two places may differ at run time, with evidence: 0 no, 1 they
   may (on some path, or for some choice of a device), 2 they do. */
int dc_places_differ(const dc_place *a, const dc_place *b);
bool dc_place_is_host(const dc_place *p);     /* host memory on every path */
bool dc_place_is_device(const dc_place *p);   /* device memory on every path */
bool dc_place_maybe_device(const dc_place *p);
/* The parameter a place is exactly, or -1. */
int dc_place_param(const dc_place *p);

/* The rules' words for a place: "cpu", "'dev' (cuda:0 when a GPU is
   present)", "cpu or cuda:0"; and for one atom, without a definition. */
void dc_describe_place(const dc_place *p, char *buf, size_t n);
void dc_describe_atom(const dc_atom *a, char *buf, size_t n);

/* Devices chosen at run time: a name for a variable and what it holds
   (-1 when there are too many); the name and its place by number. */
short dc_device_named(const char *name, const dc_place *definition);
const char *dc_device_name(short name);
const dc_place *dc_device_definition(short name);
void dc_devices_reset(void);

/* ---- the rules (rules.c): each check decides, and says its finding with
   notes and fixes ---------------------------------------------------------- */

typedef struct {
    const char *name;                   /* the source text: "x", "st->weight" */
    const dc_place *place;
    bool module;                        /* moved with dt_module_to, not dt_to */
    bool torch;                         /* libtorch's: its fixes in libtorch's words */
} dc_operand;

/* instead: a variable holding the stray operand moved where it belongs,
   or NULL.  The caller has seen that the places differ (dc_places_differ),
   and looked for instead only then. */
void dc_report_device_mismatch(dc_findings *out, dc_loc at, dc_operand a, dc_operand b,
                               const char *instead, dc_loc instead_at);
/* torch: the fix in libtorch's words. */
void dc_report_dtype_mismatch(dc_findings *out, dc_loc at, const char *a, const char *adtype,
                              dc_loc aorigin, const char *b, const char *bdtype,
                              dc_loc borigin, bool torch);
void dc_report_discarded_transfer(dc_findings *out, dc_loc at, const char *call,
                                  const char *target);
/* Host code reads or writes through ptr: a finding when it may be device
   memory.  via: the function whose body does it, when not here; NULL; why:
   where in it (line 0: not known). */
void dc_check_host_deref(dc_findings *out, dc_loc at, dc_operand ptr, bool write,
                         const char *via, dc_loc why);
/* releaser (a function, or delete) releases ptr: a finding when ptr's
   allocator is known on every path and releaser releases none of them.
   via: the function whose body releases it, when not here; why: where. */
void dc_check_free(dc_findings *out, dc_loc at, const char *releaser, dc_operand ptr,
                   const char *via, dc_loc why);
/* what needs device (or host) memory: a finding when ptr is the other;
   why: where in what the need comes from, when what is a function called;
   releaser: the function that releases ptr there (cudaFree), or NULL. */
/* Kernel dereferences member (a host pointer, as written on the host:
   'h.buf') on the device, as `read` (its text in the kernel, and where);
   copied: where a copy sent it to the device (line 0: not known).  A
   finding when member is host memory on every path. */
void dc_report_host_member(dc_findings *out, dc_loc at, const char *kernel, dc_operand member,
                           const char *read, dc_loc read_at, dc_loc copied);
void dc_check_memspace(dc_findings *out, dc_loc at, const char *what, dc_operand ptr,
                       bool wants_device, dc_loc why, const char *releaser);
/* The copy kinds by number: bit 0 the destination is device memory, bit 1
   the source; -1 for a name that is none of the four. */
int dc_copy_kind(const char *name);
/* swap: the flow says the pointers were swapped, not the kind; written:
   where the kind is written as its enumerator's one token (else no file),
   which the fix-it replaces with the kind that fits.  The finding, or
   NULL. */
dc_finding *dc_check_memcpy(dc_findings *out, dc_loc at, int kind, dc_operand dst, dc_operand src,
                     const char *via, bool swap, dc_loc written);
/* ptr, of no known space, is the device side of a copy of kind `kind`
   (at; is_dst: its destination) and host_use ("read on the host") at
   host_at, after the copy or before it, on one path: the uses contradict
   each other (but for managed memory).  pointee: ptr points to a pointer,
   and the copy's size is what that pointer points to, which was meant. */
void dc_report_used_both_ways(dc_findings *out, dc_loc at, int kind, bool is_dst, const char *ptr,
                              dc_loc host_at, const char *host_use, bool after, bool pointee);
/* A copy of kind `kind` by op (the copy function, or the helper that
   makes it) with the same memory on both sides. */
typedef struct {
    const char *memory;                 /* the memory, as a path ("v.data_") */
    const char *getter[2];              /* a side a getter returned: its name, */
    const char *calls[2];               /* its call as written, */
    dc_loc getter_at[2];                /* and its return */
    dc_loc copy_at;                     /* a helper's copy, where op is the helper */
    const char *copy_names[2];          /* its destination and source as it writes them */
    const char *mirror;                 /* the host side's host mirror, or NULL */
} dc_same_memory;
void dc_report_same_memory(dc_findings *out, dc_loc at, int kind, const char *op,
                           const dc_same_memory *m);
/* reader ("cudaMemcpy copies from", "cublasSgemm reads") reads ptr,
   memory nothing wrote; swap: a copy whose kind says it was meant to fill ptr. */
void dc_report_uninitialized_read(dc_findings *out, dc_loc at, char *reader, dc_operand ptr,
                                  bool swap);
/* The same, where ptr is written on some paths, but every path from the
   edge (true, false) of the branch on cond comes here with nothing written. */
void dc_report_sometimes_written(dc_findings *out, dc_loc at, char *reader, dc_operand ptr,
                                 dc_loc cond, bool edge);
/* A launch of kernel hands it ptr, device memory nothing wrote, which the
   kernel reads (at read, the expression read_text) before writing. */
void dc_report_kernel_read(dc_findings *out, dc_loc at, const char *kernel, dc_operand ptr,
                           dc_loc read, const char *read_text);
/* A lone store of one space into a field (noun: "field") or a global
   ("variable") that the rest of the program fills with the other
   (field_place: its place, with one other store's origin). */
void dc_report_field_space(dc_findings *out, dc_loc at, const char *noun, const char *field,
                           dc_operand value, const dc_place *field_place);
/* A tensor kept unregistered in a module's state that moves to `to`. */
void dc_check_unregistered(dc_findings *out, dc_loc at, const char *module, dc_operand tensor,
                           const dc_place *to, const char *where_to);

/* Where the dataflow is, kept up to date for a crash's report: the unit
   (an index into the units; -1: all of them), the stage ("the first walk
   of"), and the function walked (a null cursor: none). */
typedef struct {
    int unit;
    const char *stage;
    fnode fn;
} dc_progress;

/* Every function defined in the units' main files, analyzed, callees
   before their callers, whatever file each is in; the findings of the
   units said[k] (the others are the program's context); *at follows it.  Each
   unit's functions may take budget seconds in all, and hold bytes of paths
   and environments (0: no end), callees in other units charged to theirs:
   the one that runs out abandons the analysis, with
   dc_abandon(DC_OUT_OF_TIME or DC_OUT_OF_MEMORY), where *at is. */
void dc_dataflow_program(fx_unit *const *units, const bool *said, int n, dc_model *m, dc_findings *out,
                         dc_progress *at, double budget, size_t bytes);
/* Reach (reach.c, --stats): with on, the calls of the walks that say
   their findings are counted from here (an attempt begun again after a
   crash starts over); dc_reach_finish adds the counts to *out. */
void dc_reach_start(bool on);
void dc_reach_finish(dc_reach *out);
/* The program-wide facts dc_dataflow_program made, forgotten: at its end,
   and after it crashed (what else it had made is then abandoned). */
void dc_dataflow_reset(void);

/* ---- crash recovery (recover.c) ------------------------------------------- */

/* Calls fn(arg) with a crash on this thread caught: returns 0, or the
   signal that ended fn early, or what dc_abandon said; fn's work is then
   abandoned.  Any number of threads at once. */
int dc_recover(void (*fn)(void *), void *arg);
/* Ends the function dc_recover runs on this thread, as a crash would, and
   makes it return why (not 0, and no signal's number). */
#define DC_OUT_OF_TIME (-1)
#define DC_OUT_OF_MEMORY (-2)
_Noreturn void dc_abandon(int why);
/* This thread's processor time, in seconds: what a file's budget counts
   (a busy machine, or -j, does not make a file run out). */
double dc_thread_seconds(void);
/* "ran out of time (60 s a file)", "went past its memory (4096 MiB a
   file)", "internal error (SIGSEGV, a bad memory access)": what ended a
   file's parse or analysis (why: dc_recover's), in words; fresh. */
char *dc_what_ended(int why, double seconds, size_t bytes);
/* "SIGSEGV, a bad memory access" */
const char *dc_signal_name(int sig);

/* libclang's parser and devcheck's walk recurse as deep as the code nests
   (an else-if chain of 10,000 branches): they run on threads with a stack
   for that, which the system only fills as it is used.  A thread's stack
   after a crash, with the frames jumped over, goes with its thread (ASan
   cannot clean a stack this large after a jump), so a crashed parse or
   walk ends its thread.  dc_deep_thread is pthread_create's with such a
   stack: 0, or why not. */
#define DC_DEEP_STACK (1024u << 20)
int dc_deep_thread(pthread_t *thread, void *(*fn)(void *), void *arg);

/* While on, a file that is not a regular file or a folder, opened for
   reading, opens as /dev/null (opens.c): for libclang's parse. */
void dc_guard_opens(bool on);

/* Test builds only (tests/analyzer's devcheck_crash; the devcheck built
   and installed has none of it): DEVCHECK_CRASH_ON=WHAT crashes devcheck
   with SIGSEGV where dc_crash_hook(WHAT) is called, =abort:WHAT with
   abort(), as a bug would, to test the recovery.  WHAT: the name of a
   function whose walk it ends, parse:FILE, FILE's parse (its name
   without folders), or capture, devcheck capture's writing of facts. */
#ifdef DEVCHECK_CRASH_HOOK
void dc_crash_hook(const char *what);
#else
#define dc_crash_hook(what) ((void)0)
#endif

#endif /* DEVCHECK_ANALYSIS_H */
