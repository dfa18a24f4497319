/*
 * The values and layouts the emulated device shares with CUDA's own headers:
 * test_sim_abi compiles this list once against the toolkit's headers and
 * once against runtime/sim/include, and compares the two.
 */
#include <stddef.h>

#define CUDA_ABI(X)                                                             \
    X(cudaSuccess) X(cudaErrorInvalidValue) X(cudaErrorMemoryAllocation)        \
    X(cudaErrorInitializationError) X(cudaErrorInvalidConfiguration)            \
    X(cudaErrorInvalidSymbol)                                                   \
    X(cudaErrorInvalidDevicePointer) X(cudaErrorInvalidMemcpyDirection)         \
    X(cudaErrorInvalidDeviceFunction) X(cudaErrorNoDevice)                      \
    X(cudaErrorNoKernelImageForDevice)                                          \
    X(cudaErrorInvalidDevice) X(cudaErrorInvalidResourceHandle)                 \
    X(cudaErrorIllegalAddress) X(cudaErrorPeerAccessAlreadyEnabled)             \
    X(cudaErrorPeerAccessNotEnabled) X(cudaErrorLaunchFailure)                  \
    X(cudaErrorHostMemoryAlreadyRegistered) X(cudaErrorHostMemoryNotRegistered) \
    X(cudaErrorNotSupported) X(cudaErrorUnknown)                                \
    X(cudaMemcpyHostToHost) X(cudaMemcpyHostToDevice) X(cudaMemcpyDeviceToHost) \
    X(cudaMemcpyDeviceToDevice) X(cudaMemcpyDefault)                            \
    X(cudaMemoryTypeUnregistered) X(cudaMemoryTypeHost)                         \
    X(cudaMemoryTypeDevice) X(cudaMemoryTypeManaged)                            \
    X(cudaHostAllocDefault) X(cudaHostAllocPortable) X(cudaHostAllocMapped)     \
    X(cudaHostAllocWriteCombined) X(cudaMemAttachGlobal) X(cudaMemAttachHost)   \
    X(cudaHostRegisterPortable) X(cudaHostRegisterMapped)                       \
    X(cudaHostRegisterIoMemory) X(cudaHostRegisterReadOnly)                     \
    X(cudaEventWaitExternal) X(cudaDeviceScheduleMask) X(cudaDeviceMapHost)     \
    X(cudaDeviceLmemResizeToMax) X(cudaDeviceSyncMemops)                        \
    X(cudaFuncAttributeMaxDynamicSharedMemorySize)                              \
    X(cudaFuncAttributePreferredSharedMemoryCarveout) X(cudaFuncAttributeMax)   \
    X(cudaOccupancyDisableCachingOverride)                                      \
    X(CU_MEM_ATTACH_GLOBAL) X(CU_MEM_ATTACH_HOST)                               \
    X(cudaStreamLegacy) X(cudaStreamPerThread)                                  \
    X(sizeof(cudaError_t)) X(sizeof(enum cudaMemcpyKind))                       \
    X(sizeof(struct cudaPointerAttributes))                                     \
    X(offsetof(struct cudaPointerAttributes, type))                             \
    X(offsetof(struct cudaPointerAttributes, device))                           \
    X(offsetof(struct cudaPointerAttributes, devicePointer))                    \
    X(offsetof(struct cudaPointerAttributes, hostPointer))                      \
    X(sizeof(dim3)) X(offsetof(dim3, z)) X(sizeof(cudaStream_t)) \
    X(CUDA_VERSION) X(CUDA_SUCCESS) X(CUDA_ERROR_INVALID_VALUE) X(CUDA_ERROR_OUT_OF_MEMORY)      \
    X(CUDA_ERROR_NOT_INITIALIZED) X(CUDA_ERROR_NO_DEVICE) X(CUDA_ERROR_INVALID_DEVICE)          \
    X(CUDA_ERROR_INVALID_CONTEXT) X(CUDA_ERROR_INVALID_HANDLE) X(CUDA_ERROR_NOT_FOUND)          \
    X(CUDA_ERROR_ILLEGAL_ADDRESS) X(CUDA_ERROR_LAUNCH_FAILED) X(CUDA_ERROR_NOT_SUPPORTED)       \
    X(CUDA_ERROR_UNKNOWN) X(sizeof(CUresult)) X(sizeof(CUdeviceptr)) X(sizeof(CUdevice))        \
    X(CU_MEMHOSTALLOC_PORTABLE) X(CU_MEMHOSTALLOC_DEVICEMAP) X(CU_MEMHOSTALLOC_WRITECOMBINED)   \
    X(CU_GET_PROC_ADDRESS_DEFAULT) X(CU_GET_PROC_ADDRESS_LEGACY_STREAM)                         \
    X(CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM) X(CU_GET_PROC_ADDRESS_SUCCESS)             \
    X(CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND) X(CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT) \
    X(CUPTI_SUCCESS) X(CUPTI_ERROR_INVALID_PARAMETER) X(CUPTI_ERROR_NOT_INITIALIZED)           \
    X(CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED) X(CUPTI_ERROR_UNKNOWN)                    \
    X(CUPTI_API_ENTER) X(CUPTI_API_EXIT) X(CUPTI_CB_DOMAIN_DRIVER_API)                          \
    X(CUPTI_CB_DOMAIN_RUNTIME_API) X(sizeof(CUpti_CallbackData))                                \
    X(offsetof(CUpti_CallbackData, functionParams))                                             \
    X(offsetof(CUpti_CallbackData, functionReturnValue))                                        \
    X(offsetof(CUpti_CallbackData, correlationData))                                            \
    X(offsetof(CUpti_CallbackData, correlationId))                                              \
    X(CUPTI_ERROR_MAX_LIMIT_REACHED) X(CUPTI_ERROR_INVALID_KIND) X(CUPTI_ERROR_NOT_SUPPORTED)  \
    X(CUPTI_ACTIVITY_KIND_MEMCPY) X(CUPTI_ACTIVITY_KIND_MEMSET) X(CUPTI_ACTIVITY_KIND_KERNEL)   \
    X(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) X(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED)                \
    X(CUPTI_ACTIVITY_MEMCPY_KIND_HTOD) X(CUPTI_ACTIVITY_MEMCPY_KIND_DTOH)                       \
    X(CUPTI_ACTIVITY_MEMCPY_KIND_DTOD) X(CUPTI_ACTIVITY_MEMCPY_KIND_HTOH)                       \
    X(CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE) X(CUPTI_ACTIVITY_MEMORY_KIND_PINNED)                 \
    X(CUPTI_ACTIVITY_MEMORY_KIND_DEVICE) X(CUPTI_ACTIVITY_MEMORY_KIND_MANAGED)                  \
    ACTIVITY_RECORD(X, CUpti_ActivityMemcpy6) ACTIVITY_RECORD(X, CUpti_ActivityMemset4)          \
    ACTIVITY_RECORD(X, CUpti_ActivityKernel10)                                                  \
    X(offsetof(CUpti_ActivityMemcpy6, copyKind)) X(offsetof(CUpti_ActivityMemcpy6, bytes))      \
    X(offsetof(CUpti_ActivityMemcpy6, copyCount)) X(offsetof(CUpti_ActivityMemset4, value))     \
    X(offsetof(CUpti_ActivityMemset4, memoryKind)) X(offsetof(CUpti_ActivityKernel10, gridX))   \
    X(offsetof(CUpti_ActivityKernel10, name)) X(offsetof(CUpti_ActivityKernel10, completed))    \
    X(offsetof(CUpti_ActivityKernel10, isDeviceLaunched))                                       \
    X(sizeof(CUctxCreateParams)) X(offsetof(CUctxCreateParams, cigParams))                     \
    X(sizeof(CUlaunchConfig)) X(offsetof(CUlaunchConfig, sharedMemBytes))                       \
    X(offsetof(CUlaunchConfig, hStream)) X(offsetof(CUlaunchConfig, numAttrs))                  \
    X(offsetof(cuLaunchKernelEx_params, f)) X(offsetof(cuLaunchKernelEx_params, kernelParams))  \
    X(CU_POINTER_ATTRIBUTE_MEMORY_TYPE) X(CU_POINTER_ATTRIBUTE_IS_MANAGED)                      \
    X(CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL) X(CU_MEMORYTYPE_HOST) X(CU_MEMORYTYPE_DEVICE)        \
    X(CU_MEMORYTYPE_ARRAY) X(CU_MEMORYTYPE_UNIFIED)                                             \
    X(sizeof(struct cudaDeviceProp)) X(sizeof(cudaUUID_t)) DEVICE_PROP_FIELDS(PROP_OFFSET, X)   \
    DEVICE_ATTRIBUTES(ATTRIBUTE_VALUES, X)                                                      \
    CUPTI_PARAMS(CUPTI_ABI_PARAMS, X)

