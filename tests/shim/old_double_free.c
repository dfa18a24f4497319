/*
 * old_double_free: a free of memory freed long before, after more frees
 * than the shim's quarantine (4096) remembers with their sites: still a
 * double free, not "did not come from cudaMalloc".
 */
#include "shim_test.h"

enum { LATER = 5000 };

int main(void)
{
    static void *later[LATER];
    void *first = NULL;
    cudaError_t bad = cudaSuccess;

    SAY(cudaMalloc(&first, 16));
    for (int i = 0; i < LATER; i++)     /* all live at once: none takes first's address */
        bad = bad ? bad : cudaMalloc(&later[i], 16);
    SAY(cudaFree(first));
    for (int i = 0; i < LATER; i++)
        bad = bad ? bad : cudaFree(later[i]);
    printf("the later ones: %s\n", cudaGetErrorName(bad));
    SAY(cudaFree(first)); // devtrace: double_free
    return 0;
}
