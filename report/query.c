/*
 * The query layer: every query that `devtrace report` and `devtrace run`
 * read a report with, and the rows they read.  The views, the formats and
 * the summaries get rows here (a cursor over them, or all of them copied
 * out, or a number) and format them; none of them prepares SQL or calls
 * SQLite, so that what a report holds and how it is read are found in one
 * file, and a change of the schema touches this file and not the formats.
 */
#include "report.h"

#include "join.h"

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

/* ---- the queries ------------------------------------------------------------- */

/* SQL: errors sort before warnings. */
#define SQL_SEVERITY_RANK "CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END"
/* Over a run's rows of events: true when it made copies or launches and
   none has a device time, as a run not asked for a timeline (devtrace run
   --timeline) has none (REPORT_NO_TIMELINE). */
#define SQL_HOST_TIMES_ONLY "(sum(type IN ('copy', 'launch')) > 0 AND count(device_start_ns) = 0)"

/* ---- the views' (views.c) ----

   Everything is aggregated over all the runs in the file, by source line
   rather than by a run's call-site ids, so that a forking program's
   processes add up. */

/* A call site's columns, and the join that finds the site of table t's row. */
#define SITE_COLUMNS(c) "relpath(" c ".file, " c ".run) AS file, " c ".line, " c ".function"
/* Sites in the order people read them: by the file as shown, then line. */
#define SITE_ORDER(c) \
    "relpath(" c ".file, " c ".run) IS NULL, relpath(" c ".file, " c ".run), " c ".line"
#define JOIN_SITE(c, t) \
    " LEFT JOIN call_sites " c " ON " c ".run = " t ".run AND " c ".id = " t ".site"
/* Sums over the rows (of calls or launches) that failed. */
#define FAILED(calls) "coalesce(sum(CASE WHEN result != 0 THEN " calls " END), 0) AS failed"
/* Copies from host memory of one kind: how many, how many bytes. */
#define HOST_MEMORY(kind)                                                              \
    "coalesce(sum(CASE WHEN host_memory = '" kind "' THEN calls END), 0) AS " kind ","  \
    " coalesce(sum(CASE WHEN host_memory = '" kind "' THEN bytes END), 0) AS " kind "_bytes"

static const char runs_sql[] =
    "SELECT id AS run, pid, exit_status AS exit, signal, device, devices AS gpus,"
    "       round((ended_ns - started_ns) / 1e9, 3) AS seconds, command"
    " FROM runs ORDER BY id";

static const char severities_sql[] =
    "SELECT severity, kind, count(*) AS findings, sum(count) AS occurrences"
    " FROM findings GROUP BY severity, kind ORDER BY " SQL_SEVERITY_RANK ", kind";

static const char directions_sql[] =
    "SELECT direction, sum(calls) AS count, sum(bytes) AS bytes, "
    HOST_MEMORY("pageable") ", " HOST_MEMORY("pinned")
    " FROM transfers GROUP BY direction ORDER BY direction";

static const char top_sites_sql[] =
    "SELECT " SITE_COLUMNS("c") ", a.api, sum(a.calls) AS calls, " FAILED("a.calls")
    " FROM api_calls a" JOIN_SITE("c", "a")
    " GROUP BY c.file, c.line, c.function, a.api"
    " ORDER BY sum(a.calls) DESC, " SITE_ORDER("c") ", a.api LIMIT 10";

static const char launches_sql[] =
    "SELECT coalesce(sum(l.count), 0) AS launches, count(DISTINCT k.name) AS kernels, "
    FAILED("l.count")
    " FROM launches l LEFT JOIN kernels k ON k.run = l.run AND k.id = l.kernel";

static const char memory_sql[] =
    "SELECT memory, sum(count) AS count, sum(bytes) AS bytes,"
    "       sum(count - freed) AS live, sum(bytes - freed_bytes) AS live_bytes"
    " FROM allocations GROUP BY memory ORDER BY memory";

