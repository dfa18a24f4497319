/*
 * A copy's kind as real code keeps it: in a struct's field (assigned, or
 * from an initializer list, and read through a struct handed to a
 * helper), in a constant of the program's (`static const`, `constexpr`),
 * or picked by a helper from a flag or an enum of its own.  A kind the
 * helper picks is its caller's choice as the pointers are: a call with a
 * constant flag or enumerator is checked with the kind it picks, and
 * with a flag not known no one kind is checked.
 * Each function is one case; the fixed calls are quiet.
 */
#include <cuda_runtime.h>

#define N 64

static float *device_floats(void)
{
    float *d = nullptr;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMemset(d, 0, N * sizeof *d);
    return d;
}

struct transfer {
    void *dst;
    const void *src;
    size_t bytes;
    cudaMemcpyKind kind;
};

static void run_transfer(const transfer *t)
{
    cudaMemcpy(t->dst, t->src, t->bytes, t->kind);
}

static void copy_with(void *dst, const void *src, size_t bytes, const transfer *how)
{
    cudaMemcpy(dst, src, bytes, how->kind);
}

void kind_assigned_to_a_field(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    transfer t;
    t.kind = cudaMemcpyHostToDevice;
    cudaMemcpy(host, dev, sizeof host, t.kind); // devcheck: memcpy-direction
    t.kind = cudaMemcpyDeviceToHost;
    cudaMemcpy(host, dev, sizeof host, t.kind);
}

void kind_in_an_initializer_list(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    transfer down = { dev, host, sizeof host, cudaMemcpyDeviceToHost };
    run_transfer(&down); // devcheck: memcpy-direction
    copy_with(dev, host, sizeof host, &down); // devcheck: memcpy-direction
    transfer fixed = { host, dev, sizeof host, cudaMemcpyDeviceToHost };
    run_transfer(&fixed);
    copy_with(host, dev, sizeof host, &fixed);
}

struct options {
    cudaMemcpyKind kind;
    int device;
};

static void copy_by_options(void *dst, const void *src, size_t bytes, options o)
{
    cudaMemcpy(dst, src, bytes, o.kind);
}

void kind_in_a_struct_by_value(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    options up = { cudaMemcpyHostToDevice, 0 };
    copy_by_options(host, dev, sizeof host, up); // devcheck: memcpy-direction
    copy_by_options(dev, host, sizeof host, up);
}

void kind_in_an_assigned_struct(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    transfer up;
    up.dst = host;
    up.src = dev;
    up.bytes = sizeof host;
    up.kind = cudaMemcpyHostToDevice;
    run_transfer(&up); // devcheck: memcpy-direction
}

static const cudaMemcpyKind kUpload = cudaMemcpyHostToDevice;
constexpr cudaMemcpyKind kDownload = cudaMemcpyDeviceToHost;

void kind_in_a_constant(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    cudaMemcpy(host, dev, sizeof host, kUpload); // devcheck: memcpy-direction
    cudaMemcpy(dev, host, sizeof host, kDownload); // devcheck: memcpy-direction
    cudaMemcpy(dev, host, sizeof host, kUpload);
    cudaMemcpy(host, dev, sizeof host, kDownload);
}

static void copy_toward(void *dst, const void *src, size_t bytes, bool to_device)
{
    cudaMemcpy(dst, src, bytes, to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost);
}

void kind_picked_by_a_flag(bool to_device)
{
    float host[N] = { 0 }, *dev = device_floats();
    copy_toward(host, dev, sizeof host, true); // devcheck: memcpy-direction
    copy_toward(dev, host, sizeof host, false); // devcheck: memcpy-direction
    copy_toward(host, dev, sizeof host, false);
    copy_toward(dev, host, sizeof host, true);
    copy_toward(dev, host, sizeof host, to_device);
}

enum direction { TO_DEVICE, TO_HOST, ON_DEVICE };

static cudaMemcpyKind kind_of(direction d)
{
    switch (d) {
    case TO_DEVICE:
        return cudaMemcpyHostToDevice;
    case TO_HOST:
        return cudaMemcpyDeviceToHost;
    default:
        return cudaMemcpyDeviceToDevice;
    }
}

static void move(void *dst, const void *src, size_t bytes, direction d)
{
    cudaMemcpy(dst, src, bytes, kind_of(d));
}

static void move_switch(void *dst, const void *src, size_t bytes, direction d)
{
    cudaMemcpyKind k;
    switch (d) {
    case TO_DEVICE:
        k = cudaMemcpyHostToDevice;
        break;
    case TO_HOST:
        k = cudaMemcpyDeviceToHost;
        break;
    default:
        k = cudaMemcpyDeviceToDevice;
        break;
    }
    cudaMemcpy(dst, src, bytes, k);
}

/* The right calls, each with the kind its enumerator picks: quiet (the
   wrong ones: kind_switch.cu, cases/enum_kinds.c). */
void kind_mapped_from_an_enum(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    move(dev, host, sizeof host, TO_DEVICE);
    move(host, dev, sizeof host, TO_HOST);
    move_switch(dev, host, sizeof host, TO_DEVICE);
    move_switch(host, dev, sizeof host, TO_HOST);
}

static cudaMemcpyKind kind_toward(bool to_device)
{
    return to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
}

static cudaMemcpyKind kind_if(bool to_device)
{
    if (to_device)
        return cudaMemcpyHostToDevice;
    return cudaMemcpyDeviceToHost;
}

/* A kind a function returns: the one its constant flag picks, else none. */
void kind_returned(bool to_device)
{
    float host[N] = { 0 }, *dev = device_floats();
    cudaMemcpy(host, dev, sizeof host, kind_toward(true)); // devcheck: memcpy-direction
    cudaMemcpy(dev, host, sizeof host, kind_if(false)); // devcheck: memcpy-direction
    cudaMemcpy(host, dev, sizeof host, kind_toward(false));
    cudaMemcpy(host, dev, sizeof host, kind_if(false));
    cudaMemcpy(host, dev, sizeof host, kind_of(TO_HOST));
    cudaMemcpy(dev, host, sizeof host, kind_of(TO_DEVICE));
    cudaMemcpy(host, dev, sizeof host, kind_toward(to_device));
}

/* The kind picked by what the source is: asked of the pointer, or said by
   the caller's flag, whose value at run time goes with the pointer. */
static void fetch(float *h, const float *p, size_t bytes)
{
    cudaPointerAttributes attr;
    cudaPointerGetAttributes(&attr, p);
    cudaMemcpy(h, p, bytes,
               attr.type == cudaMemoryTypeDevice ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
}

static void put(float *d, const float *s, size_t bytes, bool s_on_device)
{
    cudaMemcpy(d, s, bytes, s_on_device ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice);
}

void kind_picked_by_the_source(bool flag)
{
    float host[N] = { 0 }, *dev = device_floats();
    fetch(host, dev, sizeof host);
    fetch(host, host, sizeof host);
    put(dev, host, sizeof host, false);
    put(dev, dev, sizeof host, true);
    put(host, dev, sizeof host, true); // devcheck: memcpy-direction
    put(dev, flag ? dev : host, sizeof host, flag);
}
