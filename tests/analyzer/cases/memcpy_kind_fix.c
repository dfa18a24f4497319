/*
 * memcpy-direction's fix-it: where the kind is written at the call as its
 * enumerator's one token and both pointers' spaces are known, the fix
 * replaces it with the kind that fits them (fix_kinds.sh applies them with
 * --fix and reads them in SARIF).  A kind from a macro or a variable, or
 * a copy whose pointers the flow says were swapped, keeps its fix in
 * words only.
 */
#include <cuda_runtime_api.h>
#include <stddef.h>
#include <stdlib.h>

#define N 64
#define CHECK(call) do { if ((call) != cudaSuccess) abort(); } while (0)
#define TO_HOST cudaMemcpyDeviceToHost

/* Host to device where device to host was meant. */
void download(void)
{
    float *h = malloc(N * sizeof *h), *d = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMemset(d, 0, N * sizeof *d);
    cudaMemcpy(h, d, N * sizeof *d, cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-fix: replace 'cudaMemcpyHostToDevice' with 'cudaMemcpyDeviceToHost'
    cudaFree(d);
    free(h);
}

/* Device to host where host to device was meant, the call in a macro's
   argument and its kind on a line of its own. */
void upload(void)
{
    float *h = calloc(N, sizeof *h), *d = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    CHECK(cudaMemcpy(d, h, N * sizeof *d, // devcheck: memcpy-direction // devcheck-fix: replace 'cudaMemcpyDeviceToHost' with 'cudaMemcpyHostToDevice'
                     cudaMemcpyDeviceToHost));
    cudaFree(d);
    free(h);
}

/* Device to host between two device buffers, and the asynchronous and 2D
   copies. */
void between_devices(cudaStream_t stream)
{
    float *a = NULL, *b = NULL, *h = calloc(N, sizeof *h);
    cudaMalloc((void **)&a, N * sizeof *a);
    cudaMalloc((void **)&b, N * sizeof *b);
    cudaMemset(a, 0, N * sizeof *a);
    cudaMemcpy(b, a, N * sizeof *a, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction // devcheck-fix: replace 'cudaMemcpyDeviceToHost' with 'cudaMemcpyDeviceToDevice'
    cudaMemcpyAsync(b, h, N * sizeof *h, cudaMemcpyHostToHost, stream); // devcheck: memcpy-direction // devcheck-fix: replace 'cudaMemcpyHostToHost' with 'cudaMemcpyHostToDevice'
    cudaMemcpy2D(h, 16, a, 16, 16, 4, cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-fix: replace 'cudaMemcpyHostToDevice' with 'cudaMemcpyDeviceToHost'
    cudaStreamSynchronize(stream);
    cudaFree(a);
    cudaFree(b);
    free(h);
}

/* The kind from a macro or a variable: the fix in words, no fix-it. */
void kind_from_macro(void)
{
    float *h = calloc(N, sizeof *h), *d = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMemcpy(d, h, N * sizeof *d, TO_HOST); // devcheck: memcpy-direction // devcheck-fix: use cudaMemcpyHostToDevice, or cudaMemcpyDefault
    cudaFree(d);
    free(h);
}

void kind_from_variable(int back)
{
    float *h = calloc(N, sizeof *h), *d = NULL;
    enum cudaMemcpyKind kind = back ? cudaMemcpyDeviceToHost : cudaMemcpyDeviceToDevice;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMemcpy(d, h, N * sizeof *d, kind); // devcheck: memcpy-direction // devcheck-fix: use cudaMemcpyHostToDevice, or cudaMemcpyDefault
    cudaFree(d);
    free(h);
}

/* The device destination holds what was written into it: the pointers
   were swapped, not the kind, and the fix says so in words. */
void swapped(void)
{
    float *h = calloc(N, sizeof *h), *d = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMemset(d, 0, N * sizeof *d);
    cudaMemcpy(d, h, N * sizeof *d, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction // devcheck-fix: swap the pointers
    cudaFree(d);
    free(h);
}

/* One side unknown: the kind is not sure, nothing to replace. */
void one_side(float *out)
{
    float *h = calloc(N, sizeof *h);
    cudaMemcpy(h, out, N * sizeof *h, cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-fix: check the order of the arguments
    free(h);
}
