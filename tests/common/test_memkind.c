/* The cudaMemcpyKind table (common/memkind.h), against CUDA's own enum. */
#include "memkind.h"
#include "test.h"

#include <cuda_runtime_api.h>

/* Each index is CUDA's value of the kind it names. */
static void test_indices_are_cuda_values(void)
{
    CHECK_STR_EQ(memkinds[cudaMemcpyHostToHost].name, "cudaMemcpyHostToHost");
    CHECK_STR_EQ(memkinds[cudaMemcpyHostToDevice].name, "cudaMemcpyHostToDevice");
    CHECK_STR_EQ(memkinds[cudaMemcpyDeviceToHost].name, "cudaMemcpyDeviceToHost");
    CHECK_STR_EQ(memkinds[cudaMemcpyDeviceToDevice].name, "cudaMemcpyDeviceToDevice");
    CHECK_STR_EQ(memkinds[cudaMemcpyDefault].name, "cudaMemcpyDefault");
}

/* Names back to kinds: cudaMemcpyDefault says no side, so it is not one. */
static void test_sided_by_name(void)
{
    CHECK(memkind_sided_by_name("cudaMemcpyHostToDevice") == cudaMemcpyHostToDevice);
    CHECK(memkind_sided_by_name("cudaMemcpyDeviceToDevice") == cudaMemcpyDeviceToDevice);
    CHECK(memkind_sided_by_name("cudaMemcpyDefault") == -1);
    CHECK(memkind_sided_by_name("cudaMemcpyHostToDevic") == -1);
    CHECK(memkind_sided_by_name("") == -1);
}

/* The kind that fits every pair of sides contradicts none of them, and
   every other sided kind contradicts that pair. */
static void test_fitting_and_contradicts(void)
{
    CHECK(memkind_fitting(true, false) == cudaMemcpyHostToDevice);
    CHECK(memkind_fitting(false, true) == cudaMemcpyDeviceToHost);
    for (int dst = 0; dst < 2; dst++)
        for (int src = 0; src < 2; src++) {
            int fit = memkind_fitting(dst, src);
            for (int k = 0; k < MEMKIND_COUNT; k++)
                CHECK(memkind_contradicts(k, dst, src) == (memkinds[k].sided && k != fit));
        }
}

/* Values outside the enum contradict nothing: the caller says what they mean. */
static void test_out_of_range(void)
{
    CHECK(!memkind_contradicts(-1, true, false));
    CHECK(!memkind_contradicts(MEMKIND_COUNT, true, false));
    CHECK(!memkind_contradicts(cudaMemcpyDefault, true, false));
}

int main(void)
{
    RUN(test_indices_are_cuda_values);
    RUN(test_sided_by_name);
    RUN(test_fitting_and_contradicts);
    RUN(test_out_of_range);
    return TEST_REPORT();
}
