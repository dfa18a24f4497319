/*
 * What a method does to its object's fields is so in its caller: a
 * free_memory() that releases a field and sets it to NULL leaves nothing
 * for the destructor's delete[] after it to mismatch; a method that sets
 * a field to fresh memory makes the field that memory in the caller, for
 * the object it is called on (`obj.f()`, `p->f()`, a method's own `f()`),
 * even where the field's stores program-wide agree on no allocator.
 */
#include <cuda_runtime_api.h>
#include <cstdlib>

class Buffer {
public:
    explicit Buffer(size_t n)
    {
        cudaMallocHost((void **)&h_x, n * sizeof *h_x);
        h_y = new float[n];
    }
    void free_memory()
    {
        cudaFreeHost(h_x);
        h_x = NULL;
    }
    ~Buffer()
    {
        free_memory();
        delete[] h_x;
        delete[] h_y;
    }

private:
    float *h_x, *h_y;
};

struct Staging {
    float *p;
    void pin(size_t n) { cudaMallocHost((void **)&p, n); }
    void heap(size_t n) { p = static_cast<float *>(malloc(n)); }
    void drop() { p = nullptr; }
    void repin(size_t n)
    {
        pin(n);
        free(p); // devcheck: free-mismatch
    }
};

void callers(Staging *q)
{
    Staging s;
    s.pin(64);
    free(s.p); // devcheck: free-mismatch // devcheck-message: 's.p' was allocated with cudaMallocHost
    s.heap(64);
    free(s.p);
    q->pin(64);
    free(q->p); // devcheck: free-mismatch
    q->drop();
    delete[] q->p;
}
