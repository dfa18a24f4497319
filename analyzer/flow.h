/*
 * The dataflow's stages and what they share.  analysis.h says what the
 * dataflow reads (the model) and hands on (places, to the rules); this
 * header is the dataflow's own, and the names it exports begin df_ (beside
 * devcheck.h's dc_ and facts.h's fx_):
 *
 *   cursor.c    the facts' nodes: children, locations, spellings, constants
 *   env.c       access paths interned as numbers, and the environment: the
 *               value at each path, in pages shared between copies
 *   value.c     abstract values, their join, objects (modules and lists),
 *               devices named by the variable that holds them
 *   walk.c      statements and expressions, in source order, with branches
 *               joined, loops to a fixed point, switches and breaks
 *   call.c      calls: arguments, the model's effects, the program's own
 *               functions
 *   effects.c   one handler per effect kind of the model
 *   guards.c    conditions that test where a value is, refining each side
 *   fields.c    facts on struct fields, program-wide: device or host memory
 *               in every assignment
 *   uses.c      a pointer of no known space used both ways on one path
 *   samebuf.c   a copy across host and device with the same memory both sides
 *   lambda.c    C++'s lambdas, walked where they run, with their captures
 *   summary.c   what a function of the program does, for its callers: its
 *               parameters' roles, its result, what it writes through them
 *   dataflow.c  the program's functions, callees first (recursion to a
 *               fixed point), each with its parameters bound
 */
#ifndef DEVCHECK_FLOW_H
#define DEVCHECK_FLOW_H

#include "analysis.h"

#include <stdint.h>

#define LOOP_ROUNDS 3
#define MAX_LAMBDAS 16                  /* lambdas walked inside one another */
#define MAX_PARAMS 16

/* ---- nodes (cursor.c) --------------------------------------------------------- */

/* The first children of a node: enough for every expression and
   statement but a block, which is walked with a visitor of its own. */
typedef struct {
    fnode v[64];
    int n;
} df_children;

/* Inline, so that the caller's children are filled in place, not copied
   (C makes no promise to elide a returned struct's copy: a kilobyte a node). */
static inline df_children df_cursor_children(fnode c)
{
    df_children k;                         /* not zeroed: most nodes fill few of v */
    k.n = fx_nchildren(c) < 64 ? fx_nchildren(c) : 64;
    for (int i = 0; i < k.n; i++)
        k.v[i] = fx_child(c, i);
    return k;
}

dc_loc df_cursor_loc(fnode c);
/* Whether c only wraps its last child: parentheses, casts, C++'s implicit
   nodes, a struct's copy. */
bool df_cursor_wraps(fnode c);
/* Strips what df_cursor_wraps says. */
fnode df_cursor_bare(fnode c);
/* The object a member call is made on (`d` of `d.f()`, `p` of `p->f()`),
   as written; a null cursor where call is no member call. */
fnode df_cursor_member_object(fnode call);
/* The source text of an expression, shortened to fit messages. */
void df_cursor_text(fnode c, char *buf, size_t n);
void df_cursor_spelling(fnode c, char *buf, size_t n);
/* A declaration's (or reference's) name, interned as a path, whole. */
int df_cursor_path(fnode c);
/* "PREFIX:USR" of a declaration, interned: what names it across files. */
int df_cursor_usr(fnode c, const char *prefix);
/* An integer constant's value (a literal, an enum, a constant expression). */
int df_cursor_int(fnode c, int fallback);
bool df_type_names(ftype t, const char *word);
/* An integer, bool or enum type; not the driver API's CUdeviceptr, which
   is memory. */
bool df_type_is_integer(ftype t);
/* Whether t, less references and qualifiers, is the type named (canonical:
   "at::Tensor" for torch::Tensor). */
bool df_type_is(ftype t, const char *name);
/* Whether a class has a direct base of the type named. */
bool df_cursor_derives_from(fnode cls, const char *name);
fnode df_cursor_body(fnode fn);
bool df_cursor_is_addr_of(fnode c);
/* The parameter an expression names (`n`, `(int)n`), or a null cursor. */
fnode df_cursor_parameter(fnode c);
/* Whether c names a variable of the function's own (not static): what it
   holds stays in the walk's sight. */
