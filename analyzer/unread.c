/*
 * Code with errors.  A file that only partly parses (a generated config.h
 * missing, a dependency not installed, a driver function whose signature
 * changed) is still analyzed, as clang-tidy does, function by function: a
 * function is left unread when an error lies in it (its signature or its
 * body), when its declaration is invalid, or when it uses a declaration
 * that is (a global of an unknown type).  What clang made of such code (a
 * RecoveryExpr, an int for an unknown type) is no fact about the program,
 * so it never makes a finding: the function is not walked, and its
 * summary is unknown to its callers, never "does nothing".
 *
 * But for an error clang recovered from inside a statement (a name not
 * declared, a function not declared, a call no overload takes: the
 * statement is dropped, or kept as an invalid call): that statement alone
 * is left unread (cursor_unread_statements), the function walked around
 * it, and what the statement could change is unknown after it (walk.c's
 * unread_statement).  An error in a declaration or a type, or one not
 * inside a statement of the body, still leaves the whole function unread.
 */
#include "flow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a diagnostic is, expanded: its file and offset. */
static CXFile diagnostic_place(CXDiagnostic d, unsigned *offset)
{
    CXFile file = NULL;
    clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, offset);
    return file;
}

dc_note diagnostic_note(CXDiagnostic d)
{
    CXFile file;
    unsigned line, column;
    clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, &line, &column, NULL);
    CXString name = clang_getFileName(file), text = clang_getDiagnosticSpelling(d);
    dc_note note = { dc_loc_make(clang_getCString(name), line, column),
                     dc_format("%s", clang_getCString(text)) };
    clang_disposeString(name);
    clang_disposeString(text);
    return note;
}

bool cursor_holds_place(CXCursor c, CXFile file, unsigned offset)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile in;
    unsigned begin, end;
    clang_getExpansionLocation(clang_getRangeStart(r), &in, NULL, NULL, &begin);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
    return file && in && clang_File_isEqual(file, in) && begin <= offset && offset <= end;
}

/* The first error of fn's unit inside fn; false if none is. */
static bool error_inside(CXCursor fn, bool *any, dc_note *why)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        unsigned offset = 0;
        CXFile file = diagnostic_place(d, &offset);
        bool error = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
        bool inside = error && cursor_holds_place(fn, file, offset);
        *any |= error;
        if (inside)
            *why = diagnostic_note(d);
        clang_disposeDiagnostic(d);
        if (inside)
            return true;
    }
    return false;
}

/* A use of an invalid declaration, into the note at data. */
static enum CXChildVisitResult invalid_use(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    CXCursor to = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(to) || clang_equalCursors(to, c) || !clang_isInvalidDeclaration(to))
        return CXChildVisit_Recurse;
    char name[256];
    cx_spelling(to, name, sizeof name);
    *(dc_note *)data = (dc_note){ cx_loc(c),
                                  dc_format("uses '%s', whose declaration has an error", name) };
    return CXChildVisit_Break;
}

bool cursor_has_errors(CXCursor fn, dc_note *why)
{
    bool any = false;                   /* no error in its unit: the common case, at once */
    dc_note note = { .message = NULL };
    if (!error_inside(fn, &any, &note) && any) {
        if (clang_isInvalidDeclaration(fn))
            note = (dc_note){ cx_loc(fn), dc_format("its declaration has an error") };
        else
            clang_visitChildren(fn, invalid_use, &note);
    }
    if (!note.message)
        return false;
    if (why)
        *why = note;
    else
        free(note.message);
    return true;
}

/* ---- statements left unread ------------------------------------------------------ */

/* The errors clang recovers from inside an expression, by the start of
   its message: the statement is dropped or kept as an invalid call, its
   neighbours and the declarations around it as written.  Any other error
   (an unknown type, a declaration's) leaves the function unread. */
static const char *const recovered[] = {
    "use of undeclared identifier",
    "call to undeclared function",
    "no matching function for call to",
    "too few arguments to function call",
    "too many arguments to function call",
    "no member named",
};

static bool recovered_error(const char *message)
{
    for (size_t i = 0; i < sizeof recovered / sizeof *recovered; i++)
        if (strncmp(message, recovered[i], strlen(recovered[i])) == 0)
            return true;
    return false;
}

static unsigned offset_of(CXSourceLocation at)
{
    unsigned offset;
    clang_getExpansionLocation(at, NULL, NULL, NULL, &offset);
    return offset;
}

/* Where an error lies in a block: inside its child hit, or between prev
   and next (either null at the block's ends). */
typedef struct {
    CXFile file;
    unsigned offset;
    CXCursor prev, hit, next;
} block_place;

