/*
 * Crash recovery, as clang's CrashRecoveryContext does it: while a function
 * runs, the signals of a crash (a bad address, a bad instruction, a division
 * by zero, abort) go to a handler that jumps back, on the crashing thread,
 * to where the function was called.  The handler runs on a stack of its own
 * (sigaltstack), so that a walk that overflowed its stack is caught too.
 *
 * Why in the process, not a child per file: the files' functions are
 * analyzed together (a call into another file uses its callee's summary),
 * so no file's analysis stands alone to fork; and a run of thousands of
 * files would pay a fork and a copy of its findings for each.  The price:
 * what the crashed code had made is abandoned (never freed), and a crash
 * that corrupted the heap, or stopped inside malloc, cannot be recovered
 * from in the process at all: then the run still ends as a crash would.
 *
 * The handlers are installed while any thread runs a function so (the
 * parse's threads do at once), over the ones before (libclang's own crash
 * recovery installs some when an index is made: clang_createIndex), and
 * those are put back when the last one returns.  A crash meanwhile on a
 * thread that runs none is not ours: the handler puts the old ones back and
 * the signal goes to them.
 */
#include "analysis.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
#define NSIGNALS (sizeof crash_signals / sizeof crash_signals[0])
#define ALT_STACK (256u << 10)

static pthread_mutex_t handlers_lock = PTHREAD_MUTEX_INITIALIZER;
static int recovering;                      /* threads inside dc_recover */
static struct sigaction before[NSIGNALS];
static __thread sigjmp_buf *recovery;       /* this thread's way back, while fn runs */
static __thread volatile sig_atomic_t caught;

static void restore_handlers(void)
{
    for (size_t i = 0; i < NSIGNALS; i++)
        sigaction(crash_signals[i], &before[i], NULL);
}

static void on_crash(int sig)
{
    if (recovery) {
        caught = sig;
        siglongjmp(*recovery, 1);
    }
    restore_handlers();         /* the signal is blocked here: raised, it comes */
    raise(sig);                 /* to the old handler as this one returns */
}

/* The first thread in installs the handlers, the last one out puts the old
   ones back. */
static void handlers_enter(void)
{
    struct sigaction sa = {.sa_handler = on_crash, .sa_flags = SA_ONSTACK};
    sigemptyset(&sa.sa_mask);
    pthread_mutex_lock(&handlers_lock);
    for (size_t i = 0; recovering == 0 && i < NSIGNALS; i++)
        sigaction(crash_signals[i], &sa, &before[i]);
    recovering++;
    pthread_mutex_unlock(&handlers_lock);
}

static void handlers_leave(void)
{
    pthread_mutex_lock(&handlers_lock);
    if (--recovering == 0)
        restore_handlers();
    pthread_mutex_unlock(&handlers_lock);
}

int dc_recover(void (*fn)(void *), void *arg)
{
    sigjmp_buf here;
    stack_t alt = {.ss_sp = dc_realloc(NULL, ALT_STACK), .ss_size = ALT_STACK}, old_alt;
    sigaltstack(&alt, &old_alt);
    handlers_enter();
    caught = 0;
    if (sigsetjmp(here, 1) == 0) {
        recovery = &here;
        fn(arg);
    }
    recovery = NULL;
    handlers_leave();
    sigaltstack(&old_alt, NULL);
    free(alt.ss_sp);
    return caught;
}

void dc_abandon(int why)
{
    caught = why;
    siglongjmp(*recovery, 1);
}

int dc_deep_thread(pthread_t *thread, void *(*fn)(void *), void *arg)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, DC_DEEP_STACK);
    int err = pthread_create(thread, &attr, fn, arg);
    pthread_attr_destroy(&attr);
    return err;
}

double dc_thread_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const struct {
    int sig;
    const char *name;
} signal_names[] = {
    {SIGSEGV, "SIGSEGV, a bad memory access"}, {SIGBUS, "SIGBUS, a bad memory access"},
    {SIGFPE, "SIGFPE, an arithmetic error"}, {SIGILL, "SIGILL, an illegal instruction"},
    {SIGABRT, "SIGABRT, an abort"},
};

const char *dc_signal_name(int sig)
{
    for (size_t i = 0; i < sizeof signal_names / sizeof signal_names[0]; i++)
        if (signal_names[i].sig == sig)
            return signal_names[i].name;
    return "a signal";
}

char *dc_what_ended(int why, double seconds, size_t bytes)
{
    if (why == DC_OUT_OF_TIME)
        return dc_format("ran out of time (%g s a file)", seconds);
    if (why == DC_OUT_OF_MEMORY)
        return dc_format("went past its memory (%zu MiB a file)", bytes >> 20);
    return dc_format("internal error (%s)", dc_signal_name(why));
}

#ifdef DEVCHECK_CRASH_HOOK
void dc_crash_hook(const char *what)
{
    const char *want = getenv("DEVCHECK_CRASH_ON");
    if (!want)
        return;
    bool abort_it = strncmp(want, "abort:", 6) == 0;
    if (strcmp(what, want + (abort_it ? 6 : 0)) != 0)
        return;
    if (abort_it)
        abort();
    raise(SIGSEGV);
}
#endif
