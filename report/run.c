/*
 * `devtrace run`: a program with the shim preloaded, then a word on stderr
 * about what its report holds.  devtrace exits as the program did, in a
 * shell's terms (128 + the signal that killed it), so that it can stand in
 * for the program in scripts and CI.
 */
#include "report.h"
#include "gpu.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static const char usage[] =
    "usage: devtrace run [-o FILE] [--timeline] [--error-exitcode N] [--kinds LIST]\n"
    "                    [--suppressions FILE] [--] PROGRAM [ARGS...]\n"
    "\n"
    "Runs PROGRAM with libdevtrace.so preloaded; its report goes to FILE\n"
    "($DEVTRACE_DB, else ./devtrace.db; %p in it becomes each process's id),\n"
    "replacing an earlier report there.  Each finding is said on stderr as it\n"
    "is made (the first at its line; DEVTRACE_PRINT=0 keeps them quiet).\n"
    "Then says on stderr how many findings the report holds, and exits with\n"
    "PROGRAM's status, or with N when --error-exitcode N was given and the\n"
    "report holds an error, or there is none, or the shim could not see\n"
    "PROGRAM's CUDA calls.  --kinds and --suppressions choose the findings\n"
    "that count, as for devtrace report, and the line says how many they\n"
    "suppressed.\n"
    "--timeline also records when each kernel, copy and memset ran on the\n"
    "device (CUPTI's Activity API; DEVTRACE_TIMELINE=1 does the same), for the\n"
    "timeline of the HTML page and the trace: it costs a GPU run more than\n"
    "the checks do, and the findings need none of it.\n"
    "The shim is $DEVTRACE_LIB, else libdevtrace.so in ../lib from\n"
    "devtrace's folder, or in that folder.  On the emulated device (no GPU,\n"
    "or DT_DEVICE=sim) a program linked with -lcuda gets the emulated\n"
    "device's libcuda.so.1, from devtrace-driver/ beside the shim.\n";

/* Where the shim may be, from devtrace's folder: a build tree, an install
   (DEVTRACE_INSTALLED_SHIM, from CMakeLists.txt), or side by side. */
static const char *const shim_places[] = {
    "../lib/libdevtrace.so",
    DEVTRACE_INSTALLED_SHIM,
    "libdevtrace.so",
};

/* An absolute path: the program may change directory before it starts one
   of its own, which inherits LD_PRELOAD and DEVTRACE_DB. */
char *find_shim(void)
{
    const char *env = getenv("DEVTRACE_LIB");
    if (env && *env) {
        char *shim = realpath(env, NULL);
        if (!shim)
            die("DEVTRACE_LIB=%s: %s", env, strerror(errno));
        return shim;
    }
    char *dir = realpath("/proc/self/exe", NULL);
    if (!dir)
        die("cannot tell where devtrace is: %s", strerror(errno));
    *strrchr(dir, '/') = '\0';
    for (size_t i = 0; i < COUNT(shim_places); i++) {
        char *place = xasprintf("%s/%s", dir, shim_places[i]);
        char *shim = realpath(place, NULL);
        free(place);
        if (shim) {
            free(dir);
            return shim;
        }
    }
    die("cannot find libdevtrace.so in %s/../lib or %s; set DEVTRACE_LIB to its path", dir, dir);
}

/* The shim goes after what LD_PRELOAD already holds: a sanitizer's runtime
   must stay first. */
static void preload(const char *shim)
{
    if (strpbrk(shim, " :"))
        die("%s: LD_PRELOAD cannot hold a path with a space or a colon", shim);
    const char *before = getenv("LD_PRELOAD");
    char *list = before && *before ? xasprintf("%s:%s", before, shim) : xstrdup(shim);
    if (setenv("LD_PRELOAD", list, 1) != 0)
        die("setenv: %s", strerror(errno));
    free(list);
}

/* Where the shim will run the program on the emulated device (no GPU, or
   DT_DEVICE=sim), a program linked with -lcuda gets the emulated device's
   libcuda.so.1 (devtrace-driver/ beside the shim) in place of a driver it
   cannot load, or of one with no GPU beneath it. */