bool df_cursor_local_variable(fnode c);
/* A function's CUDA qualifiers (facts.h's CUDA_*). */
unsigned df_cursor_cuda_side(fnode fn);
/* kind_is_function's, of a node. */
bool df_cursor_is_function(fnode c);

/* ---- values (value.c) ----------------------------------------------------------- */

typedef enum { DF_DTYPE_UNKNOWN, DF_DTYPE_F32, DF_DTYPE_F64, DF_DTYPE_I64 } df_dtype;
extern const char *const df_dtype_names[];

typedef enum {
    V_NONE,     /* unknown */
    V_TENSOR, V_MODULE, V_LIST,         /* obj: the module's or list's number */
    V_DEVICE,   /* a dt_device value */
    V_MEMORY,   /* raw memory: where it lives */
    V_ADDR,     /* &path, with the place of the memory path is in when known */
    V_ADDRS,    /* an array of addresses (a kernel's argument list): "a|b|c" */
    V_NULL,     /* a null pointer: on no device, so it joins as nothing */
    V_COUNT,    /* a list's length, in obj */
    V_POINTER,  /* what cudaPointerGetAttributes said of the pointer at path */
    V_KIND,     /* a cudaMemcpyKind: in obj, the kinds it may be (KIND_BIT);
                   in where, a parameter's kind */
    V_FLAG,     /* an integer field set to a constant: in obj, FLAG_ZERO and
                   FLAG_NONZERO, what it may be */
} df_vkind;

enum { FLAG_ZERO = 1, FLAG_NONZERO = 2 };

/* A copy kind's bit in a V_KIND's set: dc_copy_kind's numbers, and
   cudaMemcpyDefault, which says no side. */
#define KIND_BIT(k) (1 << ((k) < 0 ? 4 : (k)))

typedef struct {
    unsigned char kind, dtype;
    unsigned char use;                  /* a pointer of no known space: how it was used
                                           on every path to here (uses.c), at `used` */
    unsigned char scalar;               /* a tensor of no dimensions (`torch::tensor(2.0)`,
                                           `x.sum()`): PyTorch lets a cpu one join a tensor
                                           of any device in an elementwise op */
    short obj;
    int path;                           /* an interned path: V_ADDR's target;
                                           V_MODULE: its state's; V_TENSOR: what it
                                           was moved from; V_ADDRS: the list */
    dc_place where;
    dc_loc dtype_origin;
    dc_loc used;
} df_value;

df_value df_value_unknown(void);
/* Unknown for a reason (dc_why), kept in the unused first atom of its
   place: an unknown value is nowhere (where.n is 0); df_value_why reads it
   back (DC_WHY_UNTRACKED for any other value). */
df_value df_value_unknown_why(dc_why why);
dc_why df_value_why(const df_value *v);
df_value df_value_of(df_vkind kind, dc_place where);
df_value df_value_join(const df_value *a, const df_value *b);
/* An integer constant, as a flag: zero or not. */
df_value df_value_flag(long long constant);
bool df_value_same(const df_value *a, const df_value *b);
/* Memory whose place the checks of pointers judge: raw memory, or the
   address of an object whose place is known (`&x` of a local is host
   memory). */
bool df_value_is_memory(const df_value *v);
/* Storing a device chosen at run time into a variable names it. */
df_value df_value_named(int var, df_value v);
df_dtype df_dtype_named(const char *word);

/* ---- paths and the environment (env.c) ------------------------------------------ */

/* Interned for the run: 0 is the empty path.  A path's parent is the path
   without its last member ("st->w" of "st->w.x"), so the members of a
   struct are found without a scan.  A path is kept whole, whatever its
   length: two that differ anywhere are two paths. */
int df_path_intern(const char *text);
const char *df_path_text(int id);
/* A printf'd path, interned. */
int df_path_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "%s%s" of two texts, interned. */
int df_path_join(const char *base, const char *rest);

