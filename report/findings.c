/*
 * The findings view.  For programs, one row per finding, its call chain a
 * JSON array of frames (query.c's Q_FINDINGS, in any format of format.c's).
 * For people, a listing like a compiler's: findings
 * grouped by the source line that made them, the sites with errors first,
 * each site with its line's text when the file is at hand, each finding
 * with the callers that led there as notes; printed as they are read,
 * whatever their number.
 */
#define _GNU_SOURCE     /* the _unlocked stdio: only this thread writes stdout */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- places ------------------------------------------------------------------ */

char *place_text(const char *file, sqlite3_int64 line, const char *object, const char *offset)
{
    const char *slash = object ? strrchr(object, '/') : NULL;
    if (file)
        return line > 0 ? xasprintf("%s:%lld", file, (long long)line) : xstrdup(file);
    if (object)
        return xasprintf("%s+%s", slash ? slash + 1 : object, offset ? offset : "?");
    return NULL;
}

char *frame_place(const frame *at)
{
    return place_text(at->file, at->line, at->object, at->offset);
}

/* ---- the listing ----------------------------------------------------------------- */

static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

/* A finding's source line, kept to tell whether the next is at it too. */
typedef struct {
    char *file, *offset, *function;
    sqlite3_int64 line;
} place;

static char *dup_or_null(const char *s)
{
    return s ? xstrdup(s) : NULL;
}

static void forget_place(place *p)
{
    free(p->file);
    free(p->offset);
    free(p->function);
    *p = (place){0};
}

/* true when the row is at p's line; else p becomes the row's line */
static bool at_place(place *p, cursor *f)
{
    if (p->line == cursor_int(f, F_LINE) && same_text(p->file, cursor_text(f, F_FILE)) &&
        same_text(p->offset, cursor_text(f, F_OFFSET)) &&
        same_text(p->function, cursor_text(f, F_FUNCTION)))
        return true;
    forget_place(p);
    *p = (place){dup_or_null(cursor_text(f, F_FILE)), dup_or_null(cursor_text(f, F_OFFSET)),
                 dup_or_null(cursor_text(f, F_FUNCTION)), cursor_int(f, F_LINE)};
    return false;
}

static void put(const char *s, bool keep_tabs)
{
    if (!s)
        s = "-";
    if (is_plain(s, strlen(s))) {
        fputs_unlocked(s, stdout);
        return;
    }
    char *shown = printable(s, strlen(s), keep_tabs);
    fputs_unlocked(shown, stdout);
    free(shown);
}

/* "app/train.c:23: in train_step", "libvendor.so+0x1234: in helper", or
   what there is of these */
static void put_where(const char *place, const char *function)
{
    if (place)
        put(place, false);
    if (place && function)
        fputs_unlocked(": in ", stdout);
    if (function)
        put(function, false);
    if (!place && !function)
        fputs_unlocked("(source line unknown)", stdout);
}

/* The site, then line 23 as a compiler shows it, or how to get its line. */
static void print_site(cursor *f)
{
    const char *file = cursor_text(f, F_FILE), *object = cursor_text(f, F_OBJECT);
    sqlite3_int64 line = cursor_int(f, F_LINE);
    char *place = place_text(file, line, object, cursor_text(f, F_OFFSET));
    put_where(place, cursor_text(f, F_FUNCTION));
    putchar_unlocked('\n');
    free(place);
    if (!file && object) {
        fputs_unlocked("      (no line: ", stdout);
        put(object, false);
        puts(" has no debug information; build it with -g, or put its .debug file where gdb "
             "finds it, and run devtrace report again)");
    }
    char *text = file ? source_line(file, cursor_int(f, F_RUN), line) : NULL;
    if (text) {
        printf("%5lld | ", (long long)line);
        put(text, true);
        putchar_unlocked('\n');
        free(text);
    }
}

/* " (pid 4243, 3 times, 4096 bytes)": what is known beyond the message */
static void print_details(cursor *f, bool many_runs)
{
    const char *sep = " (";
    if (many_runs) {
        bool pid = !cursor_null(f, F_PID);
        printf("%s%s %lld", sep, pid ? "pid" : "run",
               (long long)cursor_int(f, pid ? F_PID : F_RUN));
        sep = ", ";
    }
    if (cursor_int(f, F_COUNT) > 1) {
        printf("%s%lld times", sep, (long long)cursor_int(f, F_COUNT));
        sep = ", ";
    }
    if (!cursor_null(f, F_BYTES)) {
        printf("%s%lld bytes", sep, (long long)cursor_int(f, F_BYTES));
        sep = ", ";
    }
    if (sep[0] == ',')
        putchar_unlocked(')');
}

/* "      called from app/train.c:27: in main": the frames past the
   finding's own, out to main. */
static void print_callers(chain *c, cursor *f)
{
    frame at;
    chain_read(c, cursor_cell(f, F_CHAIN));
    for (bool own = true; chain_next(c, &at); own = false) {
        if (own)
            continue;
        char *place = frame_place(&at);
        fputs_unlocked("      called from ", stdout);
        put_where(place, at.function);
        putchar_unlocked('\n');
        free(place);
    }
}

static void print_memory_site(const char *what, cursor *f, int file, int line)
{
    if (cursor_null(f, file))
        return;
    char *place = place_text(cursor_text(f, file), cursor_int(f, line), NULL, NULL);
    printf("      %s at ", what);
    put(place, false);
    putchar_unlocked('\n');
    free(place);
}

static void print_finding(cursor *f, chain *c, bool many_runs)
{
    fputs_unlocked("    ", stdout);
    put(cursor_text(f, F_SEVERITY), false);
    putchar_unlocked('[');
    put(cursor_text(f, F_KIND), false);
    fputs_unlocked("]: ", stdout);
    put(cursor_text(f, F_MESSAGE), false);
    print_details(f, many_runs);
    putchar_unlocked('\n');
    print_callers(c, f);
    print_memory_site("allocated", f, F_ALLOC_FILE, F_ALLOC_LINE);
    print_memory_site("freed", f, F_FREE_FILE, F_FREE_LINE);
}

void print_findings(cursor *f)
{
    bool many_runs = findings_many_runs(f->r);
    sqlite3_int64 errors = 0, warnings = 0, n = 0;
    place at = {0};
    chain c;
    chain_open(&c, f->r, false);
    for (; cursor_next(f); n++) {
        if (!at_place(&at, f) || n == 0) {
            if (n > 0)
                putchar_unlocked('\n');
            print_site(f);
        }
        print_finding(f, &c, many_runs);
        const char *severity = cursor_text(f, F_SEVERITY);
        errors += same_text(severity, "error");
        warnings += same_text(severity, "warning");
    }
    forget_place(&at);
    chain_close(&c);
    if (n == 0)
        fputs("no findings", stdout);
    else
        printf("\n%lld error%s, %lld warning%s", (long long)errors, plural(errors),
               (long long)warnings, plural(warnings));
    filter_say_hidden(f->r, stdout);
    putchar_unlocked('\n');
}
