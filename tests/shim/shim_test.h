/*
 * What the raw CUDA test programs share.  SAY(call) makes a CUDA call and
 * prints what it returned, so that expect_findings --baseline sees the shim
 * pass every result through unchanged.  The calls themselves stay in the
 * test's own lines: the shim reports a finding at the user's line that made
 * the call, and a marker there expects it.
 */
#ifndef SHIM_TEST_H
#define SHIM_TEST_H

#include <cuda_runtime.h>
#include <stdio.h>

#include "kernels.h"

#define SAY(call) say(#call, (call))

static inline cudaError_t say(const char *call, cudaError_t e)
{
    printf("%s: %s\n", call, cudaGetErrorName(e));
    return e;
}

#endif
