/*
 * What the parts on libclang share: the API model's vocabulary (model.c
 * reads it, dataflow.c acts on it) and the dataflow's entry.  An effect is
 * one thing a function does to devices; its arguments are parameter
 * positions, or one word (a dtype).
 */
#ifndef DEVCHECK_ANALYSIS_H
#define DEVCHECK_ANALYSIS_H

#include "devcheck.h"

#include <clang-c/Index.h>

typedef enum {
    EF_CREATES_CPU, EF_CREATES_ON, EF_CREATES_LIKE, EF_DTYPE, EF_TRANSFER, EF_TRANSFER_DTYPE,
    EF_PIN, EF_MOVES, EF_SAME_DEVICE, EF_SAME_DTYPE, EF_DEVICE_OF, EF_DEVICE_CPU,
    EF_DEVICE_CUDA, EF_DATA_OF, EF_MODULE_STATE, EF_MODULE_CUSTOM, EF_MODULE_CHILDREN,
    EF_REGISTER, EF_PARAM_OF, EF_LIST_NEW, EF_LIST_PUSH, EF_LIST_GET, EF_SPLIT, EF_BATCHES,
    EF_ALLOCATES_DEVICE, EF_ALLOCATES_PINNED, EF_RETURNS_HOST, EF_RETURNS_DEVICE, EF_DEVICE_MEMORY,
    EF_HOST_MEMORY, EF_MEMCPY, EF_LAUNCH, EF_COUNT
} dc_effect_kind;

#define DC_EFFECT_ARGS 6

typedef struct {
    dc_effect_kind kind;
    int nargs;
    int arg[DC_EFFECT_ARGS];            /* parameter positions */
    char word[8];                       /* DC_DTYPE's: f32, f64, i64 */
} dc_effect;

typedef struct {
    int n;
    dc_effect v[8];
} dc_effects;

/* What the function a call cursor refers to does: from its declaration's
   annotations, else from the model's entries by name.  NULL: nothing known. */
const dc_effects *dc_model_effects(dc_model *m, CXCursor callee);

/* ---- abstract values (dataflow.c), as the rules see them (rules.c) ------- */

/* One place a value may be: the cpu, GPU i, some GPU (device memory whose
   GPU is not known), a device chosen at run time and named by the variable
   that holds it, the device of a forward function's input, pinned host
   memory, or unknown.  Each carries where it got there. */
typedef enum { AT_CPU, AT_CUDA, AT_GPU, AT_NAMED, AT_INPUT, AT_PINNED, AT_UNKNOWN } atom_kind;

typedef struct {
    unsigned char kind;                 /* atom_kind */
    signed char index;                  /* AT_CUDA */
    short name;                         /* AT_NAMED: a device name (dc_device_name) */
    dc_loc origin;                      /* where it got there (file NULL: unknown) */
    const char *how;                    /* "created on", "moved to", ... */
} dc_atom;

#define DC_ATOMS 4
/* Where a value may be: one atom when certain, several when it depends on
   the path taken. */
typedef struct {
    int n;
    dc_atom a[DC_ATOMS];
} dc_place;

/* The rules' words for a place: "cpu", "'dev' (cuda:0 when a GPU is
   present)", "cpu or cuda:0". */
void dc_describe_place(const dc_place *p, char *buf, size_t n);
/* Whether two places may differ at run time, with evidence: 0 no, 1 they
   may (on some path, or for some choice of a device), 2 they do. */
int dc_places_differ(const dc_place *a, const dc_place *b);
bool dc_place_is_host(const dc_place *p);     /* host memory on every path */
bool dc_place_is_device(const dc_place *p);   /* device memory on every path */
bool dc_place_maybe_device(const dc_place *p);

/* ---- the rules (rules.c): a finding, with its notes and fixes ------------- */

typedef struct {
    const char *name;                   /* the source text: "x", "st->weight" */
    const dc_place *place;
    bool module;                        /* moved with dt_module_to, not dt_to */
} dc_operand;

/* instead: a variable holding the stray operand moved where it belongs,
   or NULL. */
void dc_rule_device_mismatch(dc_findings *out, dc_loc at, dc_operand a, dc_operand b,
                             const char *instead, dc_loc instead_at);
void dc_rule_dtype_mismatch(dc_findings *out, dc_loc at, const char *a, const char *adtype,
                            dc_loc aorigin, const char *b, const char *bdtype, dc_loc borigin);
void dc_rule_discarded_transfer(dc_findings *out, dc_loc at, const char *call,
                                const char *target);
void dc_rule_host_deref(dc_findings *out, dc_loc at, dc_operand ptr, bool write);
void dc_rule_memspace(dc_findings *out, dc_loc at, const char *what, dc_operand ptr,
                      bool wants_device);
void dc_rule_memcpy_direction(dc_findings *out, dc_loc at, const char *kind, dc_operand dst,
                              dc_operand src, const char *fitting);
void dc_rule_unregistered(dc_findings *out, dc_loc at, const char *module, dc_operand tensor,
                          const char *where_to);

/* The name of a device variable, by its number in the unit; its place. */
const char *dc_device_name(short name);
const dc_place *dc_device_definition(short name);

/* Every function defined in the unit's main file, analyzed. */
void dc_dataflow_unit(CXTranslationUnit tu, dc_model *m, dc_findings *out);

#endif /* DEVCHECK_ANALYSIS_H */