/* A growing list of numbers (dataflow.c). */
typedef struct {
    int *v;
    int n, cap;
} df_ints;

void df_ints_add(df_ints *k, int x);

/* A number for each path, 0 until set: tables keyed by interned names. */
typedef struct {
    int *v;
    int n;
} df_path_map;

/* The slot of path id (grown on demand). */
int *df_path_map_at(df_path_map *m, int id);
void df_path_map_free(df_path_map *m);

/* A few paths, by their variables' paths; past 8, every path is in it. */
typedef struct {
    int v[8];
    int n;
} df_path_set;

typedef struct df_env_page df_env_page;

typedef struct {
    df_env_page **pages;
    int npages;
    bool dead;                          /* the path ended (return, goto) */
} df_env;

const df_value *df_env_find(const df_env *e, int id);      /* NULL: never set */
df_value df_env_get(const df_env *e, int id);
void df_env_set(df_env *e, int id, df_value v);
df_env df_env_copy(const df_env *e);                      /* shares its pages until written */
void df_env_free(df_env *e);
/* a := a joined with b; whether a changed. */
bool df_env_join(df_env *a, const df_env *b);
/* The next path set in e after id (0 to start), or 0 at the end. */
int df_env_next(const df_env *e, int id);
/* Each path set in e that lies under `from` (a member of it, at any depth). */
void df_env_each_member(const df_env *e, int from, void (*fn)(int id, void *ctx), void *ctx);
/* b = a, for structs: every path under `from` gets a twin under `to`. */
void df_env_copy_members(df_env *e, int from, int to);
/* The bytes the paths and the environments' pages hold now. */
size_t df_env_held(void);
/* Past bytes held (0: no end), the analysis is abandoned at the next
   path or page made: dc_abandon(DC_OUT_OF_MEMORY). */
void df_env_limit(size_t bytes);

/* ---- the analysis of one function ------------------------------------------------- */

typedef struct df_program df_program;
typedef struct df_summary df_summary;

typedef struct {
    df_program *prog;
    df_summary *self;                      /* what this function does, as it is found */
    dc_model *model;
    dc_findings *out;
    bool named;                         /* in a file the run was given */
    bool said;                          /* a walk whose findings are said (out) */
    int objects;                        /* module and list numbers handed out */
    df_value returned;
    bool has_return;
    df_env exit;                           /* joined at each return and at the end */
    df_env *breaks;                        /* where a break goes: the end of the loop or switch */
    int loops;                          /* the loops the walk is inside */
    int returns;                        /* numbers for what callees return */
    signed char assume;                 /* a walk for one value of the summary's flag
                                           parameter (its variant: 0 or 1, or the
                                           index of a value compared to), or -1 */
    bool in_choice;                     /* refining a `c ? a : b`'s c: a flag it tests
                                           gives way to one an if tests (summary.c) */
    struct {                            /* memory chosen by a flag (guards.c), the last few */
        int flag, var;
        df_value when[2];                  /* with the flag 0, and not 0 */
    } chosen[8];
    int nchosen;
    fnode lambdas[MAX_LAMBDAS];         /* the lambdas being walked, outermost first */
    int nlambdas;
    int ends;                           /* paths ended so far (return, goto, break, ...) */
    int sides;                          /* the branch sides the walk is inside */
    struct {                            /* a branch's edge that leaves memory unwritten
                                           (unwritten.c): the memory's mark, the
                                           condition, its side, the sides it is in */
        int mark;
        dc_loc cond;
        bool edge, broken;              /* broken: a path from it may not reach here,
                                           or writes on the way */
        int sides;
    } sometimes[32];
    int nsometimes;
    int marks[32], nmarks;              /* the unwritten marks made (unwritten.c) */
    df_path_set copied_out;                /* local structs returned or copied whole */
    df_path_set uploaded;                  /* local objects a copy sent whole to device memory */
    struct {                            /* structs copied whole to device memory, the last few */
        int to, from;                   /* the copy's and the source's member prefixes ("d->", "h.") */
        dc_loc at;
    } sent[8];
    int nsent;
} df_unit;

