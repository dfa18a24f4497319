/*
 * libclang's cursors, as the dataflow reads them: children, locations
 * (where a macro expands, as the user sees it), spellings, source texts for
 * messages, and integer constants.
 */
#include "flow.h"

#include <ctype.h>

#include <string.h>

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
    children *k = data;
    (void)parent;
    if (k->n < 64)
        k->v[k->n++] = c;
    return CXChildVisit_Continue;
}

children cursor_children(CXCursor c)
{
    children k = { .n = 0 };
    clang_visitChildren(c, collect, &k);
    return k;
}

dc_loc cursor_loc(CXCursor c)
{
    CXFile file;
    unsigned line, column;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &column, NULL);
    CXString name = clang_getFileName(file);
    dc_loc loc = dc_loc_make(clang_getCString(name), line, column);
    clang_disposeString(name);
    return loc;
}

/* What only wraps its last child: parentheses, casts, C++'s implicit
   nodes (libclang's unexposed ones) and the copy of a struct or a
   conversion, which libclang shows as a call of a constructor (not an
   explicit one, which makes something: `torch::nn::Linear fc(4)`). */
bool cursor_wraps(CXCursor c)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_ParenExpr: case CXCursor_CStyleCastExpr: case CXCursor_UnexposedExpr:
    case CXCursor_CXXStaticCastExpr: case CXCursor_CXXReinterpretCastExpr:
    case CXCursor_CXXConstCastExpr: case CXCursor_CXXFunctionalCastExpr:
        return true;
    case CXCursor_CallExpr: {
        CXCursor ctor = clang_getCursorReferenced(c);
        return clang_getCursorKind(ctor) == CXCursor_Constructor &&
               clang_Cursor_getNumArguments(c) == 1 &&
               (clang_CXXConstructor_isCopyConstructor(ctor) ||
                clang_CXXConstructor_isMoveConstructor(ctor) ||
                clang_CXXConstructor_isConvertingConstructor(ctor));
    }
    default:
        return false;
    }
}

CXCursor cursor_bare(CXCursor c)
{
    for (;;) {
        if (!cursor_wraps(c))
            return c;
        children ch = cursor_children(c);
        if (ch.n == 0)
            return c;
        c = ch.v[ch.n - 1];
    }
}

CXCursor cursor_member_object(CXCursor call)
{
    children ch = cursor_children(call);
    if (ch.n == 0 || clang_getCursorKind(cursor_bare(ch.v[0])) != CXCursor_MemberRefExpr)
        return clang_getNullCursor();
    children member = cursor_children(cursor_bare(ch.v[0]));
    return member.n ? member.v[0] : clang_getNullCursor();
}

bool cursor_is_addr_of(CXCursor c)
{
    return clang_getCursorKind(c) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf;
}

/* Tokens glue as C is written: "f(a, b)", "st->w", "a[i]", C++'s "ns::f". */
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

/* The tokens of c as its file has them, and how many to take: where c ends
   inside a macro's expansion (`mallocCheck(n)`), up to the end of the
   macro's invocation, not into the macro's definition. */
static unsigned written_tokens(CXTranslationUnit tu, CXCursor c, CXToken **tokens,
                               unsigned *count)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile file, end_file;
    bool start_macro, end_macro;
    unsigned from = written_offset(clang_getRangeStart(r), &file, &start_macro);
    unsigned to = written_offset(clang_getRangeEnd(r), &end_file, &end_macro);
    size_t size = 0;
    if (!start_macro && !end_macro) {
        clang_tokenize(tu, r, tokens, count);
        return *count;
    }
    if (!file || !clang_File_isEqual(file, end_file) || to < from ||
        !clang_getFileContents(tu, file, &size)) {
        *tokens = NULL, *count = 0;
        return 0;
    }
    unsigned last = to + 1024 < size ? to + 1024 : (unsigned)size;
    clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, file, from),
                                      clang_getLocationForOffset(tu, file, last)),
                   tokens, count);
    unsigned take = 0;
    while (take < *count && (end_macro ? token_offset(tu, (*tokens)[take]) <= to
                                       : token_offset(tu, (*tokens)[take]) < to))
        take++;
    return end_macro ? take + parenthesized(tu, *tokens + take, *count - take) : take;
}

/* Whether buf ends in a unary & or * (`(&`, `, *`, `= *`, `sizeof *`, or
   alone): what follows is its operand, written without a space.  After a
   name, a number or a bracket it is the binary operator. */
static bool ends_unary(const char *buf, size_t used)
{
    if (!used || (buf[used - 1] != '&' && buf[used - 1] != '*'))
        return false;
    size_t i = used - 1;
    while (i > 0 && buf[i - 1] == ' ')
        i--;
    if (i == 0)
        return true;
    unsigned char before = (unsigned char)buf[i - 1];
    bool operand = isalnum(before) || before == '_' || before == ')' || before == ']';
    return !operand || (i >= 6 && strncmp(buf + i - 6, "sizeof", 6) == 0 &&
                        (i == 6 || buf[i - 7] == ' ' || buf[i - 7] == '('));
}

