/*
 * libcudasim's CUPTI callback API (runtime/sim/cupti.c): one subscriber,
 * callbacks enabled one by one or by domain, an entry and an exit callback
 * per traced call with CUPTI's params struct, the result at exit and the
 * subscriber's correlation data kept between them, none for the emulated
 * device's calls to itself; the Activity API's records of copies and
 * memsets, in the buffers the tool hands over, their drops counted when it
 * hands none; and CUDA_INJECTION64_PATH.  Run as
 * "test_sim_cupti --injected" with CUDA_INJECTION64_PATH naming
 * sim_injection (which subscribes from its InitializeInjection), it checks
 * that the library is loaded at the first traced call.
 */
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h>

#include "test.h"

#include <stdint.h>
#include <string.h>

typedef struct {
    CUpti_CallbackDomain domain;
    CUpti_CallbackId cbid;
    CUpti_ApiCallbackSite site;
    char name[32];
    uint64_t correlation;               /* as found */
    int result;                         /* at exit */
    size_t size;                        /* cudaMalloc's or cuMemAlloc's, at entry */
} seen_call;

static seen_call seen[64];
static int nseen;

static void CUPTIAPI record(void *userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                           const void *data)
{
    const CUpti_CallbackData *cb = data;
    seen_call *s = &seen[nseen < 63 ? nseen++ : 63];
    CHECK(userdata == (void *)seen);
    *s = (seen_call){ domain, cbid, cb->callbackSite, "", *cb->correlationData, -1, 0 };
    snprintf(s->name, sizeof s->name, "%s", cb->functionName);
    if (cb->callbackSite == CUPTI_API_ENTER) {
        *cb->correlationData = 1000 + cbid;
        if (cbid == CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020 && domain == CUPTI_CB_DOMAIN_RUNTIME_API)
            s->size = ((const cudaMalloc_v3020_params *)cb->functionParams)->size;
        if (cbid == CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2 && domain == CUPTI_CB_DOMAIN_DRIVER_API)
            s->size = ((const cuMemAlloc_v2_params *)cb->functionParams)->bytesize;
    } else {
        s->result = *(const int *)cb->functionReturnValue;
    }
}

static CUpti_SubscriberHandle subscriber;

static void test_one_subscriber(void)
{
    CUpti_SubscriberHandle other;
    const char *text = NULL;
    CHECK(cuptiSubscribe(NULL, record, NULL) == CUPTI_ERROR_INVALID_PARAMETER);
    CHECK(cuptiSubscribe(&subscriber, record, seen) == CUPTI_SUCCESS);
    CHECK(cuptiSubscribe(&other, record, NULL) == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED);
    CHECK(cuptiGetResultString(CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED, &text) ==
          CUPTI_SUCCESS);
    CHECK_STR_EQ(text, "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED");
    CHECK(cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_INVALID, 1) ==
          CUPTI_ERROR_INVALID_PARAMETER);
}

static void test_entry_and_exit_of_enabled_calls(void)
{
    void *p = NULL;
    nseen = 0;
    CHECK(cudaMalloc(&p, 64) == cudaSuccess);             /* nothing enabled yet */
    CHECK(nseen == 0);
    CHECK(cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API,
                              CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020) == CUPTI_SUCCESS);
    CHECK(cudaFree(p) == cudaSuccess);                     /* not this one */
    CHECK(cudaMalloc(&p, 1000) == cudaSuccess);
    CHECK(cudaMalloc(NULL, 8) == cudaErrorInvalidValue);
    cudaGetLastError();
    CHECK(nseen == 4);
    CHECK(seen[0].site == CUPTI_API_ENTER && seen[0].size == 1000 && seen[0].correlation == 0);
    CHECK_STR_EQ(seen[0].name, "cudaMalloc");
    CHECK(seen[1].site == CUPTI_API_EXIT && seen[1].result == cudaSuccess);
    CHECK(seen[1].correlation == 1000 + CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020);
    CHECK(seen[3].result == cudaErrorInvalidValue);
    CHECK(cudaFree(p) == cudaSuccess);
}

/* cudaMallocAsync is one call, not also the cudaMalloc it is made of. */
static void test_no_callbacks_for_its_own_calls(void)
{
    void *p = NULL;
    CHECK(cuptiEnableDomain(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API) == CUPTI_SUCCESS);
    nseen = 0;
    CHECK(cudaMallocAsync(&p, 64, NULL) == cudaSuccess);
    CHECK(cudaFreeAsync(p, NULL) == cudaSuccess);
    CHECK(nseen == 4);
    CHECK(seen[0].cbid == CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020);
    CHECK(seen[2].cbid == CUPTI_RUNTIME_TRACE_CBID_cudaFreeAsync_v11020);
}