/* Objects: modules and lists, whose state lives at "#N". */
int df_object_path(int obj, const char *part);
df_value df_object_new(df_unit *u, df_env *e, df_vkind kind, dc_place where);
/* The current state of an object value (modules move in place); a
   module's tensor is where its module is. */
df_value df_object_current(const df_env *e, const df_value *v);
void df_object_update(df_env *e, const df_value *v);

/* walk.c */
void df_walk_statement(df_unit *u, df_env *e, fnode c);
df_value df_walk_expression(df_unit *u, df_env *e, fnode c);
/* The access path of an lvalue expression ("x", "st->weight", "*p"), or 0. */
int df_walk_path(df_unit *u, df_env *e, fnode c);
/* The local struct variable whose member lvalue c is (`b.buf`), as a
   path, or 0. */
int df_walk_local_object(fnode c);
/* Whether the walk copied the local struct at path whole somewhere
   (returned it, assigned it): its fields may then be read elsewhere. */
bool df_walk_copied_out(const df_unit *u, int path);
/* The local variable that holds the struct member c is in, or points to
   it (`l` of `l.x`, `p` of `p->x` or `(*p).x`); 0 for any other. */
int df_walk_holder(fnode c);
/* src, a copy's source, sent whole to device memory: the object it names
   (`&l`, a local pointer p) is a device mirror. */
void df_walk_uploaded_from(df_unit *u, fnode src);
bool df_walk_uploaded(const df_unit *u, int path);
/* The path of member field of what pointer x points to (`x->field`, or
   `y.field` where x holds &y), or of struct x (`x.field`); 0 when there is
   none; prefix (unless NULL): the path of its member prefix ("x->", "y."). */
int df_walk_member_path(df_unit *u, df_env *e, fnode x, bool pointer, fnode field, int *prefix);
/* A copy of the struct src points to over the one dst points to, into
   device memory (cudaMemcpy's HostToDevice): the copy's pointer members
   hold what the source's held, host pointers too (effects.c checks them
   where a kernel dereferences them). */
void df_walk_send_struct(df_unit *u, df_env *e, fnode dst, fnode src, dc_loc at);
/* The pointer variable through which an object is reached (`a` of
   `a[i]`, `p` of `p->x` or `*p`, down members: `a[i].s`), else a null
   cursor; pointer: whether c, a pointer variable, is that pointer itself. */
fnode df_walk_object_pointer(fnode c, bool pointer);
/* Whether a path is an array's elements ("a[]"). */
bool df_path_is_element(int path);
/* Where a pointer argument points: `&x` is x, a pointer p what p holds (or "*p"). */
int df_walk_target(df_unit *u, df_env *e, fnode c);
void df_walk_body(df_unit *u, df_env *e, fnode fn);
/* A call stores v where its argument arg points (`&x`, `&l.field`, p). */
void df_walk_store_through(df_unit *u, df_env *e, fnode arg, df_value v);
/* A call copies the object src points to over the one dst points to
   (memcpy): a struct's copy, when they point to a struct. */
void df_walk_copy_through(df_unit *u, df_env *e, fnode dst, fnode src);

/* lambda.c: the lambda c is (`[&] { ... }`), or the one the variable c
   names was made with; a null cursor for anything else. */
fnode df_lambda_of(fnode c);
/* call.c: a call's arguments, cursors and values, and their source text,
   which only a message needs, made when one asks (tokenizing is not free). */
#define ARG_SELF 16                     /* the slot of the object a method is called on */
typedef struct {
    df_unit *u;
    int n;
    bool has_self;
    int object;                         /* a method's object, as a target (df_walk_target's):
                                           where the members it sets are; 0: none */
    fnode call;                         /* the call, or a null cursor */
    dc_loc at;
    fnode c[ARG_SELF + 1];
    df_value v[ARG_SELF + 1];
    char text[ARG_SELF + 1][64];
} df_arguments;

df_value df_call_expression(df_unit *u, df_env *e, fnode c, bool result_used);
/* A constant the model names (`c10::kCUDA`), or unknown. */
df_value df_call_constant(df_unit *u, df_env *e, fnode decl, dc_loc at);
/* The object a method call is made on (`x` of `x.to(d)`, `fc` of `fc(x)`),
   or a null cursor. */
