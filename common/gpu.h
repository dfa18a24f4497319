/*
 * Whether this machine has a GPU, as the shim, devtrace run and the tests
 * decide it alike: the shim chooses the emulated device where there is
 * none, and devtrace run and the tests must know what it will choose.
 */
#ifndef DEVCHECK_GPU_H
#define DEVCHECK_GPU_H

#include <stdbool.h>

/* A GPU the NVIDIA driver knows of, found without starting CUDA (which
   would leave a later fork unable to use it). */
bool dv_gpu_present(void);

#endif
