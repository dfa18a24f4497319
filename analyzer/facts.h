/*
 * The facts of a unit (a file and its flags): what the analysis reads of
 * its program, lowered from libclang's AST by the front end (lower.c) and
 * kept as arrays once the unit is gone.  The whole-program phase reads
 * nothing else, so a run keeps one parsed unit at a time, and a unit's
 * facts can be written to a file (facts_file.c), made by the build
 * (capture), and kept between runs (cache.c).
 *
 *   - A node is a cursor of libclang's: a declaration, a statement, an
 *     expression, an attribute.  Its kind and operators are libclang's
 *     numbers (CXCursorKind, CX*OperatorKind: a stable C ABI), so the
 *     analysis reads them with the names of clang-c/Index.h.
 *   - What is lowered: the bodies of the main file's host functions and of
 *     every host function they refer to that the unit defines (in a header
 *     too), and of the templates of the file or the project's headers
 *     with no instance in that code (lower.c's lower_patterns), in whole
 *     (device code is never walked); of every other declaration they
 *     refer to, what the analysis asks of it (its name, USR, type, parameters, attributes,
 *     base classes, initializer) and its semantic parents.
 *   - What libclang computes on demand is computed once, at lowering: the
 *     text of each expression as messages quote it, its constant value,
 *     each function's first error (unread.c), the unit's definitions in
 *     the order the analysis walks them.
 *   - Node and type 0 are "none": libclang's null cursor, invalid type.
 */
#ifndef DEVCHECK_FACTS_H
#define DEVCHECK_FACTS_H

#include "devcheck.h"

#include <clang-c/Index.h>
#include <stdint.h>

typedef struct fx_unit fx_unit;

typedef struct {
    const fx_unit *u;
    uint32_t id;
} fnode;

typedef struct {
    const fx_unit *u;
    uint32_t id;
} ftype;

/* A node's flags. */
enum {
    FX_DEFINITION = 1 << 0,             /* clang_isCursorDefinition */
    FX_GLOBAL_STORAGE = 1 << 2,         /* a variable with global storage */
    FX_BIT_FIELD = 1 << 3,
    FX_STATIC_METHOD = 1 << 4,
    FX_COPY_CONSTRUCTOR = 1 << 5,
    FX_MOVE_CONSTRUCTOR = 1 << 6,
    FX_CONVERTING_CONSTRUCTOR = 1 << 7,
    FX_COPY_ASSIGNMENT = 1 << 8,
    FX_MOVE_ASSIGNMENT = 1 << 9,
    FX_INLINE_NAMESPACE = 1 << 10,
    FX_HAS_ERRORS = 1 << 11,            /* a function whose code has an error */
    FX_INT = 1 << 12,                   /* its value is a constant integer (ival) */
    FX_FLOAT = 1 << 13,                 /* ... a constant float (fval) */
    FX_CONSTANT = 1 << 14,              /* ... a constant of another kind */
    FX_LIBRARY = 1 << 15,               /* a function of a system or installed library's header */
    FX_READ_FIRST = 1 << 16,            /* a kernel's pointer parameter whose memory the kernel
                                           reads and never writes (the read: fx_first_read) */
    FX_READ_IN_PART = 1 << 17,          /* a function walked but for statements its errors
                                           leave unread (its summary is unknown) */
    FX_UNREAD_STATEMENT = 1 << 18,      /* a statement with an error: unread, what it names
                                           unknown after it (its errors' records: fx_unread) */
    FX_UNREAD_BEFORE = 1 << 19,         /* ... one clang dropped before this one */
    FX_UNREAD_AT_END = 1 << 20,         /* ... one dropped at the end of this block */
    FX_PURE_VIRTUAL = 1 << 21,          /* a method declared `= 0` */
    FX_VIRTUAL_CALL = 1 << 22,          /* a call that runs the override of the object's class:
                                           a virtual method's, unqualified, through a pointer,
                                           a reference or the implicit `this` */
};

/* ---- the layout (lower.c builds it, facts_file.c writes and reads it) -------- */

/* Strings are offsets into the unit's pool (0: none, NULL where libclang
   gives none); lists (children, arguments, template arguments, fields)
   are ranges of the list array, whose slot 0 is none (a parameter's reads). */
