/*
 * The front end's last step: a parsed unit lowered into its facts
 * (facts.h says what is lowered), so that the unit can be disposed of.
 *
 *   - A cursor is lowered once (a table of cursors by clang_hashCursor):
 *     a declaration reached from many uses is one node.
 *   - A node's children are lowered with it, but for a function's body,
 *     which waits until the function is known to be needed: defined in the
 *     main file, or referred to by code already lowered.  A class's or
 *     namespace's members are not lowered through it (only its bases): a
 *     member is lowered where code refers to it.
 *   - What the analysis would ask libclang again and again (an
 *     expression's text and value, a function's first error) is asked once.
 */
#include "flow.h"

#include <stdlib.h>
#include <string.h>

/* An open-addressing table of ids (0: an empty slot), each the id of a
   key: nodes by their cursor, types by their CXType, strings (their pool
   offsets) by their text. */
typedef struct {
    uint32_t *slot;
    uint32_t size, used;
} id_table;

typedef struct lowering lowering;

typedef struct {
    const void *(*key)(const lowering *l, uint32_t id);
    uint32_t (*hash)(const void *key);
    bool (*same)(const void *a, const void *b);
} table_kind;

struct lowering {
    fx_unit *u;
    CXTranslationUnit tu;
    CXCursor *cursors;                  /* by node */
    unsigned char *state;               /* by node */
    CXSourceRange *extents;             /* by node: an expression's, once its facts are lowered */
    CXType *ctypes;                     /* by type */
    uint32_t cap_nodes, cap_types, cap_list, cap_pool;
    id_table nodes, types, strings;
    uint32_t *queue, nqueue, cap_queue; /* definitions whose bodies are wanted */
    CXCursor *patterns;                 /* the templates' code the unit defines (each_definition) */
    uint32_t npatterns, cap_patterns;
    CXCursor *instanced;                /* from 1: templates with an instance in the code lowered */
    uint32_t ninstanced, cap_instanced;
    id_table instances;                 /* instanced's, by cursor */
    struct file_tokens *files;          /* each file's tokens, once a macro needs them */
    uint32_t nfiles;
    double deadline;                    /* the file's budget (fx_lower's); 0: no end */
    size_t bytes;
    uint32_t made;                      /* nodes asked for, to the next look at the budget */
    int why;                            /* DC_OUT_OF_TIME or _MEMORY: no more nodes made */
};

/* A file's tokens, lexed once, that expressions' texts are read from:
   lexing each expression's extent again costs its nesting depth times
   (libclang's clang_tokenize), and what asks libclang for a file's
   contents or for a location at an offset costs a pass over every macro
   expansion of the unit (SourceManager::translateFile), each time. */
typedef struct file_tokens {
    CXFile file;
    size_t size;                        /* its bytes; 0: its contents are not there */
    CXToken *v;
    unsigned *offset;
    unsigned n;
} file_tokens;

enum { BARE, SHALLOW, WHOLE };          /* what of a node's children is lowered */

static void *grow(void *v, uint32_t n, uint32_t *cap, size_t size)
{
    if (n < *cap)
        return v;
    *cap = *cap ? 2 * *cap : 64;
    return dc_realloc(v, (size_t)*cap * size);
}

/* ---- the tables ------------------------------------------------------------------- */

static uint32_t *table_find(const lowering *l, const id_table *t, const table_kind *k,
                            const void *key)
{
    uint32_t mask = t->size - 1;
    for (uint32_t i = k->hash(key) & mask;; i = (i + 1) & mask)
        if (!t->slot[i] || k->same(k->key(l, t->slot[i]), key))
            return &t->slot[i];
}

/* The slot of key: its id, or 0 where a new one goes (then counted). */
static uint32_t *table_slot(const lowering *l, id_table *t, const table_kind *k, const void *key)
{
    if (2 * (t->used + 1) > t->size) {
        uint32_t *old = t->slot, n = t->size;
        t->size = n ? 2 * n : 1024;
        t->slot = dc_realloc(NULL, t->size * sizeof *t->slot);
        memset(t->slot, 0, t->size * sizeof *t->slot);
        for (uint32_t i = 0; i < n; i++)
            if (old[i])
                *table_find(l, t, k, k->key(l, old[i])) = old[i];
        free(old);
    }
    uint32_t *slot = table_find(l, t, k, key);
    t->used += !*slot;
    return slot;
}

/* ---- strings ------------------------------------------------------------------- */

static const void *string_key(const lowering *l, uint32_t at) { return l->u->pool + at; }
static uint32_t string_hash(const void *s) { return (uint32_t)dc_hash64(s, strlen(s), 0); }
static bool string_same(const void *a, const void *b) { return strcmp(a, b) == 0; }
static const table_kind strings = { string_key, string_hash, string_same };

/* s in the pool, once: its offset (0 for NULL). */
static uint32_t string_add(lowering *l, const char *s)
{
    if (!s)
        return 0;
    uint32_t *slot = table_slot(l, &l->strings, &strings, s);
    if (*slot)
        return *slot;
    size_t len = strlen(s) + 1;
    while (l->u->npool + len > l->cap_pool) {
        l->cap_pool = l->cap_pool ? 2 * l->cap_pool : 4096;
        l->u->pool = dc_realloc(l->u->pool, l->cap_pool);
    }
    memcpy(l->u->pool + l->u->npool, s, len);
    *slot = l->u->npool;
    l->u->npool += (uint32_t)len;
    return *slot;
}

static uint32_t cxstring_add(lowering *l, CXString s)
{
    uint32_t at = string_add(l, clang_getCString(s));
    clang_disposeString(s);
    return at;
}

static uint32_t list_add(lowering *l, uint32_t id)
{
    l->u->list = grow(l->u->list, l->u->nlist, &l->cap_list, sizeof *l->u->list);
    l->u->list[l->u->nlist] = id;
    return l->u->nlist++;
}

/* ---- an expression's text, as messages quote it ---------------------------------- */

/* Where a location is written, and whether a macro's body made it: a
   macro's argument is spelled in the invocation, after its start; a body
   is spelled in the #define, which comes before any use, or elsewhere. */
static unsigned written_offset(CXSourceLocation at, CXFile *file, bool *in_macro)
{
    CXFile spelled;
    unsigned offset, spelled_offset;
    clang_getExpansionLocation(at, file, NULL, NULL, &offset);
    clang_getSpellingLocation(at, &spelled, NULL, NULL, &spelled_offset);
    *in_macro = spelled_offset < offset || !clang_File_isEqual(spelled, *file);
    return *in_macro ? offset : spelled_offset;
}

static unsigned token_offset(CXTranslationUnit tu, CXToken t)
{
    unsigned at;
    clang_getFileLocation(clang_getTokenLocation(tu, t), NULL, NULL, NULL, &at);
    return at;
}

/* How many tokens a balanced ( ... ) at the start of tokens takes; 0 when
   they start otherwise, or it does not close among them. */
static unsigned parenthesized(CXTranslationUnit tu, const CXToken *tokens, unsigned n)
{
    unsigned depth = 0;
    for (unsigned i = 0; i < n; i++) {
        CXString s = clang_getTokenSpelling(tu, tokens[i]);
        char t = *clang_getCString(s);
        clang_disposeString(s);
        if (i == 0 && t != '(')
            return 0;
        depth += t == '(' ? 1 : t == ')' ? -1u : 0;
        if (depth == 0)
            return i + 1;
    }
    return 0;
}

