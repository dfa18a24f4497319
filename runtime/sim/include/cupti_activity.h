/*
 * The part of CUPTI's Activity API (cupti_activity.h) that libcudasim
 * implements and libdevtrace uses: device-side records of kernels, copies
 * and memsets, delivered in buffers the tool hands CUPTI.  Written from
 * CUPTI's documented API: the record structs are the versions CUDA 13
 * delivers for these kinds (CUpti_ActivityKernel10, CUpti_ActivityMemcpy6,
 * CUpti_ActivityMemset4), field for field, packed and 8-byte aligned as
 * CUPTI's are, so a record reads the same from either.  Where the toolkit is
 * installed the build uses its header instead, and tests/test_sim_abi.c
 * checks that the two agree.
 */
#ifndef CUDASIM_CUPTI_ACTIVITY_H
#define CUDASIM_CUPTI_ACTIVITY_H

#include <stddef.h>
#include <stdint.h>

#define CUPTI_ACTIVITY_RECORD __attribute__((__packed__)) __attribute__((aligned(8)))

typedef enum {
    CUPTI_ACTIVITY_KIND_INVALID = 0,
    CUPTI_ACTIVITY_KIND_MEMCPY = 1,
    CUPTI_ACTIVITY_KIND_MEMSET = 2,
    CUPTI_ACTIVITY_KIND_KERNEL = 3,
    CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL = 10,
    CUPTI_ACTIVITY_KIND_FORCE_INT = 0x7fffffff
} CUpti_ActivityKind;

typedef enum {
    CUPTI_ACTIVITY_FLAG_NONE = 0,
    CUPTI_ACTIVITY_FLAG_FLUSH_FORCED = 1 << 0
} CUpti_ActivityFlag;

typedef enum {
    CUPTI_ACTIVITY_MEMCPY_KIND_UNKNOWN = 0,
    CUPTI_ACTIVITY_MEMCPY_KIND_HTOD = 1,
    CUPTI_ACTIVITY_MEMCPY_KIND_DTOH = 2,
    CUPTI_ACTIVITY_MEMCPY_KIND_DTOD = 8,
    CUPTI_ACTIVITY_MEMCPY_KIND_HTOH = 9
} CUpti_ActivityMemcpyKind;

typedef enum {
    CUPTI_ACTIVITY_MEMORY_KIND_UNKNOWN = 0,
    CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE = 1,
    CUPTI_ACTIVITY_MEMORY_KIND_PINNED = 2,
    CUPTI_ACTIVITY_MEMORY_KIND_DEVICE = 3,
    CUPTI_ACTIVITY_MEMORY_KIND_MANAGED = 5
} CUpti_ActivityMemoryKind;

typedef enum { CUPTI_ACTIVITY_PARTITIONED_GLOBAL_CACHE_CONFIG_UNKNOWN = 0 }
    CUpti_ActivityPartitionedGlobalCacheConfig;
typedef enum { CUPTI_CHANNEL_TYPE_INVALID = 0 } CUpti_ChannelType;
typedef enum { CUPTI_FUNC_SHMEM_LIMIT_DEFAULT = 0 } CUpti_FuncShmemLimitConfig;

/* What a copy's and a memset's record end with (a copy's, then its count). */
#define CUPTI_COPY_RECORD_TAIL \
    uint32_t pad; \
    void *reserved0; \
    uint64_t graphNodeId; \
    uint32_t graphId; \
    uint32_t channelID; \
    CUpti_ChannelType channelType; \
    uint8_t isDeviceLaunched; \
    uint8_t pad2[3];

/* Every record starts with its kind. */
typedef struct CUPTI_ACTIVITY_RECORD {
    CUpti_ActivityKind kind;
} CUpti_Activity;

typedef struct CUPTI_ACTIVITY_RECORD {
    CUpti_ActivityKind kind;            /* MEMCPY */
    uint8_t copyKind;                   /* CUpti_ActivityMemcpyKind */
    uint8_t srcKind, dstKind;           /* CUpti_ActivityMemoryKind */
    uint8_t flags;
    uint64_t bytes;
    uint64_t start, end;                /* ns, on CUPTI's clock (cuptiGetTimestamp) */
    uint32_t deviceId, contextId, streamId;
    uint32_t correlationId;             /* of the API call that made it */
    uint32_t runtimeCorrelationId;
    CUPTI_COPY_RECORD_TAIL
    uint64_t copyCount;
} CUpti_ActivityMemcpy6;

