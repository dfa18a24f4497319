/*
 * A copy whose kind crosses host and device (HostToDevice, DeviceToHost)
 * with the same memory on both sides: one side is the wrong buffer, in
 * whatever space the memory is.  The same variable, the same field of the
 * same object, through a getter that returns a field of its object, and
 * through a helper that copies between a field of its object (or of a
 * parameter's) and its parameter, called with that object's field.
 * GPUMD's shape: `atom.position_per_atom.copy_to_host(
 * atom.position_per_atom.data())`, where the host mirror
 * `atom.cpu_position_per_atom` was meant.  Quiet: another object's
 * buffer, a DeviceToDevice copy onto itself, other offsets,
 * cudaMemcpyDefault.
 */
#include <cuda_runtime.h>
#include <stdlib.h>

/* Of no known space (a parameter no caller gives): only the sides' sameness says. */
void refresh(float *buf, size_t n)
{
    cudaMemcpy(buf, buf, n, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction // devcheck-message: copies 'buf' onto itself // devcheck-fix: copy into a host buffer
    cudaMemcpy(buf, buf, n, cudaMemcpyDeviceToDevice);
    cudaMemcpy(buf, buf + n, n, cudaMemcpyDeviceToHost);
    cudaMemcpy(buf, buf, n, cudaMemcpyDefault);
}

/* Managed memory: legal on both sides, so no space contradicts the kind. */
void managed(size_t n)
{
    float *m = NULL;
    cudaMallocManaged((void **)&m, n * sizeof *m);
    cudaMemcpy(m, m, n * sizeof *m, cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-fix: copy from a host buffer
    cudaFree(m);
}

struct state {
    float *buf, *h_buf;
    size_t n;
};

void sync_state(struct state *s, struct state *t)
{
    cudaMemcpy(s->buf, s->buf, s->n, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction // devcheck-fix: copy into the host mirror 's->h_buf'
    cudaMemcpy(s->h_buf, s->buf, s->n, cudaMemcpyDeviceToHost);
    cudaMemcpy(t->buf, s->buf, s->n, cudaMemcpyDeviceToHost);
}

/* A helper that takes the object: copies from its field into its parameter. */
void fetch(const struct state *s, float *out)
{
    cudaMemcpy(out, s->buf, s->n, cudaMemcpyDeviceToHost);
}

void fetch_all(struct state *s, struct state *t)
{
    fetch(s, s->buf); // devcheck: memcpy-direction // devcheck-note: copies 's->buf' into 'out' with cudaMemcpyDeviceToHost here
    fetch(s, s->h_buf);
    fetch(s, t->buf);
}

/* A helper between two parameters, called with one buffer for both. */
void put(float *dst, const float *src, size_t n)
{
    cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice);
}

/* ...and one that hands its own parameters on: checked at its callers. */
void put_on(float *dst, const float *src, size_t n)
{
    put(dst, src, n);
}

void put_all(float *a, float *b, size_t n)
{
    put(a, a, n); // devcheck: memcpy-direction
    put(a, b, n);
    put_on(b, b, n); // devcheck: memcpy-direction
    put_on(b, a, n);
}

/* A parameter set before the copy is no longer what the call gave. */
static float staging[64];

void put_staged(float *dst, const float *src, size_t n)
{
    src = staging;
    cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice);
}

void put_staged_all(float *a, size_t n)
{
    put_staged(a, a, n);
}
