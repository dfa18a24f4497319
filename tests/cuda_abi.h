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
    X(cudaErrorInvalidDevice) X(cudaErrorInvalidResourceHandle)                 \
    X(cudaErrorIllegalAddress) X(cudaErrorPeerAccessAlreadyEnabled)             \
    X(cudaErrorPeerAccessNotEnabled) X(cudaErrorLaunchFailure)                  \
    X(cudaErrorNotSupported) X(cudaErrorUnknown)                                \
    X(cudaMemcpyHostToHost) X(cudaMemcpyHostToDevice) X(cudaMemcpyDeviceToHost) \
    X(cudaMemcpyDeviceToDevice) X(cudaMemcpyDefault)                            \
    X(cudaMemoryTypeUnregistered) X(cudaMemoryTypeHost)                         \
    X(cudaMemoryTypeDevice) X(cudaMemoryTypeManaged)                            \
    X(cudaHostAllocDefault) X(cudaHostAllocPortable) X(cudaHostAllocMapped)     \
    X(cudaHostAllocWriteCombined)                                               \
    X(sizeof(cudaError_t)) X(sizeof(enum cudaMemcpyKind))                       \
    X(sizeof(struct cudaPointerAttributes))                                     \
    X(offsetof(struct cudaPointerAttributes, type))                             \
    X(offsetof(struct cudaPointerAttributes, device))                           \
    X(offsetof(struct cudaPointerAttributes, devicePointer))                    \
    X(offsetof(struct cudaPointerAttributes, hostPointer))                      \
    X(sizeof(dim3)) X(offsetof(dim3, z)) X(sizeof(cudaStream_t))

#define CUDA_ABI_VALUE(e) (long)(e),
#define CUDA_ABI_NAME(e) #e,
