/*
 * killed: a program killed by SIGKILL, which no handler sees.  What the
 * shim had committed before the kill (it commits within tens of
 * milliseconds of a call) must be in the .db file alone: expect_findings
 * reads a copy of it, without any journal.  The run never ended, so its
 * end is unknown.
 */
// devtrace-exit: SIGKILL
// devtrace-sql: SELECT coalesce(exit_status, signal, 'unknown') FROM runs => unknown
#include "shim_test.h"
#include <signal.h>
#include <unistd.h>

int main(void)
{
    void *dev = NULL, *pinned = NULL;

    SAY(cudaMalloc(&dev, 256));
    SAY(cudaMallocHost(&pinned, 256));
    SAY(cudaMemcpy(dev, pinned, 256, cudaMemcpyDeviceToHost)); // devtrace: memcpy_direction
    fflush(stdout);
    sleep(1);                   /* the writer commits what it has long before */
    kill(getpid(), SIGKILL);
    return 0;
}
