#define _GNU_SOURCE     /* on_exit, REG_RIP, RTLD_NEXT */
/*
 * The shim's life in the program's: it starts before main, records leaks and
 * the exit status when the program exits, ends its run before an exec
 * replaces the program, starts over in a forked child, and
 * when a fatal signal ends the program, records why and where, waits until
 * the report is written, and then lets the program die as it would have.
 */
#include "devtrace.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#define FLUSH_MS 3000          /* a writer that commits nothing this long is stuck */

static _Atomic bool active;
static _Atomic pid_t owner;             /* the process the state belongs to */
static _Atomic int dying;

/* Signals that end a program, whose last events must reach the report.  The
   faults are always handled (before the program's handler, which then runs);
   the others only while the program leaves them to their default, which
   ends it.  The program is told of its own disposition alone (sigaction and
   signal are interposed), never of the shim's: Python installs its SIGINT
   handler, which raises KeyboardInterrupt, only where it finds the default. */
static const struct { int sig; bool fault; } fatal[] = {
    { SIGSEGV, true }, { SIGBUS, true }, { SIGILL, true }, { SIGFPE, true },
    { SIGABRT, false }, { SIGTERM, false }, { SIGINT, false }, { SIGHUP, false },
};
#define NFATAL (sizeof fatal / sizeof *fatal)
static struct sigaction theirs[NFATAL];        /* the program's own dispositions */
static int (*real_sigaction)(int, const struct sigaction *, struct sigaction *);

bool dv_active(void)
{
    return atomic_load_explicit(&active, memory_order_relaxed);
}

/* A vfork child shares our memory, and the state is not its own. */
static bool owned(void)
{
    return dv_active() && atomic_load(&owner) == getpid();
}

/* A process image that made no CUDA call has no run, and leaves the report
   as it was (a shell, or a tool, that inherited LD_PRELOAD): the run is
   made at its first event.  One whose calls could not be seen (a runtime
   of its own on the emulated device) has a run all the same, to say so. */
static bool has_run(void)
{
    return dv_writer_started() || (dv_next_is_sim() && dv_own_runtime());
}

static void end_run(dv_end how, int status, int sig)
{
    if (!has_run())
        return;
    dv_event e = { .type = DV_EV_END, .api = DV_API_COUNT, .device = -1 };
    e.u.end.how = (uint8_t)how;
    e.u.end.status = status;
    e.u.end.signal = sig;
    dv_emit(&e);
}

/* ---- exit ------------------------------------------------------------------ */

static void at_exit(int status, void *arg)
{
    (void)arg;
    if (!owned())
        return;
    dv_check_leaks();
    end_run(DV_END_EXIT, status, 0);
    atomic_store(&active, false);
    dv_writer_stop();
}

/* _exit skips exit handlers; a forked child that ends with it still has a
   run to finish.  (A vfork child shares our memory: its pid is not the
   owner's, so it does nothing here.) */
void _exit(int status)
{
    void (*real)(int) = (void (*)(int))dlsym(RTLD_NEXT, "_exit");
    if (owned()) {
        end_run(DV_END_EXIT, status, 0);
        atomic_store(&active, false);
        dv_writer_flush(FLUSH_MS);
    }
    real(status);
    __builtin_unreachable();
}

/* ---- fatal signals ------------------------------------------------------------ */

static int fatal_index(int sig)
{
    for (size_t i = 0; i < NFATAL; i++)
        if (fatal[i].sig == sig)
            return (int)i;
    return -1;
}

