/*
 * The findings view.  For programs, one row per finding.  For people, a
 * listing like a compiler's: findings grouped by the source line that made
 * them, the sites with errors first, each site with its line's text when the
 * file is at hand.
 */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A finding without a line (code without debug information) takes it from
   its site's object and offset when they can be looked up now. */
const char findings_sql[] =
    "WITH f AS (SELECT f.*, coalesce(f.file, srcfile(s.object, s.offset)) AS src_file,"
    "                  coalesce(f.line, srcline(s.object, s.offset)) AS src_line,"
    "                  coalesce(f.function, srcfunction(s.object, s.offset)) AS src_function,"
    "                  s.object, s.offset"
    "           FROM findings f LEFT JOIN call_sites s ON s.run = f.run AND s.id = f.site)"
    "SELECT f.run, r.pid, f.severity, f.kind, relpath(f.src_file, f.run) AS file, f.src_line AS line,"
    "       f.src_function AS function, f.count, f.bytes, f.message,"
    "       relpath(a.file, a.run) AS alloc_file, a.line AS alloc_line,"
    "       relpath(d.file, d.run) AS free_file, d.line AS free_line,"
    "       CASE WHEN f.src_file IS NULL AND f.offset IS NOT NULL THEN f.object END AS object,"
    "       CASE WHEN f.src_file IS NULL AND f.offset IS NOT NULL THEN printf('0x%x', f.offset) END AS offset"
    " FROM f"
    " LEFT JOIN runs r ON r.id = f.run"
    " LEFT JOIN call_sites a ON a.run = f.run AND a.id = f.alloc_site"
    " LEFT JOIN call_sites d ON d.run = f.run AND d.id = f.free_site"
    " ORDER BY min(" SQL_SEVERITY_RANK ") OVER (PARTITION BY f.src_file, f.src_line, f.src_function),"
    "          relpath(f.src_file, f.run) IS NULL, relpath(f.src_file, f.run), f.src_line, f.src_function, "
    SQL_SEVERITY_RANK ", f.run, f.id";

static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

static bool same_site(const rows *f, size_t a, size_t b)
{
    return same_text(rows_text(f, a, F_FILE), rows_text(f, b, F_FILE)) &&
           same_text(rows_text(f, a, F_OFFSET), rows_text(f, b, F_OFFSET)) &&
           rows_int(f, a, F_LINE) == rows_int(f, b, F_LINE) &&
           same_text(rows_text(f, a, F_FUNCTION), rows_text(f, b, F_FUNCTION));
}

static bool several_runs(const rows *f)
{
    for (size_t i = 1; i < f->nrows; i++)
        if (rows_int(f, i, F_RUN) != rows_int(f, 0, F_RUN))
            return true;
    return false;
}

static void put(const char *s, bool keep_tabs)
{
    if (!s)
        s = "-";
    char *shown = printable(s, strlen(s), keep_tabs);
    fputs(shown, stdout);
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
    putchar('+');
    put(offset, false);
    fputs(function ? ": in " : "\n", stdout);
    if (function) {
        put(function, false);
        putchar('\n');
    }
    fputs("      (no line: ", stdout);
    put(object, false);
    puts(" has no debug information; build it with -g, or put its .debug file where gdb "
         "finds it, and run devtrace report again)");
}

/* "app/train.c:23: in train_step", then line 23 as a compiler shows it. */
static void print_site(const rows *f, size_t i)
{
    const char *file = rows_text(f, i, F_FILE), *function = rows_text(f, i, F_FUNCTION);
    const char *object = rows_text(f, i, F_OBJECT);
    sqlite3_int64 line = rows_int(f, i, F_LINE);
    if (!file && object) {
        print_object_site(object, rows_text(f, i, F_OFFSET), function);
        return;
    }
    if (file) {
        put_place(file, line);
        fputs(function ? ": in " : "\n", stdout);
    }
    if (function) {
        put(function, false);
        putchar('\n');
    }
    if (!file && !function)
        puts("(source line unknown)");

    char *text = file ? source_line(file, rows_int(f, i, F_RUN), line) : NULL;
    if (text) {
        printf("%5lld | ", (long long)line);
        put(text, true);
        putchar('\n');
        free(text);
    }
}

/* " (pid 4243, 3 times, 4096 bytes)": what is known beyond the message */
static void print_details(const rows *f, size_t i, bool many_runs)
{
    const char *sep = " (";
    if (many_runs) {
        bool pid = !rows_null(f, i, F_PID);
        printf("%s%s %lld", sep, pid ? "pid" : "run", (long long)rows_int(f, i, pid ? F_PID : F_RUN));
        sep = ", ";
    }
    if (rows_int(f, i, F_COUNT) > 1) {
        printf("%s%lld times", sep, (long long)rows_int(f, i, F_COUNT));
        sep = ", ";
    }
    if (!rows_null(f, i, F_BYTES)) {
        printf("%s%lld bytes", sep, (long long)rows_int(f, i, F_BYTES));
        sep = ", ";
    }
    if (sep[0] == ',')
        putchar(')');
}

static void print_memory_site(const char *what, const rows *f, size_t i, int file, int line)
{
    if (rows_null(f, i, file))
        return;
    printf("      %s at ", what);
    put_place(rows_text(f, i, file), rows_int(f, i, line));
    putchar('\n');
}

static void print_finding(const rows *f, size_t i, bool many_runs)
{
    fputs("    ", stdout);
    put(rows_text(f, i, F_SEVERITY), false);
    putchar('[');
    put(rows_text(f, i, F_KIND), false);
    fputs("]: ", stdout);
    put(rows_text(f, i, F_MESSAGE), false);
    print_details(f, i, many_runs);
    putchar('\n');
    print_memory_site("allocated", f, i, F_ALLOC_FILE, F_ALLOC_LINE);
    print_memory_site("freed", f, i, F_FREE_FILE, F_FREE_LINE);
}

void print_findings(const rows *f)
{
    bool many_runs = several_runs(f);
    sqlite3_int64 errors = 0, warnings = 0;
    for (size_t i = 0; i < f->nrows; i++) {
        if (i == 0 || !same_site(f, i - 1, i)) {
            if (i > 0)
                putchar('\n');
            print_site(f, i);
        }
        print_finding(f, i, many_runs);
        const char *severity = rows_text(f, i, F_SEVERITY);
        errors += same_text(severity, "error");
        warnings += same_text(severity, "warning");
    }
    if (f->nrows == 0)
        puts("no findings");
    else
        printf("\n%lld error%s, %lld warning%s\n", (long long)errors, plural(errors),
               (long long)warnings, plural(warnings));
}
