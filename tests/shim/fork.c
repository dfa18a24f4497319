/*
 * fork: a program that has used CUDA forks; the child makes a finding of
 * its own and exits 0, then the parent makes another.  With one report file
 * for both (no %p in DEVTRACE_DB), the report holds both runs, and each
 * finding is in the run of the process that made it: the child's run is
 * the one whose ppid is the other's pid.  Each process frees what it
 * allocated, so that no memory crosses the fork.
 */
// devtrace-sql: SELECT count(*) FROM runs => 2
// devtrace-sql: SELECT count(*) FROM events e JOIN runs r ON r.id = e.run WHERE e.start_ns < r.started_ns OR e.start_ns > r.ended_ns => 0
// devtrace-sql: SELECT c.started_ns > p.started_ns FROM runs c JOIN runs p ON c.ppid = p.pid => 1
// devtrace-sql: SELECT count(*) FROM findings f JOIN runs c ON c.id = f.run JOIN runs p ON p.pid = c.ppid WHERE f.kind = 'memcpy_direction' => 1
// devtrace-sql: SELECT count(*) FROM findings f JOIN runs p ON p.id = f.run JOIN runs c ON c.ppid = p.pid WHERE f.kind = 'double_free' => 1
#include "shim_test.h"
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define BYTES 1024

/* The child's work: an upload that names the wrong direction. */
static void child(void)
{
    void *dev = NULL, *pinned = NULL;

    SAY(cudaMalloc(&dev, BYTES));
    SAY(cudaMallocHost(&pinned, BYTES));
    SAY(cudaMemcpy(dev, pinned, BYTES, cudaMemcpyDeviceToHost)); // devtrace: memcpy_direction
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    exit(0);
}

int main(void)
{
    void *dev = NULL, *pinned = NULL;
    int status = 0;

    SAY(cudaMalloc(&dev, BYTES));
    SAY(cudaMallocHost(&pinned, BYTES));
    SAY(cudaMemcpy(dev, pinned, BYTES, cudaMemcpyHostToDevice));
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    fflush(stdout);                         /* or the child prints it again */
    pid_t pid = fork();
    if (pid < 0)
        return 1;
    if (pid == 0)
        child();
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return 1;
    SAY(cudaMalloc(&dev, BYTES));
    SAY(cudaFree(dev));
    SAY(cudaFree(dev)); // devtrace: double_free
    return 0;
}