static void offer_sim_driver(const char *shim)
{
    const char *mode = getenv("DT_DEVICE");
    bool sim = mode && *mode ? !strcmp(mode, "sim") : !dv_gpu_present();
    const char *slash = strrchr(shim, '/');
    char *dir = xasprintf("%.*s/devtrace-driver", (int)(slash - shim), shim);
    char *driver = xasprintf("%s/libcuda.so.1", dir);
    if (sim && access(driver, F_OK) == 0) {
        const char *before = getenv("LD_LIBRARY_PATH");
        char *path = before && *before ? xasprintf("%s:%s", dir, before) : xstrdup(dir);
        if (setenv("LD_LIBRARY_PATH", path, 1) != 0)
            die("setenv: %s", strerror(errno));
        free(path);
    }
    free(driver);
    free(dir);
}

/* DEVTRACE_DB, absolute like the shim's path, and for the same reason. */
static void name_report(const char *path)
{
    char *cwd = path[0] == '/' ? NULL : getcwd(NULL, 0);
    if (path[0] != '/' && !cwd)
        die("cannot tell the working directory: %s", strerror(errno));
    char *absolute = cwd ? xasprintf("%s/%s", cwd, path) : xstrdup(path);
    if (setenv("DEVTRACE_DB", absolute, 1) != 0)
        die("setenv: %s", strerror(errno));
    free(absolute);
    free(cwd);
}

/* A report its folder cannot take is known before the run: refused then,
   rather than a run that goes untraced and says so after. */
