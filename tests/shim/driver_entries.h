/*
 * How a driver API test program reaches the functions its DRIVER(X) list
 * names, written CU(fn): by name; or (BY_PROC_ADDRESS) through a table of
 * entry points that lookup() fills from cuGetProcAddress; or, with
 * DRIVER_LIBRARY too, from a cuGetProcAddress taken from the driver
 * library's own handle, as a statically linked CUDA runtime does, so that
 * no call passes through an interposed name.
 */
#ifndef DRIVER_ENTRIES_H
#define DRIVER_ENTRIES_H

#include <cuda.h>

#ifdef BY_PROC_ADDRESS
#define FIELD(fn) __typeof__(&fn) fn;
static struct { DRIVER(FIELD) } driver;
#define CU(fn) driver.fn

#ifdef DRIVER_LIBRARY
#include <dlfcn.h>
static __typeof__(&cuGetProcAddress) proc_address(void)
{
    void *h = dlopen(DRIVER_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    return h ? (__typeof__(&cuGetProcAddress))dlsym(h, "cuGetProcAddress_v2") : NULL;
}
#else
static __typeof__(&cuGetProcAddress) proc_address(void) { return cuGetProcAddress; }
#endif

#define LOOKUP(fn) \
    found &= get(#fn, (void **)&driver.fn, CUDA_VERSION, CU_GET_PROC_ADDRESS_DEFAULT, &status) == \
             CUDA_SUCCESS;
static int lookup(void)
{
    __typeof__(&cuGetProcAddress) get = proc_address();
    CUdriverProcAddressQueryResult status;
    int found = get != NULL;
    DRIVER(LOOKUP)
    return found;
}
#else
#define CU(fn) fn
static int lookup(void) { return 1; }
#endif

#endif