static const file_tokens *tokens_of(lowering *l, CXFile file)
{
    for (uint32_t i = 0; i < l->nfiles; i++)
        if (clang_File_isEqual(l->files[i].file, file))
            return &l->files[i];
    l->files = dc_realloc(l->files, (l->nfiles + 1) * sizeof *l->files);
    file_tokens *f = &l->files[l->nfiles++];
    *f = (file_tokens){ file, 0, NULL, NULL, 0 };
    if (!clang_getFileContents(l->tu, file, &f->size))
        f->size = 0;
    if (f->size)
        clang_tokenize(l->tu,
                       clang_getRange(clang_getLocationForOffset(l->tu, file, 0),
                                      clang_getLocationForOffset(l->tu, file, (unsigned)f->size)),
                       &f->v, &f->n);
    f->offset = dc_realloc(NULL, (f->n + 1) * sizeof *f->offset);
    for (unsigned i = 0; i < f->n; i++)
        f->offset[i] = token_offset(l->tu, f->v[i]);
    return f;
}

/* The first of a file's tokens at or after offset. */
static unsigned token_at(const file_tokens *f, unsigned offset)
{
    unsigned lo = 0, hi = f->n;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (f->offset[mid] < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The tokens of c as its file has them (the file's, lexed once), and how
   many to take: where c ends inside a macro's expansion (`mallocCheck(n)`),
   up to the end of the macro's invocation, not into the macro's
   definition. */
static unsigned written_tokens(lowering *l, CXSourceRange r, CXToken **tokens, unsigned *count)
{
    CXTranslationUnit tu = l->tu;
    CXFile file, end_file;
    bool start_macro, end_macro;
    unsigned from = written_offset(clang_getRangeStart(r), &file, &start_macro);
    unsigned to = written_offset(clang_getRangeEnd(r), &end_file, &end_macro);
    const file_tokens *f = file ? tokens_of(l, file) : NULL;
    if (!f || !f->size || !clang_File_isEqual(file, end_file) || to < from) {
        *tokens = NULL, *count = 0;
        return 0;
    }
    size_t size = f->size;
    if (!start_macro && !end_macro) {
        unsigned first = token_at(f, from);
        *tokens = f->v + first;
        *count = token_at(f, to) - first;
        return *count;
    }
    unsigned last = to + 1024 < size ? to + 1024 : (unsigned)size;
    unsigned first = token_at(f, from), end = token_at(f, last), take = first;
    *tokens = f->v + first;
    *count = end - first;
    while (take < end && (end_macro ? f->offset[take] <= to : f->offset[take] < to))
        take++;
    take -= first;
    return end_macro ? take + parenthesized(tu, *tokens + take, *count - take) : take;
}

/* c's text as its source spells it: its tokens, a space between two where
   the source has any space, line break or comment between them
   (`x.data_ptr<float>()`, `a + b`, `f(a,b)` as written). */
static void written_text(lowering *l, CXSourceRange r, char *buf, size_t n)
{
    CXTranslationUnit tu = l->tu;
    CXToken *tokens;
    unsigned count, take = written_tokens(l, r, &tokens, &count), end = 0;
    size_t used = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < take && used + 1 < n; i++) {
        CXString s = clang_getTokenSpelling(tu, tokens[i]);
        const char *t = clang_getCString(s);
        unsigned at = token_offset(tu, tokens[i]);
        int k = snprintf(buf + used, n - used, "%s%s", used && at != end ? " " : "", t);
        if (k > 0)
            used = used + (size_t)k < n ? used + (size_t)k : n - 1;
        end = at + (unsigned)strlen(t);
        clang_disposeString(s);
    }
    if (used > 48)
        snprintf(buf + 45, n - 45, "...");
}

/* ---- types ------------------------------------------------------------------------ */

static uint32_t node_make(lowering *l, CXCursor c);
static void expand(lowering *l, uint32_t id, int how);
static void lower_member_reads(lowering *l, uint32_t id, CXCursor fn);

static const void *type_key(const lowering *l, uint32_t id) { return &l->ctypes[id]; }

static uint32_t type_hash(const void *key)
{
    const CXType *t = key;
    uint64_t a = (uintptr_t)t->data[0], b = (uintptr_t)t->data[1];
    uint64_t h = (uint64_t)t->kind * 0x9E3779B97F4A7C15u ^ a * 0xC2B2AE3D27D4EB4Fu ^
                 b * 0x165667B19E3779F9u;
    return (uint32_t)(h ^ h >> 29);
}

static bool type_same(const void *pa, const void *pb)
{
    const CXType *a = pa, *b = pb;
    return a->kind == b->kind && a->data[0] == b->data[0] && a->data[1] == b->data[1];
}

static const table_kind types = { type_key, type_hash, type_same };

static enum CXVisitorResult count_field(CXCursor field, CXClientData data)
{
    (void)field;
    ++*(uint32_t *)data;
    return CXVisit_Continue;
}

typedef struct {
    lowering *l;
    uint32_t at;
} field_list;

static enum CXVisitorResult list_field(CXCursor field, CXClientData data)
{
    field_list *f = data;
    uint32_t id = node_make(f->l, field);
    f->l->u->list[f->at++] = id;
    expand(f->l, id, SHALLOW);
    return CXVisit_Continue;
}

/* A record's fields: their slots first, then their nodes (which may lower
   more lists). */
static void type_fields(lowering *l, uint32_t id, CXType t)
{
    uint32_t n = 0;
    clang_Type_visitFields(t, count_field, &n);
    if (!n)
        return;
    uint32_t at = l->u->nlist;
    for (uint32_t i = 0; i < n; i++)
        list_add(l, 0);
    l->u->types[id].fields = at;
    l->u->types[id].nfields = n;
    field_list f = { l, at };
    clang_Type_visitFields(t, list_field, &f);
}

static uint32_t type_make(lowering *l, CXType t)
{
    if (t.kind == CXType_Invalid)
        return 0;
    uint32_t *slot = table_slot(l, &l->types, &types, &t);
    if (*slot)
        return *slot;
    fx_unit *u = l->u;
    if (u->ntypes == l->cap_types) {    /* two arrays by type */
        l->cap_types = 2 * l->cap_types;
        u->types = dc_realloc(u->types, l->cap_types * sizeof *u->types);
        l->ctypes = dc_realloc(l->ctypes, l->cap_types * sizeof *l->ctypes);
    }
    uint32_t id = *slot = u->ntypes++;
    l->ctypes[id] = t;
    int ntargs = clang_Type_getNumTemplateArguments(t);
    u->types[id] = (fact_type){ .kind = (uint16_t)t.kind,
                              .ntargs = (int16_t)ntargs,
                              .spelling = cxstring_add(l, clang_getTypeSpelling(t)) };
    uint32_t v;
    v = type_make(l, clang_getCanonicalType(t)), u->types[id].canonical = v;
    v = type_make(l, clang_getPointeeType(t)), u->types[id].pointee = v;
    v = type_make(l, clang_getNonReferenceType(t)), u->types[id].non_reference = v;
    v = type_make(l, clang_getUnqualifiedType(t)), u->types[id].unqualified = v;
    v = node_make(l, clang_getTypeDeclaration(t)), u->types[id].decl = v;
    expand(l, v, SHALLOW);
    if (ntargs > 0) {
        uint32_t at = l->u->nlist;
        for (int i = 0; i < u->types[id].ntargs; i++)
            list_add(l, 0);
        u->types[id].targs = at;
        for (int i = 0; i < u->types[id].ntargs; i++) {
            v = type_make(l, clang_Type_getTemplateArgumentAsType(t, (unsigned)i));
            u->list[at + (uint32_t)i] = v;
        }
    }
    if (t.kind == CXType_Record)
        type_fields(l, id, t);
    return id;
}

/* ---- nodes ------------------------------------------------------------------------ */

static const void *cursor_key(const lowering *l, uint32_t id) { return &l->cursors[id]; }
static uint32_t cursor_hash(const void *c) { return clang_hashCursor(*(const CXCursor *)c) * 2654435761u; }

static bool cursor_same(const void *a, const void *b)
{
    return clang_equalCursors(*(const CXCursor *)a, *(const CXCursor *)b);
}

static const table_kind cursors = { cursor_key, cursor_hash, cursor_same };

static const void *instance_key(const lowering *l, uint32_t id) { return &l->instanced[id]; }
static const table_kind instances = { instance_key, cursor_hash, cursor_same };

/* A function that is an instance of a template (`fill<float>`, a method
   of `Buffer<int>`): its template has one in the code lowered. */
static void note_instance(lowering *l, CXCursor fn)
{
    CXCursor t = clang_getSpecializedCursorTemplate(fn);
    if (clang_Cursor_isNull(t))
        return;
    t = clang_getCanonicalCursor(t);
    uint32_t *slot = table_slot(l, &l->instances, &instances, &t);
    if (*slot)
        return;
    l->instanced = grow(l->instanced, l->ninstanced + 1, &l->cap_instanced, sizeof *l->instanced);
    *slot = ++l->ninstanced;
    l->instanced[*slot] = t;
}

static bool has_instance(const lowering *l, CXCursor c)
{
    c = clang_getCanonicalCursor(c);
    return l->instances.size && *table_find(l, &l->instances, &instances, &c);
}

static unsigned constructor_flags(CXCursor c)
{
    return (clang_CXXConstructor_isCopyConstructor(c) ? FX_COPY_CONSTRUCTOR : 0) |
           (clang_CXXConstructor_isMoveConstructor(c) ? FX_MOVE_CONSTRUCTOR : 0) |
           (clang_CXXConstructor_isConvertingConstructor(c) ? FX_CONVERTING_CONSTRUCTOR : 0);
}

static unsigned method_flags(CXCursor c)
{
    return (clang_CXXMethod_isStatic(c) ? FX_STATIC_METHOD : 0) |
           (clang_CXXMethod_isPureVirtual(c) ? FX_PURE_VIRTUAL : 0) |
           (clang_CXXMethod_isCopyAssignmentOperator(c) ? FX_COPY_ASSIGNMENT : 0) |
           (clang_CXXMethod_isMoveAssignmentOperator(c) ? FX_MOVE_ASSIGNMENT : 0);
}

/* Where installed libraries' headers are, however the build puts them on
   the path (-I/usr/local/cuda/include is not -isystem): Debian's packages
   and the CUDA toolkit's usual place. */
static const char *const library_roots[] = {
    "/usr/include/", "/usr/local/include/", "/usr/lib/", "/usr/local/cuda", "/opt/",
};

bool dc_library_path(const char *path)
{
    bool library = false;
    for (size_t i = 0; path && !library && i < sizeof library_roots / sizeof *library_roots; i++)
        library = strncmp(path, library_roots[i], strlen(library_roots[i])) == 0;
    return library;
}

/* A function of a library's header, not of the project: its findings are
   not said, as a compiler keeps quiet in a system header. */
static bool library_location(CXSourceLocation at)
{
    if (clang_Location_isInSystemHeader(at))
        return true;
    CXFile file;
    clang_getSpellingLocation(at, &file, NULL, NULL, NULL);
    CXString name = clang_File_tryGetRealPathName(file);
    bool library = dc_library_path(clang_getCString(name));
    clang_disposeString(name);
    return library;
}

static bool in_library(CXCursor c)
{
    return library_location(clang_getCursorLocation(c));
}

static unsigned flags_of(CXCursor c, enum CXCursorKind k)
{
    unsigned f = clang_isCursorDefinition(c) ? FX_DEFINITION : 0;
    if (kind_has_code(k) && f && !clang_Location_isFromMainFile(clang_getCursorLocation(c)) && in_library(c))
        f |= FX_LIBRARY;
    switch (k) {
    case CXCursor_VarDecl:
        return f | (clang_Cursor_hasVarDeclGlobalStorage(c) == 1 ? FX_GLOBAL_STORAGE : 0);
    case CXCursor_FieldDecl:
        return f | (clang_Cursor_isBitField(c) ? FX_BIT_FIELD : 0);
    case CXCursor_Constructor:
        return f | constructor_flags(c) | method_flags(c);
    case CXCursor_CXXMethod:
        return f | method_flags(c);
    case CXCursor_Namespace:
        return f | (clang_Cursor_isInlineNamespace(c) ? FX_INLINE_NAMESPACE : 0);
    default:
        return f;
    }
}

/* Whether clang_Cursor_Evaluate may be asked: a scalar's expression (it
   crashes on some others, an InitListExpr of a struct). */
static bool scalar(CXCursor c, enum CXCursorKind k)
{
    enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(c)).kind;
    return k != CXCursor_InitListExpr &&
           ((t >= CXType_FirstBuiltin && t <= CXType_LastBuiltin) || t == CXType_Enum ||
            t == CXType_Pointer);
}

/* An expression's constant value, as clang_Cursor_Evaluate gives it. */
static void evaluate(fact_node *x, CXCursor c)
{
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (!r)
        return;
    switch (clang_EvalResult_getKind(r)) {
    case CXEval_Int:
        x->flags |= FX_INT;
        x->value.i = clang_EvalResult_getAsLongLong(r);
        break;
    case CXEval_Float:
        x->flags |= FX_FLOAT;
        x->value.f = clang_EvalResult_getAsDouble(r);
        break;
    default:
        x->flags |= FX_CONSTANT;
    }
    clang_EvalResult_dispose(r);
}

/* Where a node is. */
static void lower_location(lowering *l, uint32_t id, CXSourceLocation at)
{
    CXFile file;
    unsigned line, column;
    /* a macro's argument where it is written (a lambda's statements inside
       AT_DISPATCH_*'s parentheses), a macro's own code where it expands */
    clang_getFileLocation(at, &file, &line, &column, NULL);
    uint32_t name = cxstring_add(l, clang_getFileName(file));
    fact_node *x = &l->u->nodes[id];
    x->file = name;
    x->line = line;
    x->column = column;
}

/* An expression's text, over its extent r, and its value when worth
   asking. */
static void lower_expression(lowering *l, uint32_t id, CXCursor c, CXSourceRange r, bool ask)
{
    char text[64];
    enum CXCursorKind k = clang_getCursorKind(c);
    l->extents[id] = r;
    written_text(l, r, text, sizeof text);
    fact_node *x = &l->u->nodes[id];
    x->text = string_add(l, text);
    if (ask && scalar(c, k))
        evaluate(x, c);
    if (k == CXCursor_UnaryOperator)
        x->unary = (uint8_t)clang_getCursorUnaryOperatorKind(c);
    if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator)
        x->binary = (uint8_t)clang_getCursorBinaryOperatorKind(c);
}

