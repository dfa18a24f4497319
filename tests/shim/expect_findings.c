/*
 * expect_findings: runs a program under libdevtrace and checks the report it
 * leaves against the expectations written in the program's own source.
 *
 *   expect_findings --preload LIST | --inject LIB --source FILE.c [--errors-only]
 *                   [--forbid KIND] [--baseline] [--sim] [--db PATH] -- PROGRAM ARGS...
 *
 * Markers in FILE.c, each in a comment (markers.h says how they are read):
 *
 *   // devtrace: KIND[, KIND...]      a finding of each KIND at this line
 *   // devtrace-exit: N               the program exits N (default 0) ...
 *   // devtrace-exit: SIGSEGV         ... or is killed by that signal
 *   // devtrace-sql: QUERY => VALUE   the first column of QUERY's first row,
 *                                     as text, is VALUE (a null is "NULL");
 *                                     :line in QUERY is the marker's line
 *
 * The program runs with LD_PRELOAD=LIST (or, with --inject, loads the shim
 * as CUDA loads a tool: CUDA_INJECTION64_PATH=LIB), DEVTRACE_DB=PATH (default: FILE's
 * base name with .db, in the current directory), DT_DEVICE unset (the shim
 * must find its device by itself: the GPU where there is one, else the
 * emulated device) and DT_SIM_QUIET=1; with --sim, DT_DEVICE=sim (a test of
 * the emulated device itself, or one that needs its two devices).  Every
 * finding of the report (with --errors-only, every error) must be in a file
 * named like FILE.c and match a marker by kind and line, and every marker
 * must be matched; with --forbid, no finding of KIND may be there, warning or
 * not, whatever the markers say.  --baseline also runs the program alone on the
 * device the shim chose: its output and exit status must be the same, since
 * the shim must not change the program it watches.
 *
 * The report must stand alone: no -wal, -shm or journal with anything in it
 * is left beside it (the shim keeps its journal, truncated, between
 * commits: a killed run leaves it empty), and it is read from a copy of the .db file alone (PATH.alone), as a
 * user who copies a report (or a crashed run's) would read it.
 *
 * Exit status: 0 when all is as expected, 1 when not (each difference is
 * printed as FILE:LINE: ...), 2 on a usage or system error.
 */
#define _GNU_SOURCE
#include <sqlite3.h>

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gpu.h"
#include "markers.h"

/* ---- options ------------------------------------------------------------ */

static struct {
    const char *preload, *inject, *source, *db, *forbid;
    bool errors_only, baseline, sim;
} opt;

static const marker_option options[] = {
    { "--preload", &opt.preload, NULL },
    { "--inject", &opt.inject, NULL },
    { "--source", &opt.source, NULL },
    { "--db", &opt.db, NULL },
    { "--forbid", &opt.forbid, NULL },
    { "--errors-only", NULL, &opt.errors_only },
    { "--baseline", NULL, &opt.baseline },
    { "--sim", NULL, &opt.sim },
};

static void usage(void)
{
    fprintf(stderr, "usage: expect_findings --preload LIST | --inject LIB --source FILE.c "
                    "[--errors-only] [--forbid KIND] [--baseline] [--sim] [--db PATH] -- "
                    "PROGRAM ARGS...\n");
    exit(2);
}

/* Sets opt from argv; returns the program's argv (what follows "--"). */
static char **parse_options(int argc, char **argv)
{
    int i = marker_options(argc, argv, options, sizeof options / sizeof options[0]);
    if (i < 0 || i + 1 >= argc || !(opt.preload || opt.inject) || !opt.source)
        usage();
    return argv + i + 1;
}

/* The base name of a path, without its directory. */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The default report: FILE.c's base name with .db, in the current folder. */
static const char *default_db(const char *source)
{
    static char path[512];
    const char *name = base_name(source);
    const char *dot = strrchr(name, '.');
    int len = dot ? (int)(dot - name) : (int)strlen(name);
    snprintf(path, sizeof path, "%.*s.db", len, name);
    return path;
}

