/*
 * Fuzz target: devtrace on a report made from SQL, which reaches the
 * crafted schemas that a file's bytes seldom do (views, triggers, NULLs,
 * huge run ids).  The input is a script, run on a new report after the
 * schema, as make_report runs its scripts; then every view of `devtrace
 * report` in every format, the formats of the whole report, and `devtrace
 * merge` from the report and into another made the same way read it.  The
 * script may write no file but the report (nothing is attached) and may
 * cost only so much, so that the fuzzer's SQL can neither hang the target
 * nor write elsewhere.  Its seeds are tests/report/crafted/.
 */
#include "devtrace_fuzz.h"
#include "report.h"
#include "schema.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SCRIPT_STEPS 1000000    /* what the script may cost, in SQLite's steps */
#define PROGRESS_STEPS 1000

static int spend(void *left)
{
    return (*(long *)left -= PROGRESS_STEPS) < 0;
}

/* The schema, then the script: the fuzzer's SQL, its errors its own. */
static void make(const char *path, const char *script)
{
    sqlite3 *db;
    long left = SCRIPT_STEPS;
    report_remove(path);
    if (sqlite3_open(path, &db) != SQLITE_OK)
        abort();
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);        /* no ATTACH, no VACUUM INTO */
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 20);
    sqlite3_progress_handler(db, PROGRESS_STEPS, spend, &left);
    if (sqlite3_exec(db, "PRAGMA synchronous = OFF", NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(db, devtrace_schema_sql, NULL, NULL, NULL) != SQLITE_OK)
        abort();
    sqlite3_exec(db, script, NULL, NULL, NULL);
    if (sqlite3_close(db) != SQLITE_OK)
        abort();
}

static void read_report(char *path)
{
    static char *const views[] = {"summary", "findings", "transfers", "kernels", "allocations"};
    static char *const formats[] = {"table", "csv", "json"};
    static char *const wholes[] = {"html", "trace", "sarif"};
    for (size_t v = 0; v < COUNT(views); v++)
        for (size_t f = 0; f < COUNT(formats); f++)
            fuzz_command(cmd_report, (char *[]){"report", path, views[v], "--format", formats[f], NULL});
    for (size_t w = 0; w < COUNT(wholes); w++)
        fuzz_command(cmd_report, (char *[]){"report", path, "--format", wholes[w], NULL});
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char *path, *out;
    if (!path) {
        path = fuzz_path("crafted.db");
        out = fuzz_path("merged.db");
    }
    char *script = strndup((const char *)data, size);
    if (!script)
        abort();
    make(path, script);
    read_report(path);
    report_remove(out);
    fuzz_command(cmd_merge, (char *[]){"merge", out, path, NULL});
    make(out, script);
    fuzz_command(cmd_merge, (char *[]){"merge", out, path, NULL});
    report_remove(out);
    report_remove(path);
    free(script);
    return 0;
}