static const char transfers_sql[] =
    "SELECT " SITE_COLUMNS("c") ", t.api, t.direction, t.host_memory, sum(t.calls) AS calls, "
    FAILED("t.calls") ", sum(t.bytes) AS bytes"
    " FROM transfers t" JOIN_SITE("c", "t")
    " GROUP BY c.file, c.line, c.function, t.api, t.direction, t.host_memory"
    " ORDER BY sum(t.bytes) DESC, " SITE_ORDER("c") ", t.api, t.direction,"
    "          t.host_memory";

static const char kernels_sql[] =
    "SELECT demangle(k.name) AS kernel, sum(l.count) AS launches, sum(l.threads) AS threads,"
    "       count(DISTINCT c.file || ':' || c.line) AS sites, " FAILED("l.count")
    " FROM launches l LEFT JOIN kernels k ON k.run = l.run AND k.id = l.kernel"
    JOIN_SITE("c", "l")
    " GROUP BY k.name ORDER BY sum(l.count) DESC, k.name";

static const char allocations_sql[] =
    "SELECT " SITE_COLUMNS("c") ", a.memory, a.device, sum(a.count) AS count,"
    "       sum(a.bytes) AS bytes, max(a.max_bytes) AS max_bytes, sum(a.freed) AS freed,"
    "       sum(a.count - a.freed) AS live, sum(a.bytes - a.freed_bytes) AS live_bytes"
    " FROM allocations a" JOIN_SITE("c", "a")
    " GROUP BY c.file, c.line, c.function, a.memory, a.device"
    " ORDER BY sum(a.bytes) DESC, " SITE_ORDER("c") ", a.memory, a.device";

/* ---- the findings view ----

   For programs, one row per finding, its call chain a JSON array of
   frames; findings.c lists them for people. */
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

static const char findings_sql[] =
    ERROR_PLACES
    RECORDED_PLACES(AT_ERROR_PLACES, "1") LOOKED_UP_PLACES("")
    RECORDED_PLACES("findings f", "f.file IS NOT NULL AND" AT_ERROR("NOT", "f.file", "f.line", "f.function"))
    LOOKED_UP_PLACES("NOT");

/* ---- --static: devcheck's findings and the runs' (joined.c, html.c) ---- */

/* How many of each tool's findings have each state: a part of the summary
   and of the HTML page. */
static const char join_counts_sql[] =
    "SELECT origin, state, count(*) AS findings FROM (SELECT * FROM joined_static"
    " UNION ALL SELECT * FROM joined_runtime)"
    " GROUP BY origin, state ORDER BY origin DESC, join_state_rank(state)";

/* Each of devcheck's findings beside what the runs did there (the findings
   that confirmed it: their kind and line, which a caller's differs from),
   then the runs' findings that devcheck did not report. */
static const char join_side_by_side_sql[] =
    "SELECT * FROM (SELECT s.file, s.line, s.mistake || ': ' || s.state AS devcheck,"
    " CASE WHEN s.state = 'confirmed' THEN"
    "   (SELECT group_concat(DISTINCT g.kind || ' at line ' || g.line) FROM join_pairs p"
    "    JOIN findings g ON g.run = p.run AND g.id = p.finding WHERE p.static = s.static)"
    "   || ', ' || s.found || ' times'"
    "  WHEN s.calls > 0 THEN s.calls || ' calls, ' || coalesce(s.devices, 'no GPU named')"
    "  ELSE 'no call seen' END"
    " || CASE WHEN s.runs > 0 THEN ' in ' || s.runs || ' run' || CASE s.runs WHEN 1 THEN ''"
    "   ELSE 's' END ELSE '' END AS runs"
    " FROM joined_static s"
    " UNION ALL SELECT file, line, NULL, mistake || ': ' || state || ', ' || found"
    "   || ' times in ' || runs || ' run' || CASE runs WHEN 1 THEN '' ELSE 's' END"
    " FROM joined_runtime WHERE state = 'runtime-only')"
    " ORDER BY file IS NULL, file, line";

/* ---- the HTML page's (html.c) ---- */

/* Each finding's state in the join (common/join.h): also-static when a
   finding of devcheck's is at its line (or a caller's), else runtime-only;
   by the run, kind, file as shown and line of the findings view's row. */
