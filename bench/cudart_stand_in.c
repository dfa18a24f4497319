/*
 * bench_shim_load static's stand-in for a static cudart's code: named as
 * cudart's functions are (the shim takes it for the runtime's code, not
 * the user's), and built as CUDA's libraries are, without a frame pointer
 * (-fomit-frame-pointer, this file alone).
 */
#include <cuda.h>

typedef CUresult (*memset_fn)(CUdeviceptr p, unsigned int value, size_t n);
CUresult cudaStandInMemset(memset_fn f, CUdeviceptr p);

static volatile long made;

CUresult cudaStandInMemset(memset_fn f, CUdeviceptr p)
{
    CUresult e = f(p, 0, 1);
    made++;                             /* not a tail call: its frame stays, as cudart's do */
    return e;
}