typedef struct {
    uint16_t kind;
    uint8_t unary, binary;
    uint32_t flags;
    uint32_t kids, nkids;
    int32_t nargs;
    uint32_t args;
    uint32_t ref, def, parent;
    uint32_t type, result;
    uint32_t name, usr, text;
    uint32_t file, line, column;
    uint32_t reads;                     /* a kernel's parameter: where the list holds the count,
                                           then the accesses, of what it reads through on the
                                           device (fx_param_reads); a method's definition: the
                                           count, then the methods it overrides, its bases'
                                           and theirs (fx_overridden); std::make_unique's
                                           call: 1, then the constructor it runs
                                           (fx_constructed); 0: none */
    union {
        long long i;
        double f;
    } value;
} fact_node;

typedef struct {
    uint16_t kind;
    int16_t ntargs;
    uint32_t spelling;
    uint32_t canonical, pointee, non_reference, unqualified;
    uint32_t decl;
    uint32_t targs;
    uint32_t fields, nfields;
} fact_type;

/* A function's first error (FX_HAS_ERRORS); or, with node 0, what the
   front end said of the unit: what its errors left unread (dc_source's
   skipped). */
typedef struct {
    uint32_t node;
    uint32_t file, line, column, message;
} fact_error;

struct fx_unit {
    uint32_t name;
    uint32_t said;                      /* the front end's word on the unit (dc_source's err) */
    bool has_main;
    fact_node *nodes;
    fact_type *types;
    uint32_t *list;
    char *pool;
    fact_error *errors;
    uint32_t *defs, *files;
    dc_stamp *stamps;                   /* a facts file's: what each file held (or none) */
    uint32_t nnodes, ntypes, nlist, npool, nerrors, ndefs, nfiles, nstamps;
};

/* ---- kinds, as libclang's clang_is* say ------------------------------------------ */

static inline bool kind_is_expression(enum CXCursorKind k)
{
    return k >= CXCursor_FirstExpr && k <= CXCursor_LastExpr;
}

static inline bool kind_is_statement(enum CXCursorKind k)
{
    return k >= CXCursor_FirstStmt && k <= CXCursor_LastStmt;
}

static inline bool kind_is_attribute(enum CXCursorKind k)
{
    return k >= CXCursor_FirstAttr && k <= CXCursor_LastAttr;
}

/* A function with code of its own: a C function, or C++'s methods,
   constructors, destructors and conversions. */
static inline bool kind_is_function(enum CXCursorKind k)
{
    return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
           k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
}

/* ... or a function template, whose own code is walked as written. */
static inline bool kind_has_code(enum CXCursorKind k)
{
    return kind_is_function(k) || k == CXCursor_FunctionTemplate;
}

/* A scope that holds definitions: extern "C" { }, a namespace, a class. */
static inline bool kind_holds_definitions(enum CXCursorKind k)
{
    return k == CXCursor_LinkageSpec || k == CXCursor_Namespace || k == CXCursor_ClassDecl ||
           k == CXCursor_StructDecl || k == CXCursor_ClassTemplate;
}

/* A function's CUDA qualifiers, each from an attribute's kind:
   __global__, __device__, __host__; and whether the host runs a function
   of those: not a kernel, nor device code only. */
enum { CUDA_KERNEL = 1, CUDA_DEVICE = 2, CUDA_HOST = 4 };

static inline unsigned kind_cuda_side(enum CXCursorKind k)
{
    return k == CXCursor_CUDAGlobalAttr ? CUDA_KERNEL
         : k == CXCursor_CUDADeviceAttr ? CUDA_DEVICE
         : k == CXCursor_CUDAHostAttr   ? CUDA_HOST
                                        : 0;
}

static inline bool side_on_host(unsigned side)
{
    return !(side & (CUDA_KERNEL | CUDA_DEVICE)) || (side & CUDA_HOST);
}

/* ---- a unit's facts ---------------------------------------------------------- */

/* The unit's main file as it was named, and the files it read (its
   headers' real paths, the main file's first). */
const char *fx_unit_name(const fx_unit *u);
int fx_unit_nfiles(const fx_unit *u);
const char *fx_unit_file(const fx_unit *u, int i);
/* What the front end said of the unit: its message (NULL: none), and
   what its errors left unread (fresh, as dc_source's skipped). */