static const char finding_state_sql[] =
    "SELECT EXISTS (SELECT 1 FROM findings f"
    "  JOIN (SELECT DISTINCT run, finding FROM join_pairs) p ON p.run = f.run AND p.finding = f.id"
    "  WHERE f.run = ?1 AND f.kind = ?2 AND relpath(f.file, f.run) IS ?3 AND f.line IS ?4)";

static const char kinds_sql[] =
    "SELECT severity, kind, count(*) AS findings, sum(count) AS occurrences,"
    "       count(DISTINCT run) AS runs"
    " FROM findings GROUP BY severity, kind ORDER BY " SQL_SEVERITY_RANK ", kind";

/* When its work ran on the device where CUPTI said (a report from before
   those columns reads them as NULL: source.c), else when its call ran.
   This and marks_sql are read in the order of the runs (html.c's by_run). */
static const char events_sql[] =
    "SELECT run, type = 'copy', coalesce(device, -1), coalesce(device_start_ns, start_ns),"
    "       coalesce(device_duration_ns, duration_ns, 0), coalesce(bytes, 0)"
    " FROM events WHERE type IN ('copy', 'launch') AND start_ns IS NOT NULL ORDER BY run";

/* A kind or message the report does not hold is "-", as everywhere. */
static const char marks_sql[] =
    "SELECT e.run, e.start_ns, coalesce(f.kind, '-') || ': ' || coalesce(f.message, '-') || ' (' ||"
    "       coalesce(relpath(f.file, f.run), '?') || ':' || coalesce(f.line, '?') || ')'"
    " FROM events e JOIN findings f ON f.run = e.run AND f.id = e.finding"
    " WHERE e.type = 'finding' AND e.start_ns IS NOT NULL ORDER BY e.run";

/* A run's span: its events' host times, and their device times, which may
   end past the call's (a GPU's work runs after its asynchronous call). */
static const char spans_sql[] =
    "SELECT e.run, min(e.start_ns),"
    "       max(max(e.start_ns + coalesce(e.duration_ns, 0), coalesce(e.device_start_ns,"
    "           e.start_ns) + coalesce(e.device_duration_ns, e.duration_ns, 0))), count(*),"
    "       coalesce(r.dropped_events, 0), " SQL_HOST_TIMES_ONLY
    " FROM events e LEFT JOIN runs r ON r.id = e.run"
    " WHERE e.start_ns IS NOT NULL GROUP BY e.run ORDER BY e.run";

static const char direction_volume_sql[] =
    "SELECT direction, sum(bytes) AS bytes FROM transfers GROUP BY direction ORDER BY 2 DESC";

static const char site_volume_sql[] =
    "SELECT relpath(c.file, c.run) || ':' || coalesce(c.line, '?') AS site, c.function,"
    "       t.direction, sum(t.bytes) AS bytes"
    " FROM transfers t LEFT JOIN call_sites c ON c.run = t.run AND c.id = t.site"
    " GROUP BY relpath(c.file, c.run), c.line, c.function, t.direction"
    " ORDER BY sum(t.bytes) DESC";

/* ---- the SARIF format's (sarif.c) ---- */

/* Whether devcheck's findings hold one of the kind, file and line (as the
   findings view shows them) that a run found. */
static const char also_static_sql[] =
    "SELECT EXISTS (SELECT 1 FROM join_pairs p JOIN findings g ON g.run = p.run"
    " AND g.id = p.finding WHERE g.kind IS ?1 AND relpath(g.file, g.run) IS ?2"
    " AND g.line IS ?3)";

/* ---- the trace format's (trace.c) ---- */

#define RUN_NAME "'run ' || id || ' (pid ' || coalesce(pid, '?') || '): ' || coalesce(command, '')"
static const char runs_names_sql[] = "SELECT id, " RUN_NAME " FROM runs ORDER BY id";
/* With events, a run that has no device times says so in its name. */
static const char runs_timeline_names_sql[] =
    "SELECT id, " RUN_NAME " || CASE WHEN host_only THEN ' (" REPORT_NO_TIMELINE ")' ELSE '' END"
    " FROM runs LEFT JOIN (SELECT run, " SQL_HOST_TIMES_ONLY " AS host_only FROM events"
    " GROUP BY run) ON run = id ORDER BY id";

