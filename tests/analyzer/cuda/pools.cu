/*
 * Pool allocators (ggml's ggml_cuda_pool_malloc): a function that returns
 * a buffer from a cache (an array of structs, a plain array of pointers,
 * with static storage) or a fresh cudaMalloc, and a free that keeps the
 * buffer it is given back in the cache, or releases it with cudaFree when
 * the cache is full.  What the cache holds is what the free keeps: device
 * memory, since the free itself uses it as such.  A copy back from a pool
 * buffer with a kind chosen by a test (`?:`, if/else) that is wrong for
 * one value is a finding; a pool of managed memory, one that may hand out
 * host memory, and a kind right for every value stay quiet.
 */
#include <stdlib.h>

#include <cuda_runtime.h>

#define DEVICES 4
#define BUFFERS 64

/* ggml's: a cache of structs per device, taken by reference. */
struct cached {
    void *ptr;
    size_t size;
};
static cached g_pool[DEVICES][BUFFERS];

static void *pool_malloc(size_t size, size_t *actual)
{
    int id;
    cudaGetDevice(&id);
    for (int i = 0; i < BUFFERS; ++i) {
        cached &b = g_pool[id][i];
        if (b.ptr != nullptr && b.size >= size) {
            void *ptr = b.ptr;
            *actual = b.size;
            b.ptr = nullptr;
            b.size = 0;
            return ptr;
        }
    }
    void *ptr;
    cudaMalloc((void **)&ptr, size);
    *actual = size;
    return ptr;
}

static void pool_free(void *ptr, size_t size)
{
    int id;
    cudaGetDevice(&id);
    for (int i = 0; i < BUFFERS; ++i) {
        cached &b = g_pool[id][i];
        if (b.ptr == nullptr) {
            b.ptr = ptr;
            b.size = size;
            return;
        }
    }
    cudaFree(ptr);
}

struct tensor {
    int on_cpu;
    void *data;
};

/* ggml-mmid's: rows gathered into a pool buffer, copied back with the
   kind of the copy in, HostToDevice where the tensor is the host's. */
void gather_rows(tensor *dst, size_t row, int rows, cudaStream_t s)
{
    size_t as;
    char *contiguous = (char *)pool_malloc(row * rows, &as);
    const cudaMemcpyKind kind = dst->on_cpu ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToDevice;
    for (int i = 0; i < rows; i++)
        cudaMemcpyAsync((char *)dst->data + i * row, contiguous + i * row, row, kind, s); // devcheck: memcpy-direction
    pool_free(contiguous, as);
}

/* Every value right: quiet. */
void gather_rows_fixed(tensor *dst, size_t row, int rows, cudaStream_t s)
{
    size_t as;
    char *contiguous = (char *)pool_malloc(row * rows, &as);
    const cudaMemcpyKind kind = dst->on_cpu ? cudaMemcpyDeviceToHost : cudaMemcpyDeviceToDevice;
    for (int i = 0; i < rows; i++)
        cudaMemcpyAsync((char *)dst->data + i * row, contiguous + i * row, row, kind, s);
    pool_free(contiguous, as);
}

/* A plain array of pointers, the kind chosen by if/else. */
static void *g_cache[BUFFERS];

static void *cache_get(size_t n)
{
    for (int i = 0; i < BUFFERS; i++)
        if (g_cache[i]) {
            void *p = g_cache[i];
            g_cache[i] = NULL;
            return p;
        }
    void *p;
    cudaMalloc(&p, n);
    return p;
}

static void cache_put(void *p)
{
    for (int i = 0; i < BUFFERS; i++)
        if (!g_cache[i]) {
            g_cache[i] = p;
            return;
        }
    cudaFree(p);
}

void read_back(float *out, size_t n, int on_host)
{
    float *d = (float *)cache_get(n);
    cudaMemcpyKind k;
    if (on_host)
        k = cudaMemcpyHostToDevice;
    else
        k = cudaMemcpyDeviceToDevice;
    cudaMemcpy(out, d, n, k); // devcheck: memcpy-direction
    cache_put(d);
}

/* The pointer through a struct of the caller's. */
struct staging {
    float *buf;
};

void read_staged(float *out, size_t n)
{
    staging st;
    st.buf = (float *)cache_get(n);
    cudaMemcpy(out, st.buf, n, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cache_put(st.buf);
}

/* A free that clears what it keeps on the device (cudaMemset), a cache
   whose elements a warm-up fills with cudaMalloc, and a getter returning
   one of two device pointers. */
static void *g_cleared[BUFFERS];
static void *g_warm[BUFFERS];

static void put_cleared(void *p, size_t n, int i)
{
    cudaMemset(p, 0, n);
    g_cleared[i] = p;
}

void warm_up(size_t n)
{
    for (int i = 0; i < BUFFERS; i++)
        cudaMalloc(&g_warm[i], n);
}

static void *either(int i, int warm)
{
    return warm ? g_warm[i] : g_cleared[i];
}

void read_either(float *out, size_t n, int i, int warm)
{
    cudaMemcpy(out, either(i, warm), n, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
}

/* A cache of host buffers (released with free), handing out only what it
   holds: copied from as device memory. */
struct host_buffer {
    void *ptr;
};
static host_buffer g_host[BUFFERS];

static void *host_get(void)
{
    for (int i = 0; i < BUFFERS; i++)
        if (g_host[i].ptr) {
            void *p = g_host[i].ptr;
            g_host[i].ptr = NULL;
            return p;
        }
    return NULL;
}

static void host_put(void *p)
{
    for (int i = 0; i < BUFFERS; i++)
        if (!g_host[i].ptr) {
            g_host[i].ptr = p;
            return;
        }
    free(p);
}

void upload(float *dev, size_t n)
{
    float *h = (float *)host_get();
    if (!h)
        return;
    cudaMemcpy(dev, h, n, cudaMemcpyDeviceToDevice); // devcheck: memcpy-direction
    host_put(h);
}

/* Quiet: a pool of managed memory (cudaFree releases it too), which host
   code may write. */
static void *g_managed[BUFFERS];

static void *managed_get(size_t n)
{
    for (int i = 0; i < BUFFERS; i++)
        if (g_managed[i]) {
            void *p = g_managed[i];
            g_managed[i] = NULL;
            return p;
        }
    void *p;
    cudaMallocManaged(&p, n);
    return p;
}

static void managed_put(void *p)
{
    for (int i = 0; i < BUFFERS; i++)
        if (!g_managed[i]) {
            g_managed[i] = p;
            return;
        }
    cudaFree(p);
}

void use_managed(float *out, size_t n)
{
    float *m = (float *)managed_get(n);
    m[0] = 1.0f;
    cudaMemcpy(out, m, n, cudaMemcpyHostToDevice);
    managed_put(m);
}

/* Quiet: a pool that may hand out host memory, as its flag says. */
static void *g_either[BUFFERS];

static void *either_get(size_t n, int device)
{
    for (int i = 0; i < BUFFERS; i++)
        if (g_either[i])
            return g_either[i];
    void *p;
    if (device)
        cudaMalloc(&p, n);
    else
        p = malloc(n);
    return p;
}

static void either_put(void *p, int device)
{
    for (int i = 0; i < BUFFERS; i++)
        if (!g_either[i]) {
            g_either[i] = p;
            return;
        }
    if (device)
        cudaFree(p);
    else
        free(p);
}

void use_either(float *out, size_t n, int device)
{
    float *p = (float *)either_get(n, device);
    cudaMemcpy(out, p, n, cudaMemcpyHostToDevice);
    either_put(p, device);
}
