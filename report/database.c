/*
 * Report databases.  A file can fail to be a report that this devtrace reads
 * in several ways, and each is told in one line: it is missing, it is not
 * SQLite, it is another program's SQLite, its schema is newer, or not one
 * that devtrace writes (guard.c), or it is damaged, which may only show in
 * the middle of a query.
 */
#include "report.h"
#include "schema.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A live writer holds its lock for one batch; waiting this long for it means
   something is wrong. */
#define BUSY_TIMEOUT_MS 5000
/* An SQLite file holds one page at least, and a page 512 bytes at least. */
#define SMALLEST_PAGE 512

/* What SQLite says may hold the file's own names (a malformed schema's):
   printable() spells them, so that no escape sequence reaches a terminal. */
static char *spelled(const char *what)
{
    return printable(what, strlen(what), false);
}

void report_fail(const report *r)
{
    char *why = spelled(sqlite3_errmsg(r->db));
    switch (sqlite3_errcode(r->db)) {
    case SQLITE_NOTADB:
        die("%s: not an SQLite database", r->path);
    case SQLITE_CORRUPT:
        die("%s: damaged report (%s)", r->path, why);
    case SQLITE_INTERRUPT:      /* report_defend's budget spent */
        die("%s: stopped: its queries cost more than a report of its size can", r->path);
    default:
        die("%s: %s", r->path, why);
    }
}

void report_check(const report *r)
{
    sqlite3_stmt *st = report_prepare(r, "PRAGMA quick_check(1)");
    bool whole = report_step(r, st) && !strcmp((const char *)sqlite3_column_text(st, 0), "ok");
    const char *said = whole ? NULL : (const char *)sqlite3_column_text(st, 0);
    static const char lead[] = "*** in database main ***\n";
    if (said && !strncmp(said, lead, strlen(lead)))
        said += strlen(lead);
    char *why = said ? xstrdup(said) : NULL;
    sqlite3_finalize(st);
    if (whole)
        return;
    for (char *c = why; c && *c; c++)   /* one line */
        if (*c == '\n')
            *c = ' ';
    die("%s: damaged report (%s)", r->path, why ? spelled(why) : "no answer");
}

sqlite3_stmt *report_prepare(const report *r, const char *sql)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(r->db, sql, -1, &st, NULL) != SQLITE_OK)
        report_fail(r);
    return st;
}

bool report_step(const report *r, sqlite3_stmt *st)
{
    switch (sqlite3_step(st)) {
    case SQLITE_ROW:
        return true;
    case SQLITE_DONE:
        return false;
    default:
        report_fail(r);
    }
}

