/*
 * Functions a macro defines where this file expands it: googletest's
 * TEST(A, B) { ... } and TEST_F (a class's TestBody, declared by the
 * macro, its body written here after it), and the project's own macros
 * that open a function or make a whole one.  Each is the file's code and
 * analyzed; a library's macro that makes a whole function is not.
 */
#include <minitest.h>
#include <stdlib.h>

TEST(MemoryType, Host)
{
    void *ptr = nullptr;
    cudaMallocHost(&ptr, 1);
    cudaFree(ptr); // devcheck: free-mismatch
}

TEST(MemoryType, Device)
{
    void *ptr = nullptr;
    cudaMalloc(&ptr, 1);
    cudaFree(ptr);
}

class Buffers : public minitest::Test {
protected:
    float *dev = nullptr;
};

TEST_F(Buffers, HostRead)
{
    cudaMalloc((void **)&dev, 4 * sizeof(float));
    float x = dev[0]; // devcheck: host-deref
    (void)x;
    cudaFree(dev);
}

/* The project's macro opening a function. */
#define KERNEL_TEST(name) static void name()

KERNEL_TEST(pinned_release)
{
    float *h = nullptr;
    cudaMallocHost((void **)&h, 4 * sizeof(float));
    free(h); // devcheck: free-mismatch
}

/* The project's macro making a whole function: its finding is said where
   it expands. */
#define RELEASE_TWICE(name)                                                   \
    static void name()                                                        \
    {                                                                         \
        void *p;                                                              \
        cudaMallocHost(&p, 1);                                                \
        cudaFree(p);                                                          \
    }

RELEASE_TWICE(own_release) // devcheck: free-mismatch

/* The library's macro making a whole function: not the file's code. */
MINITEST_REGISTER(library_release)