fnode df_call_object(fnode call, fnode callee);
/* Where a method call's object is (`p` of `p->f()` points to it, `obj` of
   `obj.f()` is it, "*this" for a method's call of its own), or 0. */
int df_call_object_target(df_unit *u, df_env *e, fnode call, fnode callee);
/* The object a holder points to (`fc` of `fc->weight`, a libtorch holder's
   or a smart pointer's operator->), else object itself. */
fnode df_call_holder(fnode object);
/* The cursor of argument i of a call as the model numbers it (DC_ARG_THIS
   too), or a null cursor. */
fnode df_call_argument(fnode call, int i);
/* Whether an argument is one the call leaves to its default (clang's
   default argument: no text at the call, no children). */
bool df_call_default_argument(fnode arg);
const df_value *df_argument(df_arguments *a, int i);
const char *df_argument_text(df_arguments *a, int i);
dc_operand df_argument_operand(df_arguments *a, int i, const df_value *v);
/* The cursor of argument i, or of the first one when there is no i. */
fnode df_argument_cursor(df_arguments *a, int i);

/* reach.c (--stats): a call the model knows, or a launch, its arguments
   evaluated, counted in a walk that says its findings. */
void df_reach_call(const df_unit *u, const df_arguments *a);
/* lambda.c: a lambda run with the caller's facts, its parameters unknown;
   surely: it runs here, once; else it may run here, any number of times.
   Its value is what it returns. */
df_value df_lambda_run(df_unit *u, df_env *e, fnode lambda, bool surely);
/* The same with its first n parameters the values args (a library's call
   that calls it with those: `std::thread t(f, d)`). */
df_value df_lambda_run_with(df_unit *u, df_env *e, fnode lambda, bool surely, const df_value *args,
                            int n);
int df_lambda_nparams(fnode lambda);

/* guards.c: what cond says on its true side (yes) and false side (no);
   either may be NULL.  A value a test refined says so in its place's
   `how` (df_how_tested): where the sides join, the test no longer holds. */
void df_guard_refine(df_unit *u, fnode cond, df_env *yes, df_env *no);
/* `var = flag ? a : b` of memory: a test of the same flag later picks a
   or b (`if (!flag) var[0] = 0;` writes b). */
void df_guard_chosen(df_unit *u, df_env *e, int var, fnode rhs);
extern const char df_how_tested[];

/* fields.c (struct fields, and pointer variables of static storage):
   before df_fields_resolve, assignments to pointer fields are
   recorded and a field read is the field itself (AT_FIELD); after it, a
   field read is its fact, when it has one. */
/* swap: the store replaces a pointer that a whole-struct copy put there
   (`*t = *src; t->a = d;`), so the field holds one thing in the copy and
   another in its source: no fact. */
void df_fields_store(df_unit *u, fnode lhs, fnode rhs, const df_value *v, bool swap);
df_value df_fields_read(fnode ref);
/* Whether the facts are known: the second walk. */
bool df_fields_known(void);
/* The end of walk u of function fn: a module it stored in a field is
   stored where the walk left it (`c->model = dt_linear(..);
   dt_module_to(c->model, dev);`), a parameter in the space fn uses it as. */
void df_fields_settle(const df_unit *u, fnode fn, const df_env *exit);
/* A call of fn whose arguments are at places: a store of fn's parameter
   that an argument of another space contradicts (managed memory handed
   to a pool's free) says nothing of its field; a module or device stored
   from one is where the arguments of every call are (not those of a walk
   for one value of a flag: the walk of all is the program's). */
void df_fields_call(const df_unit *u, fnode fn, const dc_place *places, int n);
/* `dt_module_new(name, fn, state)`: the tensors in state's fields are the
   module's, where it moves them, so they have no fact of their own. */
void df_fields_module_state(fnode state);
/* The facts, and a finding for each lone store of the other space. */
void df_fields_resolve(dc_findings *out);
void df_fields_reset(void);