static void check_report_folder(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *folder = slash ? xasprintf("%.*s", (int)(slash - path) + (slash == path), path)
                         : xstrdup(".");
    struct stat st;
    if (stat(folder, &st) != 0)
        die("%s: cannot write the report in %s: %s", path, folder, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        die("%s: cannot write the report in %s: not a folder", path, folder);
    if (access(folder, W_OK | X_OK) != 0)
        die("%s: cannot write the report in %s: %s", path, folder, strerror(errno));
    free(folder);
}

/* Whether a process that may still write r lives: a run with no end. */
static bool written_now(const report *r)
{
    cursor c;
    query_open(&c, r, "unended", Q_UNENDED_PIDS);
    bool live = false;
    while (!live && cursor_next(&c)) {
        pid_t pid = (pid_t)cursor_int(&c, 0);
        live = pid > 0 && (kill(pid, 0) == 0 || errno == EPERM);
    }
    cursor_close(&c);
    return live;
}

/* The shim keeps the report's journal open, empty between commits, and
   the last of its processes to close removes it; one that was killed
   leaves it.  Empty, and with no writer left, it is nothing of the
   report's. */
static void remove_empty_journal(const report *r, const char *path)
{
    struct stat st;
    char *journal = xasprintf("%s-journal", path);
    if (stat(journal, &st) == 0 && st.st_size == 0 && !written_now(r))
        unlink(journal);
    free(journal);
}

/* The shim adds a run to a report that is there already, and this run's
   report should be this run's alone, unless another command is writing it
   now: then both keep their runs, and each devtrace run counts its own.  A
   file that is not a report stays, and so does the program, unrun. */
static void replace_old_report(const char *path)
{
    if (strstr(path, "%p") || access(path, F_OK) != 0)
        return;
    report old = report_open(path, SQLITE_OPEN_READONLY);
    bool shared = written_now(&old);
    report_close(&old);
    if (!shared && !report_remove(path))
        die("%s: cannot remove the earlier report: %s", path, strerror(errno));
}

/* This command's processes are one session (the shim's runs.session), by
   which its summary tells its runs from another command's in the report. */
static const char *name_session(void)
{
    static char id[64];
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    snprintf(id, sizeof id, "run-%d-%lld%09ld", (int)getpid(), (long long)t.tv_sec, t.tv_nsec);
    if (setenv("DEVTRACE_SESSION", id, 1) != 0)
        die("setenv: %s", strerror(errno));
    return id;
}

/* The signals that a terminal sends the whole job go to the program alone:
   devtrace waits, to speak last.  Those ignored before stay ignored. */
static void leave_signals_to(posix_spawnattr_t *attr)
{
    static const int job_signals[] = {SIGINT, SIGQUIT};
    sigset_t defaults;
    sigemptyset(&defaults);
    for (size_t i = 0; i < COUNT(job_signals); i++) {
        struct sigaction ignore = {.sa_handler = SIG_IGN}, before;
        if (sigaction(job_signals[i], &ignore, &before) != 0)
            die("sigaction: %s", strerror(errno));
        if (before.sa_handler != SIG_IGN)
            sigaddset(&defaults, job_signals[i]);
    }
    if (posix_spawnattr_setsigdefault(attr, &defaults) != 0 ||
        posix_spawnattr_setflags(attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) != 0)
        die("posix_spawnattr: cannot set the program's signals");
}

/* A signal sent to devtrace alone (a CI runner's SIGTERM) is the program's,
   as timeout(1) passes it on: devtrace goes on waiting, to speak last. */
static volatile pid_t running;
static const int forwarded[] = {SIGTERM, SIGHUP, SIGUSR1, SIGUSR2};

static void forward(int sig)
{
    if (running > 0)
        kill(running, sig);
}

/* Held from before the program starts until they can be passed on, so that
   none ends devtrace in between; *before gets the mask to put back. */
static void hold_signals(sigset_t *before)
{
    sigset_t held;
    sigemptyset(&held);
    for (size_t i = 0; i < COUNT(forwarded); i++)
        sigaddset(&held, forwarded[i]);
    sigprocmask(SIG_BLOCK, &held, before);
}

static void forward_signals(pid_t pid, const sigset_t *before)
{
    running = pid;
    for (size_t i = 0; i < COUNT(forwarded); i++) {
        struct sigaction sa = {.sa_handler = forward, .sa_flags = SA_RESTART}, was;
        sigemptyset(&sa.sa_mask);
        if (sigaction(forwarded[i], NULL, &was) == 0 && was.sa_handler != SIG_IGN)
            sigaction(forwarded[i], &sa, NULL);
    }
    sigprocmask(SIG_SETMASK, before, NULL);
}

static pid_t start(char **argv, const sigset_t *mask)
{
    posix_spawnattr_t attr;
    if (posix_spawnattr_init(&attr) != 0)
        die("out of memory");
    leave_signals_to(&attr);
    if (posix_spawnattr_setsigmask(&attr, mask) != 0)
        die("posix_spawnattr: cannot set the program's signal mask");
    pid_t pid;
    int err = posix_spawnp(&pid, argv[0], NULL, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    if (err) {
        fatal_status = err == ENOENT ? 127 : 126;       /* as shells say it */
        die("cannot run %s: %s", argv[0], strerror(err));
    }
    return pid;
}

/* The exit status, or 128 + the signal that ended it. */
static int wait_for(pid_t pid, const char *program)
{
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            die("waitpid: %s", strerror(errno));
    if (!WIFSIGNALED(status))
        return WEXITSTATUS(status);
    fprintf(stderr, "devtrace: %s was killed by signal %d (%s)\n", program, WTERMSIG(status),
            strsignal(WTERMSIG(status)));
    return 128 + WTERMSIG(status);
}

/* The file the shim wrote for the process pid: %p is its id. */
static char *report_of(const char *pattern, pid_t pid)
{
    char id[24];
    snprintf(id, sizeof id, "%d", (int)pid);
    char *path = xmalloc(strlen(pattern) * 6 + 1), *o = path;
    for (const char *s = pattern; *s;)
        if (s[0] == '%' && s[1] == 'p') {
            o = stpcpy(o, id);
            s += 2;
        } else {
            *o++ = *s++;
        }
    *o = '\0';
    return path;
}

/* s as one shell word, so that the command devtrace suggests can be pasted. */
static void put_word(const char *s)
{
    if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                       "_-+=.,:/@%") == strlen(s)) {
        fputs(s, stderr);
        return;
    }
    fputc('\'', stderr);
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", stderr);
        else
            fputc(*s, stderr);
    fputc('\'', stderr);
}

/* Says what the report holds of this command's session; returns how many
   errors, and (untraced) whether the program went unseen: no report, or a
   run the shim could not trace. */
