/*
 * Makes the reports that devtrace's tests read, and breaks them.
 *
 *   make_report build OUT SCRIPT [SRCDIR]
 *       a report: the reports' schema (common/schema.c), then SCRIPT's SQL; file
 *       names in call_sites, findings and findings' chains that are not
 *       absolute are taken as relative to SRCDIR.  %p in OUT becomes the
 *       process id, and the runs are of the command DEVTRACE_SESSION names
 *       where it is set, as the shim does it (devtrace run's tests run this
 *       as their program).
 *   make_report old OUT SCHEMA SCRIPT SRCDIR
 *       the same with SCHEMA's SQL in place of the schema: a report of an
 *       older schema
 *   make_report live OUT SCRIPT SRCDIR -- COMMAND...
 *       the same in WAL mode, left uncheckpointed; then runs COMMAND while
 *       holding a write transaction open, as a live shim does, and exits
 *       with its status.
 *   make_report hot OUT SCRIPT SRCDIR
 *       the same, then a commit begun by a child process that is killed in
 *       the middle of it (SIGKILL), its journal left hot, as a writer
 *       killed so leaves it
 *   make_report damage IN OUT TABLE...
 *       a copy of IN with the first page of each TABLE overwritten
 *   make_report truncate IN OUT SIZE
 *       a copy of IN's first SIZE bytes
 */
#include "schema.h"

#include <sqlite3.h>

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

_Noreturn static void fail(const char *what, const char *why)
{
    fprintf(stderr, "make_report: %s: %s\n", what, why);
    exit(1);
}

static void exec_sql(sqlite3 *db, const char *sql)
{
    char *error = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &error) != SQLITE_OK)
        fail(sql, error ? error : sqlite3_errmsg(db));
}

static char *slurp(const char *path, long *size)
{
    FILE *f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END) != 0 || (*size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        fail(path, "cannot read");
    char *text = malloc((size_t)*size + 1);
    if (!text || fread(text, 1, (size_t)*size, f) != (size_t)*size)
        fail(path, "cannot read");
    text[*size] = '\0';
    fclose(f);
    return text;
}

static void spill(const char *path, const char *bytes, long size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(bytes, 1, (size_t)size, f) != (size_t)size || fclose(f) != 0)
        fail(path, "cannot write");
}

/* OUT with %p as the process id */
static char *report_path(const char *pattern)
{
    char *path = malloc(strlen(pattern) * 6 + 1), *o = path;
    if (!path)
        fail(pattern, "out of memory");
    for (const char *s = pattern; *s;)
        if (s[0] == '%' && s[1] == 'p') {
            o += sprintf(o, "%d", (int)getpid());
            s += 2;
        } else {
            *o++ = *s++;
        }
    *o = '\0';
    return path;
}

static bool has_chains(sqlite3 *db)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT 1 FROM pragma_table_info('findings') WHERE name = 'chain'",
                           -1, &st, NULL) != SQLITE_OK)
        fail("findings", sqlite3_errmsg(db));
    bool has = sqlite3_step(st) == SQLITE_ROW;
    sqlite3_finalize(st);
    return has;
}

static void anchor_files(sqlite3 *db, const char *srcdir)
{
    char *dir = realpath(srcdir, NULL);
    if (!dir)
        fail(srcdir, "no such folder");
    static const char *const tables[] = {"call_sites", "findings"};
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++) {
        char *sql = sqlite3_mprintf("UPDATE %s SET file = %Q || '/' || file WHERE file NOT LIKE '/%%'",
                                    tables[i], dir);
        exec_sql(db, sql);
        sqlite3_free(sql);
    }
    if (has_chains(db)) {       /* a report of a schema from before chains has none */
        char *sql = sqlite3_mprintf(
            "UPDATE findings SET chain = (SELECT json_group_array(json(CASE"
            "  WHEN j.value->>'file' NOT LIKE '/%%'"
            "  THEN json_set(j.value, '$.file', %Q || '/' || (j.value->>'file')) ELSE j.value END))"
            " FROM json_each(findings.chain) j) WHERE json_valid(chain)", dir);
        exec_sql(db, sql);
        sqlite3_free(sql);
    }
    free(dir);
}

static sqlite3 *build(const char *out, const char *schema, const char *script, const char *srcdir,
                      bool wal)
{
    char *path = report_path(out);
    static const char *const leftovers[] = {"", "-journal", "-wal", "-shm"};
    for (size_t i = 0; i < sizeof leftovers / sizeof *leftovers; i++) {
        char *name = sqlite3_mprintf("%s%s", path, leftovers[i]);
        unlink(name);
        sqlite3_free(name);
    }
    sqlite3 *db;
    if (sqlite3_open(path, &db) != SQLITE_OK)
        fail(path, sqlite3_errmsg(db));
    free(path);
    if (wal)
        exec_sql(db, "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0");
    long size;
    char *sql = schema ? slurp(schema, &size) : NULL;
    exec_sql(db, sql ? sql : devtrace_schema_sql);
    free(sql);
    sql = slurp(script, &size);
    exec_sql(db, sql);
    free(sql);
    if (srcdir)
        anchor_files(db, srcdir);
    const char *session = getenv("DEVTRACE_SESSION");
    if (session) {
        char *stamp = sqlite3_mprintf("UPDATE runs SET session = %Q", session);
        exec_sql(db, stamp);
        sqlite3_free(stamp);
    }
    return db;
}

