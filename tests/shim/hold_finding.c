/*
 * hold_finding: a double free, committed to the report, then a wait until
 * the file named by argv[1] exists (ten seconds at most): a traced command
 * that is still running, writing its report, when another starts to write
 * the same one (two_writers.sh).
 */
#include "shim_test.h"
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    void *dev = NULL;
    struct timespec tick = { 0, 10 * 1000 * 1000 };

    SAY(cudaMalloc(&dev, 64));
    SAY(cudaFree(dev));
    SAY(cudaFree(dev)); // devtrace: double_free
    for (int i = 0; argc > 1 && i < 1000 && access(argv[1], F_OK) != 0; i++)
        nanosleep(&tick, NULL);
    return 0;
}
