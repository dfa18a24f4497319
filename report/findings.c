/*
 * The findings view.  For programs, one row per finding, its call chain a
 * JSON array of frames.  For people, a listing like a compiler's: findings
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
/* The chain, innermost first, each frame placed as the finding itself is:
   its file as shown and line, recorded or looked up now, or else its
   object and offset; and its function.  NULL where the report holds none
   (one from before chains), or holds something that is not JSON. */
#define FRAME_LOOKED_UP(key, lookup) \
    "coalesce(j.value->>'" key "', " lookup "(j.value->>'object', j.value->>'offset')) AS " key
#define CHAIN \
    "       CASE WHEN json_valid(f.chain) THEN (SELECT json_group_array(json_object(" \
    "           'file', relpath(c.file, f.run), 'line', c.line, 'function', c.function," \
    "           'object', iif(c.file IS NULL, c.object, NULL)," \
    "           'offset', iif(c.file IS NULL AND c.offset IS NOT NULL, printf('0x%x', c.offset), NULL)))" \
    "         FROM (SELECT " FRAME_LOOKED_UP("file", "srcfile") "," \
    "                      " FRAME_LOOKED_UP("line", "srcline") "," \
    "                      " FRAME_LOOKED_UP("function", "srcfunction") "," \
    "                      j.value->>'object' AS object, j.value->>'offset' AS offset" \
    "               FROM json_each(f.chain) j) c) END AS chain"
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
    "       NULL AS object, NULL AS offset," CHAIN \
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
    "       CASE WHEN f.src_file IS NULL AND f.offset IS NOT NULL THEN printf('0x%x', f.offset) END AS offset," \
    CHAIN \
    " FROM (" LOOKED_UP " WHERE f.file IS NULL) f" JOIN_RUN_AND_MEMORY \
    " WHERE" AT_ERROR(yes, "f.src_file", "f.src_line", "f.src_function") \
    " ORDER BY relpath(f.src_file, f.run) IS NULL, relpath(f.src_file, f.run), f.src_line," \
    "          f.src_function, " SQL_SEVERITY_RANK ", f.run, f.id;"

const char findings_sql[] =
    ERROR_PLACES
    RECORDED_PLACES(AT_ERROR_PLACES, "1") LOOKED_UP_PLACES("")
    RECORDED_PLACES("findings f", "f.file IS NOT NULL AND" AT_ERROR("NOT", "f.file", "f.line", "f.function"))
    LOOKED_UP_PLACES("NOT");

/* ---- chains ------------------------------------------------------------------ */

/* A chain's frames, read by SQLite's json_each from the view's array, a
   frame's members in frame's order; main's first by key DESC. */
#define FRAMES_SQL(order) \
    "SELECT value->>'file', value->>'line', value->>'function', value->>'object'," \
    "       value->>'offset' FROM json_each(?1) ORDER BY key " order

void chain_open(chain *c, const report *r, bool from_main)
{
    *c = (chain){r, report_prepare(r, from_main ? FRAMES_SQL("DESC") : FRAMES_SQL("ASC"))};
}

void chain_read(chain *c, sqlite3_value *json)
{
    sqlite3_reset(c->st);
    if (sqlite3_bind_value(c->st, 1, json) != SQLITE_OK)
        report_fail(c->r);
}

bool chain_next(chain *c, frame *at)
{
    if (!report_step(c->r, c->st))
        return false;
    *at = (frame){(const char *)sqlite3_column_text(c->st, 0), sqlite3_column_int64(c->st, 1),
                  (const char *)sqlite3_column_text(c->st, 2),
                  (const char *)sqlite3_column_text(c->st, 3),
                  (const char *)sqlite3_column_text(c->st, 4)};
    return true;
}

void chain_close(chain *c)
{
    sqlite3_finalize(c->st);
    *c = (chain){0};
}

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
    const char *file = text_at(f, F_FILE), *object = text_at(f, F_OBJECT);
    sqlite3_int64 line = int_at(f, F_LINE);
    char *place = place_text(file, line, object, text_at(f, F_OFFSET));
    put_where(place, text_at(f, F_FUNCTION));
    putchar_unlocked('\n');
    free(place);
    if (!file && object) {
        fputs_unlocked("      (no line: ", stdout);
        put(object, false);
        puts(" has no debug information; build it with -g, or put its .debug file where gdb "
             "finds it, and run devtrace report again)");
    }
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
    if (is_null(f, file))
        return;
    char *place = place_text(text_at(f, file), int_at(f, line), NULL, NULL);
    printf("      %s at ", what);
    put(place, false);
    putchar_unlocked('\n');
    free(place);
}

static void print_finding(cursor *f, chain *c, bool many_runs)
{
    fputs_unlocked("    ", stdout);
    put(text_at(f, F_SEVERITY), false);
    putchar_unlocked('[');
    put(text_at(f, F_KIND), false);
    fputs_unlocked("]: ", stdout);
    put(text_at(f, F_MESSAGE), false);
    print_details(f, many_runs);
    putchar_unlocked('\n');
    print_callers(c, f);
    print_memory_site("allocated", f, F_ALLOC_FILE, F_ALLOC_LINE);
    print_memory_site("freed", f, F_FREE_FILE, F_FREE_LINE);
}

void print_findings(cursor *f)
{
    bool many_runs = report_int(f->r, "SELECT count(DISTINCT run) > 1 FROM findings");
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
        const char *severity = text_at(f, F_SEVERITY);
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