static void test_driver_domain(void)
{
    CUcontext ctx;
    CUdeviceptr d = 0;
    CHECK(cuInit(0) == CUDA_SUCCESS);
    CHECK(cuDevicePrimaryCtxRetain(&ctx, 0) == CUDA_SUCCESS);
    CHECK(cuCtxSetCurrent(ctx) == CUDA_SUCCESS);
    CHECK(cuptiEnableDomain(1, subscriber, CUPTI_CB_DOMAIN_DRIVER_API) == CUPTI_SUCCESS);
    nseen = 0;
    CHECK(cuMemAlloc(&d, 512) == CUDA_SUCCESS);
    CHECK(cuMemFree(d) == CUDA_SUCCESS);
    CHECK(cuMemFree(d) == CUDA_ERROR_INVALID_VALUE);
    CHECK(nseen == 6);
    CHECK(seen[0].domain == CUPTI_CB_DOMAIN_DRIVER_API && seen[0].size == 512);
    CHECK_STR_EQ(seen[0].name, "cuMemAlloc_v2");
    CHECK(seen[4].cbid == CUPTI_DRIVER_TRACE_CBID_cuMemFree_v2);
    CHECK(seen[5].result == CUDA_ERROR_INVALID_VALUE);
}

static void test_unsubscribe(void)
{
    void *p = NULL;
    CUpti_SubscriberHandle again;
    CHECK(cuptiUnsubscribe(subscriber) == CUPTI_SUCCESS);
    CHECK(cuptiUnsubscribe(subscriber) == CUPTI_ERROR_INVALID_PARAMETER);
    nseen = 0;
    CHECK(cudaMalloc(&p, 64) == cudaSuccess);
    CHECK(nseen == 0);
    CHECK(cuptiSubscribe(&again, record, seen) == CUPTI_SUCCESS);
    CHECK(cudaFree(p) == cudaSuccess);                     /* a new subscription starts empty */
    CHECK(nseen == 0);
    CHECK(cuptiUnsubscribe(again) == CUPTI_SUCCESS);
}

/* sim_injection holds the subscription from the first traced call, and not
   before. */
/* ---- activity records ---- */

enum { BUFFER = 2 * sizeof(CUpti_ActivityMemcpy6) };
static _Alignas(8) uint8_t pool[4][BUFFER];
static int handed, returned;
static size_t valid_of[4];
static bool hand_none;
static uint8_t *hand_instead;           /* handed over in place of the pool's */

static void CUPTIAPI hand_buffer(uint8_t **buffer, size_t *size, size_t *max_records)
{
    *max_records = 0;
    if (hand_instead) {
        *buffer = hand_instead;
        *size = BUFFER / 2;
        return;
    }
    *buffer = hand_none || handed == 4 ? NULL : pool[handed++];
    *size = *buffer ? BUFFER : 0;
}

static void CUPTIAPI take_buffer(CUcontext ctx, uint32_t stream, uint8_t *buffer, size_t size,
                                 size_t valid)
{
    (void)ctx, (void)stream;
    CHECK(size == BUFFER && valid <= size && buffer == pool[returned]);
    valid_of[returned++] = valid;
}

/* The records of buffer i, their kinds (and a copy's kind) as letters. */
static void read_records(int i, char *kinds, uint32_t *last_correlation)
{
    CUpti_Activity *r = NULL;
    size_t n = 0;
    while (cuptiActivityGetNextRecord(pool[i], valid_of[i], &r) == CUPTI_SUCCESS) {
        uint64_t start = 0, end = 0;
        uint32_t correlation = 0;
        if (r->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
            const CUpti_ActivityMemcpy6 *c = (const CUpti_ActivityMemcpy6 *)r;
            kinds[n++] = "?HD?????Xh"[c->copyKind];    /* HtoD, DtoH, DtoD, HtoH */
            CHECK(c->bytes == 256 && c->deviceId == 0);
            CHECK(c->runtimeCorrelationId == c->correlationId);     /* a runtime call's */
            start = c->start, end = c->end, correlation = c->correlationId;
        } else {
            const CUpti_ActivityMemset4 *m = (const CUpti_ActivityMemset4 *)r;
            kinds[n++] = 'S';
            CHECK(r->kind == CUPTI_ACTIVITY_KIND_MEMSET && m->bytes == 256 && m->value == 7 &&
                  m->memoryKind == CUPTI_ACTIVITY_MEMORY_KIND_DEVICE);
            start = m->start, end = m->end, correlation = m->correlationId;
        }
        CHECK(start > 0 && start <= end);
        CHECK(correlation > *last_correlation);     /* one per call, in order */
        *last_correlation = correlation;
    }
    CHECK(r == NULL);
    kinds[n] = 0;
}

