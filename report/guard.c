/*
 * A report is input from anywhere, and a crafted one must not make devtrace
 * run SQL of its own, hang, or write far more than the file holds.  So every
 * report is opened with SQLite's defences for a database it did not make:
 * defensive mode, a schema that is not trusted (its SQL may call no function
 * with side effects), the file's views and triggers off, limits on a value
 * and a statement, and a budget of work for all the queries of a command.
 * And its schema must be one that devtrace writes: devtrace's tables, each
 * with devtrace's columns (those of devtrace_added_columns, and the tables
 * of devtrace_added_tables, may be missing, as in an older report), and
 * devtrace's indexes; no view, trigger, virtual table or generated column,
 * nothing else.  The rows are not asked to keep the schema's constraints,
 * which SQLite checks only when writing: any column may hold a value of any
 * type, NULL too, and devtrace shows it as it is.
 */
#include "report.h"
#include "schema.h"

#include <stdlib.h>
#include <string.h>

/* Every PROGRESS_STEPS steps of SQLite's virtual machine, the handler
   takes them from what the command may spend: STEPS_PER_REPORT for each
   report opened, and STEPS_PER_BYTE for each of its bytes.  A report's
   queries cost about a step a byte: tests/report's big report of a million
   findings, 119 MB, takes 86 million steps as CSV, 106 million as a table
   (read twice), 103 million as HTML; the small ones a few thousand.  The
   densest a file can be made, findings of 200 empty frames each, costs 21
   a byte.  Spent, the budget stops the query (SQLITE_INTERRUPT): the
   report costs far more than its size explains, whatever made it so.
   (Some 25 million steps take a second.) */
#define PROGRESS_STEPS 10000
#define STEPS_PER_REPORT 10000000LL
#define STEPS_PER_BYTE 200LL

static sqlite3_int64 steps_left;

static int spend(void *unused)
{
    (void)unused;
    return (steps_left -= PROGRESS_STEPS) < 0;
}

static const struct {
    int op, value;
} settings[] = {
    {SQLITE_DBCONFIG_DEFENSIVE, 1},         /* no writable_schema, nothing that writes past SQL */
    {SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0},    /* the schema's SQL calls only harmless functions */
    {SQLITE_DBCONFIG_ENABLE_VIEW, 0},       /* the file's views never run (devtrace's TEMP ones do) */
    {SQLITE_DBCONFIG_ENABLE_TRIGGER, 0},    /* nor its triggers */
};

static const struct {
    int id, value;
} limits[] = {
    {SQLITE_LIMIT_LENGTH, 16 << 20},        /* a value: past any a shim writes (a stack, a chain) */
    {SQLITE_LIMIT_SQL_LENGTH, 100000},      /* a statement: devtrace's, and the schema's */
    {SQLITE_LIMIT_COLUMN, 100},             /* a table's columns, a query's */
    {SQLITE_LIMIT_EXPR_DEPTH, 100},         /* an expression's nesting */
    {SQLITE_LIMIT_ATTACHED, 0},             /* no other file, so none written (VACUUM INTO) */
};

void report_defend(const report *r, sqlite3_int64 size)
{
    for (size_t i = 0; i < COUNT(settings); i++)
        if (sqlite3_db_config(r->db, settings[i].op, settings[i].value, (int *)NULL) != SQLITE_OK)
            report_fail(r);
    for (size_t i = 0; i < COUNT(limits); i++)
        sqlite3_limit(r->db, limits[i].id, limits[i].value);
    steps_left += STEPS_PER_REPORT + STEPS_PER_BYTE * size;
    sqlite3_progress_handler(r->db, PROGRESS_STEPS, spend, NULL);
}

/* ---- the schema ------------------------------------------------------------ */

/* devtrace's schema, made once in memory: what a report's is checked
   against. */
static const report *written(void)
{
    static report schema = {NULL, "devtrace's own schema"};
    if (!schema.db) {
        if (sqlite3_open(":memory:", &schema.db) != SQLITE_OK)
            die("out of memory");
        report_exec(&schema, devtrace_schema_sql);
    }
    return &schema;
}

/* Dies saying how r's schema is not devtrace's: "view runs", "no column
   findings.kind".  The names are the file's: printable() spells them. */
_Noreturn static void refuse(const report *r, const char *what, const char *table,
                             const char *column)
{
    char *why = column ? xasprintf("%s %s.%s", what, table, column)
                       : xasprintf("%s %s", what, table);
    die("%s: not a report as devtrace writes one (%s)", r->path, printable(why, strlen(why), false));
}

static bool added_table(const char *table)
{
    for (int i = 0; i < devtrace_nadded_tables; i++)
        if (!strcmp(devtrace_added_tables[i], table))
            return true;
    return false;
}

static bool added_column(const char *table, const char *column)
{
    for (int i = 0; i < devtrace_nadded_columns; i++)
        if (!strcmp(devtrace_added_columns[i].table, table) &&
            !strcmp(devtrace_added_columns[i].column, column))
            return true;
    return false;
}

