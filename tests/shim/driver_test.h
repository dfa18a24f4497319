/*
 * What the driver API test programs share: CU_SAY(call) makes a driver
 * call and prints the CUresult it returned by name, as shim_test.h's SAY
 * does for the runtime, for expect_findings --baseline.
 */
#ifndef DRIVER_TEST_H
#define DRIVER_TEST_H

#include <cuda.h>
#include <stdio.h>

#define CU_SAY(call) cu_say(#call, (call))

static inline CUresult cu_say(const char *call, CUresult e)
{
    const char *name = NULL;
    cuGetErrorName(e, &name);
    printf("%s: %s\n", call, name ? name : "?");
    return e;
}

#endif
