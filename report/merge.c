/*
 * `devtrace merge OUT IN...`: the runs of several reports in one, as if one
 * shim had written them all.  Every table is keyed by run, so each input's
 * runs take new ids past the highest already in OUT, one after another in
 * the order of their own, in every table; a row of a run that the input's
 * runs table does not hold is no run's, and is not copied.  The
 * tables are those that devtrace's schema makes in OUT, so a table the schema
 * gains is merged with no change here.  An OUT of an older schema is
 * upgraded in place first (the columns, tables and indexes added since); an
 * input of an older schema is read as it is, its missing columns NULL.  It
 * is all one transaction: OUT ends with every input's runs, or as it was, or,
 * if devtrace made it, gone.
 */
#include "report.h"
#include "schema.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: devtrace merge OUT IN...\n"
    "\n"
    "Copies the runs of the reports IN into OUT, each with a new run id.\n"
    "OUT is made when it is missing; an OUT already there must be a devtrace\n"
    "report, and keeps its runs.\n";

static const char tables_sql[] =
    "SELECT name FROM sqlite_schema"
    " WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name";

/* The output that devtrace made, removed at exit unless the merge is done. */
static struct {
    const char *path;
    bool done;
} made;

static void remove_unfinished(void)
{
    if (made.path && !made.done)
        report_remove(made.path);
}

