/* exec_after_findings: findings, then an exec that fails (the run goes on),
   then one that replaces the program.  Every finding of the first image is
   in the report, and its run says that it ended in exec. */
#include "shim_test.h"

#include <string.h>
#include <unistd.h>

// devtrace-sql: SELECT count(*) FROM runs => 2
// devtrace-sql: SELECT group_concat(ended, ',') FROM (SELECT ended FROM runs ORDER BY id) => exec,exit
// devtrace-sql: SELECT exit_status IS NULL AND signal IS NULL AND ended_ns > 0 FROM runs ORDER BY id LIMIT 1 => 1
// devtrace-sql: SELECT events FROM runs ORDER BY id LIMIT 1 => 4
// devtrace-sql: SELECT count(*) FROM findings f JOIN runs r ON r.id = f.run WHERE r.ended = 'exec' => 2

int main(int argc, char **argv)
{
    void *dev = NULL;
    char host[128] = { 0 };

    if (argc > 1 && strcmp(argv[1], "again") == 0) {
        puts("the new image");          /* a call of its own: a run of its own */
        SAY(cudaMalloc(&dev, 64));
        SAY(cudaFree(dev));
        return 0;
    }
    SAY(cudaMalloc(&dev, 64));
    SAY(cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice)); // devtrace: memcpy_out_of_bounds
    SAY(cudaFree(dev));
    fflush(stdout);
    execl("/nonexistent/program", "program", (char *)NULL);
    perror("the first exec");
    SAY(cudaFree(dev)); // devtrace: double_free
    fflush(stdout);
    fflush(stderr);
    execl("/proc/self/exe", argv[0], "again", (char *)NULL);
    perror("the second exec");
    return 1;
}
