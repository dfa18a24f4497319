/*
 * host_deref_device: host code writes into device memory, which faults, as
 * on a GPU.  The shim reports the faulting line, with the call that led
 * there, before the program dies of the fault, and records how its run
 * ended.
 */
// devtrace-exit: SIGSEGV
// devtrace-sql: SELECT signal FROM runs => 11
#include "shim_test.h"

/* Out of line, so that its frame is there at any optimization. */
__attribute__((noinline)) static void set_second(float *p, float value)
{
    p[1] = value; // devtrace: host_deref_device
}

int main(void)
{
    float *p;

    SAY(cudaMalloc((void **)&p, 64));
    fflush(stdout);                         /* what was printed survives the fault */
    set_second(p, 2.0f); // devtrace-sql: SELECT count(*) FROM findings WHERE chain->>'$[1].line' = :line AND chain->>'$[1].function' = 'main' AND json_array_length(chain) = 2 => 1
    SAY(cudaFree(p));
    return 0;
}
