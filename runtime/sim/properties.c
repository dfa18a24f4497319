/*
 * What the emulated device says it is: cudaGetDeviceProperties and
 * cudaDeviceGetAttribute, and through sim_attribute the driver's
 * cuDeviceGetAttribute (driver.c).  Every device is the same one, named
 * for what it is.  Its figures are the ones the rest of the emulator
 * keeps to: the launch limits launch.c checks, the memory memory.c gives
 * each device (cudaMemGetInfo's total), a multiprocessor for each CPU
 * thread that runs kernels, each running one block at a time, and no copy
 * or kernel overlapping another, since each is done when its call returns.
 * What it does not have (textures, surfaces, cooperative launches, stream
 * priorities, access to pageable host memory) is 0; clock rates, bus width
 * and caches, which nothing here models, have nominal figures.
 */
#include "sim.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

const char sim_device_name[] = "devtensor emulated device";

/* Each attribute's value, or the function that says it. */
static const struct {
    enum cudaDeviceAttr attr;
    int value;
    int (*value_of)(void);
} attributes[] = {
    { cudaDevAttrMaxThreadsPerBlock, SIM_MAX_BLOCK_THREADS, NULL },
    { cudaDevAttrMaxBlockDimX, SIM_MAX_BLOCK_THREADS, NULL },
    { cudaDevAttrMaxBlockDimY, SIM_MAX_BLOCK_THREADS, NULL },
    { cudaDevAttrMaxBlockDimZ, SIM_MAX_BLOCK_Z, NULL },
    { cudaDevAttrMaxGridDimX, SIM_MAX_GRID_X, NULL },
    { cudaDevAttrMaxGridDimY, SIM_MAX_GRID_YZ, NULL },
    { cudaDevAttrMaxGridDimZ, SIM_MAX_GRID_YZ, NULL },
    { cudaDevAttrMaxSharedMemoryPerBlock, 48 << 10, NULL },
    { cudaDevAttrTotalConstantMemory, 64 << 10, NULL },
    { cudaDevAttrWarpSize, 32, NULL },
    { cudaDevAttrMaxPitch, SIM_MAX_GRID_X, NULL },
    { cudaDevAttrMaxRegistersPerBlock, 64 << 10, NULL },
    { cudaDevAttrClockRate, 1000000, NULL },                  /* kHz: nominal */
    { cudaDevAttrMultiProcessorCount, 0, sim_kernel_threads },
    { cudaDevAttrKernelExecTimeout, 0, NULL },
    { cudaDevAttrIntegrated, 0, NULL },
    { cudaDevAttrCanMapHostMemory, 1, NULL },               /* pinned memory is mapped */
    { cudaDevAttrComputeMode, 0, NULL },                    /* default */
    { cudaDevAttrConcurrentKernels, 0, NULL },
    { cudaDevAttrEccEnabled, 0, NULL },
    { cudaDevAttrMemoryClockRate, 1000000, NULL },            /* kHz: nominal */
    { cudaDevAttrGlobalMemoryBusWidth, 256, NULL },          /* nominal */
    { cudaDevAttrL2CacheSize, 4 << 20, NULL },               /* nominal */
    { cudaDevAttrMaxThreadsPerMultiProcessor, SIM_MAX_BLOCK_THREADS, NULL },
    { cudaDevAttrAsyncEngineCount, 0, NULL },
    { cudaDevAttrUnifiedAddressing, 1, NULL },              /* cudaMemcpyDefault */
    { cudaDevAttrComputeCapabilityMajor, 9, NULL },
    { cudaDevAttrComputeCapabilityMinor, 0, NULL },
    { cudaDevAttrStreamPrioritiesSupported, 0, NULL },
    { cudaDevAttrMaxSharedMemoryPerMultiprocessor, 48 << 10, NULL },
    { cudaDevAttrMaxRegistersPerMultiprocessor, 64 << 10, NULL },
    { cudaDevAttrManagedMemory, 1, NULL },
    { cudaDevAttrIsMultiGpuBoard, 0, NULL },
    { cudaDevAttrPageableMemoryAccess, 0, NULL },           /* host memory is an illegal address */
    { cudaDevAttrConcurrentManagedAccess, 0, NULL },
    { cudaDevAttrCooperativeLaunch, 0, NULL },
    { cudaDevAttrMaxSharedMemoryPerBlockOptin, 48 << 10, NULL },
    { cudaDevAttrMaxBlocksPerMultiprocessor, 1, NULL },
    { cudaDevAttrMemoryPoolsSupported, 1, NULL },           /* cudaMallocAsync */
};

