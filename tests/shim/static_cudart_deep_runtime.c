/*
 * static_cudart_deep's stand-in for a static cudart's code: named as
 * cudart's functions are (the shim takes it for the runtime's code, not
 * the user's), and built as CUDA's libraries are, without a frame pointer
 * (-fomit-frame-pointer, this file alone).
 */
#include <cuda.h>

CUresult cudaStandInCopyToHost(void *dst, CUdeviceptr src, size_t n);

volatile int stand_in_calls;

CUresult cudaStandInCopyToHost(void *dst, CUdeviceptr src, size_t n)
{
    CUresult e = cuMemcpyDtoH(dst, src, n);
    stand_in_calls++;                   /* not a tail call: its frame stays, as cudart's do */
    return e;
}
