/*
 * devtrace: the command line over the reports that libdevtrace writes
 * (common/schema.h describes the database).
 *
 *   devtrace report [FILE...] [VIEW] [--format FORMAT] [-o FILE]
 *                   [--static FILE.sarif]...   (several FILEs: with --static)
 *                   [--fail-on error|warning] [--kinds LIST] [--suppressions FILE]
 *   devtrace run [-o FILE] [--error-exitcode N] [--kinds LIST] [--suppressions FILE]
 *                -- PROGRAM ARGS...
 *   devtrace merge OUT IN...
 *   devtrace --version
 *
 *   devtrace.c  main: the subcommands, their usage, fatal errors
 *   cli.c       what every subcommand uses: options, memory, the default report
 *   database.c  opening a report, telling a foreign, newer or broken file
 *               apart; statements prepared and stepped, dying on an error
 *   guard.c     what a crafted file cannot do: SQLite's defences, and a
 *               schema that must be the one devtrace writes
 *   query.c     the query layer: every query that report and run read a
 *               report with, named (query_open, query_fetch) or asked for
 *               (a count, the rows of a session); cursors, rows and cells;
 *               a finding's chain read a frame at a time
 *   views.c     `devtrace report`: each view a list of query.c's queries
 *   findings.c  the findings view's listing for humans, by call site with
 *               the source line and the chain of calls
 *   filter.c    --kinds and --suppressions: the findings that count
 *   format.c    rows as an aligned table, CSV (RFC 4180) or JSON
 *   html.c      the whole report as one page for a browser, with timelines
 *   trace.c     the events in Chrome's trace event format (Perfetto)
 *   sarif.c     the findings as SARIF 2.1.0, for code scanning, and as
 *               GitLab's Code Quality report
 *   joined.c    --static: devcheck's findings from its SARIF, joined with
 *               the report's (common/join.h), and that view as text
 *   source.c    source files: paths relative to the folder the program ran
 *               in, the text of one line, lines looked up in object files
 *   run.c       `devtrace run`: a program under the shim, then a summary
 *   merge.c     `devtrace merge`: the runs of several reports in one
 *
 * Reports are read with SQLite's read-only mode, so reading never creates
 * or changes a file, and a report that a live process is still writing
 * reads as of its last commit.
 *
 * Who talks to SQLite: query.c, for everything that is read, so that the
 * views and formats (format.c, findings.c, html.c, sarif.c, trace.c,
 * joined.c's listing) get rows and format them, and prepare no SQL; and,
 * each for a job that is SQLite's itself, database.c (opening, checking,
 * stepping), guard.c (the connection's defences and the schema's check),
 * merge.c (writing a report: its own reading of the inputs goes with its
 * writes, one table at a time), source.c and filter.c (the SQL functions
 * that the queries call: relpath, demangle, srcfile..., shown) and joined.c
 * (devcheck's findings loaded into the join's tables by common/join.h,
 * which takes the connection).
 */
#ifndef DEVTRACE_REPORT_H
#define DEVTRACE_REPORT_H

#include "json.h"
#include "mistakes.h"
#include "schema.h"

#include <getopt.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- the program (devtrace.c) -------------------------------------------- */

#define EXIT_FINDINGS 1         /* `report --fail-on`: findings of that severity */
#define EXIT_USAGE 2            /* bad arguments, or a file that is no report */

/* How devtrace exits on a fatal error: EXIT_USAGE, until `run` has a
   program's status to pass on. */
extern int fatal_status;
/* argv[0], for the commands devtrace suggests. */
extern const char *program_name;