static report open_output(const char *path)
{
    if (access(path, F_OK) == 0)
        return report_open(path, SQLITE_OPEN_READWRITE);
    made.path = path;
    if (atexit(remove_unfinished) != 0)
        die("atexit: cannot register the cleanup");
    report r = {NULL, path};
    if (sqlite3_open_v2(path, &r.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK)
        report_fail(&r);
    report_defend(&r, 0);
    return r;
}

static char *sql_or_die(char *sql)
{
    if (!sql)
        die("out of memory");
    return sql;
}

/* An output of an older schema gets the columns added since, before the
   schema's script adds the tables and indexes.  Returns the version it had
   (0 for a file just made). */
static sqlite3_int64 upgrade_output(const report *out)
{
    sqlite3_int64 version = report_int(out, "PRAGMA user_version");
    for (int i = 0; i < devtrace_nadded_columns; i++) {
        const devtrace_column *c = &devtrace_added_columns[i];
        if (!report_has_table(out, c->table) || report_has_column(out, c->table, c->column))
            continue;
        char *sql = sql_or_die(sqlite3_mprintf("ALTER TABLE \"%w\" ADD COLUMN \"%w\" %s", c->table,
                                               c->column, c->type));
        report_exec(out, sql);
        sqlite3_free(sql);
    }
    report_exec(out, devtrace_schema_sql);
    return version;
}

/* The column that holds a run id: the runs' own id, else run. */
static const char *run_column(const char *table)
{
    return strcmp(table, "runs") ? "run" : "id";
}

/* The highest run id in any table: the new ids start past it.  (A
   crafted file's text there is no id: max() would take it for the
   highest.) */
static sqlite3_int64 last_run(const report *r, const rows *tables)
{
    sqlite3_int64 last = 0;
    for (size_t i = 0; i < tables->nrows; i++) {
        const char *table = (const char *)sqlite3_value_text(rows_cell(tables, i, 0));
        char *sql = sql_or_die(sqlite3_mprintf("SELECT coalesce(max(\"%w\"), 0) FROM \"%w\""
                                               " WHERE typeof(\"%w\") = 'integer'",
                                               run_column(table), table, run_column(table)));
        sqlite3_int64 max = report_int(r, sql);
        sqlite3_free(sql);
        if (max > last)
            last = max;
    }
    return last;
}

/* INSERT INTO table (the columns of from, past the first) VALUES (?, ...) */
static sqlite3_stmt *prepare_insert(const report *out, const char *table, sqlite3_stmt *from)
{
    sqlite3_str *s = sqlite3_str_new(out->db);
    sqlite3_str_appendf(s, "INSERT INTO \"%w\" (", table);
    for (int i = 1; i < sqlite3_column_count(from); i++)
        sqlite3_str_appendf(s, "%s\"%w\"", i > 1 ? ", " : "", sqlite3_column_name(from, i));
    sqlite3_str_appendall(s, ") VALUES (");
    for (int i = 1; i < sqlite3_column_count(from); i++)
        sqlite3_str_appendall(s, i > 1 ? ", ?" : "?");
    sqlite3_str_appendall(s, ")");
    char *sql = sql_or_die(sqlite3_str_finish(s));
    sqlite3_stmt *insert = report_prepare(out, sql);
    sqlite3_free(sql);
    return insert;
}

/* The row (from's columns past the first, its run's number) with the run
   id last + number. */
static void copy_row(const report *out, sqlite3_stmt *insert, sqlite3_stmt *from, int run,
                     sqlite3_int64 last)
{
    for (int i = 1; i < sqlite3_column_count(from); i++) {
        int rc = i == run ? sqlite3_bind_int64(insert, i, last + sqlite3_column_int64(from, 0))
                          : sqlite3_bind_value(insert, i, sqlite3_column_value(from, i));
        if (rc != SQLITE_OK)
            report_fail(out);
    }
    report_step(out, insert);
    if (sqlite3_reset(insert) != SQLITE_OK)
        report_fail(out);
}

/* A table's rows of in's runs, each with its run's number (run_numbers). */
static sqlite3_stmt *runs_rows(const report *in, const char *table)
{
    char *sql = sql_or_die(sqlite3_mprintf("SELECT n.number, t.* FROM main.\"%w\" t"
                                           " JOIN temp.run_numbers n ON n.id = t.\"%w\"",
                                           table, run_column(table)));
    sqlite3_stmt *from = report_prepare(in, sql);
    sqlite3_free(sql);
    return from;
}

/* A table that in lacks (a report from before it was added) has no rows
   to copy. */
static void copy_table(const report *out, const report *in, const char *table, sqlite3_int64 last)
{
    if (!report_has_table(in, table))
        return;
    sqlite3_stmt *from = runs_rows(in, table);
    sqlite3_stmt *insert = prepare_insert(out, table, from);
    int run = -1;
    for (int i = 1; i < sqlite3_column_count(from); i++)
        if (!strcmp(sqlite3_column_name(from, i), run_column(table)))
            run = i;
    while (report_step(in, from))
        copy_row(out, insert, from, run, last);
    sqlite3_finalize(insert);
    sqlite3_finalize(from);
}

/* in's runs numbered 1, 2, ... in the order of their ids (whatever those
   are in a file from anywhere: far apart, near INT64_MAX); returns how
   many.  The rows of a run that in's runs table does not hold are not
   copied: they are no run's. */
static sqlite3_int64 number_runs(const report *in)
{
    report_exec(in, "DROP TABLE IF EXISTS temp.run_numbers;"
                    "CREATE TEMP TABLE run_numbers (id INTEGER PRIMARY KEY, number INTEGER);"
                    "INSERT INTO run_numbers SELECT id, row_number() OVER (ORDER BY id)"
                    " FROM main.runs");
    return report_int(in, "SELECT count(*) FROM temp.run_numbers");
}

static void copy_report(const report *out, const report *in, const rows *tables)
{
    sqlite3_int64 last = last_run(out, tables);
    report_exec(in, "BEGIN");           /* one commit of a live writer */
    sqlite3_int64 runs = number_runs(in);
    if (last > INT64_MAX - runs)
        die("%s: its run ids reach %lld, which leaves no room for %lld more", out->path,
            (long long)last, (long long)runs);
    for (size_t i = 0; i < tables->nrows; i++)
        copy_table(out, in, (const char *)sqlite3_value_text(rows_cell(tables, i, 0)), last);
    report_exec(in, "COMMIT");
}

sqlite3_int64 merge_reports(const char *out_path, char *const *in_paths, int ninputs,
                            sqlite3_int64 *version, sqlite3_int64 *runs)
{
    /* Every input is checked before OUT is touched. */
    refuse_output_among(out_path, in_paths, ninputs);
    report *inputs = xmalloc((size_t)ninputs * sizeof *inputs);
    for (int i = 0; i < ninputs; i++)
        inputs[i] = report_open(in_paths[i], SQLITE_OPEN_READONLY);

    report out = open_output(out_path);
    report_exec(&out, "BEGIN IMMEDIATE");
    *version = upgrade_output(&out);
    rows tables;
    rows_fetch(&tables, &out, "tables", tables_sql);
    sqlite3_int64 before = report_int(&out, "SELECT count(*) FROM runs");
    for (int i = 0; i < ninputs; i++) {
        copy_report(&out, &inputs[i], &tables);
        report_close(&inputs[i]);
    }
    *runs = report_int(&out, "SELECT count(*) FROM runs");
    report_exec(&out, "COMMIT");
    made.done = true;
    report_close(&out);
    rows_free(&tables);
    free(inputs);
    return *runs - before;
}

int cmd_merge(int argc, char **argv)
{
    static const struct option longs[] = {{"help", no_argument, NULL, 'h'}, {0}};
    while (next_option(argc, argv, "+:h", longs, usage) != -1)
        ;
    if (argc - optind < 2)
        usage_error(usage, "merge needs OUT and at least one IN");
    const char *out_path = argv[optind];
    int ninputs = argc - optind - 1;
    sqlite3_int64 version, after;
    sqlite3_int64 added = merge_reports(out_path, argv + optind + 1, ninputs, &version, &after);
    if (!made.path && version < DEVTRACE_SCHEMA_VERSION)
        printf("%s: upgraded from schema version %lld to %d\n", out_path, (long long)version,
               DEVTRACE_SCHEMA_VERSION);
    printf("%s: %lld run%s added from %d report%s, %lld in all\n", out_path,
           (long long)added, plural(added), ninputs, plural(ninputs), (long long)after);
    return 0;
}