/* dataflow.c: the summary of the function a call refers to, when the
   program defines it (computed now if need be), else NULL. */
const df_summary *df_program_summary(df_program *p, fnode callee);
/* Why the last df_program_summary said NULL: the callee has no body
   (DC_WHY_NO_BODY), its errors left it unread, or the nesting limit. */
dc_why df_program_why_none(const df_program *p);
/* A statement walked: now and then, whether the unit walked has run out
   of time (then the analysis is abandoned: dc_abandon). */
void df_program_tick(df_program *p);

/* samebuf.c: a copy of a kind that crosses host and device whose two sides
   are the same memory (a variable, an object's member, what a getter
   returns), at the copy or, through a helper's summary, at its call. */
typedef struct {
    dc_loc at;                          /* the copy */
    int sides[2];                       /* the memory, as paths: destination, source */
    int names[2];                       /* the sides as the copy writes them, interned */
    signed char kind;                   /* 1 or 2: HostToDevice, DeviceToHost */
} df_same_copy;

/* A copy by op (kinds: KIND_BIT's of those its kind may be). */
void df_samebuf_copy(df_unit *u, df_env *e, fnode dst, fnode src, unsigned kinds, const char *op,
                  dc_loc at);
/* A call of callee, named name: its copies kept, with the call's arguments. */
void df_samebuf_call(df_unit *u, df_env *e, const df_arguments *a, const df_summary *callee, const char *name);
/* `return ret;`: the memory the function returns, when its caller can name it. */
void df_samebuf_returned(df_unit *u, df_env *e, fnode ret);

/* summary.c.  A parameter's roles, found in its function's body: */
enum {
    ROLE_DEREF = 1,                     /* host code reads or writes through it */
    ROLE_DEVICE = 2,                    /* it must be device memory */
    ROLE_HOST = 4,                      /* it must be host memory */
};
df_summary *df_summary_new(int nparams);
void df_summary_free(df_summary *s);
/* Binds the parameters of the function being summarized, by their types. */
void df_summary_bind_parameters(df_unit *u, df_env *e, fnode fn);
/* What the function's walk found, kept: its result, what it left behind
   its pointer parameters. */
void df_summary_finish(df_unit *u, fnode fn);
/* A walk fills a copy of s (df_summary_for_walk), which replaces s at its
   end (df_summary_take: whether it changed): a call back into the function,
   in a recursion, sees its last whole summary, not the walk's part. */
df_summary *df_summary_for_walk(const df_summary *s);
bool df_summary_take(df_summary *s, df_summary *next);
/* `if (flag)` on the integer at `path` (a parameter, `s.train`,
   `p->opts.on`): its value (0, 1) where it is known, a V_FLAG in e or the
   value a walk of the summary's flag assumes, else -1; the first such
   parameter (else member of a struct parameter) tested is noted as the
   flag. */
int df_summary_flag(df_unit *u, const df_env *e, int path);
/* `x == constant` (a case of a switch on x) for the enum at path: 1, 0, or
   -1 where not known; the flag so compared is walked for each of the
   values it is compared to in place of 0 and not 0. */
int df_summary_flag_is(df_unit *u, const df_env *e, int path, long long constant);
/* The summary for the value a call gives the callee's flag, if known. */
const df_summary *df_summary_for_call(df_unit *u, df_env *e, const df_summary *s, df_arguments *a);
/* The summary for one value of its flag, to fill: walked again with
   u->assume set (dataflow.c); NULL when the function has no flag. */
df_summary *df_summary_variant(df_summary *s, int value);
/* How many variants s's flag has (value 0 .. n - 1 of df_summary_variant). */
int df_summary_variants(const df_summary *s);
/* Whether a summary's place is a parameter's: then the role is its. */
bool df_summary_role(df_unit *u, const dc_place *p, unsigned role, dc_loc at);
/* The same for a release (releaser: dc_releaser's), checked at each call. */
bool df_summary_release(df_unit *u, const dc_place *p, const char *releaser, dc_loc at);
/* The space the function uses parameter (or member place) i as, when it
   uses it as one only; else no place. */