/* ---- what the source expects -------------------------------------------- */

typedef struct { int line; const char *kind; bool matched; } marker;
typedef struct { int line; const char *query, *want; } sql_check;

static marker *markers;
static size_t nmarkers;
static sql_check *sql_checks;
static size_t nsql_checks;
static char expected_exit[64] = "exit 0";
static int expected_exit_line = 1;          /* of its marker, if any */

/* How a wait status reads, and how an expected one is written: "exit N"
   or "killed by SIGNAME" (strings, so a core dump bit does not matter). */
static void describe_status(int status, char *buf, size_t n)
{
    if (WIFSIGNALED(status)) {
        const char *abbrev = sigabbrev_np(WTERMSIG(status));
        snprintf(buf, n, "killed by SIG%s", abbrev ? abbrev : "?");
    } else {
        snprintf(buf, n, "exit %d", WEXITSTATUS(status));
    }
}

static void expect_findings_at(int line, char *text)
{
    for (char *kind = strtok(text, ","); kind; kind = strtok(NULL, ",")) {
        markers = marker_grow(markers, nmarkers, sizeof *markers);
        markers[nmarkers++] = (marker){ line, marker_trim(kind), false };
    }
}

static void expect_exit(int line, char *text)
{
    char *end;
    long code = strtol(text, &end, 10);
    expected_exit_line = line;
    if (end != text && *end == '\0') {
        snprintf(expected_exit, sizeof expected_exit, "exit %ld", code);
        free(text);                     /* what it says is all it keeps */
        return;
    }
    for (int sig = 1; sig < NSIG; sig++) {
        const char *abbrev = sigabbrev_np(sig);
        if (abbrev && strncmp(text, "SIG", 3) == 0 && strcmp(text + 3, abbrev) == 0) {
            snprintf(expected_exit, sizeof expected_exit, "killed by %s", text);
            free(text);
            return;
        }
    }
    marker_die("%s:%d: devtrace-exit wants a number or a signal name, not '%s'", opt.source,
               line, text);
}

static void expect_sql(int line, char *text)
{
    char *arrow = strstr(text, "=>");
    if (!arrow)
        marker_die("%s:%d: devtrace-sql wants QUERY => VALUE", opt.source, line);
    *arrow = '\0';
    sql_checks = marker_grow(sql_checks, nsql_checks, sizeof *sql_checks);
    sql_checks[nsql_checks++] = (sql_check){ line, marker_trim(text), marker_trim(arrow + 2) };
}

/* The markers, each handled by its own function. */
static const marker_tag tags[] = {
    { "devtrace:", expect_findings_at },
    { "devtrace-exit:", expect_exit },
    { "devtrace-sql:", expect_sql },
};

/* ---- running the program ------------------------------------------------ */

typedef struct { char *out; size_t len; int status; } outcome;

/* A run's environment: under the shim, or alone on the device the shim
   would choose. */
static void set_environment(bool traced)
{
    setenv("DT_SIM_QUIET", "1", 1);
    unsetenv("CUDA_INJECTION64_PATH");
    unsetenv("DT_DEVICE");
    if (opt.sim || (!traced && !dv_gpu_present()))
        setenv("DT_DEVICE", "sim", 1);
    if (traced) {
        if (opt.preload)
            setenv("LD_PRELOAD", opt.preload, 1);
        if (opt.inject)
            setenv("CUDA_INJECTION64_PATH", opt.inject, 1);
        setenv("DEVTRACE_DB", opt.db, 1);
    } else {
        unsetenv("LD_PRELOAD");
        unsetenv("DEVTRACE_DB");
    }
}