void report_exec(const report *r, const char *sql)
{
    if (sqlite3_exec(r->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        report_fail(r);
}

sqlite3_int64 report_int(const report *r, const char *sql)
{
    sqlite3_stmt *st = report_prepare(r, sql);
    sqlite3_int64 v = report_step(r, st) ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    return v;
}

bool report_has_table(const report *r, const char *table)
{
    sqlite3_stmt *st = report_prepare(r, "SELECT 1 FROM sqlite_master WHERE name = ?1");
    sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
    bool has = report_step(r, st);
    sqlite3_finalize(st);
    return has;
}

bool report_has_column(const report *r, const char *table, const char *column)
{
    /* the file's own table, not the TEMP VIEW of it that report_view makes */
    sqlite3_stmt *st = report_prepare(r, "SELECT 1 FROM pragma_table_info(?1, 'main') "
                                         "WHERE name = ?2");
    sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, column, -1, SQLITE_STATIC);
    bool has = report_step(r, st);
    sqlite3_finalize(st);
    return has;
}

void report_view(const report *r, const char *table, const char *where)
{
    sqlite3_str *view = sqlite3_str_new(r->db);
    sqlite3_str_appendf(view, "DROP VIEW IF EXISTS temp.\"%w\"; CREATE TEMP VIEW \"%w\" AS SELECT *",
                        table, table);
    for (int i = 0; i < devtrace_nadded_columns; i++)
        if (!strcmp(devtrace_added_columns[i].table, table) &&
            !report_has_column(r, table, devtrace_added_columns[i].column))
            sqlite3_str_appendf(view, ", NULL AS \"%w\"", devtrace_added_columns[i].column);
    sqlite3_str_appendf(view, " FROM main.\"%w\"", table);
    if (where)
        sqlite3_str_appendf(view, " WHERE %s", where);
    char *sql = sqlite3_str_finish(view);
    if (!sql)
        die("out of memory");
    report_exec(r, sql);
    sqlite3_free(sql);
}

/* The header says whose file this is and which schema it has. */
static void check_identity(const report *r)
{
    sqlite3_int64 app = report_int(r, "PRAGMA application_id");
    if (app != DEVTRACE_APP_ID)
        die("%s: not a devtrace report (SQLite application_id 0x%08x, not 0x%08x)", r->path,
            (uint32_t)app, DEVTRACE_APP_ID);
    sqlite3_int64 version = report_int(r, "PRAGMA user_version");
    if (version > DEVTRACE_SCHEMA_VERSION)
        die("%s: report schema version %lld is newer than this devtrace reads (%d); "
            "use a newer devtrace", r->path, (long long)version, DEVTRACE_SCHEMA_VERSION);
}

/* A writer killed in the middle of a commit (SIGKILL) leaves its journal
   hot: SQLite must roll the commit back before anyone reads, and a reader
   opened read-only cannot ("attempt to write a readonly database").  Where
   the report may be written, a read-write connection's first read rolls it
   back, as any writer's would; the report then holds every commit before. */
static void roll_back_interrupted(const char *path)
{
    struct stat st;
    char *journal = xasprintf("%s-journal", path);
    sqlite3 *db = NULL;
    if (stat(journal, &st) == 0 && st.st_size > 0 && access(path, W_OK) == 0 &&
        sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK) {
        sqlite3_busy_timeout(db, BUSY_TIMEOUT_MS);
        sqlite3_exec(db, "SELECT count(*) FROM sqlite_schema", NULL, NULL, NULL);
        if (stat(journal, &st) != 0 || st.st_size == 0)
            fprintf(stderr, "devtrace: %s: its writer was killed in the middle of a commit, "
                    "which is rolled back: the report holds what was committed before\n", path);
    }
    sqlite3_close(db);
    free(journal);
}

report report_open(const char *path, int flags)
{
    /* SQLite would take a missing file, an empty one or one shorter than a
       page for a new, empty database: tell these apart first. */
    struct stat st;
    if (stat(path, &st) != 0)
        die("%s: %s", path, errno == ENOENT ? "no such file" : strerror(errno));
    if (S_ISDIR(st.st_mode))
        die("%s: is a directory", path);
    if (access(path, R_OK) != 0)
        die("%s: cannot be read: %s (its mode is %03o)", path, strerror(errno),
            (unsigned)(st.st_mode & 0777));
    if (st.st_size == 0)
        die("%s: empty file, not a devtrace report", path);
    if (st.st_size < SMALLEST_PAGE)
        die("%s: not an SQLite database (%lld bytes)", path, (long long)st.st_size);
    roll_back_interrupted(path);

    report r = {NULL, path};
    /* NOMUTEX: one thread, so no lock around each call for a row's cells */
    if (sqlite3_open_v2(path, &r.db, flags | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
        report_fail(&r);
    if (sqlite3_busy_timeout(r.db, BUSY_TIMEOUT_MS) != SQLITE_OK)
        report_fail(&r);
    report_defend(&r, st.st_size);
    check_identity(&r);
    report_check_schema(&r);
    return r;
}

void report_close(report *r)
{
    if (sqlite3_close(r->db) != SQLITE_OK)
        report_fail(r);
    r->db = NULL;
}

bool report_remove(const char *path)
{
    static const char *const suffixes[] = {"", "-journal", "-wal", "-shm"};
    int failure = 0;
    for (size_t i = 0; i < COUNT(suffixes); i++) {
        char *name = xasprintf("%s%s", path, suffixes[i]);
        if (unlink(name) != 0 && errno != ENOENT && !failure)
            failure = errno;
        free(name);
    }
    errno = failure;
    return !failure;
}