/* "devtrace: MESSAGE" on stderr, then exit(fatal_status). */
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The message, then the usage text's synopsis, on stderr; exit(EXIT_USAGE). */
_Noreturn void usage_error(const char *usage, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* getopt_long over argv[1..], for a subcommand whose optstring starts with
   ':' (or "+:") and has h, and whose longs have "help": prints usage for
   -h and exits 0; an unknown option or a missing value is a usage error.
   Returns the option, or -1 at the end of the options. */
int next_option(int argc, char **argv, const char *shorts, const struct option *longs,
                const char *usage);

#define COUNT(a) (sizeof(a) / sizeof *(a))

void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Dies when out is one of the inputs, by any name (a symbolic or a hard
   link): writing it would destroy what is read.  Before out is opened. */
void refuse_output_among(const char *out, char *const *inputs, int ninputs);

/* $DEVTRACE_DB when it names one file (no %p), else ./devtrace.db. */
const char *default_report(void);

int cmd_report(int argc, char **argv);
int cmd_run(int argc, char **argv);
/* The shim devtrace run preloads, absolute: $DEVTRACE_LIB, else the
   libdevtrace.so that sits with this devtrace (run.c); dies when there is
   none.  malloc'd. */
char *find_shim(void);
int cmd_merge(int argc, char **argv);
/* The runs of the reports in_paths into out_path (made when missing); the
   runs added.  *version: out's schema version before; *runs: its runs after. */
sqlite3_int64 merge_reports(const char *out_path, char *const *in_paths, int ninputs,
                            sqlite3_int64 *version, sqlite3_int64 *runs);

/* ---- report databases (database.c) --------------------------------------- */

typedef struct {
    sqlite3 *db;
    const char *path;           /* as the user named it, for messages */
} report;

/* Opens path (SQLITE_OPEN_READONLY or SQLITE_OPEN_READWRITE) and checks that
   it is a devtrace report this devtrace can read; dies saying why not. */
report report_open(const char *path, int flags);
void report_close(report *r);
/* Removes a report's file and its journal, WAL and shared-memory files;
   false (and errno) when one is there and cannot be removed. */
bool report_remove(const char *path);
/* Dies with what SQLite says went wrong with r. */
_Noreturn void report_fail(const report *r);
/* Dies saying so when r is damaged anywhere, not only where a view reads:
   no view of a damaged report is printed as if it were whole.  Reads every
   page once (SQLite's quick_check: some 0.1 s for 15 MB). */
void report_check(const report *r);
sqlite3_stmt *report_prepare(const report *r, const char *sql);
/* sqlite3_step: true for a row, false when done; dies on an error. */
bool report_step(const report *r, sqlite3_stmt *st);
void report_exec(const report *r, const char *sql);
/* The integer that a one-row query yields. */
sqlite3_int64 report_int(const report *r, const char *sql);
/* Whether r has the table (a report from before it was added has not). */
bool report_has_table(const report *r, const char *table);
/* Whether r's table has the column (devtrace_added_columns: an older
   report's may not). */
bool report_has_column(const report *r, const char *table, const char *column);
/* TEMP VIEW table: r's table as this devtrace reads it, the columns that
   a report from before they were added lacks there as NULL, and only the
   rows where the SQL condition `where` holds (NULL: all); it replaces the
   view that an earlier call made. */
void report_view(const report *r, const char *table, const char *where);

/* ---- the query layer (query.c) ------------------------------------------- */

/* A cell of a row: its type (SQLITE_NULL, SQLITE_INTEGER, SQLITE_FLOAT,
   SQLITE_TEXT or SQLITE_BLOB, before it is read as text), its text (NULL
   for NULL) and that text's bytes, its integer, its number, whether it is
   NULL.  The formats read cells only through these. */
int cell_type(sqlite3_value *v);
const char *cell_text(sqlite3_value *v);
size_t cell_bytes(sqlite3_value *v);
sqlite3_int64 cell_int(sqlite3_value *v);
double cell_double(sqlite3_value *v);
bool cell_null(sqlite3_value *v);

/* A query's result, copied out so that it outlives the statement. */
typedef struct {
    const char *name;           /* its part of a view */
    int ncols;
    char **cols;
    size_t nrows;
    sqlite3_value **cells;      /* nrows * ncols, row by row */
} rows;

/* rows_fetch and cursor_open take SQL of their own: the query layer's,
   and merge.c's, which writes reports.  The views and formats name a
   query (query_fetch, query_open). */
void rows_fetch(rows *out, const report *r, const char *name, const char *sql);
void rows_free(rows *rs);
static inline sqlite3_value *rows_cell(const rows *rs, size_t row, int col)
{
    return rs->cells[row * (size_t)rs->ncols + (size_t)col];
}
static inline const char *rows_text(const rows *rs, size_t row, int col)
{
    return cell_text(rows_cell(rs, row, col));
}
static inline sqlite3_int64 rows_int(const rows *rs, size_t row, int col)
{
    return cell_int(rows_cell(rs, row, col));
}
static inline bool rows_null(const rows *rs, size_t row, int col)
{
    return cell_null(rows_cell(rs, row, col));
}

/* A query's rows read one at a time, so that a view of any size is printed
   in the same little memory: the current row is the statement's.  The SQL
   may be several statements with the same columns, whose rows come one
   statement after another: each can then read in an index's order, where
   one statement would sort every row. */
typedef struct {
    const char *name;           /* its part of a view */
    const report *r;
    const char *sql, *rest;     /* all its statements; those after the current */
    sqlite3_stmt *st;
} cursor;

void cursor_open(cursor *c, const report *r, const char *name, const char *sql);
/* The next row; false after the last.  Dies on an error. */
bool cursor_next(cursor *c);
/* Back before the first row: the query runs again (in a read transaction,
   over the same data). */
void cursor_rewind(cursor *c);
void cursor_close(cursor *c);
int cursor_ncols(cursor *c);
const char *cursor_column(cursor *c, int col);
/* The current row's cell: valid until the cursor moves. */
sqlite3_value *cursor_cell(cursor *c, int col);
static inline const char *cursor_text(cursor *c, int col)
{
    return cell_text(cursor_cell(c, col));
}
static inline sqlite3_int64 cursor_int(cursor *c, int col)
{
    return cell_int(cursor_cell(c, col));
}
static inline bool cursor_null(cursor *c, int col)
{
    return cell_null(cursor_cell(c, col));
}

/* The queries, by what they read: the views' parts, and what the formats
   that write the whole report read. */
typedef enum {
    Q_RUNS,                     /* a row per run */
    Q_SEVERITIES,               /* findings by severity and kind */
    Q_DIRECTIONS,               /* copies by direction, from pageable and pinned memory */
    Q_TOP_SITES,                /* the ten lines that called most */
    Q_LAUNCHES,                 /* launches, kernels and failures, in one row */
    Q_MEMORY,                   /* allocations by kind of memory */
    Q_TRANSFERS,                /* copies by line, API, direction and host memory */
    Q_KERNELS,                  /* launches by kernel */
    Q_ALLOCATIONS,              /* memory by line */
    Q_FINDINGS,                 /* the findings view: F_ columns */
    Q_JOINED,                   /* --static: join_sql (common/join.h), J_ columns */
    Q_JOIN_COUNTS,              /* each tool's findings by state */
    Q_JOIN_SIDE_BY_SIDE,        /* devcheck's findings beside the runs' */
    Q_KINDS,                    /* findings by severity and kind, with their runs */
    Q_SPANS,                    /* html: each run's time, SPAN_ columns */
    Q_EVENTS,                   /* html: copies and launches by run, EVENT_ columns */
    Q_MARKS,                    /* html: findings in time by run, MARK_ columns */
    Q_DIRECTION_VOLUME,         /* bytes copied by direction */
    Q_SITE_VOLUME,              /* bytes copied by line and direction */
    Q_RUN_NAMES,                /* trace: each run's id and name */
    Q_RUN_TIMELINE_NAMES,       /* the same, saying which have no device times */
    Q_LANES,                    /* trace: each run's devices and event types */
    Q_TRACE_EVENTS,             /* trace: the events, E_ columns */
    Q_FIRST_FOLDER,             /* the folder the first run that says ran in, and its id */
    Q_RUN_FOLDERS,              /* each run's id and folder */
    Q_UNENDED_PIDS,             /* the processes of the runs with no end */
    Q_STATIC_STATES,            /* devcheck's findings in order: state, runs, calls,
                                   found, devices */
    NQUERIES
} query;

enum { SPAN_RUN, SPAN_START, SPAN_END, SPAN_EVENTS, SPAN_DROPPED, SPAN_HOST_ONLY };
enum { EVENT_RUN, EVENT_IS_COPY, EVENT_DEVICE, EVENT_START, EVENT_DURATION, EVENT_BYTES };
enum { MARK_RUN, MARK_START, MARK_TEXT };
enum { E_RUN, E_TYPE, E_API, E_START, E_DURATION, E_DEVICE, E_BYTES, E_DIRECTION, E_KERNEL,
       E_FILE, E_LINE, E_KIND, E_MESSAGE, E_STREAM };

/* A query's rows as a cursor, or copied out; name: its part of a view. */
void query_open(cursor *c, const report *r, const char *name, query q);
void query_fetch(rows *out, const report *r, const char *name, query q);

/* A frame of a finding's call chain, as the view's chain column holds it:
   its file (as shown) and line, or its object and offset, and its
   function; NULL where not known.  Valid until the next frame is read. */
typedef struct {
    const char *file;
    sqlite3_int64 line;
    const char *function, *object, *offset;
} frame;

/* Chains read a frame at a time: chain_read starts one (a row's F_CHAIN),
   chain_next gives its frames, the finding's own first, or, from_main,
   main's first. */
typedef struct {
    const report *r;
    sqlite3_stmt *st;
} chain;
void chain_open(chain *c, const report *r, bool from_main);
void chain_read(chain *c, sqlite3_value *json);
bool chain_next(chain *c, frame *at);
void chain_close(chain *c);
/* Whether the findings (as filtered) are of more than one run. */
bool findings_many_runs(const report *r);
/* How many findings are errors, or (warnings) errors and warnings. */
sqlite3_int64 findings_failing(const report *r, bool warnings);
/* How many of the report's findings the filters hide (filter.c). */
sqlite3_int64 findings_hidden(const report *r);
/* How many runs r holds; how many of them have no end (killed, cut short
   by a full disk, or still running). */
sqlite3_int64 runs_count(const report *r);
sqlite3_int64 runs_cut_short(const report *r);
/* One read transaction around what a command reads: every query sees the
   same commit of a live writer. */
void read_begin(const report *r);
void read_end(const report *r);
/* What the report holds of a session of `devtrace run` (runs.session). */
typedef struct {
    sqlite3_int64 runs, errors, warnings, untraced;
} session_counts;
session_counts session_count(const report *r, const char *session);
/* The runs (of session, or all for NULL) not traced: a row per command and
   reason, with how many runs (rows_free them). */
void untraced_fetch(rows *out, const report *r, const char *session);
/* The runs (of session, or all for NULL) whose findings hold limits of the
   device (MISTAKE_LIMIT_SQL), no findings: a row per run, its id, command
   and how many (rows_free them). */
void limits_fetch(rows *out, const report *r, const char *session);
/* How many rows of the joined findings view (Q_JOINED) have the state. */
sqlite3_int64 join_state_count(const report *r, const char *state);
/* Whether the runs made no call from any file of devcheck's findings
   (join_ran_none_sql, common/join.h). */
bool join_ran_none(const report *r);
/* With devcheck's findings joined: whether the findings view's row i is
   paired with one of devcheck's (at its line or a caller's), it itself;
   and whether any run's finding of its kind, file and line is. */
bool join_finding_paired(const report *r, const rows *f, size_t i);
bool join_place_paired(const report *r, const rows *f, size_t i);

/* ---- crafted files (guard.c) ---------------------------------------------- */

/* r's connection with SQLite's defences for a file it did not make and
   limits on a value and a statement; the budget of the command's queries
   grows with size, the file's bytes (past it, a query fails with
   SQLITE_INTERRUPT). */
void report_defend(const report *r, sqlite3_int64 size);
/* Dies saying so when r's schema is not one that devtrace writes. */
void report_check_schema(const report *r);

/* ---- output (format.c) --------------------------------------------------- */

/* One or more parts of a view on stdout, each row as it is read.  Several
   parts: titled tables; CSV blocks one after another, an empty line between
   them; a JSON object of named arrays.  One part: a table, one CSV block, a
   JSON array.  Nothing of a part is printed before its first row is read,
   nor of a table before all of them are (its columns' widths: the query
   runs twice). */
void print_table(cursor *parts, int nparts);
void print_csv(cursor *parts, int nparts);
void print_json(cursor *parts, int nparts);

/* s with its control characters and the bytes that are not UTF-8 spelled
   as escapes (\n, \x1b, \u009b), so that a report cannot drive the
   terminal; malloc'd. */
char *printable(const char *s, size_t n, bool keep_tabs);
/* Whether s is printable ASCII, which printable() would leave as it is. */
bool is_plain(const char *s, size_t n);

static inline const char *plural(sqlite3_int64 n)
{
    return n == 1 ? "" : "s";
}

/* ---- the whole report in one file (html.c, trace.c, sarif.c) ------------- */

/* A page for a browser, standing alone: runs, findings, a timeline per run,
   transfer volume. */
void write_html(const report *r);
/* The events as Chrome's trace event format (Perfetto, chrome://tracing). */
void write_trace(const report *r);
/* What a run not asked for a timeline shows, in words. */
#define REPORT_NO_TIMELINE \
    "host times only: kernels and copies are drawn when their calls were made, not when they " \
    "ran on the device; devtrace run --timeline (or DEVTRACE_TIMELINE=1) records that, at a " \
    "cost on a GPU"
/* The findings as SARIF 2.1.0, and as GitLab's Code Quality report. */
void write_sarif(const report *r);
void write_codequality(const report *r);
/* devtrace's run of that SARIF, into j's runs array: its findings, or with
   only_runtime those that devcheck did not report (joined.c). */
void write_sarif_run(const report *r, json *j, bool only_runtime);

/* Says on stderr which runs (of session, or all for NULL) were not traced,
   why and what to do; returns how many. */
sqlite3_int64 report_untraced(const report *r, const char *session);
/* What row i of limits_fetch's says, as a sentence.  malloc'd. */
char *limit_says(const rows *limits, size_t i);
/* Says them on stderr, a line per run; returns how many runs. */
sqlite3_int64 report_limits(const report *r, const char *session);

/* ---- the findings view (findings.c) -------------------------------------- */

/* The findings view's columns (Q_FINDINGS), in order. */
enum { F_RUN, F_PID, F_SEVERITY, F_KIND, F_FILE, F_LINE, F_FUNCTION, F_COUNT, F_BYTES,
       F_MESSAGE, F_ALLOC_FILE, F_ALLOC_LINE, F_FREE_FILE, F_FREE_LINE, F_OBJECT, F_OFFSET,
       F_CHAIN };
void print_findings(cursor *findings);

/* "app/train.c:27" (the file alone when the line is unknown), else
   "libvendor.so+0x1234", else NULL; malloc'd. */
char *place_text(const char *file, sqlite3_int64 line, const char *object, const char *offset);
char *frame_place(const frame *at);

/* ---- devcheck's findings joined (joined.c) ------------------------------ */

/* devcheck's SARIF files read into r's join (common/join.h); dies saying
   where and why when one is not. */
void join_sarif(const report *r, char *const *files, int nfiles);
/* Whether devcheck's findings were read (join_sarif). */
bool join_active(void);
/* devcheck's runs as its SARIF files hold them, into j's runs array, each
   result with its state, counts and devices in its properties. */
void put_static_runs(const report *r, json *j);
/* join_sql's rows as text, grouped by state. */
void print_joined(cursor *joined);

/* ---- source files (source.c) --------------------------------------------- */

/* The SQL functions over sources, for r: relpath(PATH, RUN), PATH as shown
   (path_shown); srcfile(OBJECT, OFFSET), srcline(...) and srcfunction(...),
   the source of a site recorded without debug information, looked up in the
   object file now (rebuilt with -g, or with its .debug file), NULL when it
   cannot be.  A report from before a column was added reads as having it. */
void define_source(const report *r);
/* PATH relative to the folder RUN's program ran in when it lies beneath it
   (devtrace's own when the report does not say), else as it is. */
const char *path_shown(const char *path, sqlite3_int64 run);
/* PATH as shown for RUN, made absolute: a relative one is read from RUN's
   folder (devtrace's own when the report does not say).  malloc'd. */
char *path_absolute(const char *path, sqlite3_int64 run);
/* The text of line `line` of file (as shown for run), without its newline;
   NULL when the file or line cannot be read.  malloc'd. */
char *source_line(const char *file, sqlite3_int64 run, sqlite3_int64 line);

/* ---- filters (filter.c) -------------------------------------------------- */

/* The kinds a report's findings can be (common/schema.h). */
#define KIND_ONE(id, name) +1
#define NFINDING_KINDS (0 DEVTRACE_FINDING_KINDS(KIND_ONE))
extern const char *const finding_kinds[NFINDING_KINDS];

/* --kinds LIST: only these kinds (comma-separated) count. */
void filter_kinds(const char *list);
/* --suppressions FILE: the findings its lines match do not count. */
void filter_suppressions(const char *path);
/* The report's findings, as r reads them, are those the filters keep. */
void filter_apply(const report *r);
/* " (3 suppressed)" on out, after a count of findings, when the filters
   hide some of r's (after filter_apply). */
void filter_say_hidden(const report *r, FILE *out);

#endif /* DEVTRACE_REPORT_H */
