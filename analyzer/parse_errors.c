/*
 * A unit's errors.  clang's host-side parse still checks the bodies of
 * kernels and __device__ functions, which devcheck never reads, and some of
 * what nvcc takes there clang does not (a __shared__ object with a
 * constructor, such as cuda::barrier; dynamic parallelism).  An error inside
 * device code is no reason to leave the host side unread: it is said, as a
 * note, and the file analyzed.  An error in host code leaves unread the
 * function it is in (unread.c), or only the statement it is in when clang
 * recovered from it there, and the file's other functions are analyzed:
 * what was left unread is listed, each function with its first error, and
 * each error outside a function (a header not found, a global of an unknown
 * type).  An error with no place (a flag clang rejects) leaves the file out.
 */
#include "frontend.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    CXFile file;
    unsigned offset;
    CXCursor fn;                /* the function it is in, or a null cursor */
    bool device;
} error_place;

static enum CXChildVisitResult enclosing_function(CXCursor c, CXCursor parent,
                                                  CXClientData data)
{
    error_place *at = data;
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (kind_holds_definitions(k))
        return cursor_holds_place(c, at->file, at->offset) ? CXChildVisit_Recurse
                                                           : CXChildVisit_Continue;
    if (!kind_has_code(k) || !cursor_holds_place(c, at->file, at->offset))
        return CXChildVisit_Continue;
    at->fn = c;
    at->device = !cursor_runs_on_host(c);
    return CXChildVisit_Break;
}

static error_place place_of(CXDiagnostic d)
{
    error_place at = { .fn = clang_getNullCursor(), .device = false };
    clang_getExpansionLocation(clang_getDiagnosticLocation(d), &at.file, NULL, NULL, &at.offset);
    return at;
}

/* Where an error is, and the function it is in. */
static error_place enclosing(CXTranslationUnit tu, CXDiagnostic d)
{
    error_place at = place_of(d);
    if (at.file)
        clang_visitChildren(clang_getTranslationUnitCursor(tu), enclosing_function, &at);
    return at;
}

static bool in_device_code(CXTranslationUnit tu, CXDiagnostic d)
{
    return enclosing(tu, d).device;
}

static void count_error(CXTranslationUnit tu, const char *path, CXDiagnostic d, unit_errors *e)
{
    size_t used = strlen(e->text);
    CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
                                           CXDiagnostic_DisplayColumn);
    if (!place_of(d).file) {    /* a flag clang rejects: said for the file */
        int k = snprintf(e->text + used, sizeof e->text - used, "%sdevcheck: %s: %s",
                         used ? "\n" : "", path, clang_getCString(s));
        if (k < 0 || (size_t)k >= sizeof e->text - used)
            e->text[used] = '\0';      /* no room: the lines before it stay whole */
        e->n++;
    } else if (in_device_code(tu, d)) {
        if (e->ndevice++ == 0)
            snprintf(e->device, sizeof e->device, "%s", clang_getCString(s));
    } else {
        e->host++;
    }
    clang_disposeString(s);
}

void count_errors(CXTranslationUnit tu, const char *path, unit_errors *e)
{
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
            count_error(tu, path, d, e);
        clang_disposeDiagnostic(d);
    }
}

/* What a unit's host errors leave unread, as its source's skipped. */
typedef struct {
    dc_source *src;
    CXCursor *fns;              /* the functions left unread */
    int n;
} unread;

/* One note a place: a template's error is said again for each of its
   instantiations, one function each to libclang. */
static void add_skipped(dc_source *src, dc_note note)
{
    for (int i = 0; i < src->nskipped; i++)
        if (src->skipped[i].loc.file == note.loc.file && src->skipped[i].loc.line == note.loc.line &&
            src->skipped[i].loc.column == note.loc.column) {
            free(note.message);
            return;
        }
    src->skipped = dc_realloc(src->skipped, (size_t)(src->nskipped + 1) * sizeof *src->skipped);
    src->skipped[src->nskipped++] = note;
}

/* A function with errors, listed: left unread, its first error said; or
   walked but for the statements its errors left unread, each error said
   with its statement's line (unread.c). */
static void skip(unread *u, CXCursor fn, dc_note why)
{
    char name[256];
    unread_statement *s;
    cx_spelling(fn, name, sizeof name);
    int n = cursor_unread_statements(fn, &s);
    if (n < 0)
        add_skipped(u->src, (dc_note){ why.loc, dc_format("'%s' not analyzed: error: %s", name,
                                                          why.message) });
    for (int i = 0; i < n; i++)
        add_skipped(u->src, (dc_note){ s[i].why.loc,
                                       dc_format("'%s' read but for the statement at line %u: "
                                                 "error: %s", name, s[i].line, s[i].why.message) });
    unread_statements_free(s, n > 0 ? n : 0);
    free(why.message);
    u->fns = dc_realloc(u->fns, (size_t)(u->n + 1) * sizeof *u->fns);
    u->fns[u->n++] = fn;
}

/* The file's own functions with errors, or that use a declaration with one. */
static enum CXChildVisitResult skip_function(CXCursor c, CXCursor parent, CXClientData data)
{
    dc_note why;
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (kind_holds_definitions(k))
        return CXChildVisit_Recurse;
    if (kind_has_code(k) && clang_isCursorDefinition(c) && cursor_runs_on_host(c) &&
        cx_own_definition(c) && cursor_has_errors(c, &why))
        skip(data, c, why);
    return CXChildVisit_Continue;
}

/* A host error in none of the functions listed: in a header's function,
   which is listed then, or outside any, which is said alone. */
static void skip_rest(CXTranslationUnit tu, CXDiagnostic d, unread *u)
{
    error_place at = enclosing(tu, d);
    if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error || !at.file || at.device)
        return;
    for (int i = 0; i < u->n; i++)
        if (cursor_holds_place(u->fns[i], at.file, at.offset))
            return;
    dc_note note = diagnostic_note(d);
    if (!clang_Cursor_isNull(at.fn)) {
        skip(u, at.fn, note);
        return;
    }
    add_skipped(u->src, (dc_note){ note.loc, dc_format("left aside: error: %s", note.message) });
    free(note.message);
}

static int by_place(const void *a, const void *b)
{
    const dc_loc *x = &((const dc_note *)a)->loc, *y = &((const dc_note *)b)->loc;
    int files = strcmp(x->file ? x->file : "", y->file ? y->file : "");
    return files ? files : x->line != y->line ? (x->line > y->line) - (x->line < y->line)
                                              : (x->column > y->column) - (x->column < y->column);
}

void list_unread(CXTranslationUnit tu, dc_source *src)
{
    unread u = { src, NULL, 0 };
    clang_visitChildren(clang_getTranslationUnitCursor(tu), skip_function, &u);
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        skip_rest(tu, d, &u);
        clang_disposeDiagnostic(d);
    }
    qsort(src->skipped, (size_t)src->nskipped, sizeof *src->skipped, by_place);
    free(u.fns);
}
