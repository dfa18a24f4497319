/*
 * The report's file: where DEVTRACE_DB says (made absolute as the image
 * starts), opened with the shim's VFS (vfs.c); an earlier command's report
 * replaced, another live command's shared, a foreign file or a newer
 * devtrace's left alone; this run's row in it; the statements the writer
 * writes it with; and its end: the summary said, the journal removed by the
 * last writer to leave.  Whatever fails is said once (the report is then
 * "broken"), and the program runs on.
 */
#include "devtrace.h"
#include "mistakes.h"
#include "schema.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define INCOMPLETE "and the report will be incomplete"
#define NO_REPORT "without a report"

dv_report dv_rep;
static sqlite3_stmt *prepared[DV_S_COUNT];
static sqlite3 *parents[16];            /* connections of the processes we forked from */
static int nparents;

static const char *const statements[DV_S_COUNT] = {
    [DV_S_SITE] = "INSERT INTO call_sites(run, id, pc, object, function, file, line, stack, "
               "offset) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    /* The sums: ?1 the run, then the key; the totals at ?20 (count), ?21
       (bytes), ?22 (first seq) and ?23 (last seq), bound alike for all. */
    [DV_S_CALLS] = "INSERT INTO api_calls(run, api, site, result, calls, first_seq, last_seq) "
                "VALUES(?1, ?2, ?3, ?4, ?20, ?22, ?23) ON CONFLICT(run, api, site, result) "
                "DO UPDATE SET calls = excluded.calls, last_seq = excluded.last_seq",
    [DV_S_ALLOCS] = "INSERT INTO allocations(run, site, api, memory, device, count, bytes, "
                 "max_bytes, freed, freed_bytes, first_seq, last_seq) "
                 "VALUES(?1, ?2, ?3, ?4, ?5, ?20, ?21, ?6, ?7, ?8, ?22, ?23) "
                 "ON CONFLICT(run, site, api, memory, device) DO UPDATE SET "
                 "count = excluded.count, bytes = excluded.bytes, max_bytes = excluded.max_bytes, "
                 "freed = excluded.freed, freed_bytes = excluded.freed_bytes, "
                 "last_seq = excluded.last_seq",
    [DV_S_COPIES] = "INSERT INTO transfers(run, site, api, direction, host_memory, src_device, "
                 "dst_device, result, calls, bytes, first_seq, last_seq) "
                 "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?20, ?21, ?22, ?23) "
                 "ON CONFLICT(run, site, api, direction, host_memory, src_device, dst_device, "
                 "result) DO UPDATE SET calls = excluded.calls, bytes = excluded.bytes, "
                 "last_seq = excluded.last_seq",
    [DV_S_KERNEL] = "INSERT INTO kernels(run, id, name, params) VALUES(?1, ?2, ?3, ?4)",
    [DV_S_LAUNCHES] = "INSERT INTO launches(run, site, kernel, device, result, count, threads, "
                   "first_seq, last_seq) VALUES(?1, ?2, ?3, ?4, ?5, ?20, ?21, ?22, ?23) "
                   "ON CONFLICT(run, site, kernel, device, result) DO UPDATE SET "
                   "count = excluded.count, threads = excluded.threads, "
                   "last_seq = excluded.last_seq",
    [DV_S_FINDING] = "INSERT INTO findings(run, id, seq, kind, severity, message, file, line, "
                  "function, site, count, bytes, alloc_site, free_site, chain) "
                  "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1, ?11, ?12, ?13, ?14)",
    [DV_S_RECOUNT] = "UPDATE findings SET count = ?20, bytes = nullif(?21, 0) "
                  "WHERE run = ?1 AND id = ?2",
    [DV_S_END] = "UPDATE runs SET ended_ns = ?2, exit_status = ?3, signal = ?4, events = ?5, "
              "ended = ?6, untraced = ?7 WHERE id = ?1",
    /* The events in time (events.c) and their device times (activity.c). */
    [DV_S_EVENT] = "INSERT INTO events(run, seq, type, api, start_ns, duration_ns, device, "
                "stream, bytes, direction, site, kernel, finding, correlation, device_start_ns, "
                "device_duration_ns) "
                "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
    [DV_S_EVENTS_DROPPED] = "UPDATE runs SET dropped_events = ?2 WHERE id = ?1",
    [DV_S_DEVICE_TIME] = "UPDATE events SET device_duration_ns = "
                      "max(coalesce(device_start_ns + device_duration_ns, 0), ?4) - "
                      "min(coalesce(device_start_ns, ?3), ?3), "
                      "device_start_ns = min(coalesce(device_start_ns, ?3), ?3) WHERE rowid = ?1",
    [DV_S_ACTIVITY_DROPPED] = "UPDATE runs SET dropped_activity = ?2 WHERE id = ?1",
};


