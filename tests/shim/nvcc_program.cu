/*
 * nvcc_program: a program nvcc built against the shared libcudart, as
 * nvcc -cudart shared builds it, run on the emulated device through the
 * shim, built twice (both -g): with each function a call of its own
 * (-fno-inline -fno-optimize-sibling-calls) and with -O2.  The emulator knows
 * its kernels by the names nvcc registered but has no body to run for
 * them, and says so at each launch (cudaErrorNoKernelImageForDevice, as a
 * GPU with no image for the kernel would), which the report says once per
 * kernel, by name, at its launch line (kernel_not_run); it names the kernels,
 * with the parameter count a C++ name says (an extern "C" kernel's is
 * unknown), and the failed launches.  Its
 * allocations, copies and events (which time the launches), and the
 * questions asked before a launch (occupancy, attributes) and its
 * __constant__ memory, run as on any device.
 *
 * Each call is the user's line, in main: not the code CUDA wrote between
 * it and the runtime, out of line (-O0) or inlined into main (-O2): a
 * kernel's host function (whose line is the kernel's definition), its
 * __device_stub_, CUDA 13's __cudaLaunchKernel_helper from
 * crt/device_functions.h, the runtime's cudaMalloc<T> template from
 * cuda_runtime.h; and an extern "C" kernel's host function, whose name is
 * not its stub's.
 */
// devtrace-sql: SELECT group_concat(name || ' ' || coalesce(params, 'unknown'), ', ') FROM (SELECT * FROM kernels ORDER BY name) => _Z5scalePfif 3, shift unknown
// devtrace-sql: SELECT result || ' ' || sum(count) FROM launches GROUP BY result => 209 2
// devtrace-sql: SELECT group_concat(substr(message, 1, instr(message, ':') - 1), '; ') FROM (SELECT * FROM findings ORDER BY line) => kernel scale(float*, int, float) was not run; kernel shift was not run
// devtrace-sql: SELECT group_concat(api || ' ' || result, ', ') FROM (SELECT * FROM api_calls ORDER BY first_seq) => cudaMalloc 0, cudaMalloc 0, cudaMemcpy 0, cudaMemcpyToSymbol 0, cudaMemcpyFromSymbol 0, cudaLaunchKernel 209, cudaLaunchKernel 209, cudaMemcpy 0, cudaFree 0, cudaFree 0
// devtrace-sql: SELECT count(*) FROM api_calls a JOIN call_sites cs ON cs.run = a.run AND cs.id = a.site WHERE cs.file LIKE '%/nvcc_program.cu' AND cs.function = 'main' => 10
#include <cuda_runtime.h>
#include <stdio.h>

enum { N = 256 };

__constant__ float coeff[4];

__global__ void scale(float *x, int n, float a)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] *= a;
}

extern "C" __global__ void shift(float *x, int n, float b)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] += b;
}

static void say(const char *what, cudaError_t e)
{
    printf("%s: %s\n", what, cudaGetErrorName(e));
}

int main(void)
{
    float h[N], *d = NULL, *e = NULL, ms = -1;
    float c[4] = { 1, 2, 3, 4 }, back[4] = { 0 };
    int blocks = 0;
    cudaEvent_t t0, t1;
    for (int i = 0; i < N; i++)
        h[i] = 1;
    say("malloc", cudaMalloc((void **)&d, sizeof h));
    say("malloc", cudaMalloc(&e, sizeof h));    // devtrace-sql: SELECT count(*) FROM api_calls a JOIN call_sites cs ON cs.run = a.run AND cs.id = a.site WHERE a.api = 'cudaMalloc' AND cs.line = :line => 1
    say("to device", cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    say("event", cudaEventCreate(&t0));
    say("event", cudaEventCreateWithFlags(&t1, cudaEventBlockingSync));
    say("record", cudaEventRecord(t0, 0));
    say("occupancy", cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, scale, N, 0));
    say("attribute", cudaFuncSetAttribute(scale, cudaFuncAttributePreferredSharedMemoryCarveout, 50));
    say("wait", cudaStreamWaitEvent(0, t0, 0));
    say("to symbol", cudaMemcpyToSymbol(coeff, c, sizeof coeff));
    say("from symbol", cudaMemcpyFromSymbol(back, coeff, sizeof coeff));
    scale<<<1, N>>>(d, N, 2);                   // devtrace: kernel_not_run // devtrace-sql: SELECT count(*) FROM api_calls a JOIN call_sites cs ON cs.run = a.run AND cs.id = a.site WHERE a.api = 'cudaLaunchKernel' AND cs.line = :line => 1
    say("launch", cudaGetLastError());
    shift<<<1, N>>>(e, N, 1);                   // devtrace: kernel_not_run // devtrace-sql: SELECT count(*) FROM api_calls a JOIN call_sites cs ON cs.run = a.run AND cs.id = a.site WHERE a.api = 'cudaLaunchKernel' AND cs.line = :line => 1
    say("launch", cudaGetLastError());
    say("record", cudaEventRecord(t1, 0));
    say("synchronize", cudaEventSynchronize(t1));
    say("elapsed", cudaEventElapsedTime(&ms, t0, t1));
    say("event", cudaEventDestroy(t0));
    say("event", cudaEventDestroy(t1));
    say("to host", cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    printf("h[0] = %g\n", h[0]);
    say("free", cudaFree(d));
    say("free", cudaFree(e));
    /* the emulated device answered, timed, and kept the constants */
    return ms >= 0 && blocks > 0 && back[3] == 4 ? 0 : 3;
}
