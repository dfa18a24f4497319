/* A test framework's header installed as a library (on -isystem), of
   googletest's shape: TEST(A, B) declares a class with a TestBody method
   and opens its definition, whose body the test file writes after it;
   TEST_F does the same over a fixture class. */
#include <cuda_runtime_api.h>

namespace minitest {
class Test {
public:
    virtual ~Test() {}
    virtual void SetUp() {}
    virtual void TestBody() = 0;
};
}

#define MINITEST_CLASS(suite, name) suite##_##name##_Test
#define MINITEST_(suite, name, parent)                                        \
    class MINITEST_CLASS(suite, name) : public parent {                       \
    public:                                                                   \
        MINITEST_CLASS(suite, name)() {}                                      \
                                                                              \
    private:                                                                  \
        void TestBody() override;                                             \
    };                                                                        \
    void MINITEST_CLASS(suite, name)::TestBody()
#define TEST(suite, name) MINITEST_(suite, name, ::minitest::Test)
#define TEST_F(fixture, name) MINITEST_(fixture, name, fixture)

/* A whole function the library's macro makes, its mistake its own: the
   library's code, quiet as its headers' functions are. */
#define MINITEST_REGISTER(name)                                               \
    static void name()                                                        \
    {                                                                         \
        void *p;                                                              \
        cudaMallocHost(&p, 1);                                                \
        cudaFree(p);                                                          \
    }
