/*
 * The values and layouts the emulated device shares with CUDA's own headers:
 * test_sim_abi compiles this list once against the toolkit's headers and
 * once against runtime/sim/include, and compares the two.
 */
#include <stddef.h>

#define CUDA_ABI(X)                                                             \
    X(cudaSuccess) X(cudaErrorInvalidValue) X(cudaErrorMemoryAllocation)        \
    X(cudaErrorInitializationError) X(cudaErrorInvalidConfiguration)            \
    X(cudaErrorInvalidDevicePointer) X(cudaErrorInvalidMemcpyDirection)         \
    X(cudaErrorInvalidDeviceFunction) X(cudaErrorNoDevice)                      \
    X(cudaErrorNoKernelImageForDevice)                                          \
    X(cudaErrorInvalidDevice) X(cudaErrorInvalidResourceHandle)                 \
    X(cudaErrorIllegalAddress) X(cudaErrorPeerAccessAlreadyEnabled)             \
    X(cudaErrorPeerAccessNotEnabled) X(cudaErrorLaunchFailure)                  \
    X(cudaErrorNotSupported) X(cudaErrorUnknown)                                \
    X(cudaMemcpyHostToHost) X(cudaMemcpyHostToDevice) X(cudaMemcpyDeviceToHost) \
    X(cudaMemcpyDeviceToDevice) X(cudaMemcpyDefault)                            \
    X(cudaMemoryTypeUnregistered) X(cudaMemoryTypeHost)                         \
    X(cudaMemoryTypeDevice) X(cudaMemoryTypeManaged)                            \
    X(cudaHostAllocDefault) X(cudaHostAllocPortable) X(cudaHostAllocMapped)     \
    X(cudaHostAllocWriteCombined) X(cudaMemAttachGlobal) X(cudaMemAttachHost)   \
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
    CUPTI_PARAMS(CUPTI_ABI_PARAMS, X)

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
    X(__VA_ARGS__, RUNTIME, cudaMallocAsync_v11020) X(__VA_ARGS__, RUNTIME, cudaFreeAsync_v11020)

#define CUDA_ABI_VALUE(e) (long)(e),
#define CUDA_ABI_NAME(e) #e,
