/*
 * A copy's kind picked by an enum class of the program's (a switch, an
 * `if (d == dir::up)`), or given as a template's argument
 * (`template <cudaMemcpyKind K>`): each call is checked with the kind its
 * enumerator or its template argument picks.  A struct a helper returns
 * by value, holding the pointers and the kind, is checked as the helper
 * (or one it returns the struct of) filled it, in a variable it
 * initializes or is assigned to, with the kind the call gave the helper
 * where it stores its parameter.  Each function is one case; the fixed
 * calls are quiet.
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

enum class dir { up, down, across };

static cudaMemcpyKind kind_of(dir d)
{
    switch (d) {
    case dir::up:
        return cudaMemcpyHostToDevice;
    case dir::down:
        return cudaMemcpyDeviceToHost;
    case dir::across:
        return cudaMemcpyDeviceToDevice;
    }
    return cudaMemcpyDefault;
}

static void move(void *dst, const void *src, size_t bytes, dir d)
{
    if (d == dir::up)
        cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice);
    else if (d != dir::across)
        cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost);
}

void enum_class_switch(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    cudaMemcpy(dev, host, sizeof host, kind_of(dir::down)); // devcheck: memcpy-direction
    cudaMemcpy(dev, host, sizeof host, kind_of(dir::up));
    cudaMemcpy(host, dev, sizeof host, kind_of(dir::down));
    cudaMemcpy(dev, dev, sizeof host, kind_of(dir::across));
}

void enum_class_if(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    move(host, dev, sizeof host, dir::up); // devcheck: memcpy-direction
    move(dev, host, sizeof host, dir::down); // devcheck: memcpy-direction
    move(dev, host, sizeof host, dir::up);
    move(host, dev, sizeof host, dir::down);
    move(host, dev, sizeof host, dir::across);
}

template <cudaMemcpyKind K>
void tcopy(void *dst, const void *src, size_t bytes)
{
    cudaMemcpy(dst, src, bytes, K);
}

template <typename T, cudaMemcpyKind K>
void tcopy_n(T *dst, const T *src, size_t n)
{
    cudaMemcpy(dst, src, n * sizeof(T), K);
}

static void copy_kind(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind)
{
    cudaMemcpy(dst, src, bytes, kind);
}

/* A helper of the program's gives copy_kind its kind: as copying with it. */
static void upload(void *dst, const void *src, size_t bytes)
{
    copy_kind(dst, src, bytes, cudaMemcpyHostToDevice);
}

template <cudaMemcpyKind K>
void tcopy_on(void *dst, const void *src, size_t bytes)
{
    copy_kind(dst, src, bytes, K);
}

template <cudaMemcpyKind K>
struct copier {
    static void run(void *dst, const void *src, size_t bytes) { cudaMemcpy(dst, src, bytes, K); }
};

void kind_as_template_argument(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    tcopy<cudaMemcpyHostToDevice>(host, dev, sizeof host); // devcheck: memcpy-direction
    tcopy<cudaMemcpyDeviceToHost>(host, dev, sizeof host);
    tcopy<cudaMemcpyHostToDevice>(dev, host, sizeof host);
    tcopy_n<float, cudaMemcpyDeviceToHost>(dev, host, N); // devcheck: memcpy-direction
    tcopy_n<float, cudaMemcpyHostToDevice>(dev, host, N);
    tcopy_on<cudaMemcpyHostToDevice>(host, dev, sizeof host); // devcheck: memcpy-direction
    tcopy_on<cudaMemcpyDeviceToHost>(host, dev, sizeof host);
    copier<cudaMemcpyDeviceToHost>::run(dev, host, sizeof host); // devcheck: memcpy-direction
    copier<cudaMemcpyHostToDevice>::run(dev, host, sizeof host);
    upload(host, dev, sizeof host); // devcheck: memcpy-direction
    upload(dev, host, sizeof host);
}

/* An enum's value as the template argument, mapped to a kind inside. */
template <dir D>
void dmove(void *dst, const void *src, size_t bytes)
{
    cudaMemcpy(dst, src, bytes, kind_of(D));
}

void enum_as_template_argument(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    dmove<dir::down>(dev, host, sizeof host); // devcheck: memcpy-direction
    dmove<dir::up>(dev, host, sizeof host);
    dmove<dir::down>(host, dev, sizeof host);
}