void cursor_text(CXTranslationUnit tu, CXCursor c, char *buf, size_t n)
{
    CXToken *tokens;
    unsigned count, take;
    size_t used = 0;
    buf[0] = 0;
    take = written_tokens(tu, c, &tokens, &count);
    for (unsigned i = 0; i < take && used + 1 < n; i++) {
        CXString s = clang_getTokenSpelling(tu, tokens[i]);
        const char *t = clang_getCString(s);
        bool glue = used == 0 || strchr("(),[].", *t) || buf[used - 1] == '(' ||
                    buf[used - 1] == ' ' ||
                    buf[used - 1] == '[' || buf[used - 1] == '.' ||
                    (used > 1 && buf[used - 1] == '>' && buf[used - 2] == '-') ||
                    (used > 1 && buf[used - 1] == ':' && buf[used - 2] == ':') ||
                    strcmp(t, "->") == 0 || strcmp(t, "::") == 0 || ends_unary(buf, used);
        int k = snprintf(buf + used, n - used, "%s%s", glue ? "" : " ", t);
        if (k > 0)
            used = used + (size_t)k < n ? used + (size_t)k : n - 1;
        if (*t == ',' && used + 1 < n)
            buf[used++] = ' ', buf[used] = 0;
        clang_disposeString(s);
    }
    clang_disposeTokens(tu, tokens, count);
    if (used > 48)
        snprintf(buf + 45, n - 45, "...");
}

void cursor_spelling(CXCursor c, char *buf, size_t n)
{
    CXString s = clang_getCursorSpelling(c);
    snprintf(buf, n, "%s", clang_getCString(s));
    clang_disposeString(s);
}

int cursor_path(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    int id = path_intern(clang_getCString(s));
    clang_disposeString(s);
    return id;
}

int cursor_usr(CXCursor c, const char *prefix)
{
    CXString s = clang_getCursorUSR(c);
    int id = path_format("%s:%s", prefix, clang_getCString(s));
    clang_disposeString(s);
    return id;
}

CXCursor cursor_parameter(CXCursor c)
{
    c = cursor_bare(c);
    CXCursor param = clang_getCursorReferenced(c);
    return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
                   clang_getCursorKind(param) == CXCursor_ParmDecl
               ? param
               : clang_getNullCursor();
}

int cursor_int(CXCursor c, int fallback)
{
    CXEvalResult r = clang_Cursor_Evaluate(cursor_bare(c));
    int v = fallback;
    if (r && clang_EvalResult_getKind(r) == CXEval_Int)
        v = (int)clang_EvalResult_getAsLongLong(r);
    if (r)
        clang_EvalResult_dispose(r);
    return v;
}

bool type_names(CXType t, const char *word)
{
    CXString s = clang_getTypeSpelling(t);
    bool has = strstr(clang_getCString(s), word) != NULL;
    clang_disposeString(s);
    return has;
}

bool type_is(CXType t, const char *name)
{
    t = clang_getCanonicalType(clang_getUnqualifiedType(clang_getNonReferenceType(t)));
    CXString s = clang_getTypeSpelling(clang_getUnqualifiedType(t));
    bool is = strcmp(clang_getCString(s), name) == 0;
    clang_disposeString(s);
    return is;
}

static enum CXChildVisitResult find_base(CXCursor c, CXCursor parent, CXClientData data)
{
    const char **name = data;
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_CXXBaseSpecifier && *name &&
        type_is(clang_getCursorType(c), *name)) {
        *name = NULL;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

bool cursor_derives_from(CXCursor cls, const char *name)
{
    const char *wanted = name;
    clang_visitChildren(cls, find_base, &wanted);
    return !wanted;
}

CXCursor cursor_body(CXCursor fn)
{
    children ch = cursor_children(fn);
    for (int i = 0; i < ch.n; i++)
        if (clang_getCursorKind(ch.v[i]) == CXCursor_CompoundStmt)
            return ch.v[i];
    return clang_getNullCursor();
}

static enum CXChildVisitResult cuda_attribute(CXCursor c, CXCursor parent, CXClientData data)
{
    unsigned *side = data;
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    *side |= k == CXCursor_CUDAGlobalAttr ? CUDA_KERNEL
           : k == CXCursor_CUDADeviceAttr ? CUDA_DEVICE
           : k == CXCursor_CUDAHostAttr   ? CUDA_HOST
                                          : 0;
    return CXChildVisit_Continue;
}

unsigned cursor_cuda_side(CXCursor fn)
{
    unsigned side = 0;
    clang_visitChildren(fn, cuda_attribute, &side);
    return side;
}

bool cursor_is_function(CXCursor c)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_FunctionDecl:
    case CXCursor_CXXMethod:
    case CXCursor_Constructor:
    case CXCursor_Destructor:
    case CXCursor_ConversionFunction:
        return true;
    default:
        return false;
    }
}

bool cursor_has_code(CXCursor c)
{
    return cursor_is_function(c) || clang_getCursorKind(c) == CXCursor_FunctionTemplate;
}

bool cursor_holds_definitions(CXCursor c)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_LinkageSpec:
    case CXCursor_Namespace:
    case CXCursor_ClassDecl:
    case CXCursor_StructDecl:
    case CXCursor_ClassTemplate:
        return true;
    default:
        return false;
    }
}

bool cursor_host_code(CXCursor fn)
{
    unsigned side = cursor_cuda_side(fn);
    return !(side & (CUDA_KERNEL | CUDA_DEVICE)) || (side & CUDA_HOST);
}

bool cursor_local_variable(CXCursor c)
{
    CXCursor var = clang_getCursorReferenced(c);
    return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
           clang_getCursorKind(var) == CXCursor_VarDecl &&
           !clang_Cursor_hasVarDeclGlobalStorage(var);
}