static enum CXChildVisitResult find_child(CXCursor c, CXCursor parent, CXClientData data)
{
    block_place *b = data;
    (void)parent;
    if (cursor_holds_place(c, b->file, b->offset)) {
        b->hit = c;
        return CXChildVisit_Break;
    }
    if (offset_of(clang_getRangeStart(clang_getCursorExtent(c))) > b->offset) {
        b->next = c;
        return CXChildVisit_Break;
    }
    b->prev = c;
    return CXChildVisit_Continue;
}

/* The block a statement holds the place in (an if's branch, a loop's
   body, at any depth of statements), or a null cursor. */
static enum CXChildVisitResult find_block(CXCursor c, CXCursor parent, CXClientData data)
{
    block_place *b = data;
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (!kind_is_statement(k) || !cursor_holds_place(c, b->file, b->offset))
        return CXChildVisit_Continue;
    b->hit = c;
    return k == CXCursor_CompoundStmt ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static CXCursor block_inside(CXCursor stmt, CXFile file, unsigned offset)
{
    block_place b = { file, offset, clang_getNullCursor(), clang_getNullCursor(),
                      clang_getNullCursor() };
    clang_visitChildren(stmt, find_block, &b);
    return clang_getCursorKind(b.hit) == CXCursor_CompoundStmt ? b.hit : clang_getNullCursor();
}

static enum CXChildVisitResult invalid_declaration(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (!clang_isDeclaration(clang_getCursorKind(c)) || !clang_isInvalidDeclaration(c))
        return CXChildVisit_Recurse;
    *(bool *)data = true;
    return CXChildVisit_Break;
}

/* A statement that may stand for the code it holds: none a switch's
   walk or a goto reaches by its own kind, none with a bad declaration. */
static bool unreadable_alone(CXCursor stmt)
{
    enum CXCursorKind k = clang_getCursorKind(stmt);
    bool invalid = false;
    if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt || k == CXCursor_LabelStmt)
        return false;
    clang_visitChildren(stmt, invalid_declaration, &invalid);
    return !invalid;
}

/* The names a statement's tokens hold, each as "=x" (unknown after it: x
   assigned, stepped or its address taken) or "*x" (x read, or handed on
   whole, `f(a, x)`: a pointer keeps its value, what it points to and x's
   members are unknown; x is unknown if it is no pointer).  Callees and
   members' names are no variables.  C++'s `T *&` parameters, which an
   unresolved call may bind a pointer to, are the exception
   (docs/devcheck.md). */
/* Token i's spelling, "" past the ends. */
static void token_text(CXTranslationUnit tu, const CXToken *t, unsigned n, long i, char *buf, size_t size)
{
    buf[0] = '\0';
    if (i < 0 || (unsigned long)i >= n)
        return;
    CXString s = clang_getTokenSpelling(tu, t[i]);
    snprintf(buf, size, "%s", clang_getCString(s));
    clang_disposeString(s);
}

static bool is_one_of(const char *text, const char *const *set)
{
    for (; *set; set++)
        if (strcmp(text, *set) == 0)
            return true;
    return false;
}

/* The line the statement at offset error starts on, of those tokens t
   holds: after the last `;` or brace before it, comments aside. */
static unsigned statement_line(CXTranslationUnit tu, const CXToken *t, unsigned n, unsigned error)
{
    static const char *const ends[] = { ";", "{", "}", NULL };
    unsigned line = 0;
    bool starts = true;
    char text[8];
    for (unsigned i = 0; i < n && offset_of(clang_getTokenLocation(tu, t[i])) <= error; i++) {
        if (clang_getTokenKind(t[i]) == CXToken_Comment)
            continue;
        token_text(tu, t, n, i, text, sizeof text);
        bool end = is_one_of(text, ends);
        if (starts && !end)
            clang_getExpansionLocation(clang_getTokenLocation(tu, t[i]), NULL, &line, NULL, NULL);
        starts = end;
    }
    return line;
}