dc_place df_summary_used_space(const df_unit *u, int i);
/* Two operands that must share a device, one where a parameter is: the
   check waits for each call, which knows the parameter's place.  Whether
   it was put off so. */
bool df_summary_defer(df_unit *u, dc_loc at, dc_operand a, dc_operand b);
/* A copy of a known kind between two of the function's parameters. */
void df_summary_copy(df_unit *u, const dc_place *dst, const dc_place *src, int kind);
/* A copy with the kind its parameter `kind` holds: checked at each call,
   with the argument's kinds.  Whether it was put off so. */
bool df_summary_copy_with(df_unit *u, dc_loc at, dc_operand dst, dc_operand src, const dc_place *kind);
/* A pointer member of the object at `base` (`state.input`, `p->data`;
   arrow: through a pointer) read with nothing known of it in the function,
   whose field's value in the program is v: where the base is one of the
   function's struct parameters and v is unknown (the type's field is
   filled both ways, or never), a place of its own that each call makes
   the argument's member (the object's, where the caller knows it). */
df_value df_summary_member(df_unit *u, int base, bool arrow, fnode field, df_value v);
/* A call through a pointer to one of n functions, whose summaries are
   s (NULL: one's unknown): summary k for that call (fresh), less what it
   needs of an argument that another needs in the other space (host or
   device memory; a release by another function): which of them runs
   decides, and the call says nothing of it.  all: less what any other
   needs otherwise, or not at all (a virtual call's overrides: each says
   what they all say). */
df_summary *df_summary_may_call(const df_summary *const *s, int n, int k, bool all);
/* samebuf.c's: a copy between memory the caller names, kept; the memory
   each return returns (0: none the caller names); and both read back. */
void df_summary_same_copy(df_unit *u, const df_same_copy *c);
void df_summary_same_result(df_unit *u, int path, dc_loc at);
const df_same_copy *df_summary_same_copies(const df_summary *s, int *n);
/* The path every return returns, and where (the first), or 0. */
int df_summary_result_path(const df_summary *s, dc_loc *at);
const int *df_summary_param_names(const df_summary *s, int *n);
/* A call to a summarized function, in the caller: the checks of its
   parameters' roles, its result, what it writes through its arguments. */
df_value df_summary_apply(df_unit *u, df_env *e, const df_summary *s, df_arguments *a, fnode callee,
                    dc_loc at);

/* fnptr.c: the functions each function pointer may hold, read from the
   program's units (ids[0..n-1] of units) before its walks; those a call
   through a pointer may call (at most max, with where each was stored
   into it), or -1 when they are not known; forgotten at the program's end. */
#define MAY_CALL 64
void df_fnptr_read(fx_unit *const *units, const int *ids, int n);
int df_fnptr_callees(fnode call, fnode *fn, dc_loc *at, int max);
void df_fnptr_reset(void);

/* virtual.c: the definitions that override each virtual method, read
   from the program's units (ids[0..n-1] of units) before its walks; those
   a call that dispatches may run (at most max: the method's own unless
   pure, and the overrides of the class it is called on), or -1 for a call
   that does not dispatch, or of a method nothing overrides (as before);
   forgotten at the program's end. */
void df_virtual_read(fx_unit *const *units, const int *ids, int n);
int df_virtual_callees(fnode call, fnode callee, fnode *fn, int max);
void df_virtual_reset(void);

/* effects.c: one call's effects, in the order the model lists them. */
typedef struct {
    df_unit *u;
    df_env *e;
    fnode callee;
    df_arguments *a;
    dc_loc at;
    char op[64];                        /* the callee as the user wrote it */
    df_value result;
    const dc_effects *effects;          /* all of the call's, or NULL */
} df_call_state;

void df_effect_apply(df_call_state *s, const dc_effect *ef);
/* What any element of list l may be (`for (auto &p : net->parameters())`). */
df_value df_list_any_element(const df_env *e, const df_value *l);
/* The value of an enumerator: a copy kind's, or unknown. */
df_value df_effect_enumerator(fnode decl);
/* A constant of type cudaMemcpyKind (`static const cudaMemcpyKind H2D =
   cudaMemcpyHostToDevice;`, a constexpr one) named at ref: its kind, or
   unknown. */
