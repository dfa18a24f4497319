/*
 * What a kernel reads before anything wrote it (uninitialized-read at a
 * launch).  Device code is never lowered (lower.c), so the lowering asks
 * this of each kernel parameter it meets, on the kernel's body as libclang
 * has it: whether the memory the parameter points to is read there (a
 * load, `p[i] += x`, `++p[i]`, `atomicAdd(p + i, 1)`) and never written.
 *
 * Every use of the parameter is followed up from its name through what
 * keeps pointing into its memory (pointer arithmetic, casts, parentheses,
 * `&p[i]`) to what is done with it.  Anything that may write the memory,
 * or that the scan cannot follow (the pointer stored in another variable,
 * handed to a function with no body, or taken by reference), counts as a
 * write: the kernel is then taken to write it, as every kernel was before,
 * and the rule keeps quiet.  A device function the pointer is handed to
 * is scanned the same way for its parameter, a few calls deep.
 */
#include "facts.h"

#include <string.h>

enum { NOTHING, READS, WRITES };
enum { DEPTH = 128, CALLS = 4 };

typedef struct {
    CXCursor param;
    CXCursor stack[DEPTH];              /* the path from the body to the node */
    int depth;
    int calls;                          /* device functions entered */
    CXCursor read;                      /* the first read; null: none */
    CXCursor reading;                   /* the expression that reads, as a use is followed */
    bool written;
} scan;

/* The read-modify-writes of CUDA's atomics (and their _block and _system
   forms), and the loads through the read-only cache: they read the memory
   their first argument points to. */
static const char *const reading_calls[] = {
    "atomicAdd", "atomicSub", "atomicMax", "atomicMin", "atomicInc", "atomicDec",
    "atomicAnd", "atomicOr", "atomicXor", "atomicCAS",
    "__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv",
};

static bool reading_call(const char *name)
{
    for (size_t i = 0; i < sizeof reading_calls / sizeof *reading_calls; i++) {
        size_t n = strlen(reading_calls[i]);
        if (strncmp(name, reading_calls[i], n) == 0 &&
            (!name[n] || !strcmp(name + n, "_block") || !strcmp(name + n, "_system")))
            return true;
    }
    return false;
}

static bool call_named_reading(CXCursor call)
{
    CXString s = clang_getCursorSpelling(call);
    bool r = reading_call(clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* What passes a value on unchanged: parentheses, casts, and the implicit
   conversions libclang shows as unexposed. */
static bool transparent(enum CXCursorKind k)
{
    return k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr || k == CXCursor_CStyleCastExpr ||
           k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXReinterpretCastExpr ||
           k == CXCursor_CXXConstCastExpr || k == CXCursor_CXXFunctionalCastExpr;
}

/* Whether two cursors are one expression: libclang's cursors for it
   differ by the declaration they were reached from (a call's argument
   from clang_Cursor_getArgument, or from the walk inside an initializer),
   not by the expression, which an expression's cursor holds in data[1]. */
static bool same_node(CXCursor a, CXCursor b)
{
    return clang_getCursorKind(a) == clang_getCursorKind(b) && a.data[1] == b.data[1];
}

struct child_at {
    CXCursor child;
    int i, found;
};

static enum CXChildVisitResult count_to(CXCursor c, CXCursor parent, CXClientData data)
{
    struct child_at *at = data;
    (void)parent;
    if (same_node(c, at->child)) {
        at->found = at->i;
        return CXChildVisit_Break;
    }
    at->i++;
    return CXChildVisit_Continue;
}

/* Which child of parent c is (0: the first), -1 when none. */
static int child_index(CXCursor parent, CXCursor c)
{
    struct child_at at = { c, 0, -1 };
    clang_visitChildren(parent, count_to, &at);
    return at.found;
}

static bool scalar(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return (k >= CXType_FirstBuiltin && k <= CXType_LastBuiltin) || k == CXType_Pointer ||
           k == CXType_Enum;
}

static bool array(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_ConstantArray || k == CXType_IncompleteArray;
}

static bool comparison(enum CXBinaryOperatorKind op)
{
    return (op >= CXBinaryOperator_LT && op <= CXBinaryOperator_NE) ||
           op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr ||
           op == CXBinaryOperator_Cmp;
}

static int scan_function(scan *s, CXCursor fn, int param);

/* The pointer at stack[i] handed to a call as its argument: what the
   callee does with it (an atomic reads; a device function as its body
   says; a function with no body, or one taking a reference, writes). */
static int handed_to(scan *s, CXCursor call, CXCursor arg)
{
    int n = clang_Cursor_getNumArguments(call), j = 0;
    while (j < n && !same_node(clang_Cursor_getArgument(call, (unsigned)j), arg))
        j++;
    if (j == n)
        return WRITES;                  /* the callee itself, or not an argument */
    if (j == 0 && call_named_reading(call)) {
        s->reading = call;
        return READS;
    }
    CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(fn) || s->calls >= CALLS || j >= clang_Cursor_getNumArguments(fn) ||
        !scalar(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)j))))
        return WRITES;
    return scan_function(s, fn, j);
}

/* stack[i] is the memory itself (`p[i]`, `*p`, `p->f`): what is done with it. */
static int memory_use(scan *s, int i);

