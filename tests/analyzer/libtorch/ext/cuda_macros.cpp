// c10's CUDA headers include cuda_cmake_macros.h, which torch's CMake
// generates and Debian's libtorch-dev lacks: with --torch, devcheck then
// defines C10_CUDA_NO_CMAKE_CONFIGURE_FILE, the headers' own switch for
// its absence, and the file is read (with a pip-installed torch the
// header is there, and nothing is defined).
#include <c10/cuda/CUDAMacros.h>
#include <cuda_runtime_api.h>
#include <cstdlib>

void release(void)
{
    float *p = static_cast<float *>(malloc(16));
    cudaFree(p); // devcheck: memspace-mismatch
}
