#define _GNU_SOURCE     /* F_DUPFD_CLOEXEC */
/*
 * What the shim says (a finding as it is made, a report it cannot write)
 * goes to the stderr the program started with, never into a file of the
 * program's: a program that closes fd 2 and opens its log there would get
 * the shim's lines in its log.  The writer keeps a copy of that stderr
 * (high, close-on-exec, out of the program's reach: descriptors.c), and
 * speaks there only while fd 2 is still the same file: once the program
 * has closed or replaced its stderr, the shim says nothing live (the
 * report holds everything), and gives its copy up, so that a pipe the
 * program closed is closed (a daemon's caller reading to its end would
 * wait for the shim's copy otherwise).
 */
#include "devtrace.h"
#include "json.h"
#include "mistakes.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static struct stat started_as;          /* fd 2 as the program started */
static bool had_stderr;
static int voice = -1;                  /* the writer's copy of it */
static __thread bool writer;            /* this thread holds the voice */
static dv_tally_map said;              /* (kind, site) said (DEVTRACE_PRINT) */

void dv_say_init(void)
{
    had_stderr = fstat(STDERR_FILENO, &started_as) == 0;
}

static bool still_stderr(void)
{
    struct stat now;
    return had_stderr && fstat(STDERR_FILENO, &now) == 0 && now.st_dev == started_as.st_dev &&
           now.st_ino == started_as.st_ino;
}

void dv_voice_open(void)
{
    writer = true;
    if (voice < 0 && still_stderr())
        voice = dv_descriptor_keep(fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0));
}

void dv_voice_check(void)
{
    if (voice >= 0 && !still_stderr()) {
        dv_descriptor_drop(voice);
        voice = -1;
    }
}

void dv_voice_after_fork(void)
{
    if (voice >= 0)
        dv_descriptor_drop(voice);
    voice = -1;
    dv_tally_clear(&said);              /* the child says its own findings */
}

/* One write, whole lines at once; a reader that is gone costs the write
   alone (EPIPE), not the program (SIGPIPE, held and taken back here). */
static void put(int fd, const char *s, size_t n)
{
    sigset_t pipe, old, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, &old);
    bool was = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE);
    if (write(fd, s, n) < 0 && errno == EPIPE && !was) {
        struct timespec none = { 0, 0 };
        sigtimedwait(&pipe, NULL, &none);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void dv_say(const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    int saved = errno;
    if (writer)
        dv_voice_check();
    int fd = writer ? voice : still_stderr() ? STDERR_FILENO : -1;
    if (fd >= 0) {
        va_start(ap, fmt);
        int n = vsnprintf(line, sizeof line, fmt, ap);
        va_end(ap);
        if (n >= (int)sizeof line) {    /* cut short, still a line */
            n = sizeof line - 1;
            line[n - 1] = '\n';
        }
        if (n > 0)
            put(fd, line, (size_t)n);
    }
    errno = saved;
}

char *dv_printable(const char *text)
{
    size_t n = strlen(text);
    char *out = malloc(4 * n + 1);
    if (out)
        json_printable(out, text, n, false);
    return out;
}

/* file as the program's folder sees it, as devtrace report shows it. */
static const char *from_cwd(const char *file, char *cwd, size_t n)
{
    size_t k = getcwd(cwd, n) ? strlen(cwd) : 0;
    return k && !strncmp(file, cwd, k) && file[k] == '/' ? file + k + 1 : file;
}

/* DEVTRACE_PRINT=1 (devtrace run sets it): a finding is said as it is
   written, the first of its kind at each site, as a compiler says one, in
   one write so that threads' lines do not mix; its file and message with
   their control characters escaped, so that a name cannot drive the
   terminal or make a line of its own.  A limit of the device is no
   finding (mistakes.h): devtrace says it once, after the run. */
void dv_say_finding(const dv_event *e, const dv_site_text *at, const char *severity,
                    const char *msg)
{
    uint64_t key[DV_TALLY_KEY] = { e->u.finding.kind, e->site };
    bool fresh = false;
    if (!dv_rep.print || mistake_is_limit(dv_finding_names[e->u.finding.kind], dv_device_name()) ||
        !dv_tally_find(&said, key, &fresh) || !fresh)
        return;
    char cwd[1024];
    const char *where = at && at->file ? from_cwd(at->file, cwd, sizeof cwd)
                        : at && at->function ? at->function : "(no line)";
    char *place = dv_printable(where), *text = dv_printable(msg);
    if (place && text && at && at->file)
        dv_say("devtrace: %s:%d: %s[%s]: %s\n", place, at->line, severity,
               dv_finding_names[e->u.finding.kind], text);
    else if (place && text)
        dv_say("devtrace: %s: %s[%s]: %s\n", place, severity, dv_finding_names[e->u.finding.kind],
               text);
    free(place);
    free(text);
}
