/*
 * The CUDA runtime's whole table (cuda_runtime_api.h): what it writes for
 * its caller (a handle it makes, a count, an address it gives) and what it
 * unregisters are host memory; a copy to or from a symbol has its pointer
 * side checked by its kind; handles and a kernel's address are either
 * (unchecked).  Functions the toolkit's header and the emulated device's
 * both declare.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

void handles_and_counts(void)
{
    int *d = NULL, n = 0;
    size_t free_bytes = 0, total = 0;
    cudaStream_t s;
    cudaEvent_t a, b;
    float ms = 0;
    cudaMalloc((void **)&d, 64);
    cudaStreamCreate(&s);
    cudaStreamCreate((cudaStream_t *)d); // devcheck: memspace-mismatch // devcheck-message: 'd' is device memory, but cudaStreamCreate needs host memory
    cudaGetDeviceCount(&n);
    cudaGetDeviceCount(d); // devcheck: memspace-mismatch
    cudaMemGetInfo(&free_bytes, &total);
    cudaMemGetInfo(&free_bytes, (size_t *)d); // devcheck: memspace-mismatch
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    cudaEventElapsedTime(&ms, a, b);
    cudaEventElapsedTime((float *)d, a, b); // devcheck: memspace-mismatch
    cudaStreamDestroy(s);
    cudaFree(d);
}

/* A symbol comes from a .cu file's __device__ variable: here, from a
   caller (not known, unchecked). */
void symbols(const void *table, const void *other)
{
    size_t n = 16 * sizeof(float);
    float *h = calloc(16, sizeof *h), *d = NULL;
    void *address = NULL;
    cudaMalloc((void **)&d, n);
    cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
    cudaMemcpyToSymbol(table, h, n, 0, cudaMemcpyHostToDevice);
    cudaMemcpyToSymbol(table, d, n, 0, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cudaMemcpyToSymbol(table, d, n, 0, cudaMemcpyDeviceToDevice);
    cudaMemcpyToSymbol(table, h, n, 0, cudaMemcpyDeviceToDevice); // devcheck: memcpy-direction
    cudaMemcpyFromSymbol(h, other, n, 0, cudaMemcpyDeviceToHost);
    cudaMemcpyFromSymbol(d, other, n, 0, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction // devcheck-message: cudaMemcpyDeviceToHost says the destination is host memory, but 'd' is device memory
    cudaMemcpyFromSymbolAsync(d, other, n, 0, cudaMemcpyDeviceToDevice, 0);
    cudaMemcpyToSymbolAsync(table, d, n, 0, cudaMemcpyHostToDevice, 0); // devcheck: memcpy-direction
    cudaGetSymbolAddress(&address, table);
    cudaGetSymbolAddress((void **)d, table); // devcheck: memspace-mismatch
    cudaFree(d);
    free(h);
}

/* The address cudaGetSymbolAddress gives is no longer what the variable
   held before: not host memory. */
void address_replaced(const void *table)
{
    float *p = malloc(64);
    float *kept = p;
    cudaGetSymbolAddress((void **)&p, table);
    cudaMemset(p, 0, 64);
    cudaMemset(kept, 0, 64); // devcheck: memspace-mismatch
    free(kept);
}

/* A handle and a kernel's address are either (opaque, unchecked); what
   cudaHostUnregister takes is host memory. */
void either_and_host(cudaStream_t s, cudaEvent_t e, size_t n)
{
    float *h = malloc(n), *d = NULL;
    const char *name = NULL;
    cudaMalloc((void **)&d, n);
    cudaStreamWaitEvent(s, e, 0);
    cudaFuncGetName(&name, h);
    cudaFuncGetName(&name, d);
    cudaFuncGetName((const char **)d, h); // devcheck: memspace-mismatch
    cudaHostRegister(h, n, 0);
    cudaHostUnregister(h);
    cudaHostUnregister(d); // devcheck: memspace-mismatch // devcheck-message: 'd' is device memory, but cudaHostUnregister needs host memory
    cudaFree(d);
    free(h);
}
