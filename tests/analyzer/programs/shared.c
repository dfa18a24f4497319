/* Code both programs of the run link: it defines no main. */
#include <cuda_runtime_api.h>

#include "shared.h"

void clear_scratch(void)
{
    float *scratch;
    if (cudaMalloc((void **)&scratch, 64 * sizeof *scratch) != cudaSuccess)
        return;
    scratch[0] = 0; // devcheck: host-deref
    cudaFree(scratch);
}