/* Says once what went wrong (a full disk by that name), and that the
   program goes on regardless. */
static void failed(const char *what, const char *consequence)
{
    int sys = dv_rep.db ? sqlite3_system_errno(dv_rep.db) : 0;
    bool full = dv_rep.db &&
                ((sqlite3_extended_errcode(dv_rep.db) & 0xff) == SQLITE_FULL || sys == ENOSPC);
    if (!dv_rep.broken)
        dv_say("devtrace: %s: %s%s%s%s; the program runs on %s\n", what,
               full ? "the disk is full" : dv_rep.db ? sqlite3_errmsg(dv_rep.db) : "out of memory",
               sys && !full ? " (" : "", sys && !full ? strerror(sys) : "", sys && !full ? ")" : "",
               consequence);
    dv_rep.broken = true;
}

void dv_report_broken(const char *what)
{
    failed(what, INCOMPLETE);
}

bool dv_report_try(int s)
{
    sqlite3_stmt *stmt = prepared[s];
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    return rc == SQLITE_DONE || rc == SQLITE_ROW;
}

bool dv_report_step(int s)
{
    if (dv_report_try(s))
        return true;
    dv_report_broken("writing the report failed");
    return false;
}

int64_t dv_report_last_row(void)
{
    return sqlite3_last_insert_rowid(dv_rep.db);
}

void dv_bind_int(int s, int i, int64_t v)
{
    sqlite3_bind_int64(prepared[s], i, v);
}

void dv_bind_text(int s, int i, const char *v)
{
    if (v && *v)
        sqlite3_bind_text(prepared[s], i, v, -1, SQLITE_TRANSIENT);
}

void dv_bind_name(int s, int i, const char *v)
{
    sqlite3_bind_text(prepared[s], i, v, -1, SQLITE_STATIC);
}

void dv_bind_site(int s, int i, uint32_t site)
{
    if (site)
        dv_bind_int(s, i, site);
}

int dv_bind_count(int s)
{
    return sqlite3_bind_parameter_count(prepared[s]);
}

/* The transaction a batch is written in: begun, and ended (committed, or
   rolled back once the report is broken). */
void dv_report_begin(void)
{
    sqlite3_exec(dv_rep.db, "BEGIN", NULL, NULL, NULL);
}

void dv_report_commit(void)
{
    const char *end = dv_rep.broken ? "ROLLBACK" : "COMMIT";
    if (sqlite3_exec(dv_rep.db, end, NULL, NULL, NULL) != SQLITE_OK)
        dv_report_broken("committing to the report failed");
}

/* DEVTRACE_DB as the image saw it when it started, made absolute there: a
   program that changes folder before its first call, and a child it forks
   after, write where the run began. */
static char db_pattern[4096];

void dv_report_init(void)
{
    const char *pattern = getenv("DEVTRACE_DB");
    char cwd[2048];
    if (!pattern || !*pattern)
        pattern = "devtrace.db";
    if (pattern[0] != '/' && getcwd(cwd, sizeof cwd))
        snprintf(db_pattern, sizeof db_pattern, "%s/%s", cwd, pattern);
    else
        snprintf(db_pattern, sizeof db_pattern, "%s", pattern);
}

static void report_path(char *path, size_t n)
{
    const char *pattern = db_pattern;
    size_t len = 0;
    for (const char *p = pattern; *p && len + 1 < n; p++) {
        if (p[0] == '%' && p[1] == 'p') {
            len += (size_t)snprintf(path + len, n - len, "%d", (int)getpid());
            p++;
        } else {
            path[len++] = *p;
        }
        if (len >= n)
            len = n - 1;
    }
    path[len] = 0;
}