cudaError_t sim_attribute(int *value, int attribute)
{
    for (size_t i = 0; i < sizeof attributes / sizeof *attributes; i++)
        if ((int)attributes[i].attr == attribute) {
            *value = attributes[i].value_of ? attributes[i].value_of() : attributes[i].value;
            return cudaSuccess;
        }
    return cudaErrorInvalidValue;
}

/* CUDA 12's layout, which its headers' cudaGetDeviceProperties (a macro for
   cudaGetDeviceProperties_v2) fills: CUDA 13's with eight fields more
   (clockRate, deviceOverlap, kernelExecTimeoutEnabled, computeMode,
   maxTexture1DLinear, memoryClockRate, singleToDoublePrecisionPerfRatio,
   cooperativeMultiDeviceLaunch), and 63 reserved ints where CUDA 13 has 7
   fields and 56. */
struct cudaDeviceProp12 {
    char name[256];
    cudaUUID_t uuid;
    char luid[8];
    unsigned int luidDeviceNodeMask;
    size_t totalGlobalMem, sharedMemPerBlock;
    int regsPerBlock, warpSize;
    size_t memPitch;
    int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate;
    size_t totalConstMem;
    int major, minor;
    size_t textureAlignment, texturePitchAlignment;
    int deviceOverlap, multiProcessorCount, kernelExecTimeoutEnabled, integrated;
    int canMapHostMemory, computeMode;
    int textures_and_surfaces[40];         /* maxTexture1D to maxSurfaceCubemapLayered */
    size_t surfaceAlignment;
    int concurrentKernels, ECCEnabled, pciBusID, pciDeviceID, pciDomainID, tccDriver;
    int asyncEngineCount, unifiedAddressing, memoryClockRate, memoryBusWidth, l2CacheSize;
    int persistingL2CacheMaxSize, maxThreadsPerMultiProcessor, streamPrioritiesSupported;
    int globalL1CacheSupported, localL1CacheSupported;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor, managedMemory, isMultiGpuBoard, multiGpuBoardGroupID;
    int hostNativeAtomicSupported, singleToDoublePrecisionPerfRatio, pageableMemoryAccess;
    int concurrentManagedAccess, computePreemptionSupported, canUseHostPointerForRegisteredMem;
    int cooperativeLaunch, cooperativeMultiDeviceLaunch;
    size_t sharedMemPerBlockOptin;
    int pageableMemoryAccessUsesHostPageTables, directManagedMemAccessFromHost;
    int maxBlocksPerMultiProcessor, accessPolicyMaxWindowSize;
    size_t reservedSharedMemPerBlock;
    int hostRegisterSupported, sparseCudaArraySupported, hostRegisterReadOnlySupported;
    int timelineSemaphoreInteropSupported, memoryPoolsSupported, gpuDirectRDMASupported;
    unsigned int gpuDirectRDMAFlushWritesOptions;
    int gpuDirectRDMAWritesOrdering;
    unsigned int memoryPoolSupportedHandleTypes;
    int deferredMappingCudaArraySupported, ipcEventSupported, clusterLaunch;
    int unifiedFunctionPointers, reserved[63];
};

/* The properties that are attributes too, in both layouts. */
#define PROP_FIELDS(X) \
    X(sharedMemPerBlock, MaxSharedMemoryPerBlock) X(regsPerBlock, MaxRegistersPerBlock) \
    X(warpSize, WarpSize) X(memPitch, MaxPitch) X(maxThreadsPerBlock, MaxThreadsPerBlock) \
    X(maxThreadsDim[0], MaxBlockDimX) X(maxThreadsDim[1], MaxBlockDimY) \
    X(maxThreadsDim[2], MaxBlockDimZ) X(maxGridSize[0], MaxGridDimX) \
    X(maxGridSize[1], MaxGridDimY) X(maxGridSize[2], MaxGridDimZ) \
    X(totalConstMem, TotalConstantMemory) X(major, ComputeCapabilityMajor) \
    X(minor, ComputeCapabilityMinor) X(multiProcessorCount, MultiProcessorCount) \
    X(integrated, Integrated) X(canMapHostMemory, CanMapHostMemory) \
    X(concurrentKernels, ConcurrentKernels) X(ECCEnabled, EccEnabled) \
    X(asyncEngineCount, AsyncEngineCount) X(unifiedAddressing, UnifiedAddressing) \
    X(memoryBusWidth, GlobalMemoryBusWidth) X(l2CacheSize, L2CacheSize) \
    X(maxThreadsPerMultiProcessor, MaxThreadsPerMultiProcessor) \
    X(streamPrioritiesSupported, StreamPrioritiesSupported) \
    X(sharedMemPerMultiprocessor, MaxSharedMemoryPerMultiprocessor) \
    X(regsPerMultiprocessor, MaxRegistersPerMultiprocessor) X(managedMemory, ManagedMemory) \
    X(isMultiGpuBoard, IsMultiGpuBoard) X(pageableMemoryAccess, PageableMemoryAccess) \
    X(concurrentManagedAccess, ConcurrentManagedAccess) X(cooperativeLaunch, CooperativeLaunch) \
    X(sharedMemPerBlockOptin, MaxSharedMemoryPerBlockOptin) \
    X(maxBlocksPerMultiProcessor, MaxBlocksPerMultiprocessor) \
    X(memoryPoolsSupported, MemoryPoolsSupported)
