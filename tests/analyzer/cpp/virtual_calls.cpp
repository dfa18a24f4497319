/*
 * A virtual method called through a pointer, a reference or a smart
 * pointer runs an override: the program's overriding definitions are
 * the call's callees.  One with a body: its summary is the call's.
 * Several: what every one of them says (a cpu and a cuda backend that
 * differ say nothing).  A qualified call (`p->Base::f()`) and one on an
 * object by value run the method they name, as before.
 * The shape of k2-fsa/sherpa's ea523556: a base's WarmUp calls its
 * virtual RunEncoder, defined by the one model class, behind a
 * std::unique_ptr field.
 */
#include <cuda_runtime_api.h>
#include <memory>
#include <stdlib.h>

#include "virtual_calls.h"

static float *device_floats(int n)
{
    float *p = nullptr;
    cudaMalloc((void **)&p, n * sizeof *p);
    return p;
}

static float *host_floats(int n)
{
    return static_cast<float *>(malloc(n * sizeof(float)));
}

/* A pure virtual base, overridden once. */
struct Filler {
    virtual ~Filler() = default;
    virtual void fill(float *p, int n) = 0;
};

/* Declared pure again: no code of its own runs. */
struct AbstractFiller : Filler {
    void fill(float *p, int n) override = 0;
};

struct HostFiller : Filler {
    void fill(float *p, int n) override
    {
        for (int i = 0; i < n; i++)
            p[i] = 1.0f;
    }
};

void through_pointer(Filler *f, int n)
{
    float *dev = device_floats(n), *host = host_floats(n);
    f->fill(dev, n); // devcheck: host-deref
    f->fill(host, n);
}

void through_reference(Filler &f, int n)
{
    float *dev = device_floats(n);
    f.fill(dev, n); // devcheck: host-deref
    (*&f).fill(host_floats(n), n);
}

/* An override defined in a header (virtual_calls.h), which this file
   does not name. */
void header_override(Sink *s, int n)
{
    s->put(device_floats(n)); // devcheck: host-deref
    s->put(host_floats(n));
}

/* A std::unique_ptr field, called from a method of its holder. */
struct Uploader {
    virtual ~Uploader() = default;
    virtual void upload(float *dst, const float *src, int n) = 0;
};

struct CudaUploader : Uploader {
    void upload(float *dst, const float *src, int n) override
    {
        cudaMemcpy(dst, src, n * sizeof *dst, cudaMemcpyHostToDevice);
    }
};

class Engine {
public:
    Engine() : up_(new CudaUploader) {}
    void load(int n)
    {
        float *dev = device_floats(n), *host = host_floats(n);
        up_->upload(host, dev, n); // devcheck: memcpy-direction
        up_->upload(dev, host, n);
    }

private:
    std::unique_ptr<Uploader> up_;
};

/* A std::shared_ptr local, and a base with a body of its own that its
   one override agrees with. */
struct Clearer {
    virtual ~Clearer() = default;
    virtual void clear(float *p, int n) { cudaMemset(p, 0, n * sizeof *p); }
};

struct LoudClearer : Clearer {
    void clear(float *p, int n) override { cudaMemset(p, 0, n * sizeof *p); }
};

void shared_local(int n)
{
    std::shared_ptr<Clearer> c = std::make_shared<LoudClearer>();
    c->clear(host_floats(n), n); // devcheck: memspace-mismatch
    c->clear(device_floats(n), n);
}

/* Two levels: A <- B <- C, only C defines it (B declares it pure again);
   a sibling of B's that reads on the device runs only where the object
   may be one. */
struct Stage {
    virtual ~Stage() = default;
    virtual float peek(const float *p) = 0;
};

struct MiddleStage : Stage {
    int depth = 1;
    float peek(const float *p) override = 0;
};

struct LastStage : MiddleStage {
    float peek(const float *p) override { return p[0]; }
};

struct DeviceStage : Stage {
    float peek(const float *p) override
    {
        float x;
        cudaMemcpy(&x, p, sizeof x, cudaMemcpyDeviceToHost);
        return x;
    }
};

float two_levels(MiddleStage *s, Stage *any, int n)
{
    float *dev = device_floats(n);
    return s->peek(dev) + s->peek(host_floats(n)) + any->peek(dev); // devcheck: host-deref
}

/* The base's own method calls the virtual one (the implicit `this`):
   sherpa's WarmUp and RunEncoder. */
struct Model {
    virtual ~Model() = default;
    virtual float encode(const float *features) = 0;
    float warm_up(const float *features) { return encode(features); }
};

struct ConformerModel : Model {
    float encode(const float *features) override { return features[0]; }
};

class Recognizer {
public:
    explicit Recognizer(Model *m) : model_(m) {}
    float start(int n)
    {
        float *dev = device_floats(n);
        return model_->warm_up(dev) + model_->warm_up(host_floats(n)); // devcheck: host-deref
    }

private:
    std::unique_ptr<Model> model_;
};

/* Quiet: two overrides that differ (which runs decides), one that does
   nothing with what the other reads; and a qualified call and one on an
   object by value, which run the method they name. */
struct Backend {
    virtual ~Backend() = default;
    virtual void zero(float *p, int n) = 0;
    virtual void scale(float *p, int n) = 0;
};

struct CpuBackend : Backend {
    void zero(float *p, int n) override
    {
        for (int i = 0; i < n; i++)
            p[i] = 0;
    }
    void scale(float *p, int n) override
    {
        for (int i = 0; i < n; i++)
            p[i] *= 2;
    }
};

struct CudaBackend : Backend {
    void zero(float *p, int n) override { cudaMemset(p, 0, n * sizeof *p); }
    void scale(float *p, int n) override { (void)p, (void)n; }
};

void backends(Backend *b, int n)
{
    float *dev = device_floats(n), *host = host_floats(n);
    b->zero(dev, n);
    b->zero(host, n);
    b->scale(dev, n);
}

/* An override declared here and defined in a file outside the run: what
   it does is not known, so neither is what the call does. */
struct Kernel {
    virtual ~Kernel() = default;
    virtual void launch(float *p) = 0;
};

struct HostKernel : Kernel {
    void launch(float *p) override { p[0] = 1; }
};

struct CudaKernel : Kernel {
    void launch(float *p) override;
};

void defined_elsewhere(Kernel *k, int n)
{
    k->launch(device_floats(n));
}

struct Printer {
    virtual ~Printer() = default;
    virtual void show(const float *p) { (void)p[0]; }
};

struct DevicePrinter : Printer {
    void show(const float *p) override
    {
        float x;
        cudaMemcpy(&x, p, sizeof x, cudaMemcpyDeviceToHost);
    }
};

void named_calls(Printer *p, int n)
{
    float *dev = device_floats(n);
    p->show(dev);
    p->Printer::show(dev); // devcheck: host-deref
    Printer plain;
    plain.show(dev); // devcheck: host-deref
}
