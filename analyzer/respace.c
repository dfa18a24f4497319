/*
 * nvcc's spaced launches.  nvcc reads `k << <grid, block >> > (args)`, a
 * launch as Visual Studio's formatter spaces it, as `k<<<grid,
 * block>>>(args)`; clang reads `<< <` as a shift and fails.  The files a
 * unit failed in are read again with each such launch's brackets closed up
 * in place (`<<< ` and `>>> `, so every line and column stays), outside
 * comments and literals, and handed to libclang in place of the files.
 */
#include "frontend.h"

#include <stdlib.h>
#include <string.h>

/* The end of the comment or literal that starts at p, or p if none does. */
static const char *past_comment_or_literal(const char *p, const char *end)
{
    if (p + 1 < end && p[0] == '/' && p[1] == '/') {
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        return newline ? newline : end;
    }
    if (p + 1 < end && p[0] == '/' && p[1] == '*') {
        for (p += 2; p + 1 < end && !(p[0] == '*' && p[1] == '/'); p++)
            ;
        return p + 1 < end ? p + 2 : end;
    }
    if (*p == '"' || *p == '\'') {
        char quote = *p;
        for (p++; p < end && *p != quote && *p != '\n'; p++)
            if (*p == '\\' && p + 1 < end)
                p++;
        return p < end ? p + 1 : end;
    }
    return p;
}

/* At p, `<<` and spaces then `<` (c '<'), or `>>` and spaces then `>`:
   closed up, the spaces after the three; false if not there. */
static bool close_up(char *p, const char *end, char c)
{
    if (end - p < 3 || p[0] != c || p[1] != c)
        return false;
    char *q = p + 2;
    while (q < end && (*q == ' ' || *q == '\t'))
        q++;
    if (q == p + 2 || q == end || *q != c || (q + 1 < end && q[1] == c))
        return false;
    memmove(p + 3, p + 2, (size_t)(q - (p + 2)));
    p[2] = c;
    return true;
}

/* Closes up text's spaced launches; how many it closed. */
static int close_spaced_launches(char *text, size_t n)
{
    const char *end = text + n;
    int closed = 0;
    bool open = false;                  /* inside a launch's <<< >>>, spaced or not */
    for (char *p = text; p < end;) {
        const char *past = past_comment_or_literal(p, end);
        if (past != p) {
            p = (char *)past;
        } else if (!open && close_up(p, end, '<')) {
            open = true;
            closed++;
            p += 3;
        } else if (!open && end - p >= 3 && !memcmp(p, "<<<", 3)) {
            open = true;
            p += 3;
        } else if (open && close_up(p, end, '>')) {
            open = false;
            closed++;
            p += 3;
        } else {
            if (*p == ';' || *p == '{' || (open && end - p >= 3 && !memcmp(p, ">>>", 3)))
                open = false;
            p++;
        }
    }
    return closed;
}

/* The files tu has errors in, each once, as their paths (dc_format'd), into
   out; how many. */
static int files_with_errors(CXTranslationUnit tu, char **out)
{
    int n = 0;
    for (unsigned i = 0, nd = clang_getNumDiagnostics(tu); i < nd && n < MAX_REWRITTEN; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        CXFile file = NULL;
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
            clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
        clang_disposeDiagnostic(d);
        CXString name = clang_getFileName(file);
        const char *path = file ? clang_getCString(name) : NULL;
        bool seen = !path;
        for (int k = 0; k < n && !seen; k++)
            seen = strcmp(out[k], path) == 0;
        if (!seen)
            out[n++] = dc_format("%s", path);
        clang_disposeString(name);
    }
    return n;
}

int rewrite_failed_files(CXTranslationUnit tu, struct CXUnsavedFile *out)
{
    char *paths[MAX_REWRITTEN];
    int n = 0;
    for (int i = 0, nfiles = files_with_errors(tu, paths); i < nfiles; i++) {
        size_t len = 0;
        char *text = dc_read_source(paths[i], &len);
        if (text && close_spaced_launches(text, len)) {
            out[n++] = (struct CXUnsavedFile){ paths[i], text, (unsigned long)len };
        } else {
            free(text);
            free(paths[i]);
        }
    }
    return n;
}

void free_unsaved(struct CXUnsavedFile *v, int n)
{
    for (int i = 0; i < n; i++) {
        free((char *)v[i].Filename);
        free((char *)v[i].Contents);
    }
}
