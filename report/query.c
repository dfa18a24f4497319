/*
 * The query layer: every query that `devtrace report` and `devtrace run`
 * read a report with, and the rows they read.  The views, the formats and
 * the summaries get rows here (a cursor over them, or all of them copied
 * out, or a number) and format them; none of them prepares SQL or calls
 * SQLite, so that what a report holds and how it is read are found in one
 * file, and a change of the schema touches this file and not the formats.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* ---- cells ------------------------------------------------------------------- */

int cell_type(sqlite3_value *v)
{
    return sqlite3_value_type(v);
}

const char *cell_text(sqlite3_value *v)
{
    return (const char *)sqlite3_value_text(v);
}

size_t cell_bytes(sqlite3_value *v)
{
    return (size_t)sqlite3_value_bytes(v);
}

sqlite3_int64 cell_int(sqlite3_value *v)
{
    return sqlite3_value_int64(v);
}

double cell_double(sqlite3_value *v)
{
    return sqlite3_value_double(v);
}

bool cell_null(sqlite3_value *v)
{
    return sqlite3_value_type(v) == SQLITE_NULL;
}

/* ---- rows and cursors ----------------------------------------------------------- */

void rows_fetch(rows *out, const report *r, const char *name, const char *sql)
{
    cursor c;
    cursor_open(&c, r, name, sql);
    int ncols = cursor_ncols(&c);
    *out = (rows){.name = name, .ncols = ncols, .cols = xmalloc((size_t)ncols * sizeof(char *))};
    for (int i = 0; i < ncols; i++)
        out->cols[i] = xstrdup(cursor_column(&c, i));
    size_t room = 0;
    while (cursor_next(&c)) {
        if (out->nrows == room) {
            room = room ? 2 * room : 16;
            out->cells = xrealloc(out->cells, room * (size_t)ncols * sizeof *out->cells);
        }
        sqlite3_value **row = out->cells + out->nrows * (size_t)ncols;
        for (int i = 0; i < ncols; i++)
            if (!(row[i] = sqlite3_value_dup(cursor_cell(&c, i))))
                die("out of memory");
        out->nrows++;
    }
    cursor_close(&c);
}

void rows_free(rows *rs)
{
    for (size_t i = 0; i < rs->nrows * (size_t)rs->ncols; i++)
        sqlite3_value_free(rs->cells[i]);
    for (int i = 0; i < rs->ncols; i++)
        free(rs->cols[i]);
    free(rs->cells);
    free(rs->cols);
    *rs = (rows){0};
}

/* The query at c->rest becomes the current statement; the statements
   before it that yield no rows (CREATE TEMP ...) run on the way. */
static void prepare_next(cursor *c)
{
    for (;;) {
        if (sqlite3_prepare_v2(c->r->db, c->rest, -1, &c->st, &c->rest) != SQLITE_OK)
            report_fail(c->r);
        if (!c->st)
            die("%s: no query in the %s view", c->r->path, c->name);
        if (sqlite3_column_count(c->st) > 0)
            return;
        report_step(c->r, c->st);
        sqlite3_finalize(c->st);
    }
}

void cursor_open(cursor *c, const report *r, const char *name, const char *sql)
{
    *c = (cursor){.name = name, .r = r, .sql = sql, .rest = sql};
    prepare_next(c);
}

static bool more_statements(const char *rest)
{
    return rest[strspn(rest, " \t\n;")] != '\0';
}

bool cursor_next(cursor *c)
{
    while (!report_step(c->r, c->st)) {
        if (!more_statements(c->rest))
            return false;
        sqlite3_finalize(c->st);
        prepare_next(c);
    }
    return true;
}

void cursor_rewind(cursor *c)
{
    sqlite3_finalize(c->st);
    c->rest = c->sql;
    prepare_next(c);
}

void cursor_close(cursor *c)
{
    sqlite3_finalize(c->st);
    *c = (cursor){0};
}

int cursor_ncols(cursor *c)
{
    return sqlite3_column_count(c->st);
}

sqlite3_value *cursor_cell(cursor *c, int col)
{
    return sqlite3_column_value(c->st, col);
}

const char *cursor_column(cursor *c, int col)
{
    const char *name = sqlite3_column_name(c->st, col);
    if (!name)
        die("out of memory");
    return name;
}

/* ---- the findings view ---------------------------------------------------------- */

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

bool findings_many_runs(const report *r)
{
    return report_int(r, "SELECT count(DISTINCT run) > 1 FROM findings");
}

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