const char *fx_unit_said(const fx_unit *u);
int fx_unit_skipped(const fx_unit *u, dc_note **skipped);
/* Whether the main file defines main(). */
bool fx_unit_has_main(const fx_unit *u);
/* The definitions of the main file the analysis walks, in source order. */
int fx_unit_ndefinitions(const fx_unit *u);
fnode fx_unit_definition(const fx_unit *u, int i);
void fx_unit_free(fx_unit *u);

/* ---- nodes ----------------------------------------------------------------------- */

static inline fnode fx_null(void) { return (fnode){ NULL, 0 }; }
static inline bool fx_is_null(fnode n) { return n.id == 0; }
static inline bool fx_equal(fnode a, fnode b) { return a.u == b.u && a.id == b.id; }

/* The walk asks these of every node it passes: inline, they cost a load. */
extern const fact_node fx_no_node;
static inline const fact_node *fx_node(fnode n) { return n.id ? &n.u->nodes[n.id] : &fx_no_node; }
static inline enum CXCursorKind fx_kind(fnode n) { return (enum CXCursorKind)fx_node(n)->kind; }
static inline unsigned fx_flags(fnode n) { return fx_node(n)->flags; }
static inline bool fx_has(fnode n, unsigned flag) { return (fx_flags(n) & flag) != 0; }
static inline int fx_nchildren(fnode n) { return (int)fx_node(n)->nkids; }
static inline fnode fx_child(fnode n, int i)
{
    uint32_t id = n.u->list[fx_node(n)->kids + (uint32_t)i];
    return (fnode){ id ? n.u : NULL, id };
}
/* clang_visitChildren's walk over the facts. */
typedef enum CXChildVisitResult (*fx_visitor)(fnode c, fnode parent, void *data);
void fx_visit(fnode n, fx_visitor visit, void *data);
fnode fx_referenced(fnode n);
fnode fx_definition(fnode n);
fnode fx_semantic_parent(fnode n);
/* clang_Cursor_getNumArguments (-1: not a call or a function) and each;
   of an OverloadedDeclRef, the set's functions (lower.c's lower_overloads). */
int fx_nargs(fnode n);
fnode fx_arg(fnode n, int i);
ftype fx_type(fnode n);
ftype fx_result_type(fnode n);
const char *fx_spelling(fnode n);
const char *fx_usr(fnode n);
enum CXUnaryOperatorKind fx_unary_op(fnode n);
enum CXBinaryOperatorKind fx_binary_op(fnode n);
/* Where it is, as the user sees it (where a macro expands). */
dc_loc fx_loc(fnode n);
/* The source text of an expression, shortened to fit messages: 48 bytes
   at most, or 45 and "...". */
const char *fx_text(fnode n);
long long fx_int(fnode n);              /* FX_INT's */
fnode fx_first_read(fnode n);           /* FX_READ_FIRST's (else null) */
double fx_float(fnode n);               /* FX_FLOAT's */
/* FX_HAS_ERRORS' first error: where, and the message. */
dc_loc fx_error_loc(fnode n);
const char *fx_error(fnode n);
/* What the k-th statement left unread at n names (FX_UNREAD_*), or NULL
   past the last. */
const char *fx_unread(fnode n, int k);

/* A kernel's pointer parameter p: the members of what it points to that
   the kernel, or a device function it hands them to, dereferences on the
   device (`p->buf[i]`, `p[i].buf[j]`, `*(*p).buf`), each as the member
   access of the first such read (its place, its text, the field it
   references), at most max of them; 0 for any other node. */
int fx_param_reads(fnode param, fnode *reads, int max);
/* A method's definition: the methods it overrides, in its bases and
   theirs, at most max of them. */
int fx_overridden(fnode method, fnode *base, int max);
/* `std::make_unique<T>(args...)`, `std::make_shared<T>(args...)`: the
   constructor of T it runs (the only one of as many parameters), or a
   null node. */
fnode fx_constructed(fnode call);

/* ---- types ------------------------------------------------------------------------ */

