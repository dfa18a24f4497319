/*
 * abort: a program that makes a finding and then aborts.  The finding must
 * be in the report all the same, and the run must say how it ended.
 */
// devtrace-exit: SIGABRT
// devtrace-sql: SELECT signal FROM runs => 6
#include "shim_test.h"
#include <stdlib.h>

int main(void)
{
    void *dev = NULL, *pinned = NULL;

    SAY(cudaMalloc(&dev, 256));
    SAY(cudaMallocHost(&pinned, 256));
    SAY(cudaMemcpy(dev, pinned, 256, cudaMemcpyDeviceToHost)); // devtrace: memcpy_direction
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    fflush(stdout);
    abort();
}