/* A binary operator nests as deep as the code is long (`a + a + ... + a`,
   `x = y = z`), and libclang finds its extent, and tries its value, by a
   walk down its operands (and its location is where its extent starts):
   asked of each operator in turn, that was the square of the depth
   (80,000 operands, 75 s).  So an operator's facts wait for its
   operands' (lower_operators), and are made of them: its extent runs from
   its first operand's start to its last one's end, and its value is asked
   only when its operands have one (one will do for &&, || and the comma,
   which can stop there). */
static bool operands_first(enum CXCursorKind k)
{
    return k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator;
}

static CXSourceRange operator_extent(const lowering *l, uint32_t id)
{
    const fact_node *x = &l->u->nodes[id];
    if (x->nkids != 2 || clang_Range_isNull(l->extents[l->u->list[x->kids]]) ||
        clang_Range_isNull(l->extents[l->u->list[x->kids + 1]]))
        return clang_getCursorExtent(l->cursors[id]);   /* operands not lowered */
    return clang_getRange(clang_getRangeStart(l->extents[l->u->list[x->kids]]),
                          clang_getRangeEnd(l->extents[l->u->list[x->kids + 1]]));
}

static bool operator_has_value(const lowering *l, uint32_t id)
{
    const fact_node *x = &l->u->nodes[id];
    if (x->nkids != 2)
        return true;                    /* operands not lowered: ask */
    int known = 0;
    for (uint32_t i = 0; i < 2; i++)
        known += (l->u->nodes[l->u->list[x->kids + i]].flags & (FX_INT | FX_FLOAT | FX_CONSTANT)) != 0;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(l->cursors[id]);
    bool one_will_do = op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr ||
                       op == CXBinaryOperator_Comma;
    return known == 2 || (one_will_do && known == 1);
}

