/*
 * What the host code nvcc generates calls (crt/host_runtime.h), so that a
 * program nvcc built against the shared libcudart runs on the emulated
 * device as far as it can: its fat binary's registration, each __global__
 * function's registration by name, <<<>>>'s launch configuration, and the
 * launch.  The emulator cannot run device code, only host builds of kernels
 * (cudasim_register_kernel): a kernel it knows by name alone is filed
 * without a body, and its launches fail with cudaErrorNoKernelImageForDevice,
 * as a GPU's do for a kernel built for no architecture it has.  Tracers can
 * still ask its name, and its parameters where its C++ name says them
 * (mangled.c): a tracer checks a launch's arguments before the launch.
 */
#include "cuda_host_runtime.h"
#include "sim.h"

#include <pthread.h>

/* The device code is not read: every module's handle is the same. */
static void *module;

void **__cudaRegisterFatBinary(void *fat_binary)
{
    (void)fat_binary;
    return &module;
}

void __cudaRegisterFatBinaryEnd(void **handle)
{
    (void)handle;
}

void __cudaUnregisterFatBinary(void **handle)
{
    (void)handle;
}

void __cudaRegisterFunction(void **handle, const char *host_function, char *device_function,
                            const char *name, int thread_limit, void *tid, void *bid,
                            dim3 *block, dim3 *grid, int *warp_size)
{
    (void)handle, (void)device_function, (void)thread_limit, (void)tid, (void)bid;
    (void)block, (void)grid, (void)warp_size;
    sim_register_name(host_function, name);
}

/* ---- __device__ and __constant__ variables ------------------------------------
 * Each is known by its host shadow's address (what cudaMemcpyToSymbol
 * takes), with its size; its storage is device memory of each device the
 * program first touches it on, zeroed: an initializer is in the device code,
 * which the emulator does not read.
 */
#define MAX_VARS 1024

static struct {
    const void *host;
    size_t size;
    char *on[SIM_MAX_DEVICES];
} vars[MAX_VARS];
static int nvars;
static pthread_mutex_t vars_lock = PTHREAD_MUTEX_INITIALIZER;

void __cudaRegisterVar(void **handle, char *host_var, char *device_address, const char *name,
                       int ext, size_t size, int constant, int global)
{
    (void)handle, (void)device_address, (void)name, (void)ext, (void)constant, (void)global;
    pthread_mutex_lock(&vars_lock);
    if (nvars < MAX_VARS)
        vars[nvars++] = (__typeof__(*vars)){ host_var, size, { NULL } };
    pthread_mutex_unlock(&vars_lock);
}

void sim_vars_reset(int device)
{
    pthread_mutex_lock(&vars_lock);
    for (int i = 0; i < nvars; i++)
        vars[i].on[device] = NULL;
    pthread_mutex_unlock(&vars_lock);
}

/* The current device's storage of the variable whose shadow is symbol,
   its size in *size; NULL (the thread's error said) when there is none. */
static char *storage(const void *symbol, size_t *size, cudaError_t *e)
{
    char *at = NULL;
    int d = sim_current_device();
    if ((*e = sim_device_state()) != cudaSuccess)
        return NULL;
    *e = cudaErrorInvalidSymbol;
    pthread_mutex_lock(&vars_lock);
    for (int i = 0; i < nvars && *e == cudaErrorInvalidSymbol; i++) {
        if (vars[i].host != symbol)
            continue;
        if (!vars[i].on[d] && (vars[i].on[d] = sim_device_alloc(d, vars[i].size)))
            sim_fill(vars[i].on[d], &(char){ 0 }, 1, vars[i].size);
        at = vars[i].on[d];
        *size = vars[i].size;
        *e = at ? cudaSuccess : cudaErrorMemoryAllocation;
    }
    pthread_mutex_unlock(&vars_lock);
    return at;
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol)
{
    size_t size;
    cudaError_t e;
    char *at = storage(symbol, &size, &e);
    if (at && devPtr)
        *devPtr = at;
    return sim_return(at && !devPtr ? cudaErrorInvalidValue : e);
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
    size_t n = 0;
    cudaError_t e;
    char *at = storage(symbol, &n, &e);
    if (at && size)
        *size = n;
    return sim_return(at && !size ? cudaErrorInvalidValue : e);
}

/* count bytes at offset inside the variable, to or from it as kind says. */
static cudaError_t symbol_copy(void *dst, const void *src, const void *symbol, bool to,
                               size_t count, size_t offset, enum cudaMemcpyKind kind)
{
    size_t size = 0;
    cudaError_t e;
    char *at = storage(symbol, &size, &e);
    if (!at)
        return sim_return(e);
    if (offset > size || count > size - offset)
        return sim_return(cudaErrorInvalidValue);
    bool host_side = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToHost;
    if (!host_side && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
        return sim_return(cudaErrorInvalidMemcpyDirection);
    if (host_side && kind != (to ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost))
        return sim_return(cudaErrorInvalidMemcpyDirection);
    return sim_return(to ? sim_copy(at + offset, src, count, kind)
                         : sim_copy(dst, at + offset, count, kind));
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    return symbol_copy(NULL, src, symbol, true, count, offset, kind);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    return symbol_copy(dst, NULL, symbol, false, count, offset, kind);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream)
{
    if (!sim_stream_valid(stream))
        return sim_return(cudaErrorInvalidResourceHandle);
    return symbol_copy(NULL, src, symbol, true, count, offset, kind);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream)
{
    if (!sim_stream_valid(stream))
        return sim_return(cudaErrorInvalidResourceHandle);
    return symbol_copy(dst, NULL, symbol, false, count, offset, kind);
}

/* <<<grid, block, shared, stream>>>: pushed by the caller, popped by the
   launch stub right after, on the same thread. */
static __thread struct {
    dim3 grid, block;
    size_t shared;
    cudaStream_t stream;
} configuration;

unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared, cudaStream_t stream)
{
    configuration.grid = grid;
    configuration.block = block;
    configuration.shared = shared;
    configuration.stream = stream;
    return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared, void *stream)
{
    *grid = configuration.grid;
    *block = configuration.block;
    *shared = configuration.shared;
    *(cudaStream_t *)stream = configuration.stream;
    return cudaSuccess;
}

/* A kernel's handle is its host function, which every cudaFunc* query takes. */
cudaError_t __cudaGetKernel(const void **kernel, const void *host_function)
{
    const char *name;
    if (!kernel)
        return sim_return(cudaErrorInvalidValue);
    *kernel = host_function;
    return sim_return(sim_function_name(&name, host_function));
}

cudaError_t __cudaLaunchKernel(const void *kernel, dim3 grid, dim3 block, void **args,
                               size_t shared, cudaStream_t stream)
{
    return cudaLaunchKernel(kernel, grid, block, args, shared, stream);
}

cudaError_t __cudaLaunchKernel_ptsz(const void *kernel, dim3 grid, dim3 block, void **args,
                                    size_t shared, cudaStream_t stream)
{
    return cudaLaunchKernel(kernel, grid, block, args, shared, stream);
}
