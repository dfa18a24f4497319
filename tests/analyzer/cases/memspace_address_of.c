/*
 * memspace-mismatch and memcpy-direction for the address of a host object:
 * `&d_out`, the variable that holds the device pointer, is host memory (on
 * the stack), as a local array is; so is `&s->mem_ptr` where s is host
 * memory, and `&flag` of a local given as a library's device-side output.
 * Out-parameters legitimately take `&var` (cudaMalloc's), and so do the
 * host sides of copies; a member of device memory is device memory.
 */
#include <cuda_runtime_api.h>
#include <devcheck/annotations.h>
#include <stdlib.h>

/* A library's reduction: its result is written on the GPU. */
void count_nonzero(const float *in, int n, int *out) DC_DEVICE_MEMORY(in) DC_DEVICE_MEMORY(out);

struct state {
    float *mem_ptr;
    int n;
};

void clear_output(size_t n)
{
    float *d_out = NULL;
    cudaMalloc((void **)&d_out, n);
    cudaMemset(&d_out, 0, n); // devcheck: memspace-mismatch // devcheck-message: '&d_out' is host memory, but cudaMemset needs device memory // devcheck-note: '&d_out' is the address of a pointer variable declared on cpu here // devcheck-fix: pass the pointer 'd_out', not its address
    cudaMemset(d_out, 0, n);
    cudaFree(d_out);
}

void upload_into(const float *h, int n)
{
    struct state *s = malloc(sizeof *s);
    cudaMalloc((void **)&s->mem_ptr, n * sizeof *h);
    cudaMemcpy(&s->mem_ptr, h, n * sizeof *h, cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-message: '&s->mem_ptr' is host memory
    cudaMemcpy(s->mem_ptr, h, n * sizeof *h, cudaMemcpyHostToDevice);
    cudaFree(s->mem_ptr);
    free(s);
}

/* The same through a helper: the caller's struct is on its stack. */
static void fill(struct state *s, const float *h)
{
    cudaMemcpy(&s->mem_ptr, h, s->n * sizeof *h, cudaMemcpyHostToDevice);
}

void upload_local(const float *h, int n)
{
    struct state st = { NULL, n };
    cudaMalloc((void **)&st.mem_ptr, n * sizeof *h);
    fill(&st, h); // devcheck: memspace-mismatch // devcheck-message: '&st' is host memory, but fill needs device memory
    cudaMemcpy(&st.mem_ptr, h, n * sizeof *h, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cudaFree(st.mem_ptr);
}

int nonzero(const float *d_in, int n)
{
    int flag = 0, *d_flag = NULL, array[1];
    cudaMalloc((void **)&d_flag, sizeof *d_flag);
    count_nonzero(d_in, n, &flag); // devcheck: memspace-mismatch // devcheck-message: '&flag' is host memory, but count_nonzero needs device memory
    count_nonzero(d_in, n, array); // devcheck: memspace-mismatch
    count_nonzero(d_in, n, d_flag);
    cudaMemcpy(&flag, d_flag, sizeof flag, cudaMemcpyDeviceToHost);  /* the host side */
    cudaFree(d_flag);
    return flag;
}

/* A struct uploaded whole, then its pointer field set on the GPU: the
   member of device memory is device memory, the pointer's address a local. */
struct state *upload_struct(const float *h, int n)
{
    struct state *d_s = NULL;
    float *d_a = NULL;
    cudaMalloc((void **)&d_s, sizeof *d_s);
    cudaMalloc((void **)&d_a, n * sizeof *h);
    cudaMemcpy(d_a, h, n * sizeof *h, cudaMemcpyHostToDevice);
    cudaMemcpy(&d_s->mem_ptr, &d_a, sizeof d_a, cudaMemcpyHostToDevice);
    cudaMemcpy(&d_s->n, &n, sizeof n, cudaMemcpyHostToDevice);
    cudaMemcpy(&d_a, &d_s->mem_ptr, sizeof d_a, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    return d_s;
}