/* stack[i] points into the parameter's memory: what is done with it. */
static int pointer_use(scan *s, int i)
{
    int p = i - 1;
    while (p >= 0 && transparent(clang_getCursorKind(s->stack[p])))
        p--;
    if (p < 0)
        return WRITES;
    CXCursor parent = s->stack[p], child = s->stack[p + 1];
    switch (clang_getCursorKind(parent)) {
    case CXCursor_ArraySubscriptExpr:
    case CXCursor_MemberRefExpr:        /* p->f */
        return memory_use(s, p);
    case CXCursor_UnaryOperator:
        switch (clang_getCursorUnaryOperatorKind(parent)) {
        case CXUnaryOperator_Deref:
            return memory_use(s, p);
        case CXUnaryOperator_PostInc: case CXUnaryOperator_PostDec:
        case CXUnaryOperator_PreInc: case CXUnaryOperator_PreDec: case CXUnaryOperator_LNot:
            return NOTHING;             /* p++ still points into it */
        default:
            return WRITES;              /* &p: handed on */
        }
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(parent);
        if (comparison(op))
            return NOTHING;
        if ((op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub) &&
            clang_getCanonicalType(clang_getCursorType(parent)).kind == CXType_Pointer)
            return pointer_use(s, p);
        return WRITES;                  /* p = q points it elsewhere; q = p hands it on */
    }
    case CXCursor_CompoundAssignOperator:
        return child_index(parent, child) == 0 ? NOTHING : WRITES;     /* p += n; q += p */
    case CXCursor_ConditionalOperator:
        return child_index(parent, child) == 0 ? NOTHING : pointer_use(s, p);
    case CXCursor_IfStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt: case CXCursor_ForStmt:
        return NOTHING;                 /* if (p) */
    case CXCursor_CallExpr:
        return handed_to(s, parent, child);
    default:
        return WRITES;
    }
}

/* Whether an implicit conversion lies between stack[p] and stack[i] (a
   load: the memory's value is taken). */
static bool converted(const scan *s, int p, int i)
{
    for (int k = p + 1; k < i; k++)
        if (clang_getCursorKind(s->stack[k]) == CXCursor_UnexposedExpr)
            return true;
    return false;
}

static int memory_use(scan *s, int i)
{
    CXType t = clang_getCursorType(s->stack[i]);
    if (array(t))                       /* an array inside it, as a pointer */
        return pointer_use(s, i);
    int p = i - 1;
    while (p >= 0 && transparent(clang_getCursorKind(s->stack[p])))
        p--;
    if (p < 0)
        return NOTHING;                 /* `p[i];` alone */
    s->reading = s->stack[i];
    if (scalar(t) && converted(s, p, i))
        return READS;
    CXCursor parent = s->stack[p], child = s->stack[p + 1];
    if (clang_getCursorKind(parent) == CXCursor_CompoundAssignOperator ||
        clang_getCursorKind(parent) == CXCursor_UnaryOperator)
        s->reading = parent;            /* p[i] += x, ++p[i]: the whole */
    switch (clang_getCursorKind(parent)) {
    case CXCursor_BinaryOperator:
        if (clang_getCursorBinaryOperatorKind(parent) == CXBinaryOperator_Assign)
            return child_index(parent, child) == 0 ? WRITES : READS;
        return READS;
    case CXCursor_CompoundAssignOperator:
        return READS;                   /* p[i] += x reads p[i] first */
    case CXCursor_UnaryOperator:
        return clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_AddrOf
                   ? pointer_use(s, p)
                   : READS;             /* ++p[i], -p[i] */
    case CXCursor_MemberRefExpr:        /* p[i].f */
        return memory_use(s, p);
    default:
        return WRITES;                  /* bound to a reference, a method's object, ... */
    }
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
    scan *s = data;
    (void)parent;
    if (s->depth == DEPTH) {
        s->written = true;              /* too deep to follow: as written */
        return CXChildVisit_Break;
    }
    s->stack[s->depth++] = c;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(c), s->param)) {
        int use = pointer_use(s, s->depth - 1);
        s->written |= use == WRITES;
        if (use == READS && clang_Cursor_isNull(s->read))
            s->read = s->reading;
    }
    if (!s->written)
        clang_visitChildren(c, visit, s);
    s->depth--;
    return s->written ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Scans fn's body for its parameter param, in a scan of its own, whose
   result its caller takes: the first read, unless it writes. */
static int scan_function(scan *s, CXCursor fn, int param)
{
    scan inner = { .param = clang_Cursor_getArgument(fn, (unsigned)param), .calls = s->calls + 1,
                   .read = clang_getNullCursor() };
    clang_visitChildren(fn, visit, &inner);
    if (inner.written)
        return WRITES;
    if (clang_Cursor_isNull(inner.read))
        return NOTHING;
    s->reading = inner.read;
    return READS;
}

CXCursor kernel_first_read(CXCursor param)
{
    CXCursor fn = clang_getCursorSemanticParent(param);
    CXCursor def = clang_getCursorDefinition(fn);
    int n = clang_Cursor_getNumArguments(fn), i = 0;
    while (i < n && !clang_equalCursors(clang_Cursor_getArgument(fn, (unsigned)i), param))
        i++;
    scan s = { .read = clang_getNullCursor() };
    if (i == n || clang_Cursor_isNull(def) || !(cx_cuda_side(def) & CUDA_KERNEL) ||
        clang_getCanonicalType(clang_getCursorType(param)).kind != CXType_Pointer ||
        cursor_has_errors(def, NULL) || scan_function(&s, def, i) != READS)
        return clang_getNullCursor();
    return s.reading;
}
