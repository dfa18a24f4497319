/*
 * nvcc_program: a program nvcc built against the shared libcudart, as
 * nvcc -cudart shared builds it, run on the emulated device through the
 * shim.  The emulator knows its kernel by the name nvcc registered but has
 * no body to run for it, and says so at the launch
 * (cudaErrorNoKernelImageForDevice, as a GPU with no image for the kernel
 * would): the report names the kernel, its parameter count unknown, and
 * the failed launch.  Its allocations and copies run as on any device.
 * The launch is the user's, in main: not the code nvcc wrote between the
 * <<<>>> and cudaLaunchKernel (the kernel's host function, its
 * __device_stub_, CUDA 13's __cudaLaunchKernel_helper from
 * crt/device_functions.h).  At -O2 the host function is inlined into main,
 * and its line is the kernel's own.
 */
// devtrace-sql: SELECT name || ' ' || coalesce(params, 'unknown') FROM kernels => _Z5scalePfif unknown
// devtrace-sql: SELECT result || ' ' || count FROM launches => 209 1
// devtrace-sql: SELECT group_concat(api || ' ' || result, ', ') FROM (SELECT * FROM api_calls ORDER BY first_seq) => cudaMalloc 0, cudaMemcpy 0, cudaLaunchKernel 209, cudaMemcpy 0, cudaFree 0
// devtrace-sql: SELECT cs.file LIKE '%/nvcc_program.cu' AND cs.function = 'main' FROM api_calls a JOIN call_sites cs ON cs.run = a.run AND cs.id = a.site WHERE a.api = 'cudaLaunchKernel' => 1
#include <cuda_runtime.h>
#include <stdio.h>

enum { N = 256 };

__global__ void scale(float *x, int n, float a)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] *= a;
}

static void say(const char *what, cudaError_t e)
{
    printf("%s: %s\n", what, cudaGetErrorName(e));
}

int main(void)
{
    float h[N], *d = NULL;
    for (int i = 0; i < N; i++)
        h[i] = 1;
    say("malloc", cudaMalloc((void **)&d, sizeof h));
    say("to device", cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    scale<<<1, N>>>(d, N, 2);
    say("launch", cudaGetLastError());
    say("to host", cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    printf("h[0] = %g\n", h[0]);
    say("free", cudaFree(d));
    return 0;
}