/* The fields of cudaDeviceProp that the emulated device fills. */
#define PROP_OFFSET(X, field) X(offsetof(struct cudaDeviceProp, field))
#define DEVICE_PROP_FIELDS(F, X)                                                                \
    F(X, name) F(X, uuid) F(X, totalGlobalMem) F(X, sharedMemPerBlock) F(X, regsPerBlock)       \
    F(X, warpSize) F(X, memPitch) F(X, maxThreadsPerBlock) F(X, maxThreadsDim)                  \
    F(X, maxGridSize) F(X, totalConstMem) F(X, major) F(X, minor) F(X, multiProcessorCount)     \
    F(X, integrated) F(X, canMapHostMemory) F(X, concurrentKernels) F(X, ECCEnabled)            \
    F(X, asyncEngineCount) F(X, unifiedAddressing) F(X, memoryBusWidth) F(X, l2CacheSize)       \
    F(X, maxThreadsPerMultiProcessor) F(X, streamPrioritiesSupported)                           \
    F(X, sharedMemPerMultiprocessor) F(X, regsPerMultiprocessor) F(X, managedMemory)            \
    F(X, isMultiGpuBoard) F(X, pageableMemoryAccess) F(X, concurrentManagedAccess)              \
    F(X, cooperativeLaunch) F(X, sharedMemPerBlockOptin) F(X, maxBlocksPerMultiProcessor)       \
    F(X, memoryPoolsSupported)

