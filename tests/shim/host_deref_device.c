/*
 * host_deref_device: host code writes into device memory, which faults, as
 * on a GPU.  The shim reports the faulting line before the program dies of
 * the fault, and records how its run ended.
 */
// devtrace-exit: SIGSEGV
// devtrace-sql: SELECT signal FROM runs => 11
#include "shim_test.h"

int main(void)
{
    float *p;

    SAY(cudaMalloc((void **)&p, 64));
    fflush(stdout);                         /* what was printed survives the fault */
    p[1] = 2.0f; // devtrace: host_deref_device
    SAY(cudaFree(p));
    return 0;
}
