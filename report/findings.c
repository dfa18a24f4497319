/*
 * The findings view.  For programs, one row per finding.  For people, a
 * listing like a compiler's: findings grouped by the source line that made
 * them, the sites with errors first, each site with its line's text when the
 * file is at hand; printed as they are read, whatever their number.
 */
#define _GNU_SOURCE     /* the _unlocked stdio: only this thread writes stdout */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The lines with an error, whose sites come first, in a temporary table of
   their own, made once a command (the table format reads the view twice,
   the html format again): few, and read by the findings_errors index
   (common/schema.c).  A finding without a line (code
   without debug information) takes it from its site's object and offset
   when they can be looked up now. */
#define LOOKED_UP \
    "SELECT f.*, coalesce(f.file, srcfile(s.object, s.offset)) AS src_file," \
    "       coalesce(f.line, srcline(s.object, s.offset)) AS src_line," \
    "       coalesce(f.function, srcfunction(s.object, s.offset)) AS src_function," \
    "       s.object, s.offset" \
    " FROM findings f LEFT JOIN call_sites s ON s.run = f.run AND s.id = f.site"
#define ERROR_PLACES \
    "CREATE TEMP TABLE IF NOT EXISTS error_places AS" \
    " SELECT DISTINCT src_file AS file, src_line AS line, src_function AS function" \
    " FROM (" LOOKED_UP " WHERE f.severity = 'error');" \
    "CREATE INDEX IF NOT EXISTS temp.error_places_at ON error_places (file, line, function);"
#define AT_ERROR(yes, file, line, function) \
    " " yes " EXISTS (SELECT 1 FROM error_places e WHERE e.file IS " file \
    "                 AND e.line IS " line " AND e.function IS " function ")"
#define MEMORY_SITES \
    "       relpath(a.file, a.run) AS alloc_file, a.line AS alloc_line," \
    "       relpath(d.file, d.run) AS free_file, d.line AS free_line,"
#define JOIN_RUN_AND_MEMORY \
    " LEFT JOIN runs r ON r.id = f.run" \
    " LEFT JOIN call_sites a ON a.run = f.run AND a.id = f.alloc_site" \
    " LEFT JOIN call_sites d ON d.run = f.run AND d.id = f.free_site"

/* The findings whose lines were recorded, in the order of the
   findings_by_place index, so that SQLite reads the rows in it, however
   many, rather than sorting them: by file as recorded, line, function,
   errors before warnings.  Those at the lines with an error are found from
   those lines (the join in that order), and sorted: few. */
#define RECORDED_PLACES(from, where) \
    "SELECT f.run, r.pid, f.severity, f.kind, relpath(f.file, f.run) AS file, f.line," \
    "       f.function, f.count, f.bytes, f.message," MEMORY_SITES \
    "       NULL AS object, NULL AS offset" \
    " FROM " from JOIN_RUN_AND_MEMORY " WHERE " where \
    " ORDER BY f.file, f.line, f.function, f.severity, f.run, f.id;"
#define AT_ERROR_PLACES \
    "error_places e CROSS JOIN findings f" \
    " ON f.file = e.file AND f.line IS e.line AND f.function IS e.function"

/* The lines looked up now, or unknown: sorted, and after the others. */
#define LOOKED_UP_PLACES(yes) \
    "SELECT f.run, r.pid, f.severity, f.kind, relpath(f.src_file, f.run) AS file," \
    "       f.src_line AS line, f.src_function AS function, f.count, f.bytes, f.message," \
    MEMORY_SITES \
    "       CASE WHEN f.src_file IS NULL AND f.offset IS NOT NULL THEN f.object END AS object," \
    "       CASE WHEN f.src_file IS NULL AND f.offset IS NOT NULL THEN printf('0x%x', f.offset) END AS offset" \
    " FROM (" LOOKED_UP " WHERE f.file IS NULL) f" JOIN_RUN_AND_MEMORY \
    " WHERE" AT_ERROR(yes, "f.src_file", "f.src_line", "f.src_function") \
    " ORDER BY relpath(f.src_file, f.run) IS NULL, relpath(f.src_file, f.run), f.src_line," \
    "          f.src_function, " SQL_SEVERITY_RANK ", f.run, f.id;"

const char findings_sql[] =
    ERROR_PLACES
    RECORDED_PLACES(AT_ERROR_PLACES, "1") LOOKED_UP_PLACES("")
    RECORDED_PLACES("findings f", "f.file IS NOT NULL AND" AT_ERROR("NOT", "f.file", "f.line", "f.function"))
    LOOKED_UP_PLACES("NOT");

static const char *text_at(cursor *f, int col)
{
    return (const char *)sqlite3_value_text(cursor_cell(f, col));    /* NULL for NULL */
}