static const char lanes_sql[] =
    "SELECT DISTINCT run, coalesce(device, -1), type FROM events ORDER BY 1, 2, 3";

/* A finding's event whose finding the filters dropped is left out.  The
   times are the device's where CUPTI said (else NULL: source.c), else the
   call's. */
static const char trace_sql[] =
    "SELECT e.run, e.type, e.api,"
    "       coalesce(e.device_start_ns, e.start_ns) - (SELECT min(start_ns) FROM events),"
    "       coalesce(e.device_duration_ns, e.duration_ns, 0), coalesce(e.device, -1), e.bytes, e.direction, demangle(k.name),"
    "       relpath(c.file, c.run), c.line, f.kind, f.message, e.stream"
    " FROM events e"
    " LEFT JOIN kernels k ON k.run = e.run AND k.id = e.kernel"
    " LEFT JOIN call_sites c ON c.run = e.run AND c.id = e.site"
    " LEFT JOIN findings f ON f.run = e.run AND f.id = e.finding"
    " WHERE e.start_ns IS NOT NULL AND (e.type != 'finding' OR f.kind IS NOT NULL)"
    " ORDER BY e.run, e.seq";

static const char *const queries[NQUERIES] = {
    [Q_RUNS] = runs_sql,
    [Q_SEVERITIES] = severities_sql,
    [Q_DIRECTIONS] = directions_sql,
    [Q_TOP_SITES] = top_sites_sql,
    [Q_LAUNCHES] = launches_sql,
    [Q_MEMORY] = memory_sql,
    [Q_TRANSFERS] = transfers_sql,
    [Q_KERNELS] = kernels_sql,
    [Q_ALLOCATIONS] = allocations_sql,
    [Q_FINDINGS] = findings_sql,
    [Q_JOINED] = join_sql,
    [Q_JOIN_COUNTS] = join_counts_sql,
    [Q_JOIN_SIDE_BY_SIDE] = join_side_by_side_sql,
    [Q_KINDS] = kinds_sql,
    [Q_SPANS] = spans_sql,
    [Q_EVENTS] = events_sql,
    [Q_MARKS] = marks_sql,
    [Q_DIRECTION_VOLUME] = direction_volume_sql,
    [Q_SITE_VOLUME] = site_volume_sql,
    [Q_RUN_NAMES] = runs_names_sql,
    [Q_RUN_TIMELINE_NAMES] = runs_timeline_names_sql,
    [Q_LANES] = lanes_sql,
    [Q_TRACE_EVENTS] = trace_sql,
    [Q_FIRST_FOLDER] = "SELECT cwd, id FROM runs WHERE cwd IS NOT NULL ORDER BY id LIMIT 1",
    [Q_RUN_FOLDERS] = "SELECT id, cwd FROM runs",
    [Q_UNENDED_PIDS] = "SELECT pid FROM runs WHERE ended_ns IS NULL",
    [Q_STATIC_STATES] = "SELECT state, runs, calls, found, devices FROM joined_static"
                        " ORDER BY static",
};

void query_open(cursor *c, const report *r, const char *name, query q)
{
    cursor_open(c, r, name, queries[q]);
}

void query_fetch(rows *out, const report *r, const char *name, query q)
{
    rows_fetch(out, r, name, queries[q]);
}

/* Whether the one row of sql, its ?1... bound to values, says yes. */
static bool query_true(const report *r, const char *sql, sqlite3_value *const *values, int n)
{
    sqlite3_stmt *st = report_prepare(r, sql);
    for (int i = 0; i < n; i++)
        if (sqlite3_bind_value(st, i + 1, values[i]) != SQLITE_OK)
            report_fail(r);
    bool yes = report_step(r, st) && sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return yes;
}

bool join_finding_paired(const report *r, const rows *f, size_t i)
{
    sqlite3_value *at[] = {rows_cell(f, i, F_RUN), rows_cell(f, i, F_KIND),
                           rows_cell(f, i, F_FILE), rows_cell(f, i, F_LINE)};
    return query_true(r, finding_state_sql, at, COUNT(at));
}

