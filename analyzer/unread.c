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
 */
#include "flow.h"

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
