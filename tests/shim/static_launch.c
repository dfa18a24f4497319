/*
 * static_launch: launches the shim sees only through CUPTI's callbacks, of
 * kernels that no runtime in its reach describes, as in a program linked
 * with nvcc's default static cudart (whose runtime is the program's own
 * code).  Run loaded as CUDA loads a tool, with DT_SIM_DESCRIBE=0: the
 * emulated runtime then describes no kernel to anyone.  The launch
 * callback names the kernel, mangled, and a C++ name says its parameters:
 * a host array given to scale(float*, int, float) is found.  An extern "C"
 * kernel's name says nothing, and nothing is said of its launch.
 */
// devtrace-sql: SELECT count(*) FROM findings WHERE message LIKE 'argument 1 of kernel scale(float*, int, float) %' => 1
#include "shim_test.h"
#include "cudasim.h"

enum { N = 64 };

static void scale_run(void **args)
{
    float *x = *(float **)args[0];
    int n = *(int *)args[1];
    float a = *(float *)args[2];
    unsigned i = cudasim_builtins.block_idx.x * cudasim_builtins.block_dim.x +
                 cudasim_builtins.thread_idx.x;
    if ((int)i < n)
        x[i] *= a;
}

static const cudasim_param scale_params[] = {
    { sizeof(float *), true }, { sizeof(int), false }, { sizeof(float), false }
};
static char k_scale, k_scale_c;

int main(void)
{
    static float host[N];
    float *dev = NULL, *wrong = host, a = 2;
    int n = N;
    dim3 grid = { 1, 1, 1 }, block = { N, 1, 1 };

    cudasim_register_kernel(&k_scale, "_Z5scalePfif", scale_run, scale_params, 3);
    cudasim_register_kernel(&k_scale_c, "scale_c", scale_run, scale_params, 3);
    SAY(cudaMalloc((void **)&dev, sizeof host));
    void *ok_args[] = { &dev, &n, &a }, *bad_args[] = { &wrong, &n, &a };
    SAY(cudaLaunchKernel(&k_scale, grid, block, ok_args, 0, NULL));
    SAY(cudaLaunchKernel(&k_scale, grid, block, bad_args, 0, NULL)); // devtrace: host_pointer_kernel_arg
    SAY(cudaLaunchKernel(&k_scale_c, grid, block, bad_args, 0, NULL));
    SAY(cudaDeviceSynchronize());
    SAY(cudaFree(dev));
    return 0;
}
