/*
 * The cuda backend's insides, shared by its memory half (cuda_backend.c) and
 * its kernel table (cuda_kernels.c).  Both are built twice: against the real
 * CUDA runtime with nvcc's kernels (libdevtensor-cuda.so), and against the
 * emulated device with the host-built kernels (libdevtensor-sim.so).  Nothing
 * here knows which.
 */
#ifndef DT_CUDA_H
#define DT_CUDA_H

#include "internal.h"

#include <cuda_runtime_api.h>

extern const dt_kernels dt_cuda_kernels;

/* 0 when e is cudaSuccess; else -1 with dt_last_error() set to
   "OP: <cudaGetErrorString> (<cudaGetErrorName>)". */
int dt_cuda_check(const char *op, cudaError_t e);

/* Launches a grid-stride kernel over `work` items on the current device (the
   one dt_kernels_of made current); 0, or -1 with the error set. */
int dt_cuda_launch(const char *op, const void *kernel, int64_t work, void **args);

/* Device scratch memory for multi-pass kernels; NULL with the error set. */
void *dt_cuda_scratch_alloc(const char *op, size_t bytes);
void dt_cuda_scratch_free(void *p);

#endif /* DT_CUDA_H */