/* Each attribute the emulated device answers, under its runtime and its
   driver name. */
#define ATTRIBUTE_VALUES(X, runtime, driver) X(cudaDevAttr##runtime) X(CU_DEVICE_ATTRIBUTE_##driver)
#define DEVICE_ATTRIBUTES(A, X)                                                                 \
    A(X, MaxThreadsPerBlock, MAX_THREADS_PER_BLOCK) A(X, MaxBlockDimX, MAX_BLOCK_DIM_X)         \
    A(X, MaxBlockDimY, MAX_BLOCK_DIM_Y) A(X, MaxBlockDimZ, MAX_BLOCK_DIM_Z)                     \
    A(X, MaxGridDimX, MAX_GRID_DIM_X) A(X, MaxGridDimY, MAX_GRID_DIM_Y)                         \
    A(X, MaxGridDimZ, MAX_GRID_DIM_Z) A(X, MaxSharedMemoryPerBlock, MAX_SHARED_MEMORY_PER_BLOCK) \
    A(X, TotalConstantMemory, TOTAL_CONSTANT_MEMORY) A(X, WarpSize, WARP_SIZE)                  \
    A(X, MaxPitch, MAX_PITCH) A(X, MaxRegistersPerBlock, MAX_REGISTERS_PER_BLOCK)               \
    A(X, ClockRate, CLOCK_RATE) A(X, MultiProcessorCount, MULTIPROCESSOR_COUNT)                 \
    A(X, KernelExecTimeout, KERNEL_EXEC_TIMEOUT) A(X, Integrated, INTEGRATED)                   \
    A(X, CanMapHostMemory, CAN_MAP_HOST_MEMORY) A(X, ComputeMode, COMPUTE_MODE)                 \
    A(X, ConcurrentKernels, CONCURRENT_KERNELS) A(X, EccEnabled, ECC_ENABLED)                   \
    A(X, MemoryClockRate, MEMORY_CLOCK_RATE) A(X, GlobalMemoryBusWidth, GLOBAL_MEMORY_BUS_WIDTH) \
    A(X, L2CacheSize, L2_CACHE_SIZE)                                                            \
    A(X, MaxThreadsPerMultiProcessor, MAX_THREADS_PER_MULTIPROCESSOR)                           \
    A(X, AsyncEngineCount, ASYNC_ENGINE_COUNT) A(X, UnifiedAddressing, UNIFIED_ADDRESSING)      \
    A(X, ComputeCapabilityMajor, COMPUTE_CAPABILITY_MAJOR)                                      \
    A(X, ComputeCapabilityMinor, COMPUTE_CAPABILITY_MINOR)                                      \
    A(X, StreamPrioritiesSupported, STREAM_PRIORITIES_SUPPORTED)                                \
    A(X, MaxSharedMemoryPerMultiprocessor, MAX_SHARED_MEMORY_PER_MULTIPROCESSOR)                \
    A(X, MaxRegistersPerMultiprocessor, MAX_REGISTERS_PER_MULTIPROCESSOR)                       \
    A(X, ManagedMemory, MANAGED_MEMORY) A(X, IsMultiGpuBoard, MULTI_GPU_BOARD)                  \
    A(X, PageableMemoryAccess, PAGEABLE_MEMORY_ACCESS)                                          \
    A(X, ConcurrentManagedAccess, CONCURRENT_MANAGED_ACCESS)                                    \
    A(X, CooperativeLaunch, COOPERATIVE_LAUNCH)                                                 \
    A(X, MaxSharedMemoryPerBlockOptin, MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)                       \
    A(X, MaxBlocksPerMultiprocessor, MAX_BLOCKS_PER_MULTIPROCESSOR)                             \
    A(X, MemoryPoolsSupported, MEMORY_POOLS_SUPPORTED)

/* An activity record's size, and where its kind, times, device and
   correlation id are. */
