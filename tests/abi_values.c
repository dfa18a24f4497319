/* One side of test_sim_abi: CUDA_ABI's values under whichever CUDA headers
   this file is compiled against, named by ABI_SIDE. */
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h>

#include "cuda_abi.h"

const long ABI_SIDE[] = { CUDA_ABI(CUDA_ABI_VALUE) };
