/*
 * C++'s stores into a function pointer field: a member initializer
 * (`Op() : run(f)`), a field's default initializer, and a method's own
 * call through its field (`run(p)`, `this->run(p)`).
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

static void host_sum(float *p)
{
    p[0] += p[1];
}

static void device_zero(float *p)
{
    cudaMemset(p, 0, 2 * sizeof *p);
}

struct Op {
    void (*run)(float *);
    void (*clear)(float *) = device_zero;
    Op() : run(host_sum) {}
    void apply(float *p) { run(p); }
    void wipe(float *p) { this->clear(p); }
};

void use(Op &op)
{
    float *dev, *host = static_cast<float *>(malloc(2 * sizeof(float)));
    cudaMalloc((void **)&dev, 2 * sizeof(float));
    op.run(dev); // devcheck: host-deref
    op.run(host);
    op.clear(host); // devcheck: memspace-mismatch
    op.clear(dev);
    op.apply(dev); // devcheck: host-deref
    op.wipe(host); // devcheck: memspace-mismatch
}
