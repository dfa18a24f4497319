/*
 * cudasim's insides, shared by its parts: memory.c (where memory lives),
 * api.c (the runtime API over it), properties.c (what the device says it
 * is), launch.c (kernels), nvcc.c (what nvcc's
 * host code calls to register and launch them), driver.c (the
 * driver API over the same) and cupti.c (CUPTI's callbacks for their calls,
 * its activity records of the device's work, and the injection library);
 * and driver_library.c, the empty libcuda.so.1 a program linked with -lcuda
 * loads where no NVIDIA driver is (libcudasim answers its calls).
 */
#ifndef CUDASIM_SIM_H
#define CUDASIM_SIM_H

#include "cudasim.h"

#include <cuda_runtime_api.h>
#include <cupti.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SIM_MAX_DEVICES 16

typedef enum { SIM_HOST, SIM_PINNED, SIM_MANAGED, SIM_DEVICE } sim_space;

/* Where an address lives.  base/size: the allocation holding it, when it is
   inside one (base is NULL for plain host memory and for device addresses
   outside every live allocation). */
typedef struct {
    sim_space space;
    int device;             /* SIM_DEVICE: its device; else the one that allocated it */
    char *base;
    size_t size;
} sim_where;

/* ---- memory.c ------------------------------------------------------------ */

int sim_device_count(void);             /* reads the environment on first use */
sim_where sim_locate(const void *p);
/* The device whose address range holds p, or -1; takes no lock. */
int sim_device_of(const void *p);
/* The bytes behind address p of device d's range. */
void *sim_alias(int d, const void *p);
void *sim_device_alloc(int device, size_t size);     /* NULL when out of memory */
/* Frees device or managed memory (cudaFree takes both): 0, or -1 if p is
   no such allocation. */
int sim_device_free(void *p);
void sim_device_free_all(int device);
/* What a reset does to a device: its memory freed, its sticky error and its
   peer access dropped (cudaDeviceReset, cuDevicePrimaryCtxReset). */
void sim_device_reset(int device);
/* The device's storage of the program's __device__ variables forgotten
   (its memory freed with the rest): made again, zeroed, at the next use. */
void sim_vars_reset(int device);
void sim_memory_info(int device, size_t *used, size_t *total);
/* Pinned (managed false) or managed host memory, and its free: 0, or -1 if
   p is no allocation of that kind. */
void *sim_host_alloc(int device, size_t size, bool managed);
int sim_host_free(void *p, bool managed);
/* The program's own host memory pinned where it is (cudaHostRegister):
   false when it wraps round or overlaps memory already pinned.  And its
   end: 0, or -1 if p starts no such range. */
bool sim_host_register(void *p, size_t size, int device);
int sim_host_unregister(void *p);

/* ---- api.c --------------------------------------------------------------- */

/* Records e as this thread's last error when it is one; returns e. */
cudaError_t sim_return(cudaError_t e);
int sim_current_device(void);
void sim_set_current_device(int device);
/* The error every call on the current device starts from. */
cudaError_t sim_device_state(void);
bool sim_peer_enabled(int from, int to);
/* The device's sticky error: cudaSuccess until a kernel faulted on it. */
cudaError_t sim_sticky(int device);
void sim_poison(int device);
bool sim_stream_valid(cudaStream_t s);
/* The device of a valid stream; the default stream is every device's. */
int sim_stream_device(cudaStream_t s, int current);
/* DT_SIM_* variables: a whole number in [lo, hi], or fallback (said on
   stderr when the value is malformed). */
/* Copies and fills, checked as cudaMemcpy and cudaMemset are; they leave the
   thread's last error alone (the driver API has none). */
cudaError_t sim_copy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t sim_fill(void *ptr, const void *pattern, size_t width, size_t count);
long sim_env_long(const char *name, long fallback, long lo, long hi);

/* ---- launch.c ------------------------------------------------------------ */

/* The launch configurations the device takes, as a GPU of compute
   capability 9.0 does (its properties say the same): a block's x and y are
   bounded by its thread count alone. */
#define SIM_MAX_BLOCK_THREADS 1024
#define SIM_MAX_BLOCK_Z 64
#define SIM_MAX_GRID_X 0x7fffffff
#define SIM_MAX_GRID_YZ 65535

/* How many CPU threads run a kernel's blocks: the device's multiprocessors. */
int sim_kernel_threads(void);
void sim_launch_after_fork(void);
/* cudaFuncGetName and cudaFuncGetParamInfo of a kernel's host function,
   leaving the thread's last error alone. */
cudaError_t sim_function_name(const char **name, const void *func);
cudaError_t sim_param_info(const void *func, size_t index, size_t *offset, size_t *size);
/* Files a kernel nvcc built, known by its host function and name alone:
   the emulator has no body to run for it, but knows its parameters where
   its C++ name says them (once; a known kernel is kept). */
void sim_register_name(const void *entry, const char *name);
/* The entry address of the kernel whose CUfunction is function; NULL when
   it is none. */
