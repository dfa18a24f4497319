/*
 * The defences that devtrace opens every report with (report_defend), each
 * on its own, in a file that devtrace's schema check would refuse first: a
 * view of the file's does not run, nor a trigger; devtrace's own query
 * stops past the budget; a value past the limit is refused; nothing is
 * attached; the schema is not written.  Each case is SQL whose last
 * statement yields an integer, or fails with SQLite's error code.
 *   defences FILE     (made here, and removed)
 */
#include "report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int fatal_status = EXIT_USAGE;
const char *program_name = "defences";

void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

void usage_error(const char *usage, const char *fmt, ...)
{
    (void)usage, (void)fmt;
    exit(2);
}

static const char crafted_sql[] =
    "CREATE TABLE t (x);"
    "CREATE TABLE fired (x);"
    "CREATE TRIGGER fire AFTER INSERT ON t BEGIN INSERT INTO fired VALUES (new.x); END;"
    "CREATE VIEW endless AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)"
    "  SELECT i FROM n;";

static const struct {
    const char *what, *sql;
    int code;                   /* SQLITE_OK: the last statement yields value */
    sqlite3_int64 value;
} cases[] = {
    {"the file's view", "SELECT count(*) FROM endless", SQLITE_ERROR, 0},
    {"the file's trigger", "INSERT INTO t VALUES (1); SELECT count(*) FROM fired", SQLITE_OK, 0},
    {"a value's length", "SELECT length(zeroblob(16 * 1024 * 1024 + 1))", SQLITE_TOOBIG, 0},
    {"a value just short", "SELECT length(zeroblob(16 * 1024 * 1024))", SQLITE_OK, 16 << 20},
    {"attaching", "ATTACH ':memory:' AS other", SQLITE_ERROR, 0},
    {"the schema", "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = sql",
     SQLITE_ERROR, 0},
    /* last: it spends the budget */
    {"the budget", "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)"
                   " SELECT count(*) FROM n", SQLITE_INTERRUPT, 0},
};

static int last_value(void *value, int ncols, char **text, char **names)
{
    (void)names;
    *(sqlite3_int64 *)value = ncols && text[0] ? atoll(text[0]) : -1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: defences FILE\n", stderr);
        return 2;
    }
    report_remove(argv[1]);
    report r = {NULL, argv[1]};
    if (sqlite3_open(argv[1], &r.db) != SQLITE_OK)
        report_fail(&r);
    report_exec(&r, crafted_sql);
    report_defend(&r, 0);
    int failed = 0;
    for (size_t i = 0; i < COUNT(cases); i++) {
        sqlite3_int64 value = -1;
        int code = sqlite3_exec(r.db, cases[i].sql, last_value, &value, NULL);
        bool held = code == cases[i].code && (code != SQLITE_OK || value == cases[i].value);
        printf("%s %s: %s (%lld)\n", held ? "ok" : "FAILED", cases[i].what,
               sqlite3_errstr(code), (long long)value);
        failed |= !held;
    }
    sqlite3_close(r.db);
    report_remove(argv[1]);
    return failed;
}