enum CXTypeKind ft_kind(ftype t);
const char *ft_spelling(ftype t);
ftype ft_canonical(ftype t);
ftype ft_pointee(ftype t);
ftype ft_non_reference(ftype t);
ftype ft_unqualified(ftype t);
fnode ft_declaration(ftype t);
/* -1: not a template's instance. */
int ft_ntemplate_args(ftype t);
ftype ft_template_arg(ftype t, int i);
/* A record's fields, in order. */
int ft_nfields(ftype t);
fnode ft_field(ftype t, int i);

/* ---- files (facts_file.c: docs/facts.md) ------------------------------------- */

/* The unit's facts as a file's bytes (fresh); and written to path (a
   temporary file renamed over it), with what each of its files holds now
   (dc_stamp_file): 0, or -1 with errno. */
void *fx_unit_bytes(const fx_unit *u, size_t *len);
int fx_unit_write(const fx_unit *u, const char *path);
/* Facts read back, every number in them checked; NULL with why (a
   phrase: "not a devcheck facts file", "truncated or damaged ...").  A
   file's header is checked (magic, version, layout, the length its counts
   give) before the rest of it is read. */
fx_unit *fx_unit_from_bytes(const void *bytes, size_t len, const char **why);
fx_unit *fx_unit_read(const char *path, const char **why);
/* The files a facts file's unit read that no longer hold what they held
   when it was written, as a phrase ("a.h changed since the capture";
   fresh), or NULL. */
char *fx_unit_changed(const fx_unit *u);

/* ---- lowering (lower.c: the front end's) --------------------------------------- */

/* The unit's facts, from its parse, with what the front end said of it
   (dc_source's err and skipped); the unit may then be disposed of. */
/* NULL, with *why DC_OUT_OF_TIME or DC_OUT_OF_MEMORY, when this thread's
   processor time passes deadline, or the facts and the lowering's tables
   pass bytes, before the end (0: no end): the lowering stops there. */
fx_unit *fx_lower(CXTranslationUnit tu, const char *said, const dc_note *skipped, int nskipped,
                  double deadline, size_t bytes, int *why);
/* Whether a function's code has an error (unread.c): it is not walked,
   and its summary is unknown.  why (unless NULL) gets the first error's
   place and message (fresh). */
bool cursor_has_errors(CXCursor fn, dc_note *why);
/* A statement of a function that an error clang recovered from leaves
   unread: where (anchor and one of FX_UNREAD_*), what it names ("=x":
   unknown after it; "*x": a whole argument, what it points to unknown),
   the line it starts on and the error (fresh). */
typedef struct {
    CXCursor anchor;
    unsigned where;
    char *names;
    unsigned line;
    dc_note why;
} unread_statement;
/* The statements fn's errors leave unread, one an error (fresh, into
   *out; 0 when fn has none), or -1 when one of its errors is none clang
   recovered from inside a statement: the function is left unread. */
int cursor_unread_statements(CXCursor fn, unread_statement **out);
void unread_statements_free(unread_statement *s, int n);
/* A cursor's place, where a macro expands, and its name: the front end's
   df_cursor_loc and df_cursor_spelling. */
dc_loc cx_loc(CXCursor c);
/* Whether a place is in the unit's main file: its first reading, or its
   own text read again where it includes itself. */
bool cx_in_main_file(CXTranslationUnit tu, CXSourceLocation at);
/* Whether a definition is the main file's: written there, or made by a
   macro the file expands around its own code (cx_own_definition). */
bool cx_own_definition(CXCursor c);
void cx_spelling(CXCursor c, char *buf, size_t n);
/* Whether the host runs a function: not a kernel, nor device code only;
   and its CUDA qualifiers (CUDA_KERNEL, ...). */
bool cursor_runs_on_host(CXCursor fn);
unsigned cx_cuda_side(CXCursor fn);
/* For a kernel's pointer parameter, the expression where the kernel first
   reads the memory it points to, when the kernel never writes it
   (kernel_reads.c); a null cursor otherwise. */
CXCursor kernel_first_read(CXCursor param);
/* Whether c's extent holds the place (a file and an offset in it). */
bool cursor_holds_place(CXCursor c, CXFile file, unsigned offset);
/* A diagnostic's place and message (fresh). */
dc_note diagnostic_note(CXDiagnostic d);

#endif /* DEVCHECK_FACTS_H */