static char *names_in(CXTranslationUnit tu, CXSourceRange range, unsigned error, unsigned *line)
{
    static const char *const assigns[] = { "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                           "<<=", ">>=", "++", "--", NULL };
    static const char *const steps[] = { "++", "--", NULL };
    static const char *const member[] = { ".", "->", "::", NULL }, *const callee[] = { "(", "::", NULL };
    CXToken *t;
    unsigned n;
    char before[8], name[256], after[8];
    clang_tokenize(tu, range, &t, &n);
    char *names = dc_format("%s", "");
    *line = statement_line(tu, t, n, error);
    for (unsigned i = 0; i < n; i++) {
        if (clang_getTokenKind(t[i]) != CXToken_Identifier)
            continue;
        token_text(tu, t, n, i, name, sizeof name);
        token_text(tu, t, n, (long)i - 1, before, sizeof before);
        token_text(tu, t, n, (long)i + 1, after, sizeof after);
        if (is_one_of(before, member) || is_one_of(after, callee))
            continue;
        bool written = strcmp(before, "&") == 0 || is_one_of(before, steps) ||
                       is_one_of(after, assigns);
        char *more = dc_format("%s%s%c%s", names, *names ? " " : "", written ? '=' : '*', name);
        free(names);
        names = more;
    }
    clang_disposeTokens(tu, t, n);
    return names;
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
        *(CXCursor *)data = c;
    return CXChildVisit_Continue;
}

static CXCursor cursor_body_of(CXCursor fn)
{
    CXCursor body = clang_getNullCursor();
    clang_visitChildren(fn, find_body, &body);
    return body;
}

/* The statement an error leaves unread, into s: false when the error is
   none clang recovered from inside one. */
static bool locate(CXCursor fn, CXDiagnostic d, unread_statement *s)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
    block_place b = { .hit = clang_getNullCursor() };
    b.file = diagnostic_place(d, &b.offset);
    CXCursor block = cursor_body_of(fn);
    CXString text = clang_getDiagnosticSpelling(d);
    bool recovered_here = recovered_error(clang_getCString(text));
    clang_disposeString(text);
    if (!recovered_here || clang_Cursor_isNull(block) || !cursor_holds_place(block, b.file, b.offset))
        return false;
    for (;;) {
        b.prev = b.hit = b.next = clang_getNullCursor();
        clang_visitChildren(block, find_child, &b);
        if (clang_Cursor_isNull(b.hit))
            break;
        CXCursor inner = clang_getCursorKind(b.hit) == CXCursor_CompoundStmt
                             ? b.hit
                             : block_inside(b.hit, b.file, b.offset);
        if (clang_Cursor_isNull(inner))
            break;
        block = inner;
    }
    CXSourceRange r;
    if (!clang_Cursor_isNull(b.hit)) {          /* kept, an invalid call: it is left unread */
        s->anchor = b.hit, s->where = FX_UNREAD_STATEMENT;
        r = clang_getCursorExtent(b.hit);
    } else {                                    /* dropped: unknown before what follows it */
        CXSourceRange whole = clang_getCursorExtent(block);
        unsigned from = clang_Cursor_isNull(b.prev)
                            ? offset_of(clang_getRangeStart(whole)) + 1
                            : offset_of(clang_getRangeEnd(clang_getCursorExtent(b.prev)));
        unsigned to = offset_of(clang_Cursor_isNull(b.next)
                                    ? clang_getRangeEnd(whole)
                                    : clang_getRangeStart(clang_getCursorExtent(b.next)));
        s->anchor = clang_Cursor_isNull(b.next) ? block : b.next;
        s->where = clang_Cursor_isNull(b.next) ? FX_UNREAD_AT_END : FX_UNREAD_BEFORE;
        r = clang_getRange(clang_getLocationForOffset(tu, b.file, from),
                           clang_getLocationForOffset(tu, b.file, to > from ? to - 1 : from));
    }
    if (s->where != FX_UNREAD_AT_END && !unreadable_alone(s->anchor))
        return false;
    s->names = names_in(tu, r, b.offset, &s->line);
    s->why = diagnostic_note(d);
    if (!s->line)
        s->line = s->why.loc.line;
    return true;
}

void unread_statements_free(unread_statement *s, int n)
{
    for (int i = 0; i < n; i++) {
        free(s[i].names);
        free(s[i].why.message);
    }
    free(s);
}

int cursor_unread_statements(CXCursor fn, unread_statement **out)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
    dc_note use = { .message = NULL };
    int n = 0;
    *out = NULL;
    if (clang_isInvalidDeclaration(fn))
        return -1;
    clang_visitChildren(fn, invalid_use, &use);
    if (use.message) {
        free(use.message);
        return -1;
    }
    for (unsigned i = 0, nd = clang_getNumDiagnostics(tu); n >= 0 && i < nd; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        unsigned offset = 0;
        CXFile file = diagnostic_place(d, &offset);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && cursor_holds_place(fn, file, offset)) {
            *out = dc_realloc(*out, (size_t)(n + 1) * sizeof **out);
            if (locate(fn, d, &(*out)[n]))
                n++;
            else {
                unread_statements_free(*out, n);
                *out = NULL;
                n = -1;
            }
        }
        clang_disposeDiagnostic(d);
    }
    return n;
}