/* Whether devtrace makes the object (type, name, tbl_name, sql): one of its
   tables; one of its indexes, the same SQL on the same table; or an index
   SQLite makes for a key of one of its tables (it has no SQL). */
static const char written_object_sql[] =
    "SELECT 1 FROM sqlite_schema WHERE CASE ?1"
    " WHEN 'table' THEN type = 'table' AND name = ?2"
    " WHEN 'index' THEN type = 'table' AND name = ?3 AND ?4 IS NULL"
    "                OR type = 'index' AND name = ?2 AND tbl_name = ?3 AND sql = ?4 END";

static void check_objects(const report *r)
{
    sqlite3_stmt *mine = report_prepare(r, "SELECT coalesce(type, '?'), coalesce(name, '?'),"
                                           " tbl_name, sql FROM main.sqlite_schema");
    sqlite3_stmt *ours = report_prepare(written(), written_object_sql);
    while (report_step(r, mine)) {
        for (int i = 0; i < 4; i++)
            if (sqlite3_bind_value(ours, i + 1, sqlite3_column_value(mine, i)) != SQLITE_OK)
                report_fail(written());
        if (!report_step(written(), ours))
            refuse(r, (const char *)sqlite3_column_text(mine, 0),
                   (const char *)sqlite3_column_text(mine, 1), NULL);
        sqlite3_reset(ours);
    }
    sqlite3_finalize(ours);
    sqlite3_finalize(mine);
}

/* A table's columns, as pragma_table_xinfo says: hidden for one that is
   generated (computed as it is read). */
typedef struct {
    char *name, *type, *dflt;
    bool hidden;
} column;

typedef struct {
    column *at;
    size_t n;
} columns;

static char *text_or_null(sqlite3_stmt *st, int col)
{
    const char *text = (const char *)sqlite3_column_text(st, col);
    return text ? xstrdup(text) : NULL;
}

static columns read_columns(const report *db, const char *table)
{
    columns cs = {NULL, 0};
    sqlite3_stmt *st = report_prepare(db, "SELECT name, type, dflt_value, hidden"
                                          " FROM pragma_table_xinfo(?1, 'main')");
    sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
    while (report_step(db, st)) {
        cs.at = xrealloc(cs.at, (cs.n + 1) * sizeof *cs.at);
        cs.at[cs.n++] = (column){text_or_null(st, 0), text_or_null(st, 1), text_or_null(st, 2),
                                 sqlite3_column_int(st, 3) != 0};
    }
    sqlite3_finalize(st);
    return cs;
}

static void free_columns(columns *cs)
{
    for (size_t i = 0; i < cs->n; i++) {
        free(cs->at[i].name);
        free(cs->at[i].type);
        free(cs->at[i].dflt);
    }
    free(cs->at);
}

static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

static const column *find_column(const columns *cs, const char *name)
{
    for (size_t i = 0; i < cs->n; i++)
        if (same_text(cs->at[i].name, name))
            return &cs->at[i];
    return NULL;
}

/* Each of r's columns is one of devtrace's, declared the same (its type
   and default); each of devtrace's is one of r's, unless a report may
   lack it. */
static void check_columns(const report *r, const char *table)
{
    columns mine = read_columns(r, table), ours = read_columns(written(), table);
    for (size_t i = 0; i < mine.n; i++) {
        const column *c = &mine.at[i], *o = find_column(&ours, c->name);
        if (!o)
            refuse(r, "column", table, c->name);
        if (c->hidden)
            refuse(r, "generated column", table, c->name);
        if (!same_text(c->type, o->type) || !same_text(c->dflt, o->dflt))
            refuse(r, "redeclared column", table, c->name);
    }
    for (size_t i = 0; i < ours.n; i++)
        if (!find_column(&mine, ours.at[i].name) && !added_column(table, ours.at[i].name))
            refuse(r, "no column", table, ours.at[i].name);
    free_columns(&mine);
    free_columns(&ours);
}

/* r's table of that name is a table (not virtual, ...), with devtrace's
   columns; a report may lack a table that was added. */
static void check_table(const report *r, const char *table)
{
    sqlite3_stmt *st = report_prepare(r, "SELECT type FROM pragma_table_list(?1) WHERE schema = 'main'");
    sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
    if (!report_step(r, st)) {
        if (!added_table(table))
            refuse(r, "no table", table, NULL);
    } else if (strcmp((const char *)sqlite3_column_text(st, 0), "table")) {
        refuse(r, xasprintf("%s table", sqlite3_column_text(st, 0)), table, NULL);
    } else {
        check_columns(r, table);
    }
    sqlite3_finalize(st);
}

void report_check_schema(const report *r)
{
    check_objects(r);
    sqlite3_stmt *tables = report_prepare(written(), "SELECT name FROM sqlite_schema WHERE type = 'table'");
    while (report_step(written(), tables))
        check_table(r, (const char *)sqlite3_column_text(tables, 0));
    sqlite3_finalize(tables);
}