/* An operator's operands are lowered after it, so their ids are above
   its own: from the last node back, each operator finds its operands'
   facts made. */
static void lower_operators(lowering *l)
{
    for (uint32_t id = l->u->nnodes; id-- > 1;) {
        if (!operands_first(l->u->nodes[id].kind))
            continue;
        CXSourceRange r = operator_extent(l, id);
        lower_location(l, id, clang_getRangeStart(r));
        lower_expression(l, id, l->cursors[id], r, operator_has_value(l, id));
    }
}

/* Errors are few: grown one at a time. */
static void error_add(lowering *l, uint32_t id, const dc_note *why)
{
    fx_unit *u = l->u;
    u->errors = dc_realloc(u->errors, (u->nerrors + 1) * sizeof *u->errors);
    u->errors[u->nerrors++] = (fact_error){ id, string_add(l, why->loc.file), why->loc.line,
                                            why->loc.column, string_add(l, why->message) };
}

/* A statement a function's error leaves unread: its anchor flagged, and
   an error record there whose message is what it names (walk.c). */
static void lower_unread_statement(lowering *l, const unread_statement *s)
{
    uint32_t at = node_make(l, s->anchor);
    if (!at)
        return;
    l->u->nodes[at].flags |= s->where;
    error_add(l, at, &(dc_note){ s->why.loc, s->names });
}

static void lower_error(lowering *l, uint32_t id, CXCursor c)
{
    dc_note why;
    unread_statement *s;
    if (!cursor_has_errors(c, &why))
        return;
    int n = cursor_unread_statements(c, &s);
    if (n < 0) {
        error_add(l, id, &why);
        l->u->nodes[id].flags |= FX_HAS_ERRORS;
    } else {
        l->u->nodes[id].flags |= FX_READ_IN_PART;
        for (int i = 0; i < n; i++)
            lower_unread_statement(l, &s[i]);
        unread_statements_free(s, n);
    }
    free(why.message);
}

static void want_body(lowering *l, uint32_t id)
{
    l->queue = grow(l->queue, l->nqueue, &l->cap_queue, sizeof *l->queue);
    l->queue[l->nqueue++] = id;
}

/* A function's definition, whose body is lowered when it is one the
   analysis may walk (dataflow.c's df_program_summary): host code without
   errors.  A kernel's or a device function's body, most of a CUDA
   unit's code, is never walked. */
static void lower_definition(lowering *l, uint32_t id, CXCursor c)
{
    CXCursor d = clang_getCursorDefinition(c);
    uint32_t def = node_make(l, d);
    l->u->nodes[id].def = def;
    expand(l, def, SHALLOW);
    if (def && (l->u->nodes[def].flags & (FX_DEFINITION | FX_HAS_ERRORS)) == FX_DEFINITION &&
        cursor_runs_on_host(d))
        want_body(l, def);
}

static void lower_arguments(lowering *l, uint32_t id, CXCursor c)
{
    int n = clang_Cursor_getNumArguments(c);
    l->u->nodes[id].nargs = n;
    if (n <= 0)
        return;
    uint32_t at = l->u->nlist;
    for (int i = 0; i < n; i++)
        list_add(l, 0);
    l->u->nodes[id].args = at;
    for (int i = 0; i < n; i++) {
        CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
        uint32_t v = node_make(l, a);
        l->u->list[at + (uint32_t)i] = v;
        expand(l, v, clang_isExpression(clang_getCursorKind(a)) ? WHOLE : SHALLOW);
    }
}

/* A call in a template that names no one function until it is
   instantiated (`cudaMalloc(&p, n)` of a `T *p`) refers to a set of
   overloads: its functions (not its templates: their instances are the
   program's) are the set's arguments, for the model to know the call by
   their name (model.c's dc_model_callee).  An operator's set (every
   operator<< in sight) names no call of an API. */
static void lower_overloads(lowering *l, uint32_t id, CXCursor c)
{
    unsigned n = clang_getNumOverloadedDecls(c);
    CXCursor *fn = dc_realloc(NULL, (n + 1) * sizeof *fn);
    uint32_t k = 0;
    if (strncmp(l->u->pool + l->u->nodes[id].name, "operator", 8) != 0)
        for (unsigned i = 0; i < n; i++) {
            CXCursor d = clang_getCanonicalCursor(clang_getOverloadedDecl(c, i));
            uint32_t j = 0;
            while (j < k && !clang_equalCursors(fn[j], d))
                j++;
            if (j == k && clang_getCursorKind(d) == CXCursor_FunctionDecl)
                fn[k++] = d;
        }
    uint32_t at = l->u->nlist;
    for (uint32_t i = 0; i < k; i++)
        list_add(l, 0);
    l->u->nodes[id].args = at;
    l->u->nodes[id].nargs = (int32_t)k;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t v = node_make(l, fn[i]);
        l->u->list[at + i] = v;
    }
    free(fn);
}

/* A declaration's USR, in the pool; a field of a class template's
   instance (`Buffer<float>::data`) has its template's (`Buffer<T>::data`),
   so a constructor walked as an instance and a destructor walked as
   written (nothing instantiated it) meet in one field, as a type's
   objects do. */
static uint32_t usr_add(lowering *l, CXCursor c, enum CXCursorKind k)
{
    CXCursor t = k == CXCursor_FieldDecl
                     ? clang_getSpecializedCursorTemplate(clang_getCursorSemanticParent(c))
                     : clang_getNullCursor();
    if (clang_getCursorKind(t) != CXCursor_ClassTemplate)
        return cxstring_add(l, clang_getCursorUSR(c));
    CXString usr = clang_getCursorUSR(t), name = clang_getCursorSpelling(c);
    char *text = dc_format("%s@FI@%s", clang_getCString(usr), clang_getCString(name));
    uint32_t at = string_add(l, text);
    free(text);
    clang_disposeString(usr);
    clang_disposeString(name);
    return at;
}

static uint32_t node_new(lowering *l, CXCursor c, uint32_t *slot)
{
    fx_unit *u = l->u;
    if (u->nnodes == l->cap_nodes) {    /* four arrays by node */
        l->cap_nodes = 2 * l->cap_nodes;
        u->nodes = dc_realloc(u->nodes, l->cap_nodes * sizeof *u->nodes);
        l->state = dc_realloc(l->state, l->cap_nodes * sizeof *l->state);
        l->cursors = dc_realloc(l->cursors, l->cap_nodes * sizeof *l->cursors);
        l->extents = dc_realloc(l->extents, l->cap_nodes * sizeof *l->extents);
    }
    uint32_t id = *slot = u->nnodes++;
    l->cursors[id] = c;
    l->state[id] = 0;
    l->extents[id] = clang_getNullRange();
    enum CXCursorKind k = clang_getCursorKind(c);
    u->nodes[id] = (fact_node){ .kind = (uint16_t)k, .flags = flags_of(c, k), .nargs = -1 };
    if (!operands_first(k))
        lower_location(l, id, clang_getCursorLocation(c));
    uint32_t v = cxstring_add(l, clang_getCursorSpelling(c));
    u->nodes[id].name = v;
    if (clang_isDeclaration(k))
        v = usr_add(l, c, k), u->nodes[id].usr = v;
    return id;
}

/* What the lowering holds: the facts' arrays and its own tables. */
static size_t lowering_bytes(const lowering *l)
{
    return (size_t)l->cap_nodes * (sizeof *l->u->nodes + sizeof *l->state + sizeof *l->cursors +
                                   sizeof *l->extents) +
           (size_t)l->cap_types * (sizeof *l->u->types + sizeof *l->ctypes) +
           (size_t)l->cap_list * sizeof *l->u->list + l->cap_pool +
           (size_t)(l->nodes.size + l->types.size + l->strings.size) * sizeof(uint32_t);
}