df_value df_effect_constant_kind(fnode ref);
/* Host code dereferences base, whose value is v (a read, or a write). */
void df_effect_check_deref(df_unit *u, df_env *e, fnode base, const df_value *v, bool write, dc_loc at);
/* The checks of one pointer argument that must be device (or host) memory;
   releaser: the function that releases it there, or NULL. */
void df_effect_need_memory(df_unit *u, dc_loc at, const char *what, dc_operand ptr, bool device,
                        dc_loc why, const char *releaser);
/* releaser (a function, or delete) releases ptr: checked here, or at each
   call when ptr is a parameter's. */
void df_effect_release(df_unit *u, dc_loc at, const char *releaser, dc_operand ptr);
/* A <<<>>> launch of kernel: each pointer argument must be device memory,
   and so must the members the kernel dereferences through it; and written
   already where the kernel reads it before writing it. */
void df_effect_launch(df_unit *u, df_env *e, fnode kernel, df_arguments *a, dc_loc at);
/* dt_module_to's work: m and what is registered with it moved to `to`. */
void df_effect_move_module(df_call_state *s, df_value *m, const char *name, const df_value *to);

/* uses.c: a pointer of no known space used on the host and as a copy's
   device side on one path.  ptr's use on the host (HOST_*: read through,
   written through, handed to a host function); and as the device side of
   a copy of the one kind `kind` (is_dst: its destination) of size bytes. */
enum { HOST_READ, HOST_WRITE, HOST_CALL };
void df_uses_host(df_unit *u, df_env *e, fnode ptr, int how, dc_loc at);
void df_uses_device(df_unit *u, df_env *e, fnode ptr, int kind, bool is_dst, fnode size, dc_loc at);

/* unwritten.c: allocations nothing may have written yet. */
#define UNWRITTEN_SET 32
typedef struct {
    int v[UNWRITTEN_SET];
    int n;
} df_unwritten_set;

/* v, memory just allocated, is unwritten. */
void df_unwritten_allocated(df_unit *u, df_env *e, const df_value *v);
/* What v reaches (memory, an address, a list of them) may have been written. */
void df_unwritten_forget(df_env *e, const df_value *v);
/* The same in two steps, for a call: what its arguments reach, noted
   before its effects, written after them. */
void df_unwritten_note(df_unwritten_set *set, const df_env *e, const df_value *v);
void df_unwritten_written(df_env *e, const df_unwritten_set *set);
/* Whether nothing wrote v's memory on any path here. */
bool df_unwritten_must(df_unit *u, const df_env *e, const df_value *v);
/* Whether something may have written it (a kernel, a copy, ...). */
bool df_unwritten_may_be_written(const df_env *e, const df_value *v);
/* The branch on cond walked, its sides yes and no not joined yet (each
   ended ends_yes and ends_no paths): memory one side writes and the
   other leaves unwritten on every path is written "sometimes". */
void df_unwritten_branch(df_unit *u, df_env *yes, df_env *no, fnode cond, int ends_yes, int ends_no);
/* A path ends (return, goto, break, continue, a call that never returns). */
void df_unwritten_path_ends(df_unit *u, const df_env *e);
/* A loop or a switch starts: what follows is not reached on every path. */
void df_unwritten_diverge(df_unit *u, const df_env *e);
/* Memory v, unwritten on every path from one edge of a branch to here
   and written on some other path: that edge's index in u->sometimes, or -1. */
int df_unwritten_sometimes(const df_unit *u, const df_env *e, const df_value *v);
/* Whether a and b may be one allocation (one of the allocations each may be). */
bool df_unwritten_shared(const df_value *a, const df_value *b);
/* A call of callee: a stream capture's start makes the launches after it
   deferred (they run when the graph is launched). */
void df_unwritten_call(df_env *e, fnode callee);
bool df_unwritten_deferred(const df_env *e);

#endif /* DEVCHECK_FLOW_H */