/* A struct returned by value that holds the pointers and the kind: its
   members are what the helper put there, with the call's arguments. */
struct transfer {
    void *dst;
    const void *src;
    size_t bytes;
    cudaMemcpyKind kind;
};

static transfer make_up(void *dst, const void *src, size_t bytes)
{
    transfer t = { dst, src, bytes, cudaMemcpyHostToDevice };
    return t;
}

static transfer make_down(void *dst, const void *src, size_t bytes)
{
    transfer t;
    t.dst = dst;
    t.src = src;
    t.bytes = bytes;
    t.kind = cudaMemcpyDeviceToHost;
    return t;
}

static void run_transfer(const transfer *t)
{
    cudaMemcpy(t->dst, t->src, t->bytes, t->kind);
}

void kind_in_a_returned_struct(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    transfer wrong = make_up(host, dev, sizeof host);
    cudaMemcpy(wrong.dst, wrong.src, wrong.bytes, wrong.kind); // devcheck: memcpy-direction
    transfer right = make_up(dev, host, sizeof host);
    cudaMemcpy(right.dst, right.src, right.bytes, right.kind);
    transfer down = make_down(dev, host, sizeof host);
    run_transfer(&down); // devcheck: memcpy-direction
    transfer fixed = make_down(host, dev, sizeof host);
    run_transfer(&fixed);
}

/* A helper that returns another's struct. */
static transfer make_via(void *dst, const void *src, size_t bytes)
{
    return make_up(dst, src, bytes);
}

/* The struct assigned to a variable declared earlier, or to a member. */
struct job {
    int id;
    transfer t;
};

void returned_struct_assigned(void)
{
    float host[N] = { 0 }, *dev = device_floats();
    transfer t;
    t = make_up(host, dev, sizeof host);
    cudaMemcpy(t.dst, t.src, t.bytes, t.kind); // devcheck: memcpy-direction
    t = make_up(dev, host, sizeof host);
    cudaMemcpy(t.dst, t.src, t.bytes, t.kind);
    job j;
    j.t = make_down(dev, host, sizeof host);
    run_transfer(&j.t); // devcheck: memcpy-direction
    j.t = make_down(host, dev, sizeof host);
    run_transfer(&j.t);
    transfer v = make_via(host, dev, sizeof host);
    run_transfer(&v); // devcheck: memcpy-direction
    t = make_via(host, dev, sizeof host);
    cudaMemcpy(t.dst, t.src, t.bytes, t.kind); // devcheck: memcpy-direction
    t = make_via(dev, host, sizeof host);
    run_transfer(&t);
}

/* The kind given to the helper, which stores it into the struct it
   returns: the call's kind is the struct's. */
static transfer make_as(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind)
{
    transfer t = { dst, src, bytes, kind };
    return t;
}

static transfer make_set(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind)
{
    transfer t = make_up(dst, src, bytes);
    t.kind = kind;
    return t;
}

static void run_by_value(transfer t)
{
    cudaMemcpy(t.dst, t.src, t.bytes, t.kind);
}

void kind_given_to_the_maker(int k)
{
    float host[N] = { 0 }, *dev = device_floats();
    transfer a = make_as(host, dev, sizeof host, cudaMemcpyHostToDevice);
    cudaMemcpy(a.dst, a.src, a.bytes, a.kind); // devcheck: memcpy-direction
    transfer b = make_set(dev, host, sizeof host, cudaMemcpyDeviceToHost);
    run_transfer(&b); // devcheck: memcpy-direction
    transfer c;
    c = make_as(host, dev, sizeof host, cudaMemcpyHostToDevice);
    run_by_value(c); // devcheck: memcpy-direction
    transfer fixed = make_as(dev, host, sizeof host, cudaMemcpyHostToDevice);
    cudaMemcpy(fixed.dst, fixed.src, fixed.bytes, fixed.kind);
    run_transfer(&fixed);
    run_by_value(fixed);
    transfer back = make_set(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    run_transfer(&back);
    transfer unknown = make_as(host, dev, sizeof host, (cudaMemcpyKind)k);   /* not known: quiet */
    run_transfer(&unknown);
    run_by_value(unknown);
}