/* Every few hundred nodes, whether the file is past its budget: then no
   more are made, and what is being lowered unwinds at once. */
static bool over_budget(lowering *l)
{
    if (l->why || ++l->made % 256)
        return l->why != 0;
    if (l->deadline > 0 && dc_thread_seconds() > l->deadline)
        l->why = DC_OUT_OF_TIME;
    else if (l->bytes && lowering_bytes(l) > l->bytes)
        l->why = DC_OUT_OF_MEMORY;
    return l->why != 0;
}

static uint32_t node_make(lowering *l, CXCursor c);
static void lower_virtual(lowering *l, uint32_t id, CXCursor c, enum CXCursorKind k);
static void lower_constructed(lowering *l, uint32_t id, CXCursor c, enum CXCursorKind k);

/* A kernel's parameter whose memory the kernel reads and never writes
   (kernel_reads.c): the read, a node of its own, kept in the value. */
static void lower_kernel_read(lowering *l, uint32_t id, CXCursor param)
{
    CXCursor read = kernel_first_read(param);
    uint32_t at = clang_Cursor_isNull(read) ? 0 : node_make(l, read);
    if (at) {
        l->u->nodes[id].flags |= FX_READ_FIRST;
        l->u->nodes[id].value.i = at;
    }
}

static uint32_t node_make(lowering *l, CXCursor c)
{
    if (clang_Cursor_isNull(c) || over_budget(l))
        return 0;
    uint32_t *slot = table_slot(l, &l->nodes, &cursors, &c);
    if (*slot)
        return *slot;
    uint32_t id = node_new(l, c, slot), v;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_isExpression(k) && !operands_first(k))
        lower_expression(l, id, c, clang_getCursorExtent(c), true);
    if (kind_is_function(k))
        note_instance(l, c);
    bool code = kind_has_code(k);
    if (code && (l->u->nodes[id].flags & FX_DEFINITION))
        lower_error(l, id, c);
    v = type_make(l, clang_getCursorType(c)), l->u->nodes[id].type = v;
    if (code)
        v = type_make(l, clang_getCursorResultType(c)), l->u->nodes[id].result = v;
    CXCursor ref = clang_getCursorReferenced(c);
    v = clang_equalCursors(ref, c) ? id : node_make(l, ref), l->u->nodes[id].ref = v;
    expand(l, v, SHALLOW);
    if (clang_isDeclaration(k)) {
        v = node_make(l, clang_getCursorSemanticParent(c)), l->u->nodes[id].parent = v;
        expand(l, v, SHALLOW);
    }
    if (code)
        lower_definition(l, id, c);
    if (k == CXCursor_OverloadedDeclRef)
        lower_overloads(l, id, c);
    else
        lower_arguments(l, id, c);
    if (code && (l->u->nodes[id].flags & FX_DEFINITION))
        lower_member_reads(l, id, c);
    if (k == CXCursor_ParmDecl)
        lower_kernel_read(l, id, c);
    lower_virtual(l, id, c, k);
    lower_constructed(l, id, c, k);
    return id;
}

/* ---- children ------------------------------------------------------------------- */

typedef struct {
    CXCursor *v;
    uint32_t n, cap;
    bool members;                       /* a scope's members too, not only its bases */
} cursor_list;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
    cursor_list *k = data;
    (void)parent;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (!k->members && clang_isDeclaration(kind))
        return CXChildVisit_Break;      /* a scope's members come after its bases */
    if (k->members || kind == CXCursor_CXXBaseSpecifier || clang_isAttribute(kind)) {
        k->v = grow(k->v, k->n, &k->cap, sizeof *k->v);
        k->v[k->n++] = c;
    }
    return CXChildVisit_Continue;
}

enum { UNLISTED, BASES_LISTED, LISTED_SHALLOW, LISTED_WHOLE };

/* Lists node id's children: a scope's bases alone, unless members. */
static void list_children(lowering *l, uint32_t id, bool members)
{
    cursor_list k = { NULL, 0, 0, members };
    clang_visitChildren(l->cursors[id], collect, &k);
    uint32_t at = l->u->nlist;
    for (uint32_t i = 0; i < k.n; i++)
        list_add(l, 0);
    l->u->nodes[id].kids = at;
    l->u->nodes[id].nkids = k.n;
    for (uint32_t i = 0; i < k.n; i++) {
        uint32_t v = node_make(l, k.v[i]);
        l->u->list[at + i] = v;
    }
    free(k.v);
}

/* What of a child a shallow lowering takes: code in whole (an
   initializer), but a function's body, which waits (want_body). */
static int shallow_child(enum CXCursorKind parent, enum CXCursorKind k)
{
    if (k == CXCursor_CompoundStmt && kind_has_code(parent))
        return BARE;
    return clang_isExpression(k) || clang_isStatement(k) ? WHOLE : SHALLOW;
}

static void expand(lowering *l, uint32_t id, int how)
{
    if (!id || how == BARE)
        return;
    unsigned char want = how == WHOLE ? LISTED_WHOLE : LISTED_SHALLOW;
    enum CXCursorKind k = l->u->nodes[id].kind;
    bool scope = (how == SHALLOW && kind_holds_definitions(k)) || k == CXCursor_TranslationUnit;
    unsigned char was = l->state[id];
    if (was >= want || (scope && was == BASES_LISTED))
        return;
    l->state[id] = scope ? BASES_LISTED : want;     /* first: its children may refer to it */
    if (was == UNLISTED || (was == BASES_LISTED && !scope))
        list_children(l, id, !scope);
    for (uint32_t i = 0; i < l->u->nodes[id].nkids; i++) {
        uint32_t c = l->u->list[l->u->nodes[id].kids + i];
        expand(l, c, how == WHOLE ? WHOLE : shallow_child(k, l->u->nodes[c].kind));
    }
}

/* ---- the front end's cursors ------------------------------------------------------- */

static bool is_main_file(CXTranslationUnit tu, CXFile file)
{
    CXString name = clang_getTranslationUnitSpelling(tu);
    bool main = file && clang_File_isEqual(file, clang_getFile(tu, clang_getCString(name)));
    clang_disposeString(name);
    return main;
}

static enum CXChildVisitResult last_child(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    *(CXCursor *)data = c;
    return CXChildVisit_Continue;
}

/* clang's main file is its first buffer, and the main file's text read
   again by an #include of itself (X-macros, generated code) is a buffer of
   its own; that text is the main file's too, where written in it and not
   made by a macro (spelled where it expands), as in the first buffer. */
bool cx_in_main_file(CXTranslationUnit tu, CXSourceLocation at)
{
    if (clang_Location_isFromMainFile(at))
        return true;
    CXFile file, spelled;
    unsigned offset, spelled_offset;
    clang_getExpansionLocation(at, &file, NULL, NULL, &offset);
    clang_getSpellingLocation(at, &spelled, NULL, NULL, &spelled_offset);
    if (!file || !clang_File_isEqual(file, spelled) || offset != spelled_offset)
        return false;
    return is_main_file(tu, file);
}

/* Where a macro's expansion has the text at `at` from: the macro's
   definition, or an argument where the invocation writes it. */
static CXSourceLocation spelled_at(CXTranslationUnit tu, CXSourceLocation at)
{
    CXFile file;
    unsigned offset;
    clang_getSpellingLocation(at, &file, NULL, NULL, &offset);
    return clang_getLocationForOffset(tu, file, offset);
}

/* A definition a macro makes where the main file expands it is the file's
   own when its body is the project's: written in the file after the macro
   (googletest's `TEST(A, B) { ... }`, whose class and TestBody the macro
   declares in a library's header), or in a macro of the project's.  A
   library's macro that makes the whole function (pybind11's PyInit_) is
   the library's code, as its headers' functions are. */
