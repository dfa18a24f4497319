/*
 * device_properties: the prologue of nearly every CUDA program, built by
 * nvcc against the shared libcudart and run on the emulated device through
 * the shim: cudaGetDeviceProperties and cudaDeviceGetAttribute, answered by
 * the emulated device, not by a libcudart that finds no GPU.  It prints what
 * a deviceQuery prints, and fails (exit 1) unless the answers agree with
 * each other and with the device's memory: the attributes with the fields,
 * the total with cudaMemGetInfo's, and an allocation of one byte more than
 * the total refused.  A bad ordinal or attribute is an error.  CUDA 12's
 * cudaGetDeviceProperties_v2, which the shim forwards too, fills CUDA 12's
 * layout (its multiprocessor count at byte 388).
 */
// devtrace-sql: SELECT group_concat(api || ' ' || result, ', ') FROM (SELECT * FROM api_calls ORDER BY first_seq) => cudaMalloc 2
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void expect(bool ok, const char *what)
{
    if (!ok) {
        printf("wrong: %s\n", what);
        failures++;
    }
}

/* Each attribute that is also a field of the properties. */
static void attributes_agree(const cudaDeviceProp &p, int dev)
{
    static const struct { cudaDeviceAttr attr; const char *name; } asked[] = {
        { cudaDevAttrMultiProcessorCount, "multiprocessors" },
        { cudaDevAttrMaxThreadsPerBlock, "max threads per block" },
        { cudaDevAttrWarpSize, "warp size" },
        { cudaDevAttrComputeCapabilityMajor, "major" },
        { cudaDevAttrComputeCapabilityMinor, "minor" },
        { cudaDevAttrMaxSharedMemoryPerBlock, "shared memory per block" },
    };
    const int fields[] = { p.multiProcessorCount, p.maxThreadsPerBlock, p.warpSize, p.major,
                           p.minor, (int)p.sharedMemPerBlock };
    for (size_t i = 0; i < sizeof asked / sizeof *asked; i++) {
        int v = -1;
        cudaError_t e = cudaDeviceGetAttribute(&v, asked[i].attr, dev);
        printf("  attribute %s: %d (%s)\n", asked[i].name, v, cudaGetErrorName(e));
        expect(e == cudaSuccess && v == fields[i], asked[i].name);
    }
}

/* What a program built with CUDA 12 gets: the same device in its layout. */
static void cuda12_agrees(const cudaDeviceProp &p)
{
    typedef cudaError_t get_t(void *prop, int device);
    get_t *get = (get_t *)dlsym(RTLD_DEFAULT, "cudaGetDeviceProperties_v2");
    unsigned char bytes[1032];
    int sms = -1;
    expect(get && get(bytes, 0) == cudaSuccess, "cudaGetDeviceProperties_v2");
    memcpy(&sms, bytes + 388, sizeof sms);
    expect(strcmp((const char *)bytes, p.name) == 0 && sms == p.multiProcessorCount,
           "CUDA 12's layout");
}

int main(void)
{
    cudaDeviceProp p;
    int n = 0, v = -1;
    size_t free_bytes = 0, total = 0;
    void *d = NULL;

    memset(&p, 0x5a, sizeof p);
    expect(cudaGetDeviceCount(&n) == cudaSuccess && n > 0, "device count");
    expect(cudaGetDeviceProperties(&p, 0) == cudaSuccess, "cudaGetDeviceProperties");
    printf("device 0: %s, compute capability %d.%d\n", p.name, p.major, p.minor);
    printf("  %d multiprocessors, warp size %d, %d threads per block (%d x %d x %d), "
           "grid %d x %d x %d\n", p.multiProcessorCount, p.warpSize, p.maxThreadsPerBlock,
           p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2], p.maxGridSize[0],
           p.maxGridSize[1], p.maxGridSize[2]);
    printf("  %zu bytes of global memory, %zu of shared memory per block\n", p.totalGlobalMem,
           p.sharedMemPerBlock);
    expect(strstr(p.name, "emulated") != NULL, "the name says what the device is");
    expect(p.multiProcessorCount > 0 && p.warpSize == 32 && p.maxThreadsPerBlock > 0, "limits");
    attributes_agree(p, 0);
    cuda12_agrees(p);

    expect(cudaMemGetInfo(&free_bytes, &total) == cudaSuccess, "cudaMemGetInfo");
    expect(total == p.totalGlobalMem, "the total is cudaMemGetInfo's");
    expect(cudaMalloc(&d, p.totalGlobalMem + 1) == cudaErrorMemoryAllocation,
           "more than the total is refused");
    cudaGetLastError();

    expect(cudaGetDeviceProperties(&p, n) == cudaErrorInvalidDevice, "a device past the last");
    expect(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)-1, 0) == cudaErrorInvalidValue,
           "an attribute that is none");
    cudaGetLastError();
    return failures ? 1 : 0;
}