bool join_place_paired(const report *r, const rows *f, size_t i)
{
    sqlite3_value *at[] = {rows_cell(f, i, F_KIND), rows_cell(f, i, F_FILE),
                           rows_cell(f, i, F_LINE)};
    return query_true(r, also_static_sql, at, COUNT(at));
}

sqlite3_int64 runs_count(const report *r)
{
    return report_int(r, "SELECT count(*) FROM runs");
}

sqlite3_int64 runs_cut_short(const report *r)
{
    return report_int(r, "SELECT count(*) FROM runs WHERE ended_ns IS NULL");
}

void read_begin(const report *r)
{
    report_exec(r, "BEGIN");
}

void read_end(const report *r)
{
    report_exec(r, "COMMIT");
}

sqlite3_int64 findings_failing(const report *r, bool warnings)
{
    static const char errors[] = "SELECT count(*) FROM findings WHERE severity = 'error'";
    static const char errors_and_warnings[] =
        "SELECT count(*) FROM findings WHERE severity IN ('error', 'warning')";
    return report_int(r, warnings ? errors_and_warnings : errors);
}

sqlite3_int64 findings_hidden(const report *r)
{
    return report_int(r, "SELECT (SELECT count(*) FROM main.findings WHERE NOT "
                         MISTAKE_LIMIT_SQL("kind", "run") ")"
                         " - (SELECT count(*) FROM temp.findings)");
}

/* ---- queries of a session, a state: with a parameter ----------------------------- */

void limits_fetch(rows *out, const report *r, const char *session)
{
    char *sql = sqlite3_mprintf("SELECT f.run, r.command, count(*) FROM main.findings f"
                                " JOIN runs r ON r.id = f.run WHERE "
                                MISTAKE_LIMIT_SQL("f.kind", "f.run")
                                " AND (%Q IS NULL OR r.session IS %Q) GROUP BY f.run ORDER BY f.run",
                                session, session);
    rows_fetch(out, r, "limits", sql);
    sqlite3_free(sql);
}

void untraced_fetch(rows *out, const report *r, const char *session)
{
    char *sql = sqlite3_mprintf("SELECT command, untraced, count(*) FROM runs "
                                "WHERE untraced IS NOT NULL AND (%Q IS NULL OR session IS %Q) "
                                "GROUP BY command, untraced", session, session);
    rows_fetch(out, r, "untraced", sql);
    sqlite3_free(sql);
}

/* The number a query over the session's runs gives; in sql, ?1 is the
   session. */
static sqlite3_int64 session_int(const report *r, const char *sql, const char *session)
{
    sqlite3_stmt *st = report_prepare(r, sql);
    sqlite3_bind_text(st, 1, session, -1, SQLITE_STATIC);
    sqlite3_int64 n = report_step(r, st) ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    return n;
}

/* A session's findings of one severity. */
#define SESSION_FINDINGS(severity) \
    "SELECT count(*) FROM findings f JOIN runs r ON r.id = f.run " \
    "WHERE r.session IS ?1 AND f.severity = '" severity "'"

session_counts session_count(const report *r, const char *session)
{
    session_counts n;
    n.runs = session_int(r, "SELECT count(*) FROM runs WHERE session IS ?1", session);
    n.errors = session_int(r, SESSION_FINDINGS("error"), session);
    n.warnings = session_int(r, SESSION_FINDINGS("warning"), session);
    n.untraced = session_int(r, "SELECT count(*) FROM runs WHERE session IS ?1 "
                                "AND untraced IS NOT NULL", session);
    return n;
}

bool join_ran_none(const report *r)
{
    return report_int(r, join_ran_none_sql) != 0;
}

sqlite3_int64 join_state_count(const report *r, const char *state)
{
    char *sql = sqlite3_mprintf("SELECT count(*) FROM (%s) WHERE state = %Q", join_sql, state);
    sqlite3_int64 n = report_int(r, sql);
    sqlite3_free(sql);
    return n;
}

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