bool cx_own_definition(CXCursor c)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    CXSourceLocation at = clang_getCursorLocation(c);
    if (cx_in_main_file(tu, at))
        return true;
    CXFile file;
    clang_getExpansionLocation(at, &file, NULL, NULL, NULL);
    if (!is_main_file(tu, file))
        return false;
    CXCursor body = clang_getNullCursor();
    clang_visitChildren(c, last_child, &body);
    return clang_getCursorKind(body) == CXCursor_CompoundStmt &&
           !library_location(spelled_at(tu, clang_getCursorLocation(body)));
}

/* ---- the unit ---------------------------------------------------------------------- */

static enum CXChildVisitResult cuda_attribute(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    *(unsigned *)data |= kind_cuda_side(clang_getCursorKind(c));
    return CXChildVisit_Continue;
}

unsigned cx_cuda_side(CXCursor fn)
{
    unsigned side = 0;
    clang_visitChildren(fn, cuda_attribute, &side);
    return side;
}

bool cursor_runs_on_host(CXCursor fn)
{
    return side_on_host(cx_cuda_side(fn));
}

/* A C++ class's pointer field with a default initializer (`float *dev =
   make(n);`) is code too, which each constructor runs (df_walk_body). */
static bool initialized_pointer_field(CXCursor c)
{
    if (clang_getCursorKind(c) != CXCursor_FieldDecl || clang_Cursor_isBitField(c))
        return false;
    CXType t = clang_getCursorType(c);
    CXString s = clang_getTypeSpelling(t);
    bool pointer = t.kind == CXType_Pointer || strstr(clang_getCString(s), "CUdeviceptr");
    clang_disposeString(s);
    CXCursor last = clang_getNullCursor();
    clang_visitChildren(c, last_child, &last);
    return pointer && !clang_Cursor_isNull(last) && clang_isExpression(clang_getCursorKind(last));
}

/* ---- what a kernel reads through its parameters ------------------------------- */

/* A kernel's body is not lowered, but what it dereferences through the
   pointer members of the structs its parameters point to is: a struct
   copied to the device byte for byte keeps the host pointers in those
   members (effects.c checks them at the launch).  Found in the body, and
   in the device functions the body hands the parameter (or the member)
   to, a few calls deep. */
#define READ_DEPTH 4
#define READS 8                         /* members kept a parameter */

typedef struct {
    CXCursor fn;
    int nparams;
    bool deref[MAX_PARAMS];             /* the parameter itself dereferenced */
    CXCursor read[MAX_PARAMS][READS];   /* the member accesses dereferenced */
    int nread[MAX_PARAMS];
    int depth;
} device_reads;

static void reads_of(device_reads *r, CXCursor fn, int depth);

/* What a wrapper wraps: its last child (a cast's first may name its type). */
static CXCursor wrapped(CXCursor c)
{
    CXCursor last = clang_getNullCursor();
    clang_visitChildren(c, last_child, &last);
    return last;
}

static unsigned cuda_side(CXCursor fn)
{
    unsigned side = 0;
    clang_visitChildren(fn, cuda_attribute, &side);
    return side;
}

/* c without parentheses and casts, implicit or written. */
static CXCursor bare_expression(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    while (k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr || k == CXCursor_CStyleCastExpr) {
        CXCursor inner = wrapped(c);
        if (clang_Cursor_isNull(inner))
            break;
        c = inner;
        k = clang_getCursorKind(c);
    }
    return c;
}

/* The parameter of r's function that c names, or -1. */
static int param_named(const device_reads *r, CXCursor c)
{
    c = bare_expression(c);
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
        return -1;
    CXCursor d = clang_getCursorReferenced(c);
    for (int i = 0; i < r->nparams; i++)
        if (clang_equalCursors(d, clang_Cursor_getArgument(r->fn, (unsigned)i)))
            return i;
    return -1;
}

static enum CXChildVisitResult first_operand(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    *(CXCursor *)data = c;
    return CXChildVisit_Break;
}

static CXCursor operand(CXCursor c)
{
    CXCursor first = clang_getNullCursor();
    clang_visitChildren(c, first_operand, &first);
    return first;
}

/* The parameter whose pointee holds member access m (`p->f`, `p[i].f`,
   `(*p).f`), or -1. */
static int member_holder(const device_reads *r, CXCursor m)
{
    if (clang_getCursorKind(m) != CXCursor_MemberRefExpr ||
        clang_getCursorKind(clang_getCursorReferenced(m)) != CXCursor_FieldDecl ||
        clang_getCanonicalType(clang_getCursorType(m)).kind != CXType_Pointer)
        return -1;
    CXCursor base = bare_expression(operand(m));
    enum CXCursorKind k = clang_getCursorKind(base);
    if (k == CXCursor_ArraySubscriptExpr ||
        (k == CXCursor_UnaryOperator &&
         clang_getCursorUnaryOperatorKind(base) == CXUnaryOperator_Deref))
        base = operand(base);
    return param_named(r, base);
}

static void add_read(device_reads *r, int param, CXCursor m)
{
    CXCursor field = clang_getCursorReferenced(m);
    for (int i = 0; i < r->nread[param]; i++)
        if (clang_equalCursors(clang_getCursorReferenced(r->read[param][i]), field))
            return;
    if (r->nread[param] < READS)
        r->read[param][r->nread[param]++] = m;
}

/* x is dereferenced: a parameter, or a member of what one points to. */
static void dereferenced(device_reads *r, CXCursor x)
{
    x = bare_expression(x);
    int p = param_named(r, x);
    if (p >= 0)
        r->deref[p] = true;
    else if ((p = member_holder(r, x)) >= 0)
        add_read(r, p, x);
}

/* A call of a device function: what it dereferences through its
   parameters, it dereferences through the arguments. */
static void device_call(device_reads *r, CXCursor call)
{
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (r->depth >= READ_DEPTH || clang_Cursor_isNull(def) || !(cuda_side(def) & CUDA_DEVICE) ||
        clang_equalCursors(def, r->fn))
        return;
    device_reads *callee = dc_realloc(NULL, sizeof *callee);
    reads_of(callee, def, r->depth + 1);
    int n = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < n && i < callee->nparams; i++) {
        CXCursor arg = bare_expression(clang_Cursor_getArgument(call, (unsigned)i));
        int p = param_named(r, arg);
        for (int k = 0; p >= 0 && k < callee->nread[i]; k++)
            add_read(r, p, callee->read[i][k]);
        if (callee->deref[i])
            dereferenced(r, arg);
    }
    free(callee);
}

static enum CXChildVisitResult device_read(CXCursor c, CXCursor parent, CXClientData data)
{
    device_reads *r = data;
    (void)parent;
    switch (clang_getCursorKind(c)) {
    case CXCursor_ArraySubscriptExpr:
        dereferenced(r, operand(c));
        break;
    case CXCursor_UnaryOperator:
        if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref)
            dereferenced(r, operand(c));
        break;
    case CXCursor_MemberRefExpr: {
        CXCursor base = operand(c);
        if (clang_getCanonicalType(clang_getCursorType(bare_expression(base))).kind == CXType_Pointer)
            dereferenced(r, base);      /* `x->f` */
        break;
    }
    case CXCursor_CallExpr:
        device_call(r, c);
        break;
    default:
        break;
    }
    return CXChildVisit_Recurse;
}

static void reads_of(device_reads *r, CXCursor fn, int depth)
{
    int n = clang_Cursor_getNumArguments(fn);
    memset(r, 0, sizeof *r);
    r->fn = fn;
    r->nparams = n < 0 ? 0 : n > MAX_PARAMS ? MAX_PARAMS : n;
    r->depth = depth;
    clang_visitChildren(fn, device_read, r);
}

/* A kernel's definition (node id, its parameters lowered): each
   parameter's reads, as a count and the member accesses' nodes. */