/* ... and those CUDA 12's alone has. */
#define PROP12_FIELDS(X) \
    X(clockRate, ClockRate) X(kernelExecTimeoutEnabled, KernelExecTimeout) \
    X(computeMode, ComputeMode) X(memoryClockRate, MemoryClockRate)

typedef struct { size_t offset, size; enum cudaDeviceAttr attr; } field;
#define FIELD_OF(type, f, attr) { offsetof(type, f), sizeof(((type *)0)->f), cudaDevAttr##attr },
#define FIELD13(f, attr) FIELD_OF(struct cudaDeviceProp, f, attr)
#define FIELD12(f, attr) FIELD_OF(struct cudaDeviceProp12, f, attr)
static const field fields13[] = { PROP_FIELDS(FIELD13) };
static const field fields12[] = { PROP_FIELDS(FIELD12) PROP12_FIELDS(FIELD12) };

/* A layout, whole. */
typedef struct { size_t size; const field *fields; size_t nfields; } layout;
static const layout cuda13 = { sizeof(struct cudaDeviceProp), fields13,
                               sizeof fields13 / sizeof *fields13 };
static const layout cuda12 = { sizeof(struct cudaDeviceProp12), fields12,
                               sizeof fields12 / sizeof *fields12 };

/* The name, the uuid and the memory open both layouts alike. */
_Static_assert(offsetof(struct cudaDeviceProp12, totalGlobalMem) ==
               offsetof(struct cudaDeviceProp, totalGlobalMem), "the layouts open alike");

/* Somewhere to answer, and a device to answer for. */
static cudaError_t device_query(const void *answer, int device)
{
    if (!answer)
        return cudaErrorInvalidValue;
    if (sim_device_count() == 0)
        return cudaErrorNoDevice;
    return device >= 0 && device < sim_device_count() ? cudaSuccess : cudaErrorInvalidDevice;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
    cudaError_t e = device_query(value, device);
    return sim_return(e != cudaSuccess ? e : sim_attribute(value, (int)attr));
}

static void describe(void *prop, const layout *l, int device)
{
    struct cudaDeviceProp *p = prop;        /* its opening, which the layouts share */
    size_t used;
    memset(prop, 0, l->size);
    snprintf(p->name, sizeof p->name, "%s", sim_device_name);
    memcpy(p->uuid.bytes, "cudasim", 7);
    p->uuid.bytes[15] = (char)device;       /* each device its own */
    sim_memory_info(device, &used, &p->totalGlobalMem);
    for (size_t i = 0; i < l->nfields; i++) {
        int v = 0;
        size_t wide;
        sim_attribute(&v, (int)l->fields[i].attr);
        wide = (size_t)v;
        memcpy((char *)prop + l->fields[i].offset, l->fields[i].size == sizeof v ? (void *)&v : &wide,
               l->fields[i].size);
    }
}

static cudaError_t properties(void *prop, const layout *l, int device)
{
    cudaError_t e = device_query(prop, device);
    if (e == cudaSuccess)
        describe(prop, l, device);
    return sim_return(e);
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
    return properties(prop, &cuda13, device);
}

/* CUDA 12's name; no header of CUDA 13 declares it. */
cudaError_t cudaGetDeviceProperties_v2(struct cudaDeviceProp12 *prop, int device);
cudaError_t cudaGetDeviceProperties_v2(struct cudaDeviceProp12 *prop, int device)
{
    return properties(prop, &cuda12, device);
}
