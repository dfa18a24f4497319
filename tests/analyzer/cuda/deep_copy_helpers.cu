/*
 * The deep copy left out, in C++ and across functions: a class whose
 * constructor fills its pointer member with new[]; a helper that copies
 * the struct its caller hands it (HVM's gnet_inject_bytes, before its fix)
 * and launches a kernel whose device function reads the member; the same
 * helper where the member's type is filled both ways in the program, so
 * that each call decides; and the fixed helper, which passes a struct of
 * device buffers by value.
 */
#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime_api.h>

struct image {
    int w, h;
    unsigned char *pixels;
    image(int w_, int h_) : w(w_), h(h_), pixels(new unsigned char[w_ * h_]) {}
    ~image() { delete[] pixels; }
};

__global__ void invert(image *img)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < img->w * img->h)
        img->pixels[i] = 255 - img->pixels[i];
}

void invert_shallow(int w, int h)
{
    image img(w, h);
    image *d = nullptr;
    cudaMalloc(reinterpret_cast<void **>(&d), sizeof(image));
    cudaMemcpy(d, &img, sizeof(image), cudaMemcpyHostToDevice);
    invert<<<(w * h + 255) / 256, 256>>>(d); // devcheck: memspace-mismatch // devcheck-message: 'img.pixels' is host memory
    cudaFree(d);
}

typedef struct {
    char *buf;
    unsigned len;
} bytes_t;

__device__ int byte_sum(const bytes_t *b)
{
    int s = 0;
    for (unsigned i = 0; i < b->len; i++)
        s += b->buf[i];
    return s;
}

__global__ void make_port(const bytes_t *b, int *ret)
{
    *ret = byte_sum(b);
}

/* Before the fix: the caller's struct copied whole, its host buffer with
   it.  The type's member is filled both ways in the program (the fixed
   helper below fills it with device memory), so each call decides. */
int inject_bytes(bytes_t *host)
{
    bytes_t *cu = NULL;
    int *d_ret = NULL, ret = 0;
    cudaMalloc((void **)&d_ret, sizeof(int));
    cudaMalloc((void **)&cu, sizeof(bytes_t));
    cudaMemcpy(cu, host, sizeof(bytes_t), cudaMemcpyHostToDevice);
    make_port<<<1, 1>>>(cu, d_ret);
    cudaMemcpy(&ret, d_ret, sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(d_ret);
    cudaFree(cu);
    return ret;
}

int read_bytes(FILE *fp, unsigned n)
{
    bytes_t b;
    b.buf = (char *)malloc(n);
    b.len = (unsigned)fread(b.buf, 1, n, fp);
    int port = inject_bytes(&b); // devcheck: memspace-mismatch // devcheck-message: 'b.buf' is host memory
    free(b.buf);
    return port;
}

/* A type whose member holds host memory in one object and device memory
   in another: the helper's copy is judged at each call, by what the
   caller put there. */
typedef struct {
    float *v;
    int n;
} span;

__global__ void total(const span *s, float *out)
{
    *out = s->v[0] + s->v[s->n - 1];
}

void total_of(const span *host, float *out)
{
    span *d = NULL;
    cudaMalloc((void **)&d, sizeof(span));
    cudaMemcpy(d, host, sizeof(span), cudaMemcpyHostToDevice);
    total<<<1, 1>>>(d, out);
    cudaFree(d);
}

void totals(int n, float *out)
{
    span h, m;
    h.n = m.n = n;
    h.v = (float *)malloc(n * sizeof(float));
    cudaMalloc((void **)&m.v, n * sizeof(float));
    total_of(&m, out);
    total_of(&h, out); // devcheck: memspace-mismatch // devcheck-message: 'h.v' is host memory
    cudaFree(m.v);
    free(h.v);
}

/* After the fix: the struct passed by value, its buffer a device copy. */
__global__ void make_port_value(bytes_t b, int *ret)
{
    *ret = byte_sum(&b);
}

int inject_bytes_fixed(const bytes_t *host, int *d_ret)
{
    bytes_t cu;
    cu.len = host->len;
    cudaMalloc((void **)&cu.buf, cu.len);
    cudaMemcpy(cu.buf, host->buf, cu.len, cudaMemcpyHostToDevice);
    make_port_value<<<1, 1>>>(cu, d_ret);
    cudaFree(cu.buf);
    return 0;
}
