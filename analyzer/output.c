/*
 * Findings in the compilers' format, which editors and CI logs already read:
 *
 *   FILE:LINE:COL: SEVERITY: MESSAGE [devcheck-RULE]     error or warning (mistakes.h)
 *   FILE:LINE:COL: note: MESSAGE
 *   FILE:LINE:COL: note: fix: insert 'x = '
 *   fix-it:"FILE":{LINE:COL-LINE:COL}:"x = "
 *
 * Each fix is said twice: in words for people, and as clang's
 * -fdiagnostics-parseable-fixits line for editors and scripts.  No control
 * character of a file's name or a message (a string literal quoted in it)
 * goes out as it is: each is an escape, as in devtrace's text (\x1b, \n),
 * so that a finding is one line and cannot drive the terminal.
 */
#include "devcheck.h"
#include "json.h"

#include <stdlib.h>
#include <string.h>

char *dc_printable(const char *s, size_t n)
{
    char *shown = dc_realloc(NULL, 4 * n + 1);
    json_printable(shown, s, n, false);
    return shown;
}

/* Text for one line of output, between quotes (a line break in a
   multi-line fix as \n). */
static char *quoted(const char *s, size_t n)
{
    char *shown = dc_printable(s, n);
    char *q = dc_format("'%s'", shown);
    free(shown);
    return q;
}

/* s, printable, on out. */
static void put_printable(FILE *out, const char *s)
{
    char *shown = dc_printable(s, strlen(s));
    fputs(shown, out);
    free(shown);
}

static bool same_file(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* What the fix takes away: the source text itself when it lies on one line
   that can be read, else where it ends. */
static char *replaced_text(const dc_fix *fix)
{
    size_t len;
    const char *line = fix->begin.file && same_file(fix->begin.file, fix->end.file)
                               && fix->begin.line == fix->end.line
                           ? dc_source_line(fix->begin.file, fix->begin.line, &len)
                           : NULL;
    if (line && fix->begin.column >= 1 && fix->begin.column <= fix->end.column
        && fix->end.column - 1 <= len)
        return quoted(line + fix->begin.column - 1, fix->end.column - fix->begin.column);
    return dc_format("the text up to %u:%u", fix->end.line, fix->end.column);
}

char *dc_fix_summary(const dc_fix *fix)
{
    char *with = quoted(fix->text, strlen(fix->text));
    if (same_file(fix->begin.file, fix->end.file) && fix->begin.line == fix->end.line
        && fix->begin.column == fix->end.column) {
        char *s = dc_format("insert %s", with);
        free(with);
        return s;
    }
    char *old = replaced_text(fix);
    char *s = *fix->text ? dc_format("replace %s with %s", old, with) : dc_format("remove %s", old);
    free(old);
    free(with);
    return s;
}

/* A location as compilers print it; a note may have none. */
static void print_loc(FILE *out, dc_loc loc)
{
    if (!loc.file)
        return;
    put_printable(out, loc.file);
    fprintf(out, ":%u:%u: ", loc.line, loc.column);
}

/* A string as LLVM's raw_ostream::write_escaped writes it in a fix-it line. */
static void print_escaped(FILE *out, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\\' || c == '"')
            fprintf(out, "\\%c", c);
        else if (c == '\t' || c == '\n')
            fprintf(out, "\\%c", c == '\t' ? 't' : 'n');
        else if (c < 0x20 || c >= 0x7f)
            fprintf(out, "\\%03o", c);
        else
            putc(c, out);
    }
}

static void print_fix(FILE *out, const dc_fix *fix)
{
    char *what = dc_fix_summary(fix);
    print_loc(out, fix->begin);
    fprintf(out, "note: fix: %s\n", what);
    free(what);
    if (!fix->begin.file)
        return;                     /* no place to say */
    fputs("fix-it:\"", out);
    print_escaped(out, fix->begin.file);
    fprintf(out, "\":{%u:%u-%u:%u}:\"", fix->begin.line, fix->begin.column, fix->end.line,
            fix->end.column);
    print_escaped(out, fix->text);
    fputs("\"\n", out);
}

void dc_print_lines(FILE *out, const char *text)
{
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        char *shown = dc_printable(p, n);
        fprintf(out, "%s\n", shown);
        free(shown);
        p += n + (p[n] == '\n');
    }
}

void dc_print_note(FILE *out, const dc_note *note)
{
    print_loc(out, note->loc);
    fputs("note: ", out);
    put_printable(out, note->message);
    fputc('\n', out);
}

/* "WHAT: error: WHY" (dc_source's skipped) as a compiler says an error:
   the error at its place, then what it left unread, a note there. */
void dc_print_unread(FILE *out, const dc_note *note)
{
    const char *cut = strstr(note->message, ": error: ");
    if (!cut) {
        dc_print_note(out, note);
        return;
    }
    char *what = dc_printable(note->message, (size_t)(cut - note->message));
    print_loc(out, note->loc);
    fputs("error: ", out);
    put_printable(out, cut + strlen(": error: "));
    fputc('\n', out);
    print_loc(out, note->loc);
    fprintf(out, "note: %s\n", what);
    free(what);
}

static void print_finding(FILE *out, const dc_finding *d, const char *runtime)
{
    print_loc(out, d->loc);
    fprintf(out, "%s: ", dc_severity(d->rule));
    put_printable(out, d->message);
    fprintf(out, " [devcheck-%s]\n", d->rule);
    for (int i = 0; i < d->nnotes; i++)
        dc_print_note(out, &d->notes[i]);
    if (runtime) {
        print_loc(out, d->loc);
        fprintf(out, "note: %s\n", runtime);
    }
    for (int i = 0; i < d->nfixes; i++)
        print_fix(out, &d->fixes[i]);
}

void dc_print_text(FILE *out, const dc_findings *f, char *const *notes)
{
    for (int i = 0; i < f->n; i++)
        print_finding(out, &f->v[i], notes ? notes[i] : NULL);
}
