/* The emulated device's header (runtime/sim/include) against the CUDA
   toolkit's: every error code, copy kind, memory type and struct layout the
   two share must be equal, or a program built against one would misread the
   other.  Built only where the toolkit is installed. */
#include "test.h"

#include "cuda_abi.h"

extern const long abi_toolkit[], abi_sim[];
static const char *const names[] = { CUDA_ABI(CUDA_ABI_NAME) };

static void test_every_value_and_layout_agrees(void)
{
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        if (abi_toolkit[i] != abi_sim[i])
            printf("     %s: toolkit %ld, sim %ld\n", names[i], abi_toolkit[i], abi_sim[i]);
        CHECK(abi_toolkit[i] == abi_sim[i]);
    }
}

int main(void)
{
    RUN(test_every_value_and_layout_agrees);
    return TEST_REPORT();
}
