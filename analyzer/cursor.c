/*
 * libclang's cursors, as the dataflow reads them: children, locations
 * (where a macro expands, as the user sees it), spellings, source texts for
 * messages, and integer constants.
 */
#include "flow.h"

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
   nodes (libclang's unexposed ones) and the copy of a struct, which
   libclang shows as a call of its constructor. */
bool cursor_wraps(CXCursor c)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_ParenExpr: case CXCursor_CStyleCastExpr: case CXCursor_UnexposedExpr:
    case CXCursor_CXXStaticCastExpr: case CXCursor_CXXReinterpretCastExpr:
    case CXCursor_CXXConstCastExpr: case CXCursor_CXXFunctionalCastExpr:
        return true;
    case CXCursor_CallExpr:
        return clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_Constructor &&
               clang_Cursor_getNumArguments(c) == 1;
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

bool cursor_is_addr_of(CXCursor c)
{
    return clang_getCursorKind(c) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf;
}

/* Tokens glue as C is written: "f(a, b)", "st->w", "a[i]". */
void cursor_text(CXTranslationUnit tu, CXCursor c, char *buf, size_t n)
{
    CXToken *tokens;
    unsigned count;
    size_t used = 0;
    buf[0] = 0;
    clang_tokenize(tu, clang_getCursorExtent(c), &tokens, &count);
    for (unsigned i = 0; i < count && used + 1 < n; i++) {
        CXString s = clang_getTokenSpelling(tu, tokens[i]);
        const char *t = clang_getCString(s);
        bool glue = used == 0 || strchr("(),[.", *t) || buf[used - 1] == '(' ||
                    buf[used - 1] == ' ' ||
                    buf[used - 1] == '[' || buf[used - 1] == '.' ||
                    (used > 1 && buf[used - 1] == '>' && buf[used - 2] == '-') ||
                    strcmp(t, "->") == 0;
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

bool cursor_host_code(CXCursor fn)
{
    unsigned side = cursor_cuda_side(fn);
    return !(side & (CUDA_KERNEL | CUDA_DEVICE)) || (side & CUDA_HOST);
}
