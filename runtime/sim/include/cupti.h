/*
 * The part of CUPTI's callback API (cupti.h: cupti_result.h,
 * cupti_callbacks.h, cupti_driver_cbid.h, cupti_runtime_cbid.h, and the
 * parameter structs of the generated_*_meta.h headers it includes), and of
 * its Activity API (cupti_activity.h, included at the end), that
 * libcudasim implements and libdevtrace uses, for machines without the CUDA
 * toolkit.  Written from CUPTI's documented API: names and values are those
 * of CUDA 13; only the callback ids of the calls the emulated device traces
 * are listed.  Where the toolkit is installed the build uses its headers
 * instead, and tests/test_sim_abi.c checks that the two agree.
 */
#ifndef CUDASIM_CUPTI_H
#define CUDASIM_CUPTI_H

#include <stdint.h>

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <generated_cuda_meta.h>
#include <generated_cuda_runtime_api_meta.h>

#define CUPTIAPI

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CUPTI_SUCCESS = 0,
    CUPTI_ERROR_INVALID_PARAMETER = 1,
    CUPTI_ERROR_INVALID_OPERATION = 7,
    CUPTI_ERROR_MAX_LIMIT_REACHED = 12,
    CUPTI_ERROR_NOT_INITIALIZED = 15,
    CUPTI_ERROR_INVALID_KIND = 21,
    CUPTI_ERROR_NOT_SUPPORTED = 27,
    CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED = 39,
    CUPTI_ERROR_UNKNOWN = 999
} CUptiResult;

typedef enum {
    CUPTI_API_ENTER = 0,
    CUPTI_API_EXIT = 1
} CUpti_ApiCallbackSite;

typedef enum {
    CUPTI_CB_DOMAIN_INVALID = 0,
    CUPTI_CB_DOMAIN_DRIVER_API = 1,
    CUPTI_CB_DOMAIN_RUNTIME_API = 2,
    CUPTI_CB_DOMAIN_RESOURCE = 3,
    CUPTI_CB_DOMAIN_SYNCHRONIZE = 4,
    CUPTI_CB_DOMAIN_NVTX = 5,
    CUPTI_CB_DOMAIN_STATE = 6,
    CUPTI_CB_DOMAIN_SIZE
} CUpti_CallbackDomain;

typedef uint32_t CUpti_CallbackId;

/* What an API callback receives, at its call's entry and at its exit. */
typedef struct {
    CUpti_ApiCallbackSite callbackSite;
    const char *functionName;
    const void *functionParams;         /* the call's <name>_params struct */
    void *functionReturnValue;          /* a CUresult or cudaError_t, at exit */
    const char *symbolName;
    CUcontext context;
    uint32_t contextUid;
    uint64_t *correlationData;          /* the subscriber's, from entry to exit */
    uint32_t correlationId;
} CUpti_CallbackData;

typedef void (CUPTIAPI *CUpti_CallbackFunc)(void *userdata, CUpti_CallbackDomain domain,
                                            CUpti_CallbackId cbid, const void *cbdata);
typedef struct CUpti_Subscriber_st *CUpti_SubscriberHandle;

typedef enum {
    CUPTI_DRIVER_TRACE_CBID_cuInit = 1,
    CUPTI_DRIVER_TRACE_CBID_cuMemFreeHost = 38,
    CUPTI_DRIVER_TRACE_CBID_cuMemHostAlloc = 39,
    CUPTI_DRIVER_TRACE_CBID_cuMemsetD8Async = 216,
    CUPTI_DRIVER_TRACE_CBID_cuMemsetD32Async = 220,
    CUPTI_DRIVER_TRACE_CBID_cuCtxCreate_v2 = 235,
    CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2 = 243,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocPitch_v2 = 244,
    CUPTI_DRIVER_TRACE_CBID_cuMemFree_v2 = 245,
    CUPTI_DRIVER_TRACE_CBID_cuMemsetD8_v2 = 249,
    CUPTI_DRIVER_TRACE_CBID_cuMemsetD32_v2 = 251,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoD_v2 = 276,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2 = 277,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoH_v2 = 278,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoHAsync_v2 = 279,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoD_v2 = 280,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoDAsync_v2 = 281,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocHost_v2 = 294,
    CUPTI_DRIVER_TRACE_CBID_cuCtxSetCurrent = 303,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpy = 305,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyAsync = 306,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel = 307,
    CUPTI_DRIVER_TRACE_CBID_cuCtxDestroy_v2 = 322,
    CUPTI_DRIVER_TRACE_CBID_cuCtxPushCurrent_v2 = 323,
    CUPTI_DRIVER_TRACE_CBID_cuCtxPopCurrent_v2 = 324,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocManaged = 371,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz = 442,
    CUPTI_DRIVER_TRACE_CBID_cuDevicePrimaryCtxRelease_v2 = 544,
    CUPTI_DRIVER_TRACE_CBID_cuDevicePrimaryCtxReset_v2 = 545,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync = 598,
    CUPTI_DRIVER_TRACE_CBID_cuMemFreeAsync = 600,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx = 652,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz = 653,
    CUPTI_DRIVER_TRACE_CBID_cuCtxCreate_v4 = 757
} CUpti_driver_api_trace_cbid;

typedef enum {
    CUPTI_RUNTIME_TRACE_CBID_cudaSetDevice_v3020 = 16,
    CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020 = 20,
    CUPTI_RUNTIME_TRACE_CBID_cudaMallocPitch_v3020 = 21,
    CUPTI_RUNTIME_TRACE_CBID_cudaFree_v3020 = 22,
    CUPTI_RUNTIME_TRACE_CBID_cudaMallocHost_v3020 = 25,
    CUPTI_RUNTIME_TRACE_CBID_cudaFreeHost_v3020 = 26,
    CUPTI_RUNTIME_TRACE_CBID_cudaHostAlloc_v3020 = 27,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020 = 31,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020 = 41,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemset_v3020 = 49,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemsetAsync_v3020 = 51,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyPeer_v4000 = 160,
    CUPTI_RUNTIME_TRACE_CBID_cudaDeviceReset_v3020 = 164,
    CUPTI_RUNTIME_TRACE_CBID_cudaMallocManaged_v6000 = 206,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000 = 211,
    CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020 = 373,
    CUPTI_RUNTIME_TRACE_CBID_cudaFreeAsync_v11020 = 375
} CUpti_runtime_api_trace_cbid;

CUptiResult CUPTIAPI cuptiGetResultString(CUptiResult result, const char **str);
CUptiResult CUPTIAPI cuptiSubscribe(CUpti_SubscriberHandle *subscriber,
                                    CUpti_CallbackFunc callback, void *userdata);
CUptiResult CUPTIAPI cuptiUnsubscribe(CUpti_SubscriberHandle subscriber);
CUptiResult CUPTIAPI cuptiEnableCallback(uint32_t enable, CUpti_SubscriberHandle subscriber,
                                         CUpti_CallbackDomain domain, CUpti_CallbackId cbid);
CUptiResult CUPTIAPI cuptiEnableDomain(uint32_t enable, CUpti_SubscriberHandle subscriber,
                                       CUpti_CallbackDomain domain);

#include <cupti_activity.h>

#ifdef __cplusplus
}
#endif

#endif /* CUDASIM_CUPTI_H */