/* COMMAND runs while this process holds the write lock with a finding that
   is not committed: a reader must not wait for it, nor see it. */
static int run_while_writing(sqlite3 *db, char **command)
{
    exec_sql(db, "BEGIN IMMEDIATE;"
                 "INSERT INTO findings (run, id, kind, severity, message)"
                 " VALUES (99, 1, 'leak', 'error', 'uncommitted')");
    pid_t pid = fork();
    if (pid == 0) {
        execvp(command[0], command);
        _exit(127);
    }
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        fail(command[0], "cannot run");
    exec_sql(db, "ROLLBACK");
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* A commit that a SIGKILL cuts short: its changes spill to the file (one
   page of cache), the journal that undoes them written first. */
static int kill_in_commit(const char *out)
{
    pid_t pid = fork();
    if (pid == 0) {
        sqlite3 *db;
        char *path = report_path(out);
        if (sqlite3_open(path, &db) != SQLITE_OK)
            fail(path, sqlite3_errmsg(db));
        exec_sql(db, "PRAGMA cache_size = 1; BEGIN;"
                     "UPDATE findings SET message = message || ' (never committed)';"
                     "INSERT INTO runs (id, pid, session) SELECT id + 100, pid, 'half' FROM runs;");
        kill(getpid(), SIGKILL);
    }
    int status;
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) ? 0 : 1;
}

/* Overwrites the first page of table in the copy of report's bytes. */
static void clobber_table(const char *report, const char *table, char *bytes, long size)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    if (sqlite3_open_v2(report, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT rootpage, (SELECT page_size FROM pragma_page_size)"
                               " FROM sqlite_schema WHERE name = ?", -1, &st, NULL) != SQLITE_OK ||
        sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC) != SQLITE_OK)
        fail(report, sqlite3_errmsg(db));
    if (sqlite3_step(st) != SQLITE_ROW)
        fail(table, "no such table");
    long page = sqlite3_column_int(st, 1);
    long offset = (sqlite3_column_int(st, 0) - 1) * page;
    sqlite3_finalize(st);
    sqlite3_close(db);
    if (offset < 0 || offset + page > size)
        fail(table, "not in the file");
    memset(bytes + offset, 0xa5, (size_t)page);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (!strcmp(mode, "build") && (argc == 4 || argc == 5)) {
        sqlite3 *db = build(argv[2], NULL, argv[3], argc == 5 ? argv[4] : NULL, false);
        return sqlite3_close(db) != SQLITE_OK;
    }
    if (!strcmp(mode, "old") && argc == 6) {
        sqlite3 *db = build(argv[2], argv[3], argv[4], argv[5], false);
        return sqlite3_close(db) != SQLITE_OK;
    }
    if (!strcmp(mode, "live") && argc > 6 && !strcmp(argv[5], "--")) {
        sqlite3 *db = build(argv[2], NULL, argv[3], argv[4], true);
        int status = run_while_writing(db, argv + 6);
        sqlite3_close(db);
        return status;
    }
    if (!strcmp(mode, "hot") && argc == 5) {
        if (sqlite3_close(build(argv[2], NULL, argv[3], argv[4], false)) != SQLITE_OK)
            return 1;
        return kill_in_commit(argv[2]);
    }
    if (!strcmp(mode, "damage") && argc > 4) {
        long size;
        char *bytes = slurp(argv[2], &size);
        for (int i = 4; i < argc; i++)
            clobber_table(argv[2], argv[i], bytes, size);
        spill(argv[3], bytes, size);
        free(bytes);
        return 0;
    }
    if (!strcmp(mode, "truncate") && argc == 5) {
        long size;
        char *bytes = slurp(argv[2], &size);
        long keep = atol(argv[4]);
        if (keep < 0 || keep > size)
            fail(argv[2], "shorter than that");
        spill(argv[3], bytes, keep);
        free(bytes);
        return 0;
    }
    fprintf(stderr, "usage: make_report build OUT SCRIPT [SRCDIR]\n"
                    "       make_report old OUT SCHEMA SCRIPT SRCDIR\n"
                    "       make_report live OUT SCRIPT SRCDIR -- COMMAND...\n"
                    "       make_report hot OUT SCRIPT SRCDIR\n"
                    "       make_report damage IN OUT TABLE...\n"
                    "       make_report truncate IN OUT SIZE\n");
    return 2;
}
