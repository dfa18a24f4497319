/*
 * cudasim's insides, shared by its parts: memory.c (where memory lives),
 * api.c (the runtime API over it), launch.c (kernels) and driver.c (the
 * driver API over the same).
 */
#ifndef CUDASIM_SIM_H
#define CUDASIM_SIM_H

#include "cudasim.h"

#include <cuda_runtime_api.h>
#include <stddef.h>

#define SIM_MAX_DEVICES 16

typedef enum { SIM_HOST, SIM_PINNED, SIM_DEVICE } sim_space;

/* Where an address lives.  base/size: the allocation holding it, when it is
   inside one (base is NULL for plain host memory and for device addresses
   outside every live allocation). */
typedef struct {
    sim_space space;
    int device;             /* SIM_DEVICE: its device; SIM_PINNED: the one that pinned it */
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
int sim_device_free(void *p);                         /* 0, or -1 if p is no allocation */
void sim_device_free_all(int device);
void sim_memory_info(int device, size_t *used, size_t *total);
void *sim_pinned_alloc(int device, size_t size);
int sim_pinned_free(void *p);

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

void sim_launch_after_fork(void);
/* cudaLaunchKernel, leaving the thread's last error alone. */
cudaError_t sim_launch(const void *func, dim3 grid, dim3 block, void **args, cudaStream_t stream);

#endif /* CUDASIM_SIM_H */