typedef struct CUPTI_ACTIVITY_RECORD {
    CUpti_ActivityKind kind;            /* MEMSET */
    uint32_t value;
    uint64_t bytes;
    uint64_t start, end;
    uint32_t deviceId, contextId, streamId;
    uint32_t correlationId;
    uint16_t flags;
    uint16_t memoryKind;
    CUPTI_COPY_RECORD_TAIL
} CUpti_ActivityMemset4;

typedef struct CUPTI_ACTIVITY_RECORD {
    CUpti_ActivityKind kind;            /* KERNEL or CONCURRENT_KERNEL */
    union {
        uint8_t both;
        struct {
            uint8_t requested : 4;
            uint8_t executed : 4;
        } config;
    } cacheConfig;
    uint8_t sharedMemoryConfig;
    uint16_t registersPerThread;
    CUpti_ActivityPartitionedGlobalCacheConfig partitionedGlobalCacheRequested;
    CUpti_ActivityPartitionedGlobalCacheConfig partitionedGlobalCacheExecuted;
    uint64_t start, end, completed;
    uint32_t deviceId, contextId, streamId;
    int32_t gridX, gridY, gridZ;
    int32_t blockX, blockY, blockZ;
    int32_t staticSharedMemory, dynamicSharedMemory;
    uint32_t localMemoryPerThread, localMemoryTotal;
    uint32_t correlationId;
    int64_t gridId;
    const char *name;
    void *reserved0;
    uint64_t queued, submitted;
    uint8_t launchType;
    uint8_t isSharedMemoryCarveoutRequested;
    uint8_t sharedMemoryCarveoutRequested;
    uint8_t padding;
    uint32_t sharedMemoryExecuted;
    uint64_t graphNodeId;
    CUpti_FuncShmemLimitConfig shmemLimitConfig;
    uint32_t graphId;
    void *pAccessPolicyWindow;          /* CUaccessPolicyWindow * */
    uint32_t channelID;
    CUpti_ChannelType channelType;
    uint32_t clusterX, clusterY, clusterZ;
    uint32_t clusterSchedulingPolicy;
    uint64_t localMemoryTotal_v2;
    uint32_t maxPotentialClusterSize;
    uint32_t maxActiveClusters;
    uint8_t isDeviceLaunched;
    uint8_t padding3[7];
} CUpti_ActivityKernel10;

/* The tool's: a buffer for CUPTI to fill (NULL or too small: records are
   dropped, and counted), and a filled one handed back. */
typedef void (CUPTIAPI *CUpti_BuffersCallbackRequestFunc)(uint8_t **buffer, size_t *size,
                                                          size_t *maxNumRecords);
typedef void (CUPTIAPI *CUpti_BuffersCallbackCompleteFunc)(CUcontext context, uint32_t streamId,
                                                           uint8_t *buffer, size_t size,
                                                           size_t validSize);

CUptiResult CUPTIAPI cuptiGetTimestamp(uint64_t *timestamp);
CUptiResult CUPTIAPI cuptiActivityEnable(CUpti_ActivityKind kind);
CUptiResult CUPTIAPI cuptiActivityDisable(CUpti_ActivityKind kind);
CUptiResult CUPTIAPI cuptiActivityRegisterCallbacks(CUpti_BuffersCallbackRequestFunc request,
                                                    CUpti_BuffersCallbackCompleteFunc complete);
CUptiResult CUPTIAPI cuptiActivityFlushAll(uint32_t flag);
CUptiResult CUPTIAPI cuptiActivityGetNextRecord(uint8_t *buffer, size_t validBufferSizeBytes,
                                                CUpti_Activity **record);
CUptiResult CUPTIAPI cuptiActivityGetNumDroppedRecords(CUcontext context, uint32_t streamId,
                                                       size_t *dropped);

#endif /* CUDASIM_CUPTI_ACTIVITY_H */