#define ACTIVITY_RECORD(X, type) \
    X(sizeof(type)) X(offsetof(type, kind)) X(offsetof(type, start)) X(offsetof(type, end)) \
    X(offsetof(type, deviceId)) X(offsetof(type, streamId)) X(offsetof(type, correlationId))

/* Each traced call: its callback id and its params struct's size. */
#define CUPTI_ABI_PARAMS(X, domain, fn) X(CUPTI_##domain##_TRACE_CBID_##fn) X(sizeof(fn##_params))
#define CUPTI_PARAMS(X, ...) \
    X(__VA_ARGS__, DRIVER, cuInit) X(__VA_ARGS__, DRIVER, cuMemAlloc_v2)                         \
    X(__VA_ARGS__, DRIVER, cuMemFree_v2) X(__VA_ARGS__, DRIVER, cuMemAllocHost_v2)              \
    X(__VA_ARGS__, DRIVER, cuMemFreeHost) X(__VA_ARGS__, DRIVER, cuMemHostAlloc)                \
    X(__VA_ARGS__, DRIVER, cuMemcpyHtoD_v2) X(__VA_ARGS__, DRIVER, cuMemcpyDtoH_v2)             \
    X(__VA_ARGS__, DRIVER, cuMemcpyDtoD_v2) X(__VA_ARGS__, DRIVER, cuMemcpy)                    \
    X(__VA_ARGS__, DRIVER, cuMemcpyAsync) X(__VA_ARGS__, DRIVER, cuMemsetD8_v2)                 \
    X(__VA_ARGS__, DRIVER, cuMemsetD32_v2) X(__VA_ARGS__, DRIVER, cuLaunchKernel)               \
    X(__VA_ARGS__, DRIVER, cuLaunchKernel_ptsz) X(__VA_ARGS__, DRIVER, cuLaunchKernelEx)        \
    X(__VA_ARGS__, DRIVER, cuLaunchKernelEx_ptsz)                                               \
    X(__VA_ARGS__, DRIVER, cuMemAllocManaged) X(__VA_ARGS__, DRIVER, cuMemcpyHtoDAsync_v2)      \
    X(__VA_ARGS__, DRIVER, cuMemcpyDtoHAsync_v2) X(__VA_ARGS__, DRIVER, cuMemcpyDtoDAsync_v2)   \
    X(__VA_ARGS__, DRIVER, cuMemsetD8Async) X(__VA_ARGS__, DRIVER, cuMemsetD32Async)            \
    X(__VA_ARGS__, RUNTIME, cudaMemsetAsync_v3020) X(__VA_ARGS__, RUNTIME, cudaMallocManaged_v6000) \
    X(__VA_ARGS__, DRIVER, cuCtxSetCurrent) X(__VA_ARGS__, DRIVER, cuCtxPushCurrent_v2)         \
    X(__VA_ARGS__, DRIVER, cuCtxPopCurrent_v2) X(__VA_ARGS__, DRIVER, cuCtxCreate_v2)           \
    X(__VA_ARGS__, DRIVER, cuCtxCreate_v4) X(__VA_ARGS__, DRIVER, cuCtxDestroy_v2)              \
    X(__VA_ARGS__, DRIVER, cuDevicePrimaryCtxRelease_v2)                                        \
    X(__VA_ARGS__, DRIVER, cuDevicePrimaryCtxReset_v2)                                          \
    X(__VA_ARGS__, RUNTIME, cudaSetDevice_v3020)                                                \
    X(__VA_ARGS__, RUNTIME, cudaMalloc_v3020) X(__VA_ARGS__, RUNTIME, cudaFree_v3020)           \
    X(__VA_ARGS__, RUNTIME, cudaMallocHost_v3020) X(__VA_ARGS__, RUNTIME, cudaFreeHost_v3020)   \
    X(__VA_ARGS__, RUNTIME, cudaHostAlloc_v3020) X(__VA_ARGS__, RUNTIME, cudaMemcpy_v3020)      \
    X(__VA_ARGS__, RUNTIME, cudaMemcpyAsync_v3020) X(__VA_ARGS__, RUNTIME, cudaMemset_v3020)    \
    X(__VA_ARGS__, RUNTIME, cudaMemcpyPeer_v4000) X(__VA_ARGS__, RUNTIME, cudaLaunchKernel_v7000) \
    X(__VA_ARGS__, RUNTIME, cudaMallocAsync_v11020) X(__VA_ARGS__, RUNTIME, cudaFreeAsync_v11020) \
    X(__VA_ARGS__, RUNTIME, cudaMallocPitch_v3020) X(__VA_ARGS__, DRIVER, cuMemAllocPitch_v2)    \
    X(__VA_ARGS__, DRIVER, cuMemAllocAsync) X(__VA_ARGS__, DRIVER, cuMemFreeAsync)

#define CUDA_ABI_VALUE(e) (long)(e),
#define CUDA_ABI_NAME(e) #e,
