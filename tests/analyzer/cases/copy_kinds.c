/*
 * memcpy-direction with the copy kind in a variable or a parameter: every
 * kind a variable may hold is checked against the pointers
 * (`kind = c ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToDevice`), and
 * a helper that copies with its parameter's kind is checked at each call
 * with the kinds its argument may be, through helpers that hand the kind
 * on.  A kind not known (a function's result) is quiet.
 */
#include <cuda_runtime_api.h>
#include <stddef.h>
#include <stdlib.h>

#define N 64

enum cudaMemcpyKind pick(void);

static void move(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind)
{
    cudaMemcpy(dst, src, n, kind);
}

static void move_on(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind)
{
    move(dst, src, n, kind);
}

/* The device side is the helper's own. */
static void download(float *host, enum cudaMemcpyKind kind)
{
    float *dev = NULL;
    cudaMalloc((void **)&dev, N * sizeof *dev);
    cudaMemset(dev, 0, N * sizeof *dev);
    cudaMemcpy(host, dev, N * sizeof *dev, kind);
    cudaFree(dev);
}

void through_helpers(int back)
{
    float host[N], *dev = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    move(dev, host, sizeof host, cudaMemcpyHostToDevice);
    move(host, dev, sizeof host, cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-message: cudaMemcpyHostToDevice contradicts the pointers: 'host' is host memory and 'dev' is device memory // devcheck-note: move copies 'dev' to 'host' with the kind it is given, here
    move_on(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    move_on(dev, host, sizeof host, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    move(host, dev, sizeof host, back ? cudaMemcpyDeviceToHost : cudaMemcpyDefault);
    move(host, dev, sizeof host, pick());
    download(host, cudaMemcpyDeviceToHost);
    download(host, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cudaFree(dev);
}

/* ggml's ggml_cuda_mul_mat_id: a device buffer copied back to the tensor
   with a kind chosen for the other way (one of its values says the
   source is host memory). */
void chosen_kind(int on_cpu, char *tensor)
{
    char *staging = NULL;
    cudaMalloc((void **)&staging, N);
    cudaMemset(staging, 0, N);
    const enum cudaMemcpyKind src_kind = on_cpu ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToDevice;
    const enum cudaMemcpyKind dst_kind = on_cpu ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToDevice;
    const enum cudaMemcpyKind fixed_kind = on_cpu ? cudaMemcpyDeviceToHost : cudaMemcpyDeviceToDevice;
    cudaMemcpy(staging, tensor, N, src_kind);
    cudaMemcpy(tensor, staging, N, dst_kind); // devcheck: memcpy-direction // devcheck-message: cudaMemcpyHostToDevice says the source is host memory, but 'staging' is device memory // devcheck-note: 'dst_kind' may be cudaMemcpyHostToDevice, among other kinds
    cudaMemcpy(tensor, staging, N, fixed_kind);
    cudaFree(staging);
}

void kind_variables(int flag)
{
    float host[N], *dev = NULL;
    enum cudaMemcpyKind k = cudaMemcpyHostToDevice, unknown = pick();
    cudaMalloc((void **)&dev, sizeof host);
    cudaMemcpy(dev, host, sizeof host, k);
    cudaMemcpy(host, dev, sizeof host, k); // devcheck: memcpy-direction
    if (flag)
        k = cudaMemcpyDeviceToHost;
    cudaMemcpy(host, dev, sizeof host, k); // devcheck: memcpy-direction
    cudaMemcpy(host, dev, sizeof host, unknown);
    cudaMemcpy(host, dev, sizeof host, flag ? cudaMemcpyDeviceToHost : unknown);
    cudaFree(dev);
}