const void *sim_function_entry(const void *function);
/* cudaLaunchKernel, leaving the thread's last error alone. */
cudaError_t sim_launch(const void *func, dim3 grid, dim3 block, void **args, cudaStream_t stream);

/* Each row of a pitched allocation (cudaMallocPitch, cuMemAllocPitch)
   starts at a multiple of this many bytes, as on a GPU. */
#define SIM_PITCH_ALIGNMENT 512

/* A pitched allocation's row of width bytes: its pitch. */
static inline size_t sim_pitch(size_t width)
{
    return (width + SIM_PITCH_ALIGNMENT - 1) / SIM_PITCH_ALIGNMENT * SIM_PITCH_ALIGNMENT;
}

/* ---- properties.c -------------------------------------------------------- */

/* cudaDeviceGetAttribute of a valid device, leaving the thread's last error
   alone: the driver's attributes have the same numbers. */
cudaError_t sim_attribute(int *value, int attribute);
extern const char sim_device_name[];

/* ---- cupti.c ------------------------------------------------------------- */

/* One traced call, from its entry callback to its exit callback. */
typedef struct {
    CUpti_CallbackFunc callback;        /* NULL: nobody listens */
    void *userdata;
    CUpti_CallbackDomain domain;
    CUpti_CallbackId cbid;
    uint64_t correlation;               /* the subscriber's, from entry to exit */
    CUpti_CallbackData data;
} sim_traced_call;

void sim_trace_enter(sim_traced_call *t, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                     const char *name, const void *params);
void sim_trace_exit(sim_traced_call *t, void *result);
/* Loads CUDA_INJECTION64_PATH and calls its InitializeInjection, once: at
   cuInit, or before the first traced call's callbacks, whichever is first. */
void sim_inject(void);

#define SIM_MAX_CBID 1024
/* Which callbacks the subscriber wants; sim_injected: sim_inject is done. */
extern _Atomic bool sim_enabled[CUPTI_CB_DOMAIN_SIZE][SIM_MAX_CBID];
extern _Atomic bool sim_injected;

/* ---- cupti.c: activity records ------------------------------------------ */

/* What the enabled activity kinds record, a bit each; 0 when nothing. */
enum { SIM_RECORD_COPIES = 1, SIM_RECORD_FILLS = 2, SIM_RECORD_KERNELS = 4 };
extern _Atomic unsigned sim_activity;
static inline bool sim_recording(unsigned what)
{
    return atomic_load_explicit(&sim_activity, memory_order_relaxed) & what;
}
/* The correlation id of the traced call this thread is in (0: none), which
   its records and its callbacks carry. */
extern __thread uint32_t sim_correlation;
extern __thread bool sim_in_runtime;    /* that call is the runtime API's */
uint32_t sim_next_correlation(void);
/* CUPTI's clock: unix time in nanoseconds. */
uint64_t sim_clock(void);
/* The records of work that ran on the device from start to now: a copy
   between two places, a fill of one, a kernel's grid. */
void sim_record_copy(const sim_where *dst, const sim_where *src, size_t bytes, uint64_t start);
void sim_record_fill(const sim_where *dst, size_t bytes, uint32_t value, uint64_t start);
void sim_record_kernel(const char *name, int device, dim3 grid, dim3 block, uint64_t start);

/* Whether a call of domain and cbid is traced: the question every traced
   call asks, so it is two loads. */
static inline bool sim_tracing(CUpti_CallbackDomain domain, CUpti_CallbackId cbid)
{
    if (!atomic_load_explicit(&sim_injected, memory_order_acquire))
        sim_inject();
    return atomic_load_explicit(&sim_enabled[domain][cbid], memory_order_relaxed);
}

/* The body of fn: its arguments in fn's CUPTI params struct, the subscriber
   called before and after call, and call's result returned. */
#define SIM_TRACED(params_type, domain, cbid, name, call, ...) do { \
        params_type params_ = { __VA_ARGS__ }; \
        sim_traced_call t_; \
        t_.callback = NULL; \
        sim_correlation = sim_recording(~0u) ? sim_next_correlation() : 0; \
        sim_in_runtime = (domain) == CUPTI_CB_DOMAIN_RUNTIME_API; \
        if (sim_tracing(domain, cbid)) \
            sim_trace_enter(&t_, domain, cbid, name, &params_); \
        __typeof__(call) r_ = call; \
        sim_trace_exit(&t_, &r_); \
        return r_; \
    } while (0)
#define SIM_RUNTIME(fn, version, call, ...) \
    SIM_TRACED(fn##_##version##_params, CUPTI_CB_DOMAIN_RUNTIME_API, \
               CUPTI_RUNTIME_TRACE_CBID_##fn##_##version, #fn, call, __VA_ARGS__)
#define SIM_DRIVER(fn, call, ...) \
    SIM_TRACED(fn##_params, CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_##fn, #fn, call, \
               __VA_ARGS__)

#endif /* CUDASIM_SIM_H */