/* Runs the program with its stdout captured; its stderr is ours. */
static outcome run(char **argv, bool traced)
{
    int fds[2];
    fflush(NULL);
    if (pipe(fds) != 0)
        marker_die("pipe: %s", strerror(errno));
    pid_t pid = fork();
    if (pid < 0)
        marker_die("fork: %s", strerror(errno));
    if (pid == 0) {
        struct rlimit no_core = { 0, 0 };
        setrlimit(RLIMIT_CORE, &no_core);   /* the programs that die leave no core files */
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        set_environment(traced);
        execvp(argv[0], argv);
        fprintf(stderr, "expect_findings: %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    outcome o = { NULL, 0, 0 };
    FILE *out = open_memstream(&o.out, &o.len);
    char buf[4096];
    for (;;) {
        ssize_t n = read(fds[0], buf, sizeof buf);
        if (n > 0)
            fwrite(buf, 1, (size_t)n, out);
        else if (n == 0 || errno != EINTR)
            break;
    }
    fclose(out);
    close(fds[0]);
    while (waitpid(pid, &o.status, 0) < 0)
        if (errno != EINTR)
            marker_die("waitpid: %s", strerror(errno));
    return o;
}

static void check_exit(const outcome *traced)
{
    char got[64];
    describe_status(traced->status, got, sizeof got);
    if (strcmp(got, expected_exit) != 0)
        marker_differ(opt.source, expected_exit_line, "expected %s, got %s", expected_exit, got);
}

/* The program alone must print the same and end the same as under the shim. */
static void check_baseline(char **argv, const outcome *traced)
{
    outcome alone = run(argv, false);
    char with[64], without[64];
    describe_status(traced->status, with, sizeof with);
    describe_status(alone.status, without, sizeof without);
    if (strcmp(with, without) != 0)
        marker_differ(opt.source, 1, "%s under the shim, %s alone", with, without);
    if (traced->len != alone.len || memcmp(traced->out, alone.out, alone.len) != 0)
        marker_differ(opt.source, 1, "other output under the shim:\n%.*s--- than alone:\n%.*s",
               (int)traced->len, traced->out, (int)alone.len, alone.out);
    free(alone.out);
}

/* ---- the report --------------------------------------------------------- */

static const char *const sidecars[] = { "-wal", "-shm", "-journal" };
#define NSIDECARS (sizeof sidecars / sizeof sidecars[0])

/* A stale report, or its journal, would be read as this run's. */
static void remove_report(void)
{
    char path[600];
    for (size_t i = 0; i <= NSIDECARS; i++) {
        snprintf(path, sizeof path, "%s%s", opt.db, i ? sidecars[i - 1] : "");
        if (unlink(path) != 0 && errno != ENOENT)
            marker_die("%s: %s", path, strerror(errno));
    }
}

/* The .db file alone, copied to PATH.alone: the name of the copy, or NULL
   when there is no report or something was left beside it. */
static const char *copy_alone(void)
{
    static char copy[600];
    char path[600];
    if (access(opt.db, F_OK) != 0) {
        marker_differ(opt.db, 0, "no report: the shim did not load, or died before writing it "
                          "(%s=%s)", opt.inject ? "CUDA_INJECTION64_PATH" : "LD_PRELOAD",
                      opt.inject ? opt.inject : opt.preload);
        return NULL;
    }
    bool alone = true;
    for (size_t i = 0; i < NSIDECARS; i++) {
        snprintf(path, sizeof path, "%s%s", opt.db, sidecars[i]);
        struct stat st;
        bool empty_journal = i == NSIDECARS - 1 && stat(path, &st) == 0 && st.st_size == 0;
        if (access(path, F_OK) == 0 && !empty_journal) {
            marker_differ(path, 0, "left beside the report: the .db alone is not all of it");
            alone = false;
        }
    }
    snprintf(copy, sizeof copy, "%s.alone", opt.db);
    FILE *in = fopen(opt.db, "rb"), *out = fopen(copy, "wb");
    char buf[65536];
    size_t n;
    while (in && out && (n = fread(buf, 1, sizeof buf, in)) > 0)
        fwrite(buf, 1, n, out);
    if (!in || !out || ferror(in) || fclose(out) != 0)
        marker_die("copying %s to %s failed", opt.db, copy);
    fclose(in);
    return alone ? copy : NULL;
}

static sqlite3 *open_report(void)
{
    sqlite3 *db = NULL;
    const char *copy = copy_alone();
    if (!copy)
        return NULL;
    if (sqlite3_open_v2(copy, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        marker_differ(copy, 0, "%s", sqlite3_errmsg(db));
        sqlite3_close(db);
        return NULL;
    }
    return db;
}

static const char *column_text(sqlite3_stmt *st, int col)
{
    const unsigned char *v = sqlite3_column_text(st, col);
    return v ? (const char *)v : "NULL";
}

/* The marker a finding answers to: its kind, at its line of a file named
   like FILE.c (the shim may name it by any path). */
static marker *marker_for(const char *kind, const char *file, int line)
{
    if (strcmp(base_name(file), base_name(opt.source)) != 0)
        return NULL;
    for (size_t i = 0; i < nmarkers; i++)
        if (markers[i].line == line && strcmp(markers[i].kind, kind) == 0)
            return &markers[i];
    return NULL;
}

static void check_findings(sqlite3 *db)
{
    sqlite3_stmt *st;
    const char *sql = "SELECT kind, severity, file, line, count, message FROM findings "
                      "ORDER BY run, id";
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        marker_differ(opt.db, 0, "%s", sqlite3_errmsg(db));
        return;
    }
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *kind = column_text(st, 0), *severity = column_text(st, 1);
        const char *file = column_text(st, 2);
        int line = sqlite3_column_int(st, 3);
        if (opt.forbid && strcmp(kind, opt.forbid) == 0)
            marker_differ(file, line, "forbidden %s (%s)", kind, column_text(st, 5));
        if (opt.errors_only && strcmp(severity, "error") != 0)
            continue;
        marker *m = marker_for(kind, file, line);
        if (m)
            m->matched = true;
        else
            marker_differ(file, line, "unexpected %s (%s) [%s x%d]", kind, column_text(st, 5),
                   severity, sqlite3_column_int(st, 4));
    }
    if (rc != SQLITE_DONE)
        marker_differ(opt.db, 0, "%s", sqlite3_errmsg(db));
    sqlite3_finalize(st);
    for (size_t i = 0; i < nmarkers; i++)
        if (!markers[i].matched)
            marker_differ(opt.source, markers[i].line, "missing %s", markers[i].kind);
}

static void check_sql(sqlite3 *db)
{
    for (size_t i = 0; i < nsql_checks; i++) {
        const sql_check *c = &sql_checks[i];
        char got[256] = "no row";
        sqlite3_stmt *st;
        int rc = sqlite3_prepare_v2(db, c->query, -1, &st, NULL);
        if (rc == SQLITE_OK) {
            sqlite3_bind_int(st, sqlite3_bind_parameter_index(st, ":line"), c->line);
            rc = sqlite3_step(st);
        }
        if (rc == SQLITE_ROW)
            snprintf(got, sizeof got, "%s", column_text(st, 0));
        else if (rc != SQLITE_DONE)
            snprintf(got, sizeof got, "error: %s", sqlite3_errmsg(db));
        sqlite3_finalize(st);
        if (strcmp(got, c->want) != 0)
            marker_differ(opt.source, c->line, "%s => %s, expected %s", c->query, got, c->want);
    }
}

int main(int argc, char **argv)
{
    marker_driver = "expect_findings";
    char **program = parse_options(argc, argv);
    if (!opt.db)
        opt.db = default_db(opt.source);
    marker_read(opt.source, tags, sizeof tags / sizeof tags[0]);
    remove_report();
    outcome traced = run(program, true);
    check_exit(&traced);
    if (opt.baseline)
        check_baseline(program, &traced);
    sqlite3 *db = open_report();
    if (db) {
        check_findings(db);
        check_sql(db);
        sqlite3_close(db);
    }
    free(traced.out);
    printf("%s: %zu finding%s and %zu query result%s expected, %d difference%s\n",
           opt.source, nmarkers, nmarkers == 1 ? "" : "s", nsql_checks,
           nsql_checks == 1 ? "" : "s", marker_failures, marker_failures == 1 ? "" : "s");
    return marker_failures ? 1 : 0;
}