static int64_t query_int(const char *sql, const char *arg)
{
    sqlite3_stmt *st;
    int64_t v = -1;
    if (sqlite3_prepare_v2(dv_rep.db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    if (arg)
        sqlite3_bind_text(st, 1, arg, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

typedef enum { FILE_OURS, FILE_STALE, FILE_FOREIGN, FILE_NEWER } file_state;

/* Whether another command may still be writing here: a run of another
   session with no end, whose process lives.  Its report is shared, never
   replaced: SQLite keeps two writers' transactions apart. */
static bool another_writer(const char *session)
{
    sqlite3_stmt *st;
    bool live = false;
    if (sqlite3_prepare_v2(dv_rep.db,
                           "SELECT pid FROM runs WHERE ended_ns IS NULL AND session IS NOT ?1",
                           -1, &st, NULL) != SQLITE_OK)
        return true;                    /* cannot tell: keep it */
    sqlite3_bind_text(st, 1, session, -1, SQLITE_STATIC);
    while (!live && sqlite3_step(st) == SQLITE_ROW) {
        pid_t pid = (pid_t)sqlite3_column_int64(st, 0);
        live = pid > 0 && (kill(pid, 0) == 0 || errno == EPERM);
    }
    sqlite3_finalize(st);
    return live;
}

/* What is at the path: ours (this command's, another live command's, or
   empty), an earlier command's report, a newer devtrace's, or not a report
   at all. */
static file_state inspect(const char *session)
{
    int64_t app = query_int("PRAGMA application_id", NULL);
    int64_t tables = query_int("SELECT count(*) FROM sqlite_master", NULL);
    if (app != DEVTRACE_APP_ID)
        return tables == 0 ? FILE_OURS : FILE_FOREIGN;
    if (query_int("PRAGMA user_version", NULL) > DEVTRACE_SCHEMA_VERSION)
        return FILE_NEWER;
    return query_int("SELECT count(*) FROM runs WHERE session IS NOT ?1", session) > 0 &&
                   !another_writer(session)
               ? FILE_STALE : FILE_OURS;
}

static void remove_report(const char *path)
{
    static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };
    char name[4200];
    for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        unlink(name);
    }
}

static bool open_db(const char *path)
{
    const char *vfs = dv_vfs();
    if (!vfs || sqlite3_open_v2(path, &dv_rep.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                SQLITE_OPEN_NOMUTEX, vfs) != SQLITE_OK)
        return false;
    sqlite3_busy_timeout(dv_rep.db, 5000);
    /* A rollback journal, not WAL: each commit lands in the file itself, so
       the .db alone holds everything committed, after an exit, a fatal
       signal or a SIGKILL between batches, and a copy of it loses nothing.
       (WAL keeps commits in -wal until a checkpoint, and a crash leaves them
       there.)  Truncated, not deleted, at each commit, and kept open in
       between (vfs.c): what the report needs is open from the first
       commit on.  Temporary tables and statement journals in memory, for
       the same reason.  No fsync: the report must survive the program, not
       the machine. */
    return sqlite3_exec(dv_rep.db, "PRAGMA journal_mode = TRUNCATE; PRAGMA synchronous = OFF; "
                        "PRAGMA temp_store = MEMORY", NULL, NULL, NULL) == SQLITE_OK;
}

static void close_db(void)
{
    for (int i = 0; i < DV_S_COUNT; i++)
        sqlite3_finalize(prepared[i]);
    memset(prepared, 0, sizeof prepared);
    dv_events_close();
    sqlite3_close(dv_rep.db);
    dv_rep.db = NULL;
}

/* The journal is kept open by every writer of the report (vfs.c), and left
   beside it; the last to leave removes it.  A writer is a process that
   lives and has a run here (not this one's, nor an earlier image's of it).
   The write lock is held meanwhile, so none opens it anew (its first
   write waits for the lock).  A folder out of reach leaves it, empty. */
static void remove_journal(void)
{
    sqlite3_stmt *st;
    bool alone = true;
    if (sqlite3_exec(dv_rep.db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return;
    if (sqlite3_prepare_v2(dv_rep.db, "SELECT DISTINCT pid FROM runs WHERE pid IS NOT ?1", -1, &st,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, getpid());
        while (alone && sqlite3_step(st) == SQLITE_ROW) {
            pid_t pid = (pid_t)sqlite3_column_int64(st, 0);
            alone = pid <= 0 || (kill(pid, 0) != 0 && errno != EPERM);
        }
        sqlite3_finalize(st);
        const char *journal = sqlite3_filename_journal(sqlite3_db_filename(dv_rep.db, "main"));
        if (alone && journal)
            unlink(journal);
    }
    sqlite3_exec(dv_rep.db, "ROLLBACK", NULL, NULL, NULL);
}

/* (With open, not fopen: the C library's fopen opens beneath the shim's
   open, and the descriptor would be the program's to close.) */
static void command_line(char *buf, size_t n)
{
    int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    ssize_t got = fd >= 0 ? read(fd, buf, n - 1) : 0;
    size_t len = got > 0 ? (size_t)got : 0;
    if (fd >= 0)
        close(fd);
    for (size_t i = 0; i + 1 < len; i++)
        if (!buf[i])
            buf[i] = ' ';
    buf[len] = 0;
}

static bool insert_run(const char *session)
{
    typedef int (*count_fn)(int *);
    typedef int (*attr_fn)(int *, int, int);
    count_fn count = (count_fn)dv_next("cudaGetDeviceCount");
    attr_fn attr = dv_next_is_sim() ? NULL : (attr_fn)dv_next("cudaDeviceGetAttribute");
    int devices = 0, pageable = 0;
    if (count && count(&devices) != 0)
        devices = 0;
    if (devices > 0 && attr && attr(&pageable, 88 /* cudaDevAttrPageableMemoryAccess */, 0) != 0)
        pageable = 0;
    dv_rep.pageable_access = pageable != 0;
    char cmd[4096];
    command_line(cmd, sizeof cmd);
    sqlite3_stmt *st;
    char *cwd = getcwd(NULL, 0);
    if (sqlite3_prepare_v2(dv_rep.db, "INSERT INTO runs(pid, ppid, session, command, started_ns, "
                           "device, devices, pageable_access, cwd) "
                           "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", -1, &st, NULL) != SQLITE_OK) {
        free(cwd);
        return false;
    }
    sqlite3_bind_int64(st, 1, getpid());
    sqlite3_bind_int64(st, 2, getppid());
    sqlite3_bind_text(st, 3, session, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, cmd, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 5, (int64_t)dv_started_ns);
    sqlite3_bind_text(st, 6, dv_device_name(), -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 7, devices);
    sqlite3_bind_int(st, 8, pageable);
    sqlite3_bind_text(st, 9, cwd, -1, SQLITE_STATIC);
    bool ok = sqlite3_step(st) == SQLITE_DONE;
    sqlite3_finalize(st);
    free(cwd);
    dv_rep.run = sqlite3_last_insert_rowid(dv_rep.db);
    return ok;
}

static bool prepare_all(void)
{
    for (int i = 0; i < DV_S_COUNT; i++)
        if (sqlite3_prepare_v3(dv_rep.db, statements[i], -1, SQLITE_PREPARE_PERSISTENT,
                               &prepared[i], NULL) != SQLITE_OK)
            return false;
    return true;
}

/* A report that could not be started is not left behind half made. */
static void abandon(const char *path, bool created)
{
    failed(path, created ? NO_REPORT " (the partial file is removed)" : NO_REPORT);
    if (created) {
        close_db();
        remove_report(path);
    }
}

/* The report is never written through a symbolic link (someone else's file,
   or one the link would create): the writer's opens that create a file do
   not follow one (descriptors.c), and this says so. */
static bool symbolic_link(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
        return false;
    dv_say("devtrace: %s is a symbolic link, which devtrace does not follow; "
           "the program runs on " NO_REPORT "\n", path);
    dv_rep.broken = true;
    return true;
}

void dv_report_open(void)
{
    char path[4096];
    struct stat st;
    const char *session = getenv("DEVTRACE_SESSION"), *print = getenv("DEVTRACE_PRINT");
    const char *summary = getenv("DEVTRACE_SUMMARY");
    dv_rep.print = print && !strcmp(print, "1");
    dv_rep.summary = !summary || strcmp(summary, "0");
    report_path(path, sizeof path);
    if (symbolic_link(path))
        return;
    bool created = lstat(path, &st) != 0;
    if (!open_db(path)) {
        abandon(path, created);
        return;
    }
    file_state state = inspect(session);
    if (state == FILE_STALE) {
        close_db();
        remove_report(path);
        if (!open_db(path)) {
            abandon(path, true);
            return;
        }
    } else if (state != FILE_OURS) {
        dv_say("devtrace: %s is %s; it is left alone and no report is written\n", path,
               state == FILE_NEWER ? "a report of a newer devtrace" : "not a devtrace report");
        dv_rep.broken = true;
        close_db();
        return;
    }
    /* A program's umask of 0777 would make a report its owner cannot read. */
    if ((created || state == FILE_STALE) && stat(path, &st) == 0 && (st.st_mode & 0600) != 0600)
        chmod(path, (st.st_mode & 07777) | 0600);
    if (sqlite3_exec(dv_rep.db, devtrace_schema_sql, NULL, NULL, NULL) != SQLITE_OK ||
        !insert_run(session) || !prepare_all()) {
        abandon(path, created || state == FILE_STALE);
        return;
    }
    dv_events_open();
}

/* ---- the end ------------------------------------------------------------------- */

/* Preloaded by hand, a run that made findings says so as it ends, as
   devtrace run does for its command (which sets DEVTRACE_SUMMARY=0 and
   says one line for all its processes): once, as the writer stops at the
   program's exit, so not at an exec (the new image is a run of its own,
   and says its own), nor in a process that ends by _exit or a signal; on
   the stderr the program started with (say.c), never on its stdout.  A
   limit of the device (mistakes.h) is no finding: devtrace report says it. */
static void say_summary(void)
{
    sqlite3_stmt *st;
    if (!dv_rep.summary || dv_rep.broken ||
        sqlite3_prepare_v2(dv_rep.db, "SELECT count(*) FILTER (WHERE severity = 'error'),"
                           " count(*) FILTER (WHERE severity IS NOT 'error')"
                           " FROM findings WHERE run = ?1 AND NOT "
                           MISTAKE_LIMIT_SQL("kind", "run"), -1, &st, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_int64(st, 1, dv_rep.run);
    if (sqlite3_step(st) == SQLITE_ROW) {
        int64_t errors = sqlite3_column_int64(st, 0), warnings = sqlite3_column_int64(st, 1);
        char *path = dv_printable(sqlite3_db_filename(dv_rep.db, "main"));
        if (errors + warnings && path)
            dv_say("devtrace: %lld error%s and %lld warning%s in this run (pid %d); "
                   "see them with: devtrace report %s findings\n", (long long)errors,
                   errors == 1 ? "" : "s", (long long)warnings, warnings == 1 ? "" : "s",
                   (int)getpid(), path);
        free(path);
    }
    sqlite3_finalize(st);
}

void dv_report_close(void)
{
    if (!dv_rep.db)
        return;
    say_summary();
    remove_journal();
    close_db();
}

/* runs.ended, by dv_end */
static const char *const end_names[] = { "exit", "signal", "exec", NULL };

/* The end of the run; or, after an exec that failed, its end undone. */
void dv_report_end(const dv_event *e, uint64_t events)
{
    uint8_t how = e->u.end.how;
    dv_bind_int(DV_S_END, 1, dv_rep.run);
    if (how != DV_END_NOT_YET)
        dv_bind_int(DV_S_END, 2, (int64_t)dv_now_ns());
    if (how == DV_END_EXIT)
        dv_bind_int(DV_S_END, 3, e->u.end.status);
    else if (how == DV_END_SIGNAL)
        dv_bind_int(DV_S_END, 4, e->u.end.signal);
    dv_bind_int(DV_S_END, 5, (int64_t)events);
    dv_bind_text(DV_S_END, 6, end_names[how]);
    /* On the emulated device a static cudart's calls fail in the program,
       unseen: a run that saw none says why, not "no findings". */
    if (how != DV_END_NOT_YET && events == 0 && dv_next_is_sim() && dv_own_runtime())
        dv_bind_text(DV_S_END, 7, "own_runtime");
    dv_report_step(DV_S_END);
}

/* The child has no writer thread, and the parent's connection is not its to
   use (SQLite forbids carrying one across fork): it starts its own, with a
   run of its own, when it first has something to say.  The parent's is kept
   where it can be seen, untouched: closing it would write to the parent's
   files. */
void dv_report_after_fork(void)
{
    if (dv_rep.db && nparents < 16)
        parents[nparents++] = dv_rep.db;
    memset(prepared, 0, sizeof prepared);
    dv_rep.db = NULL;
    dv_rep.broken = false;
}
