/*
 * current_device: the shim keeps each thread's current device between
 * calls, so every way of changing it must be seen.  Device 1's memory is
 * handed to a kernel launched after each change: on device 1 that is right,
 * on device 0 (no peer access) it is a finding at that line, which the
 * shim reports only if it knows the device the change left.  The changes:
 * cudaSetDevice, cuCtxSetCurrent, cuCtxPushCurrent and cuCtxPopCurrent,
 * cuCtxCreate and cuCtxDestroy (a created context is pushed, a destroyed
 * current one popped), and a new thread, which starts on device 0.
 *
 * Built three times, as driver_api.c is (driver_entries.h says how the
 * driver's functions are reached), and run with the shim preloaded and as
 * an injection library.
 */
#include <pthread.h>
#include <stdint.h>

#include "shim_test.h"

#define DRIVER(X) \
    X(cuInit) X(cuDevicePrimaryCtxRetain) X(cuDevicePrimaryCtxRelease) X(cuCtxSetCurrent) \
    X(cuCtxPushCurrent) X(cuCtxPopCurrent) X(cuCtxCreate) X(cuCtxDestroy) \
    X(cuDevicePrimaryCtxReset)
#include "driver_entries.h"
#include "driver_test.h"

static float *on1;
static int64_t n = 64;
static double v = 1;
static void *args[] = { &on1, &n, &v };

/* Device 1's memory to a kernel on the calling thread's current device, at
   the line that says it. */
#define LAUNCH_ON_CURRENT() \
    cudaLaunchKernel((const void *)dtk_fill_f32, (dim3){ 1, 1, 1 }, (dim3){ 64, 1, 1 }, args, 0, \
                     NULL)

static void *new_thread(void *arg)
{
    (void)arg;
    SAY(LAUNCH_ON_CURRENT()); // devtrace: wrong_device_pointer
    return NULL;
}

int main(void)
{
    CUcontext ctx0 = NULL, ctx1 = NULL, created = NULL, popped = NULL;
    pthread_t thread;

    if (!lookup())
        return 1;
    CU_SAY(CU(cuInit)(0));
    CU_SAY(CU(cuDevicePrimaryCtxRetain)(&ctx0, 0));
    CU_SAY(CU(cuDevicePrimaryCtxRetain)(&ctx1, 1));
    SAY(cudaSetDevice(1));
    SAY(cudaMalloc((void **)&on1, (size_t)n * sizeof *on1));
    SAY(LAUNCH_ON_CURRENT());
    SAY(cudaSetDevice(0));
    SAY(LAUNCH_ON_CURRENT()); // devtrace: wrong_device_pointer
    CU_SAY(CU(cuCtxSetCurrent)(ctx1));
    SAY(LAUNCH_ON_CURRENT());
    CU_SAY(CU(cuCtxPushCurrent)(ctx0));
    SAY(LAUNCH_ON_CURRENT()); // devtrace: wrong_device_pointer
    CU_SAY(CU(cuCtxPopCurrent)(&popped));
    SAY(LAUNCH_ON_CURRENT());
    CU_SAY(CU(cuCtxCreate)(&created, NULL, 0, 0));
    SAY(LAUNCH_ON_CURRENT()); // devtrace: wrong_device_pointer
    CU_SAY(CU(cuCtxDestroy)(created));
    SAY(LAUNCH_ON_CURRENT());
    if (pthread_create(&thread, NULL, new_thread, NULL) != 0 || pthread_join(thread, NULL) != 0)
        return 1;
    CU_SAY(CU(cuDevicePrimaryCtxReset)(0));
    SAY(LAUNCH_ON_CURRENT());
    SAY(cudaFree(on1));
    CU_SAY(CU(cuDevicePrimaryCtxRelease)(0));
    CU_SAY(CU(cuDevicePrimaryCtxRelease)(1));
    return 0;
}
