/*
 * --runtime REPORT: each finding said with what the runs that devtrace
 * recorded did at its line (common/join.h): confirmed there, ran clean,
 * not reached, or a mistake a run cannot show; a note under the warning,
 * so that an editor or CI shows it where the warning is.
 *
 * The report is a file devcheck did not make: it is opened read-only, with
 * SQLite's defences on (no triggers or views of the file's run, nothing
 * written past SQL), and must say it is a devtrace report of a schema that
 * has the columns the join reads.
 */
#include "devcheck.h"

#include "files.h"
#include "join.h"
#include "schema.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The first schema version with runs.cwd and findings.chain. */
#define JOIN_SCHEMA 4

static const int defences[][2] = {
    {SQLITE_DBCONFIG_DEFENSIVE, 1},
    {SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0},
    {SQLITE_DBCONFIG_ENABLE_VIEW, 0},
    {SQLITE_DBCONFIG_ENABLE_TRIGGER, 0},
};

static sqlite3_int64 pragma(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    sqlite3_int64 v = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* Why db is no report the join can read, or NULL. */
static const char *not_a_report(sqlite3 *db)
{
    sqlite3_int64 app = pragma(db, "PRAGMA application_id");
    sqlite3_int64 version = pragma(db, "PRAGMA user_version");
    return app != DEVTRACE_APP_ID ? "not a devtrace report"
           : version < JOIN_SCHEMA ? "a devtrace report older than its call chains: "
                                     "`devtrace merge NEW.db REPORT` makes it current"
           : version > DEVTRACE_SCHEMA_VERSION ? "a report of a newer devtrace"
                                               : NULL;
}

static sqlite3 *open_report(const char *path, char *err, size_t errlen)
{
    sqlite3 *db = NULL;
    char said[128];
    int fd = input_open(path, 0, said, sizeof said);    /* a FIFO would hang SQLite's open */
    const char *why = fd < 0 ? said : NULL;
    if (fd >= 0)
        close(fd);
    if (!why && sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
        why = sqlite3_errmsg(db);
    for (size_t i = 0; !why && i < sizeof defences / sizeof *defences; i++)
        sqlite3_db_config(db, defences[i][0], defences[i][1], (int *)NULL);
    if (!why)
        why = not_a_report(db);
    if (!why && join_prepare(db) != SQLITE_OK)
        why = sqlite3_errmsg(db);
    if (why) {
        snprintf(err, errlen, "%s: %s", path, why);
        sqlite3_close(db);
        return NULL;
    }
    return db;
}

/* What each state says under a warning. */
static const struct {
    const char *state, *says;
} says[] = {
    {"confirmed", "confirmed at run time"},
    {"ran-clean", "ran clean at run time, no mistake there"},
    {"not-reached", "not reached at run time: no run made a call from this line"},
    {"unknown", "not shown at run time, which cannot see this mistake at its line"},
};

/* What not-reached says when no run made a call from any file analyzed. */
static const char ran_none[] = "not run at run time: the report's runs made no call from any "
                               "file analyzed (a report of another program?)";

/* "confirmed at run time: 3 runs, 12 calls, cuda:0" for a row of
   joined_static (state, runs, calls, devices). */
static char *note_of(sqlite3_stmt *st, bool none_ran)
{
    const char *state = (const char *)sqlite3_column_text(st, 0), *what = state;
    for (size_t i = 0; i < sizeof says / sizeof *says; i++)
        if (!strcmp(says[i].state, state))
            what = says[i].says;
    if (none_ran && !strcmp(state, "not-reached"))
        what = ran_none;
    long long runs = sqlite3_column_int64(st, 1), calls = sqlite3_column_int64(st, 2);
    const char *devices = (const char *)sqlite3_column_text(st, 3);
    if (!runs)
        return dc_format("%s", what);
    char *counts = calls ? dc_format(", %lld call%s", calls, calls == 1 ? "" : "s")
                         : dc_format("%s", "");
    char *note = dc_format("%s: %lld run%s%s%s%s", what, runs, runs == 1 ? "" : "s", counts,
                           devices ? ", " : "", devices ? devices : "");
    free(counts);
    return note;
}

static bool add_findings(sqlite3 *db, const dc_findings *f)
{
    bool ok = true;
    for (int i = 0; ok && i < f->n; i++) {
        const dc_finding *d = &f->v[i];
        char *path = d->loc.file ? dc_absolute_path(d->loc.file) : NULL;
        join_static s = {d->loc.file ? d->loc.file : "", path, d->loc.line, d->rule,
                         dc_severity(d->rule), d->message};
        ok = join_add(db, &s) == SQLITE_OK;
        free(path);
    }
    return ok;
}

char **dc_runtime_notes(const char *report, const dc_findings *f, char *err, size_t errlen)
{
    sqlite3 *db = open_report(report, err, errlen);
    if (!db)
        return NULL;
    char **notes = dc_realloc(NULL, (size_t)(f->n + 1) * sizeof *notes);
    sqlite3_stmt *st = NULL;
    int n = 0;
    sqlite3_int64 none_ran = -1;
    if (add_findings(db, f) && (none_ran = pragma(db, join_ran_none_sql)) >= 0
        && sqlite3_prepare_v2(db, "SELECT state, runs, calls, devices FROM joined_static"
                                  " ORDER BY static", -1, &st, NULL) == SQLITE_OK)
        while (n < f->n && sqlite3_step(st) == SQLITE_ROW)
            notes[n++] = note_of(st, none_ran == 1);
    if (n < f->n)
        snprintf(err, errlen, "%s: %s", report, sqlite3_errmsg(db));
    sqlite3_finalize(st);
    sqlite3_close(db);
    if (n < f->n) {
        dc_runtime_notes_free(notes, n);
        return NULL;
    }
    return notes;
}

void dc_runtime_notes_free(char **notes, int n)
{
    for (int i = 0; notes && i < n; i++)
        free(notes[i]);
    free(notes);
}
