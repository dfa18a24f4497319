/*
 * What nvcc accepts and clang 19's CUDA headers alone do not, as real
 * projects write it (llm.c's kernels do the first three): min and max in
 * host code, the cache-hint stores and loads of sm_32_intrinsics.h in
 * device code, CUDA 13's libcu++ from include/cccl, surface objects'
 * reads and writes, placement new in device code, unasked (CUDA's
 * samples; CUB's block loads), and the C library's headers that CUDA's
 * include for every file (zfp's host code calls modf(float, float *),
 * Rodinia's time()).  devcheck must parse the file and still find the
 * mistake in it.
 */
#include <cuda_runtime.h>
#include <cuda/std/type_traits>

__global__ void scale(float *x, float by, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        __stcs(x + i, __ldcs(x + i) * by);
}

static_assert(cuda::std::is_floating_point<float>::value, "libcu++ is on the path");

struct cell {
    float v;
};

__global__ void place(char *arena)
{
    cell *c = new (arena + threadIdx.x * sizeof(cell)) cell;
    c->v = 0;
}

__global__ void blur(cudaSurfaceObject_t in, cudaSurfaceObject_t out)
{
    float v;
    surf2Dread(&v, in, threadIdx.x * 4, 0);
    surf2Dwrite(v + surf2Dread<float>(in, 0, 0), out, threadIdx.x * 4, 0);
}

void launch(int n, int block)
{
    float *host = (float *)malloc(n * sizeof *host), whole = 0;
    modf(sqrtf((float)n), &whole);
    srand((unsigned)time(NULL));
    int grid = max(1, (n + block - 1) / block);
    unsigned long big = min(4096ul, (unsigned long)n);
    scale<<<grid, block>>>(host, 2.0f, (int)big); // devcheck: memspace-mismatch
    free(host);
}
