/*
 * signals: under the shim a program's view of its own signal handling is
 * its own.  SIGINT reads as the default until it sets a handler (Python
 * installs the handler that raises KeyboardInterrupt only where it finds
 * the default); signal() returns the handler set before; and the handler
 * the program sets is the one that runs.  --baseline: the same alone.
 */
#include "shim_test.h"
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
    caught = sig;
}

int main(void)
{
    struct sigaction old, act;
    void *dev = NULL;

    SAY(cudaMalloc(&dev, 64));
    if (sigaction(SIGINT, NULL, &old) != 0 || old.sa_handler != SIG_DFL) {
        puts("SIGINT is not the default");
        return 1;
    }
    if (signal(SIGTERM, on_signal) != SIG_DFL || signal(SIGTERM, SIG_DFL) != on_signal) {
        puts("signal() said another handler");
        return 1;
    }
    memset(&act, 0, sizeof act);
    act.sa_handler = on_signal;
    sigemptyset(&act.sa_mask);
    sigaction(SIGINT, &act, NULL);
    raise(SIGINT);
    printf("caught signal %d\n", (int)caught);
    SAY(cudaFree(dev));
    return caught == SIGINT ? 0 : 1;
}
