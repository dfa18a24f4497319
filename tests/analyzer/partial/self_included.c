/*
 * A file that includes itself and only partly parses: it is no includer of
 * its own, so it is read alone, its functions free of errors analyzed (the
 * mistake in the first half found) and the function with an error in the
 * second half listed, as in any file that partly parses.  Exit 2.
 */
// devcheck-exit: 2
#ifndef SELF_INCLUDED_AGAIN
#define SELF_INCLUDED_AGAIN
#include <cuda_runtime_api.h>

int first_count(void)
{
    int *counts;
    cudaMalloc((void **)&counts, 4 * sizeof *counts);
    int n = counts[2]; // devcheck: host-deref
    cudaFree(counts);
    return n;
}

#include __FILE__

#else

void fill_scratch(float *d)
{
    cudaMemset(d, 0, SCRATCH_BYTES); // devcheck-error: use of undeclared identifier 'SCRATCH_BYTES' // devcheck-unread: 'fill_scratch' read but for the statement at line 27
}

#endif
