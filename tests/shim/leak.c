/*
 * leak: device memory still allocated when the program exits is a warning
 * at the line that allocated it; memory given back is not.
 */
// devtrace-sql: SELECT severity FROM findings WHERE kind = 'leak' => warning
// devtrace-sql: SELECT sum(count - freed) FROM allocations => 1
// devtrace-sql: SELECT bytes FROM findings WHERE kind = 'leak' => 1024
#include "shim_test.h"

int main(void)
{
    void *kept = NULL, *freed = NULL;

    SAY(cudaMalloc(&freed, 256));
    SAY(cudaMalloc(&kept, 1024)); // devtrace: leak
    SAY(cudaFree(freed));
    return 0;
}
