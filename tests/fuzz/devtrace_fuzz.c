/* devtrace's commands in a fuzzer's process (devtrace_fuzz.h). */
#include "devtrace_fuzz.h"
#include "report.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int fatal_status = EXIT_USAGE;
const char *program_name = "devtrace";
static jmp_buf fatal;

void die(const char *fmt, ...)
{
    (void)fmt;
    longjmp(fatal, 1);
}

void usage_error(const char *usage, const char *fmt, ...)
{
    (void)usage, (void)fmt;
    longjmp(fatal, 1);
}

/* The connections open now, known as SQLite opens them (an automatic
   extension) and closes them (a trace of SQLITE_TRACE_CLOSE). */
#define MAX_OPEN 64
static sqlite3 *open_now[MAX_OPEN];
static int nopen;

static int closing(unsigned type, void *unused, void *db, void *unused_too)
{
    (void)type, (void)unused, (void)unused_too;
    for (int i = 0; i < nopen; i++)
        if (open_now[i] == db) {
            open_now[i] = open_now[--nopen];
            break;
        }
    return 0;
}

static int opening(sqlite3 *db, const char **error, const struct sqlite3_api_routines *api)
{
    (void)error, (void)api;
    if (nopen == MAX_OPEN)
        abort();
    open_now[nopen++] = db;
    return sqlite3_trace_v2(db, SQLITE_TRACE_CLOSE, closing, NULL);
}

/* The statements still running are reset first: a pragma's table-valued
   function (pragma_table_xinfo) runs a statement of its own, which its
   cursor finalizes as it closes. */
static void finalize_all(sqlite3 *db)
{
    for (sqlite3_stmt *st = sqlite3_next_stmt(db, NULL); st;)
        if (sqlite3_stmt_busy(st)) {
            sqlite3_reset(st);
            st = sqlite3_next_stmt(db, NULL);
        } else {
            st = sqlite3_next_stmt(db, st);
        }
    for (sqlite3_stmt *st; (st = sqlite3_next_stmt(db, NULL));)
        sqlite3_finalize(st);
}

/* After a fatal error: the statements the command left, and the reports
   it left open.  A database in memory (devtrace's own schema) stays open
   for the next command. */
static void close_left_open(void)
{
    for (int i = nopen - 1; i >= 0; i--) {
        sqlite3 *db = open_now[i];
        const char *file = sqlite3_db_filename(db, "main");
        finalize_all(db);
        if (file && *file && sqlite3_close(db) != SQLITE_OK)
            abort();
    }
}

char *fuzz_path(const char *suffix)
{
    return xasprintf("/tmp/devtrace_fuzz_%ld_%s", (long)getpid(), suffix);
}

bool fuzz_command(int (*command)(int argc, char **argv), char **argv)
{
    static bool ready;
    if (!ready) {
        if (!freopen("/dev/null", "w", stdout) ||
            sqlite3_auto_extension((void (*)(void))opening) != SQLITE_OK)
            abort();
        ready = true;
    }
    int argc = 0;
    while (argv[argc])
        argc++;
    optind = 0;
    if (!setjmp(fatal)) {
        command(argc, argv);
        return true;
    }
    close_left_open();
    return false;
}