static void test_activity_records(void)
{
    unsigned char host[256] = { 0 };
    void *d = NULL, *e = NULL;
    size_t dropped = 99;
    CHECK(cuptiActivityRegisterCallbacks(NULL, take_buffer) == CUPTI_ERROR_INVALID_PARAMETER);
    CHECK(cuptiActivityRegisterCallbacks(hand_buffer, take_buffer) == CUPTI_SUCCESS);
    CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY) == CUPTI_SUCCESS);
    CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET) == CUPTI_SUCCESS);
    CHECK(cuptiActivityEnable((CUpti_ActivityKind)4) == CUPTI_ERROR_INVALID_KIND);
    CHECK(cudaMalloc(&d, 256) == cudaSuccess && cudaMalloc(&e, 256) == cudaSuccess);
    CHECK(cudaMemcpy(d, host, 256, cudaMemcpyHostToDevice) == cudaSuccess);
    CHECK(cudaMemset(d, 7, 256) == cudaSuccess);
    CHECK(cudaMemcpy(host, d, 256, cudaMemcpyDeviceToHost) == cudaSuccess);   /* a new buffer */
    CHECK(cudaMemcpy(e, d, 256, cudaMemcpyDeviceToDevice) == cudaSuccess);
    CHECK(cudaMemcpy(host, NULL, 256, cudaMemcpyDeviceToHost) != cudaSuccess); /* no record */
    CHECK(returned == 1);
    CHECK(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED) == CUPTI_SUCCESS);
    CHECK(returned == 2 && handed == 2);
    char first[8], second[8];
    uint32_t correlation = 0;
    read_records(0, first, &correlation);
    read_records(1, second, &correlation);
    CHECK(strcmp(first, "HS") == 0 && strcmp(second, "DX") == 0);

    /* no buffer: each record dropped and counted, the count reset once read */
    hand_none = true;
    CHECK(cudaMemset(d, 7, 256) == cudaSuccess && cudaMemset(d, 7, 256) == cudaSuccess);
    CHECK(cuptiActivityGetNumDroppedRecords(NULL, 0, &dropped) == CUPTI_SUCCESS && dropped == 2);
    CHECK(cuptiActivityGetNumDroppedRecords(NULL, 0, &dropped) == CUPTI_SUCCESS && dropped == 0);
    hand_none = false;
    /* a buffer not 8-byte aligned, as CUPTI asks: as good as none */
    hand_instead = pool[3] + 4;
    CHECK(cudaMemset(d, 7, 256) == cudaSuccess);
    CHECK(cuptiActivityGetNumDroppedRecords(NULL, 0, &dropped) == CUPTI_SUCCESS && dropped == 1);
    hand_instead = NULL;

    /* disabled: nothing recorded */
    CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMCPY) == CUPTI_SUCCESS);
    CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMSET) == CUPTI_SUCCESS);
    CHECK(cudaMemcpy(d, host, 256, cudaMemcpyHostToDevice) == cudaSuccess);
    CHECK(cuptiActivityFlushAll(0) == CUPTI_SUCCESS);
    CHECK(handed == 2 && returned == 2);
    CUpti_Activity *r = NULL;
    CHECK(cuptiActivityGetNextRecord(pool[0], 0, &r) == CUPTI_ERROR_MAX_LIMIT_REACHED);
    CHECK(cudaFree(d) == cudaSuccess && cudaFree(e) == cudaSuccess);
}

static void test_injected(void)
{
    CUpti_SubscriberHandle h;
    void *p = NULL;
    CHECK(cuptiSubscribe(&h, record, NULL) == CUPTI_SUCCESS);
    CHECK(cuptiUnsubscribe(h) == CUPTI_SUCCESS);
    CHECK(cudaMalloc(&p, 64) == cudaSuccess);
    CHECK(cuptiSubscribe(&h, record, NULL) == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED);
    CHECK(cudaFree(p) == cudaSuccess);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--injected") == 0) {
        RUN(test_injected);
        return TEST_REPORT();
    }
    RUN(test_one_subscriber);
    RUN(test_entry_and_exit_of_enabled_calls);
    RUN(test_no_callbacks_for_its_own_calls);
    RUN(test_driver_domain);
    RUN(test_unsubscribe);
    RUN(test_activity_records);
    return TEST_REPORT();
}