static void lower_member_reads(lowering *l, uint32_t id, CXCursor fn)
{
    if (!(cuda_side(fn) & CUDA_KERNEL) || l->u->nodes[id].nargs <= 0)
        return;
    device_reads *r = dc_realloc(NULL, sizeof *r);
    reads_of(r, fn, 0);
    for (int i = 0; i < r->nparams && i < l->u->nodes[id].nargs; i++) {
        uint32_t param = l->u->list[l->u->nodes[id].args + (uint32_t)i];
        if (!r->nread[i] || !param)
            continue;
        uint32_t at = list_add(l, (uint32_t)r->nread[i]);
        for (int k = 0; k < r->nread[i]; k++)
            list_add(l, 0);
        for (int k = 0; k < r->nread[i]; k++) {
            uint32_t v = node_make(l, r->read[i][k]);
            l->u->list[at + 1 + (uint32_t)k] = v;
        }
        l->u->nodes[param].reads = at;
    }
    free(r);
}

/* ---- virtual methods ---------------------------------------------------------- */

#define OVERRIDDEN 16                   /* bases' methods kept a method */

typedef struct {
    CXCursor v[OVERRIDDEN];
    int n;
} cursor_set;

/* The methods c overrides, and those they override, into set (each
   once: the recursion ends with the set full). */
static void add_overridden(cursor_set *set, CXCursor c)
{
    CXCursor *base;
    unsigned n;
    clang_getOverriddenCursors(c, &base, &n);
    for (unsigned i = 0; i < n; i++) {
        int k = 0;
        while (k < set->n && !clang_equalCursors(set->v[k], base[i]))
            k++;
        if (k == set->n && set->n < OVERRIDDEN) {
            set->v[set->n++] = base[i];
            add_overridden(set, base[i]);
        }
    }
    if (n)
        clang_disposeOverriddenCursors(base);
}

/* A method's definition: the methods it overrides, as a count and their
   nodes, for dataflow's virtual calls (virtual.c). */
static void lower_overridden(lowering *l, uint32_t id, CXCursor c)
{
    cursor_set set = { .n = 0 };
    add_overridden(&set, c);
    if (!set.n)
        return;
    uint32_t at = list_add(l, (uint32_t)set.n);
    for (int k = 0; k < set.n; k++)
        list_add(l, 0);
    for (int k = 0; k < set.n; k++) {
        uint32_t v = node_make(l, set.v[k]);
        l->u->list[at + 1 + (uint32_t)k] = v;
    }
    l->u->nodes[id].reads = at;
}

typedef struct {
    int nargs, n;
    CXCursor found;
} constructor_search;

static enum CXChildVisitResult find_constructor(CXCursor c, CXCursor parent, CXClientData data)
{
    constructor_search *k = data;
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_Constructor && clang_Cursor_getNumArguments(c) == k->nargs &&
        !clang_CXXConstructor_isCopyConstructor(c) && !clang_CXXConstructor_isMoveConstructor(c)) {
        k->found = c;
        k->n++;
    }
    return CXChildVisit_Continue;
}

/* `std::make_unique<T>(args...)`, `std::make_shared<T>(args...)` run T's
   constructor of as many parameters, which libclang shows nowhere (the
   instance's body is not visited): the call keeps it, when it is the only
   one, as a count and its node (fx_constructed), its body lowered. */
static void lower_constructed(lowering *l, uint32_t id, CXCursor c, enum CXCursorKind k)
{
    if (k != CXCursor_CallExpr)
        return;
    CXCursor fn = clang_getCursorReferenced(c);
    if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || clang_Cursor_getNumTemplateArguments(fn) < 1)
        return;                         /* no function template's instance: the spellings cost */
    CXString name = clang_getCursorSpelling(fn), ns = clang_getCursorSpelling(clang_getCursorSemanticParent(fn));
    bool maker = (strcmp(clang_getCString(name), "make_unique") == 0 ||
                  strcmp(clang_getCString(name), "make_shared") == 0) &&
                 strcmp(clang_getCString(ns), "std") == 0;
    clang_disposeString(name);
    clang_disposeString(ns);
    CXType made = clang_getCanonicalType(clang_getCursorType(c));
    if (!maker || clang_Type_getNumTemplateArguments(made) < 1)
        return;
    CXCursor cls = clang_getTypeDeclaration(clang_getCanonicalType(clang_Type_getTemplateArgumentAsType(made, 0)));
    constructor_search ctor = { clang_Cursor_getNumArguments(c), 0, clang_getNullCursor() };
    if (!clang_Cursor_isNull(cls) && !in_library(cls))
        clang_visitChildren(cls, find_constructor, &ctor);
    if (ctor.n != 1)
        return;
    uint32_t at = list_add(l, 1);
    list_add(l, 0);
    uint32_t v = node_make(l, ctor.found);
    l->u->list[at + 1] = v;
    l->u->nodes[id].reads = at;
}

/* Whether a call's object is one by value (`obj.f()` of a variable or
   field of the class type itself): it runs the method it names. */
static bool object_by_value(CXCursor call)
{
    CXCursor member = bare_expression(operand(call));
    CXCursor object = bare_expression(operand(member));
    enum CXCursorKind k = clang_getCursorKind(object);
    if (clang_getCursorKind(member) != CXCursor_MemberRefExpr ||
        (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr))
        return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(clang_getCursorReferenced(object)));
    return t.kind == CXType_Record;
}

/* A call that dispatches (clang's dynamic call, not on an object by
   value) is flagged; a method keeps what it overrides where it is
   defined, or declared in the project's code (an override defined
   outside the run is known to be there). */
static void lower_virtual(lowering *l, uint32_t id, CXCursor c, enum CXCursorKind k)
{
    if (k == CXCursor_CallExpr && clang_Cursor_isDynamicCall(c) && !object_by_value(c))
        l->u->nodes[id].flags |= FX_VIRTUAL_CALL;
    else if (k == CXCursor_CXXMethod && ((l->u->nodes[id].flags & FX_DEFINITION) || !in_library(c)))
        lower_overridden(l, id, c);
}

static bool holds_functions(CXType t, int depth);

static enum CXVisitorResult field_holds_functions(CXCursor field, CXClientData data)
{
    int *depth = data;
    if (!holds_functions(clang_getCursorType(field), *depth + 1))
        return CXVisit_Continue;
    *depth = -1;
    return CXVisit_Break;
}

/* Whether a value of type t may hold a pointer to a function: one, an
   array of them, a struct with one among its fields (a table of ops). */
static bool holds_functions(CXType t, int depth)
{
    t = clang_getCanonicalType(t);
    while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    if (t.kind == CXType_Pointer) {
        enum CXTypeKind k = clang_getCanonicalType(clang_getPointeeType(t)).kind;
        return k == CXType_FunctionProto || k == CXType_FunctionNoProto;
    }
    if (t.kind != CXType_Record || depth > 4)
        return false;
    clang_Type_visitFields(t, field_holds_functions, &depth);
    return depth < 0;
}

/* A global's initializer that stores functions (`struct ops cpu = {
   .fill = cpu_fill }`) is lowered, though no code of the file names the
   global: fnptr.c reads every store of a function the program makes. */
static void lower_function_table(lowering *l, CXCursor c)
{
    if (clang_getCursorKind(c) == CXCursor_VarDecl && clang_isCursorDefinition(c) &&
        clang_Cursor_hasVarDeclGlobalStorage(c) == 1 && holds_functions(clang_getCursorType(c), 0) &&
        cx_in_main_file(l->tu, clang_getCursorLocation(c)))
        expand(l, node_make(l, c), SHALLOW);
}

/* Whether a function is walked: no error in it, or only errors that
   leave statements unread. */
static bool cursor_read(CXCursor c)
{
    unread_statement *s;
    if (!cursor_has_errors(c, NULL))
        return true;
    int n = cursor_unread_statements(c, &s);
    unread_statements_free(s, n > 0 ? n : 0);
    return n >= 0;
}