static sqlite3_int64 summarize(const char *path, const char *program, const char *session,
                               bool *untraced)
{
    if (access(path, F_OK) != 0) {
        fprintf(stderr, "devtrace: no report in %s: the shim could not write it (it said why "
                "above), or %s made no CUDA call that the shim saw, or the shim did not run "
                "in it (a static or setuid program ignores LD_PRELOAD)\n", path, program);
        *untraced = true;
        return 0;
    }
    report r = report_open(path, SQLITE_OPEN_READONLY);
    report_check(&r);
    remove_empty_journal(&r, path);
    define_source(&r);
    filter_apply(&r);
    session_counts n = session_count(&r, session);
    sqlite3_int64 runs = n.runs, errors = n.errors, warnings = n.warnings;
    bool found = errors + warnings > 0;
    if (!found && n.untraced == runs && runs) {     /* nothing seen: why, and no "no findings" */
        *untraced = report_untraced(&r, session) > 0;
        report_close(&r);
        return 0;
    }
    if (found)
        fprintf(stderr, "devtrace: %lld error%s and %lld warning%s in %lld run%s",
                (long long)errors, plural(errors), (long long)warnings, plural(warnings),
                (long long)runs, plural(runs));
    else
        fprintf(stderr, "devtrace: no findings in %lld run%s", (long long)runs, plural(runs));
    filter_say_hidden(&r, stderr);
    fputs(found ? "; see them with: " : "; the report: ", stderr);
    put_word(program_name);
    fputs(" report ", stderr);
    put_word(path);
    fputs(found ? " findings\n" : "\n", stderr);
    report_limits(&r, session);
    *untraced = report_untraced(&r, session) > 0;
    report_close(&r);
    return errors;
}

/* --error-exitcode's value: 1 to 255, which no shell reads as a signal's. */
static int exit_code_of(const char *arg)
{
    char *end;
    long n = strtol(arg, &end, 10);
    if (end == arg || *end || n < 1 || n > 255)
        usage_error(usage, "--error-exitcode wants a number from 1 to 255, not '%s'", arg);
    return (int)n;
}

int cmd_run(int argc, char **argv)
{
    static const struct option longs[] = {
        {"output", required_argument, NULL, 'o'},
        {"error-exitcode", required_argument, NULL, 'e'},
        {"kinds", required_argument, NULL, 'k'},
        {"suppressions", required_argument, NULL, 's'},
        {"timeline", no_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},
        {0},
    };
    const char *env = getenv("DEVTRACE_DB");
    const char *pattern = env && *env ? env : "devtrace.db";
    int c, error_exitcode = 0;
    while ((c = next_option(argc, argv, "+:o:h", longs, usage)) != -1)
        if (c == 'o')
            pattern = optarg;
        else if (c == 'e')
            error_exitcode = exit_code_of(optarg);
        else if (c == 'k')
            filter_kinds(optarg);
        else if (c == 's')
            filter_suppressions(optarg);
        else if (c == 't' && setenv("DEVTRACE_TIMELINE", "1", 1) != 0)
            die("setenv: %s", strerror(errno));
    if (!*pattern)
        usage_error(usage, "an empty report file name");
    if (optind == argc)
        usage_error(usage, "no program to run");
    char **program = argv + optind;

    char *shim = find_shim();
    preload(shim);
    offer_sim_driver(shim);
    free(shim);
    if (setenv("DEVTRACE_PRINT", "1", 0) != 0 ||   /* each finding as it is made */
        setenv("DEVTRACE_SUMMARY", "0", 1) != 0)   /* devtrace says it, for all the runs */
        die("setenv: %s", strerror(errno));
    check_report_folder(pattern);
    name_report(pattern);
    replace_old_report(pattern);
    const char *session = name_session();
    sigset_t before;
    hold_signals(&before);
    pid_t pid = start(program, &before);
    forward_signals(pid, &before);
    /* What devtrace says from here on may find its stderr gone (a pipe's
       reader that ended first, `| head`): it still exits as the program
       did, not of SIGPIPE.  (The program, started, keeps its own.) */
    signal(SIGPIPE, SIG_IGN);
    int status = wait_for(pid, program[0]);

    /* From here on, a report devtrace cannot read must not hide how the
       program ended. */
    fatal_status = status;
    char *path = report_of(pattern, pid);
    bool untraced = false;
    sqlite3_int64 errors = summarize(path, program[0], session, &untraced);
    free(path);
    return (errors || untraced) && error_exitcode ? error_exitcode : status;
}
