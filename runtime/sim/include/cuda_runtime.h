/* CUDA's umbrella header; for C programs it is the runtime API. */
#include "cuda_runtime_api.h"
