/*
 * A pointer of no known space (a parameter, what a call of no model
 * returned) used both ways in one function, on one path: host code reads
 * or writes through it, and a copy with an explicit kind takes it as
 * device memory.  The uses contradict each other whatever the callers
 * pass (but managed memory), so the copy is reported where it is, with a
 * note at the host use; where the pointer points to a pointer and the
 * copy's size is that of what the pointee points to, the fix is the
 * pointee (G4HepEm's `FreeElectronDataOnDevice`).  Uses on two paths (a
 * flag's branches, a loop's rounds), a reassignment between the uses, a
 * kernel's argument (managed memory's idiom), cudaMemcpyDefault and a kind
 * that may be one of several stay quiet.
 */
#include <cuda_runtime_api.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define N 64

struct table {
    float *grid;
    float *data;
};

float *lookup(int i);

/* G4HepEm's: the address of the device pointer copied from, where the
   device pointer was meant. */
void free_table_on_device(struct table **on_device)
{
    if (*on_device) {
        struct table *mirror = malloc(sizeof *mirror);
        cudaMemcpy(mirror, on_device, sizeof(struct table), cudaMemcpyDeviceToHost); // devcheck: memcpy-direction // devcheck-message: cudaMemcpyDeviceToHost says the source is device memory, but 'on_device' is read on the host before it, on the same path // devcheck-note: 'on_device' read on the host here // devcheck-fix: copy from '*on_device'
        cudaFree(mirror->grid);
        cudaFree(mirror->data);
        cudaFree(*on_device);
        *on_device = NULL;
        free(mirror);
    }
}

/* The same upload the other way: the device pointer's address as the
   destination. */
void upload_table(struct table **on_device, const struct table *host)
{
    if (!*on_device)
        cudaMalloc((void **)on_device, sizeof **on_device);
    cudaMemcpy(on_device, host, sizeof(struct table), cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-message: cudaMemcpyHostToDevice says the destination is device memory, but 'on_device' is read on the host before it // devcheck-fix: copy to '*on_device'
}

/* A plain pointer read on the host, then copied from as device memory. */
float sum_back(float *values, float *host)
{
    float first = values[0];
    cudaMemcpy(host, values, N * sizeof *host, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction // devcheck-note: 'values' read on the host here // devcheck-fix: cudaMemcpyDefault
    return first + host[0];
}

/* The copy first, the host write after it: the finding is the copy's. */
void fill_after(float *out, const float *host)
{
    cudaMemcpy(out, host, N * sizeof *host, cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-message: 'out' is written on the host after it // devcheck-note: 'out' written on the host here
    out[N - 1] = 0;
}

/* A host library reads it (memcmp), a device-to-device copy takes it. */
int same_then_copy(float *a, const float *b, float *dev)
{
    int same = memcmp(a, b, N * sizeof *a) == 0;
    cudaMemcpy(dev, a, N * sizeof *a, cudaMemcpyDeviceToDevice); // devcheck: memcpy-direction
    return same;
}

/* What a function of no model returned. */
void unplaced_result(float *host)
{
    float *p = lookup(3);
    p[0] = 1;
    cudaMemcpy(host, p, N * sizeof *host, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
}

/* ---- quiet ---------------------------------------------------------------------- */

/* The fix: the device pointer itself copied from. */
void free_table_fixed(struct table **on_device)
{
    if (*on_device) {
        struct table *mirror = malloc(sizeof *mirror);
        cudaMemcpy(mirror, *on_device, sizeof(struct table), cudaMemcpyDeviceToHost);
        cudaFree(mirror->grid);
        cudaFree(*on_device);
        *on_device = NULL;
        free(mirror);
    }
}

/* A flag says where the buffer is: each branch uses it one way. */
void copy_out(float *host, const float *src, int on_device)
{
    if (on_device)
        cudaMemcpy(host, src, N * sizeof *host, cudaMemcpyDeviceToHost);
    else
        memcpy(host, src, N * sizeof *host);
}

/* The same with the host read first, ended by a return. */
float first_of(const float *src, int on_device)
{
    float x = 0;
    if (!on_device)
        return src[0];
    cudaMemcpy(&x, src, sizeof x, cudaMemcpyDeviceToHost);
    return x;
}

/* A loop whose rounds take one branch or the other. */
void each_buffer(float **bufs, const int *on_device, float *host, int n)
{
    for (int i = 0; i < n; i++) {
        float *b = bufs[i];
        if (on_device[i])
            cudaMemcpy(host, b, N * sizeof *host, cudaMemcpyDeviceToHost);
        else
            host[i] = b[0];
    }
}

/* A reassignment between the uses: two pointers. */
void reassigned(float *p, float *host, float *dev)
{
    host[0] = p[0];
    p = dev;
    cudaMemcpy(host, p, N * sizeof *host, cudaMemcpyDeviceToHost);
}

/* Managed memory's idiom: read on the host, handed to a kernel's launch
   (cudaLaunchKernel here), copied with cudaMemcpyDefault. */
void managed_step(float *m, float *other, const void *kernel)
{
    void *args[] = { &m };
    dim3 one = { 1, 1, 1 };
    m[0] = 1;
    cudaLaunchKernel(kernel, one, one, args, 0, 0);
    cudaMemcpy(other, m, N * sizeof *m, cudaMemcpyDefault);
}

/* A kind that may be one of two: the copy's kind follows the flag. */
void either_kind(float *host, const float *src, int on_device)
{
    enum cudaMemcpyKind kind = on_device ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost;
    if (!on_device)
        host[1] = src[1];
    cudaMemcpy(host, src, N * sizeof *host, kind);
}

/* Managed memory made here: its place is known, and legal both ways. */
void managed_here(float *host)
{
    float *m = NULL;
    cudaMallocManaged((void **)&m, N * sizeof *m, cudaMemAttachGlobal);
    m[0] = 1;
    cudaMemcpy(host, m, N * sizeof *host, cudaMemcpyDeviceToHost);
    cudaFree(m);
}