static uintptr_t fault_pc(void *context)
{
#if defined(__x86_64__)
    return (uintptr_t)((ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (uintptr_t)((ucontext_t *)context)->uc_mcontext.pc;
#else
    (void)context;
    return 0;
#endif
}

__thread volatile sig_atomic_t dv_held_signal __attribute__((tls_model("initial-exec")));

/* The run's end, once, and the wait until it is written; a fault's place
   first, where there is one (info). */
static void record_death(int sig, const siginfo_t *info, void *context)
{
    if (owned() && atomic_fetch_add(&dying, 1) == 0) {
        if (info && (sig == SIGSEGV || sig == SIGBUS))
            dv_check_fault((uintptr_t)info->si_addr, fault_pc(context));
        end_run(DV_END_SIGNAL, 0, sig);
        dv_writer_flush(FLUSH_MS);
    }
}

/* Records, flushes, and puts back what was there: returning from a fault
   runs the instruction again, which faults again into the old handler (or
   the default action); a sent signal is raised again.  A sent signal that
   lands inside dv_emit is held until its event is published. */
static void on_fatal(int sig, siginfo_t *info, void *context)
{
    int i = fatal_index(sig);
    bool sent = !fatal[i].fault || info->si_code <= 0;
    if (sent && dv_emitting) {
        dv_held_signal = sig;
        return;
    }
    record_death(sig, info, context);
    real_sigaction(sig, &theirs[i], NULL);
    if (sent)
        raise(sig);
}

void dv_fatal_held(void)
{
    int sig = dv_held_signal;
    dv_held_signal = 0;
    record_death(sig, NULL, NULL);
    real_sigaction(sig, &theirs[fatal_index(sig)], NULL);
    raise(sig);
}

/* Whether the shim's handler stands in front of signal i: a fault always;
   another while the program's disposition is the default, which ends it. */
static bool in_front(size_t i)
{
    return fatal[i].fault ||
           (theirs[i].sa_handler == SIG_DFL && !(theirs[i].sa_flags & SA_SIGINFO));
}

/* What the kernel holds for signal i: the shim's handler, or the program's. */
static int install(size_t i)
{
    struct sigaction ours;
    memset(&ours, 0, sizeof ours);
    ours.sa_sigaction = on_fatal;
    ours.sa_flags = SA_SIGINFO;
    sigemptyset(&ours.sa_mask);
    return real_sigaction(fatal[i].sig, in_front(i) ? &ours : &theirs[i], NULL);
}

static void catch_fatal_signals(void)
{
    real_sigaction = (__typeof__(real_sigaction))dlsym(RTLD_NEXT, "sigaction");
    for (size_t i = 0; real_sigaction && i < NFATAL; i++) {
        real_sigaction(fatal[i].sig, NULL, &theirs[i]);
        install(i);
    }
}

int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
    int i = fatal_index(sig);
    if (!real_sigaction)                /* before the shim started: a constructor's call */
        real_sigaction = (__typeof__(real_sigaction))dlsym(RTLD_NEXT, "sigaction");
    if (i < 0 || !dv_active())
        return real_sigaction(sig, act, old);
    if (old)
        *old = theirs[i];
    if (!act)
        return 0;
    struct sigaction was = theirs[i];
    theirs[i] = *act;
    if (install((size_t)i) != 0) {
        theirs[i] = was;
        return -1;
    }
    return 0;
}

/* signal() with glibc's (BSD) meaning, through the sigaction above: glibc's
   own calls the kernel's beneath any interposer. */
sighandler_t signal(int sig, sighandler_t handler)
{
    struct sigaction act, old;
    memset(&act, 0, sizeof act);
    act.sa_handler = handler;
    act.sa_flags = SA_RESTART;
    sigemptyset(&act.sa_mask);
    sigaddset(&act.sa_mask, sig);
    return sigaction(sig, &act, &old) == 0 ? old.sa_handler : SIG_ERR;
}

/* ---- fork ----------------------------------------------------------------------- */

static void before_fork(void)
{
    dv_writer_lock();
    dv_sites_lock();
    dv_shadow_lock();
}

static void parent_after_fork(void)
{
    dv_shadow_unlock();
    dv_sites_unlock();
    dv_writer_unlock();
}

static void child_after_fork(void)
{
    dv_started_ns = dv_now_ns();
    dv_shadow_unlock();
    dv_sites_unlock();
    dv_writer_unlock();
    dv_shadow_after_fork();
    dv_queue_after_fork();
    dv_writer_after_fork();             /* after the queue's: it counts from its place */
    dv_voice_after_fork();
    dv_activity_after_fork();
    atomic_store(&dv_events_full, false);   /* the child's run keeps its own */
    atomic_store(&dying, 0);
    atomic_store(&owner, getpid());
}

/* ---- exec -------------------------------------------------------------------------- */

/* An exec replaces the image with the writer's queue in it: the run is
   ended and flushed first, and the writer held idle (outside SQLite) until
   the new image has replaced it.  Leaks are not judged here: an exec that
   fails returns to a program whose memory is all still in use.  (A vfork
   child, posix_spawn's too, is not the owner: nothing of ours is lost.) */
static bool before_exec(void)
{
    if (!owned())
        return false;
    end_run(DV_END_EXEC, 0, 0);
    dv_writer_flush(FLUSH_MS);
    dv_writer_lock();
    return true;
}

/* exec returned: it failed, and the run goes on. */
static int exec_failed(bool held, int rc)
{
    int saved = errno;
    if (held) {
        dv_writer_unlock();
        end_run(DV_END_NOT_YET, 0, 0);
    }
    errno = saved;
    return rc;
}

/* The new image joins this command's session, even given an environment
   without it (else it would take the report for an earlier command's). */
static char *const *with_session(char *const *envp, char **copy, size_t room)
{
    static char entry[128];
    const char *id = getenv("DEVTRACE_SESSION");
    size_t n = 0;
    if (!id || !envp || strlen(id) + 18 > sizeof entry)
        return envp;
    for (; envp[n]; n++)
        if (!strncmp(envp[n], "DEVTRACE_SESSION=", 17))
            return envp;
    if (n + 2 > room)
        return envp;
    memcpy(copy, envp, n * sizeof *copy);
    snprintf(entry, sizeof entry, "DEVTRACE_SESSION=%s", id);
    copy[n] = entry;
    copy[n + 1] = NULL;
    return copy;
}

#define ENV_ROOM 4096
#define REAL_EXEC(type, name) ((type)dlsym(RTLD_NEXT, name))
typedef int (*execve_fn)(const char *, char *const[], char *const[]);

int execve(const char *path, char *const argv[], char *const envp[])
{
    char *copy[ENV_ROOM];
    bool held = before_exec();
    execve_fn real = REAL_EXEC(execve_fn, "execve");
    return exec_failed(held, real(path, argv, held ? with_session(envp, copy, ENV_ROOM) : envp));
}

int execvpe(const char *file, char *const argv[], char *const envp[])
{
    char *copy[ENV_ROOM];
    bool held = before_exec();
    execve_fn real = REAL_EXEC(execve_fn, "execvpe");
    return exec_failed(held, real(file, argv, held ? with_session(envp, copy, ENV_ROOM) : envp));
}

int execv(const char *path, char *const argv[])
{
    return execve(path, argv, environ);
}

int execvp(const char *file, char *const argv[])
{
    return execvpe(file, argv, environ);
}

int fexecve(int fd, char *const argv[], char *const envp[])
{
    char *copy[ENV_ROOM];
    bool held = before_exec();
    int (*real)(int, char *const[], char *const[]) =
        REAL_EXEC(int (*)(int, char *const[], char *const[]), "fexecve");
    return exec_failed(held, real(fd, argv, held ? with_session(envp, copy, ENV_ROOM) : envp));
}

/* execl, execlp, execle: their arguments as an argv (and the envp after
   the NULL, for execle). */
#define ARGV_FROM_LIST(arg, argv, envp) \
    size_t n_ = 1; \
    va_list ap_; \
    va_start(ap_, arg); \
    while (va_arg(ap_, char *)) \
        n_++; \
    va_end(ap_); \
    char *argv[n_ + 1]; \
    argv[0] = (char *)(arg); \
    va_start(ap_, arg); \
    for (size_t i_ = 1; i_ <= n_; i_++) \
        argv[i_] = va_arg(ap_, char *); \
    char *const *envp = va_arg(ap_, char *const *); \
    va_end(ap_)

int execl(const char *path, const char *arg, ...)
{
    ARGV_FROM_LIST(arg, argv, envp);
    (void)envp;
    return execve(path, argv, environ);
}

int execlp(const char *file, const char *arg, ...)
{
    ARGV_FROM_LIST(arg, argv, envp);
    (void)envp;
    return execvpe(file, argv, environ);
}

int execle(const char *path, const char *arg, ...)
{
    ARGV_FROM_LIST(arg, argv, envp);
    return execve(path, argv, envp);
}

/* ---- start ---------------------------------------------------------------------- */

/* The processes of one traced command share a session: the first one names
   it, and an earlier command's report at the same path is replaced. */
static void join_session(void)
{
    char id[64];
    struct timespec t;
    if (getenv("DEVTRACE_SESSION"))
        return;
    clock_gettime(CLOCK_REALTIME, &t);
    snprintf(id, sizeof id, "%d-%lld%09ld", (int)getpid(), (long long)t.tv_sec, t.tv_nsec);
    setenv("DEVTRACE_SESSION", id, 1);
}

uint64_t dv_started_ns;

__attribute__((constructor)) static void start(void)
{
    dv_started_ns = dv_now_ns();
    dv_say_init();
    dv_report_init();
    join_session();
    dv_next_choose();
    dv_sites_init();
    catch_fatal_signals();
    on_exit(at_exit, NULL);
    pthread_atfork(before_fork, parent_after_fork, child_after_fork);
    atomic_store(&owner, getpid());
    atomic_store(&active, true);
}
