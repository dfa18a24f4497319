/*
 * cudasim: an emulated CUDA device, for machines with no GPU.
 *
 * libcudasim.so implements the part of the CUDA runtime API that devtensor
 * and raw CUDA programs use, under the same names, signatures and error
 * codes as libcudart, so the runtime's cuda backend, a raw CUDA program and
 * an LD_PRELOAD interposer all run on it unchanged.  What makes it a device
 * and not a second heap:
 *
 *   - Each device's memory is a range of addresses of its own that host code
 *     cannot read or write: a host dereference faults, as on a GPU.  The
 *     bytes live in a second, private mapping (the alias) at the same offset;
 *     only copies and kernels go through it.
 *   - Kernels (host builds of the .cu sources, see kernels/common.cuh) run on
 *     a pool of CPU threads, launched by cudaLaunchKernel.  Before a launch
 *     every pointer argument is checked: device memory of the current device
 *     (or of a peer with access enabled) and pinned host memory are
 *     reachable; anything else is an illegal address, which, as on a GPU,
 *     the launch does not report: the device's context is poisoned and every
 *     later call on it returns cudaErrorIllegalAddress.
 *   - Managed memory (cudaMallocManaged) is host memory that every device's
 *     kernels reach at the same address, and copies of any kind and memsets
 *     take it.
 *   - Copies check their kind against where the pointers live and their
 *     bounds against the allocation, returning cudaErrorInvalidValue as
 *     libcudart does.  Execution is synchronous: streams order nothing that
 *     is not already in order.
 *
 * Each device says what it is (cudaGetDeviceProperties, CUDA 12's
 * cudaGetDeviceProperties_v2 in its own layout, cudaDeviceGetAttribute, and
 * the driver's cuDeviceGetName, cuDeviceGetAttribute, cuDeviceTotalMem): one
 * emulated device of compute capability 9.0 whose figures are the limits and
 * the memory enforced here (properties.c).
 *
 * A program nvcc built against the shared libcudart registers its kernels
 * by name (__cudaRegisterFunction, nvcc.c): they are known, and a launch of
 * one fails with cudaErrorNoKernelImageForDevice, device code being what
 * the emulator cannot run.
 *
 * The driver API (cuda.h) is the same device seen otherwise: cuInit, primary
 * contexts (a context is its device), cuMemAlloc and the rest over the same
 * memory, cuLaunchKernel of a registered kernel (its CUfunction a handle, as
 * cudaGetFuncBySymbol gives, which cuFuncGetParamInfo and cuFuncGetName
 * describe), and cuGetProcAddress.  For tracers
 * it has CUPTI's callback API (cupti.h): one subscriber, told at the entry
 * and the exit of each runtime or driver call that allocates, copies, sets,
 * frees or launches, with CUPTI's params struct of its arguments; its
 * Activity API for kernels, copies and memsets, records with the emulator's
 * own times in the tool's buffers (DT_SIM_ACTIVITY=0: a CUPTI without it);
 * and it loads CUDA_INJECTION64_PATH's library, calling its InitializeInjection, at
 * cuInit or before the first such call, as CUDA does.
 *
 * Environment: DT_SIM_DEVICES (how many devices, default 2),
 * DT_SIM_MEMORY_MB (each device's memory, default 4096), DT_SIM_THREADS
 * (kernel threads, default the number of cpus), DT_SIM_QUIET=1 (no message
 * on stderr when a kernel faults).
 */
#ifndef CUDASIM_H
#define CUDASIM_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The CUDA built-ins of the running emulated thread. */
typedef struct { unsigned x, y, z; } cudasim_uint3;
typedef struct {
    cudasim_uint3 thread_idx, block_idx, block_dim, grid_dim;
} cudasim_thread;
extern __thread cudasim_thread cudasim_builtins;

/* A kernel parameter: its size, and whether it is a pointer (checked and
   translated at launch). */
typedef struct { unsigned size; bool is_pointer; } cudasim_param;

/* Files a kernel: entry is the address launches name it by; run(args) runs
   one thread of it, args being cudaLaunchKernel's array of parameter
   addresses. */
void cudasim_register_kernel(const void *entry, const char *name, void (*run)(void **args),
                             const cudasim_param *params, int nparams);

/* Whether parameter index of a registered kernel is a pointer: 1 or 0, or
   -1 when func is not a kernel or has no such parameter.  (CUDA's
   cudaFuncGetParamInfo gives offsets and sizes, but not this.) */
int cudasim_param_is_pointer(const void *func, int index);

#ifdef __cplusplus
}
#endif

#endif /* CUDASIM_H */