static sqlite3_int64 int_at(cursor *f, int col)
{
    return sqlite3_value_int64(cursor_cell(f, col));
}

static bool is_null(cursor *f, int col)
{
    return sqlite3_value_type(cursor_cell(f, col)) == SQLITE_NULL;
}

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
    if (p->line == int_at(f, F_LINE) && same_text(p->file, text_at(f, F_FILE)) &&
        same_text(p->offset, text_at(f, F_OFFSET)) && same_text(p->function, text_at(f, F_FUNCTION)))
        return true;
    forget_place(p);
    *p = (place){dup_or_null(text_at(f, F_FILE)), dup_or_null(text_at(f, F_OFFSET)),
                 dup_or_null(text_at(f, F_FUNCTION)), int_at(f, F_LINE)};
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

/* "file:line", or "file" when the line is unknown */
static void put_place(const char *file, sqlite3_int64 line)
{
    put(file, false);
    if (line > 0)
        printf(":%lld", (long long)line);
}

/* "object+0x1234: in main", and how to get its line */
static void print_object_site(const char *object, const char *offset, const char *function)
{
    const char *slash = strrchr(object, '/');
    put(slash ? slash + 1 : object, false);
    putchar_unlocked('+');
    put(offset, false);
    fputs_unlocked(function ? ": in " : "\n", stdout);
    if (function) {
        put(function, false);
        putchar_unlocked('\n');
    }
    fputs_unlocked("      (no line: ", stdout);
    put(object, false);
    puts(" has no debug information; build it with -g, or put its .debug file where gdb "
         "finds it, and run devtrace report again)");
}

/* "app/train.c:23: in train_step", then line 23 as a compiler shows it. */
static void print_site(cursor *f)
{
    const char *file = text_at(f, F_FILE), *function = text_at(f, F_FUNCTION);
    const char *object = text_at(f, F_OBJECT);
    sqlite3_int64 line = int_at(f, F_LINE);
    if (!file && object) {
        print_object_site(object, text_at(f, F_OFFSET), function);
        return;
    }
    if (file) {
        put_place(file, line);
        fputs_unlocked(function ? ": in " : "\n", stdout);
    }
    if (function) {
        put(function, false);
        putchar_unlocked('\n');
    }
    if (!file && !function)
        puts("(source line unknown)");

    char *text = file ? source_line(file, int_at(f, F_RUN), line) : NULL;
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
        bool pid = !is_null(f, F_PID);
        printf("%s%s %lld", sep, pid ? "pid" : "run", (long long)int_at(f, pid ? F_PID : F_RUN));
        sep = ", ";
    }
    if (int_at(f, F_COUNT) > 1) {
        printf("%s%lld times", sep, (long long)int_at(f, F_COUNT));
        sep = ", ";
    }
    if (!is_null(f, F_BYTES)) {
        printf("%s%lld bytes", sep, (long long)int_at(f, F_BYTES));
        sep = ", ";
    }
    if (sep[0] == ',')
        putchar_unlocked(')');
}

static void print_memory_site(const char *what, cursor *f, int file, int line)
{
    if (is_null(f, file))
        return;
    printf("      %s at ", what);
    put_place(text_at(f, file), int_at(f, line));
    putchar_unlocked('\n');
}

static void print_finding(cursor *f, bool many_runs)
{
    fputs_unlocked("    ", stdout);
    put(text_at(f, F_SEVERITY), false);
    putchar_unlocked('[');
    put(text_at(f, F_KIND), false);
    fputs_unlocked("]: ", stdout);
    put(text_at(f, F_MESSAGE), false);
    print_details(f, many_runs);
    putchar_unlocked('\n');
    print_memory_site("allocated", f, F_ALLOC_FILE, F_ALLOC_LINE);
    print_memory_site("freed", f, F_FREE_FILE, F_FREE_LINE);
}

void print_findings(cursor *f)
{
    bool many_runs = report_int(f->r, "SELECT count(DISTINCT run) > 1 FROM findings");
    sqlite3_int64 errors = 0, warnings = 0, n = 0;
    place at = {0};
    for (; cursor_next(f); n++) {
        if (!at_place(&at, f) || n == 0) {
            if (n > 0)
                putchar_unlocked('\n');
            print_site(f);
        }
        print_finding(f, many_runs);
        const char *severity = text_at(f, F_SEVERITY);
        errors += same_text(severity, "error");
        warnings += same_text(severity, "warning");
    }
    forget_place(&at);
    if (n == 0)
        fputs("no findings", stdout);
    else
        printf("\n%lld error%s, %lld warning%s", (long long)errors, plural(errors),
               (long long)warnings, plural(warnings));
    filter_say_hidden(f->r, stdout);
    putchar_unlocked('\n');
}
