/*
 * What the raw CUDA examples share: CUDA_CHECK(call) prints the failed
 * call's CUDA error and jumps to the example's `done:` cleanup.  They launch
 * devtensor's own kernels (kernels.h) through cudaLaunchKernel, as C code
 * launches kernels compiled elsewhere, and are linked to the emulated device.
 */
#ifndef RAW_CUDA_H
#define RAW_CUDA_H

#include <cuda_runtime.h>
#include <kernels.h>
#include <stdio.h>

#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        cudaError_t e_ = (call);                                                \
        if (e_ != cudaSuccess) {                                                \
            fprintf(stderr, "error: %s: %s (%s)\n", #call, cudaGetErrorString(e_), \
                    cudaGetErrorName(e_));                                      \
            goto done;                                                          \
        }                                                                       \
    } while (0)

#endif