static void add_definition(lowering *l, uint32_t id)
{
    l->u->defs = dc_realloc(l->u->defs, (l->u->ndefs + 1) * sizeof *l->u->defs);
    l->u->defs[l->u->ndefs++] = id;
    want_body(l, id);
}

/* A template's code as written: a function template, or a function of a
   class template. */
static bool template_code(CXCursor c, enum CXCursorKind k)
{
    return k == CXCursor_FunctionTemplate ||
           (kind_is_function(k) &&
            clang_getCursorKind(clang_getCursorSemanticParent(c)) == CXCursor_ClassTemplate);
}

/* Code the device does not run: a function with a __host__ attribute or
   none.  A template of both sides (CUTLASS_HOST_DEVICE's, thousands in a
   header-only library) is walked where host code calls it, not as
   written. */
static bool host_only(CXCursor c)
{
    return !(cx_cuda_side(c) & (CUDA_DEVICE | CUDA_KERNEL));
}

static bool host_code(CXCursor c)
{
    return cursor_runs_on_host(c) && cursor_read(c);
}

/* An override of the project's (a backend class written whole in its
   header) is lowered though no code of the unit names it: a virtual call
   may run it (virtual.c); one only declared, its body unknown.  Its
   findings are said where a named file's code calls it, as a header's
   function's. */
static bool project_override(CXCursor c)
{
    CXCursor *base;
    unsigned n;
    clang_getOverriddenCursors(c, &base, &n);
    if (n)
        clang_disposeOverriddenCursors(base);
    return n && !in_library(c) && host_code(c);
}

/* The file's own host functions are the unit's definitions; a template's
   code, in the file or in a header of the project's, waits until the
   unit's code is lowered (lower_patterns). */
static enum CXChildVisitResult each_definition(CXCursor c, CXCursor parent, CXClientData data)
{
    lowering *l = data;
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (kind_holds_definitions(k))      /* methods defined in their class too */
        return CXChildVisit_Recurse;
    lower_function_table(l, c);
    bool code = kind_has_code(k) && clang_isCursorDefinition(c);
    if (code && template_code(c, k)) {
        if ((cx_own_definition(c) || !in_library(c)) && host_only(c) && host_code(c)) {
            l->patterns = grow(l->patterns, l->npatterns, &l->cap_patterns, sizeof *l->patterns);
            l->patterns[l->npatterns++] = c;
        }
    } else if (((code && host_code(c)) || initialized_pointer_field(c)) && cx_own_definition(c)) {
        add_definition(l, node_make(l, c));
    } else if (k == CXCursor_CXXMethod && project_override(c)) {
        uint32_t id = node_make(l, c);
        if (code)
            want_body(l, id);
    }
    return CXChildVisit_Continue;
}

static void lower_bodies(lowering *l)
{
    while (l->nqueue)
        expand(l, l->queue[--l->nqueue], WHOLE);
}

/* A template the unit's code has an instance of is walked as each
   instance, where it is called; one with none (a header-only library's,
   which its users instantiate) as its code, once: what does not depend on
   its parameters.  A template's code may have instances of others
   (`fill<float>(p)` in it), so each is lowered in turn, and what has an
   instance at the end is no definition. */
static void lower_patterns(lowering *l)
{
    unsigned char *lowered = dc_realloc(NULL, l->npatterns + 1);
    memset(lowered, 0, l->npatterns + 1);
    for (bool more = true; more && !l->why;) {
        more = false;
        for (uint32_t i = 0; i < l->npatterns && !l->why; i++)
            if (!lowered[i] && !has_instance(l, l->patterns[i])) {
                lowered[i] = more = true;
                want_body(l, node_make(l, l->patterns[i]));
                lower_bodies(l);
            }
    }
    for (uint32_t i = 0; i < l->npatterns && !l->why; i++)
        if (lowered[i] && !has_instance(l, l->patterns[i]))
            add_definition(l, node_make(l, l->patterns[i]));
    free(lowered);
}

static enum CXChildVisitResult find_main(CXCursor c, CXCursor parent, CXClientData found)
{
    (void)parent;
    CXString name = clang_getCursorSpelling(c);
    if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        strcmp(clang_getCString(name), "main") == 0 &&
        cx_own_definition(c))
        *(bool *)found = true;
    clang_disposeString(name);
    return *(bool *)found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* The files the unit read, the main file (depth 0) first. */
static void add_file(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    lowering *l = data;
    fx_unit *u = l->u;
    (void)stack;
    uint32_t at = cxstring_add(l, clang_File_tryGetRealPathName(file));
    u->files = dc_realloc(u->files, (u->nfiles + 1) * sizeof *u->files);
    u->files[u->nfiles++] = at;
    if (depth == 0) {
        u->files[u->nfiles - 1] = u->files[0];
        u->files[0] = at;
    }
}

/* The arrays grew by doubling; a run keeps every unit's facts to its
   end, so each keeps only what it holds. */
static void fit(fx_unit *u)
{
    u->nodes = dc_realloc(u->nodes, u->nnodes * sizeof *u->nodes);
    u->types = dc_realloc(u->types, u->ntypes * sizeof *u->types);
    u->list = dc_realloc(u->list, u->nlist * sizeof *u->list);
    u->pool = dc_realloc(u->pool, u->npool);
}

static void lowering_free(lowering *l)
{
    free(l->cursors);
    free(l->state);
    free(l->extents);
    free(l->nodes.slot);
    free(l->types.slot);
    free(l->strings.slot);
    free(l->ctypes);
    free(l->queue);
    free(l->patterns);
    free(l->instanced);
    free(l->instances.slot);
    for (uint32_t i = 0; i < l->nfiles; i++) {
        clang_disposeTokens(l->tu, l->files[i].v, l->files[i].n);
        free(l->files[i].offset);
    }
    free(l->files);
}

fx_unit *fx_lower(CXTranslationUnit tu, const char *said, const dc_note *skipped, int nskipped,
                  double deadline, size_t bytes, int *why)
{
    fx_unit *u = dc_realloc(NULL, sizeof *u);
    *u = (fx_unit){ .nnodes = 1, .ntypes = 1, .npool = 1 };
    lowering l = { .u = u, .tu = tu, .cap_nodes = 1, .cap_types = 1,
                   .deadline = deadline, .bytes = bytes };
    u->nodes = dc_realloc(NULL, sizeof *u->nodes);
    l.state = dc_realloc(NULL, sizeof *l.state);
    l.cursors = dc_realloc(NULL, sizeof *l.cursors);
    l.extents = dc_realloc(NULL, sizeof *l.extents);
    l.extents[0] = clang_getNullRange();
    u->nodes[0] = (fact_node){ .kind = CXCursor_InvalidFile, .nargs = -1 };
    u->types = dc_realloc(NULL, sizeof *u->types);
    l.ctypes = dc_realloc(NULL, sizeof *l.ctypes);
    u->types[0] = (fact_type){ .kind = CXType_Invalid, .ntargs = -1 };
    u->pool = grow(NULL, 0, &l.cap_pool, 1);
    u->pool[0] = 0;
    list_add(&l, 0);                    /* list entry 0: none */
    u->name = cxstring_add(&l, clang_getTranslationUnitSpelling(tu));
    u->said = string_add(&l, said);
    for (int i = 0; i < nskipped; i++)
        error_add(&l, 0, &skipped[i]);
    clang_getInclusions(tu, add_file, &l);
    CXCursor top = clang_getTranslationUnitCursor(tu);
    clang_visitChildren(top, find_main, &u->has_main);
    clang_visitChildren(top, each_definition, &l);
    lower_bodies(&l);
    lower_patterns(&l);
    if (!l.why)
        lower_operators(&l);
    lowering_free(&l);
    *why = l.why;
    if (l.why) {
        fx_unit_free(u);
        return NULL;
    }
    fit(u);
    return u;
}
