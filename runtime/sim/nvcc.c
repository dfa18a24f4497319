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
