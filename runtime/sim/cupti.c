#define _GNU_SOURCE
/*
 * CUPTI's callback API on the emulated device, the part a tracer needs: one
 * subscriber, callbacks enabled by domain or one by one, and an API callback
 * at the entry and the exit of each traced call, with CUPTI's params struct
 * of its arguments and, at exit, its result.  The traced calls are those of
 * the runtime and driver APIs that allocate, copy, set, free or launch
 * (SIM_RUNTIME and SIM_DRIVER in sim.h); the emulated device's calls to its
 * own functions are not traced, as CUDA's are not.
 *
 * And CUDA's injection: CUDA_INJECTION64_PATH names a library that cuInit
 * (or the first traced call, for a program of the runtime API alone) loads,
 * calling its InitializeInjection, which is how CUDA loads tools (Nsight's
 * among them) into a program unchanged.
 */
#include "sim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct CUpti_Subscriber_st {
    CUpti_CallbackFunc callback;
    void *userdata;
};

_Atomic bool sim_enabled[CUPTI_CB_DOMAIN_SIZE][SIM_MAX_CBID];

static struct CUpti_Subscriber_st subscriber;
static _Atomic(struct CUpti_Subscriber_st *) listening;
static pthread_mutex_t subscribe_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic uint32_t correlations;

#define CUPTI_RESULTS(X) \
    X(CUPTI_SUCCESS, "CUPTI_SUCCESS") \
    X(CUPTI_ERROR_INVALID_PARAMETER, "CUPTI_ERROR_INVALID_PARAMETER") \
    X(CUPTI_ERROR_NOT_INITIALIZED, "CUPTI_ERROR_NOT_INITIALIZED") \
    X(CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED, \
      "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED") \
    X(CUPTI_ERROR_UNKNOWN, "CUPTI_ERROR_UNKNOWN")

#define RESULT_ROW(code, text) { code, text },
static const struct { CUptiResult code; const char *text; } results[] = { CUPTI_RESULTS(RESULT_ROW) };

CUptiResult CUPTIAPI cuptiGetResultString(CUptiResult result, const char **str)
{
    if (!str)
        return CUPTI_ERROR_INVALID_PARAMETER;
    for (size_t i = 0; i < sizeof results / sizeof *results; i++)
        if (results[i].code == result) {
            *str = results[i].text;
            return CUPTI_SUCCESS;
        }
    *str = NULL;
    return CUPTI_ERROR_INVALID_PARAMETER;
}

/* ---- the subscriber -------------------------------------------------------- */

CUptiResult CUPTIAPI cuptiSubscribe(CUpti_SubscriberHandle *handle, CUpti_CallbackFunc callback,
                                    void *userdata)
{
    CUptiResult r = CUPTI_SUCCESS;
    if (!handle || !callback)
        return CUPTI_ERROR_INVALID_PARAMETER;
    pthread_mutex_lock(&subscribe_lock);
    if (atomic_load(&listening)) {
        r = CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED;
    } else {
        subscriber.callback = callback;
        subscriber.userdata = userdata;
        atomic_store(&listening, &subscriber);
        *handle = &subscriber;
    }
    pthread_mutex_unlock(&subscribe_lock);
    return r;
}

static bool valid(CUpti_SubscriberHandle h, CUpti_CallbackDomain domain)
{
    return h == &subscriber && atomic_load(&listening) == h && domain > CUPTI_CB_DOMAIN_INVALID &&
           domain < CUPTI_CB_DOMAIN_SIZE;
}

CUptiResult CUPTIAPI cuptiUnsubscribe(CUpti_SubscriberHandle h)
{
    CUptiResult r = CUPTI_ERROR_INVALID_PARAMETER;
    pthread_mutex_lock(&subscribe_lock);
    if (h && h == atomic_load(&listening)) {
        atomic_store(&listening, NULL);
        for (int d = 0; d < CUPTI_CB_DOMAIN_SIZE; d++)
            for (int i = 0; i < SIM_MAX_CBID; i++)
                atomic_store(&sim_enabled[d][i], false);
        r = CUPTI_SUCCESS;
    }
    pthread_mutex_unlock(&subscribe_lock);
    return r;
}

CUptiResult CUPTIAPI cuptiEnableCallback(uint32_t enable, CUpti_SubscriberHandle h,
                                         CUpti_CallbackDomain domain, CUpti_CallbackId cbid)
{
    if (!valid(h, domain) || cbid >= SIM_MAX_CBID)
        return CUPTI_ERROR_INVALID_PARAMETER;
    atomic_store(&sim_enabled[domain][cbid], enable != 0);
    return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiEnableDomain(uint32_t enable, CUpti_SubscriberHandle h,
                                       CUpti_CallbackDomain domain)
{
    if (!valid(h, domain))
        return CUPTI_ERROR_INVALID_PARAMETER;
    for (int i = 0; i < SIM_MAX_CBID; i++)
        atomic_store(&sim_enabled[domain][i], enable != 0);
    return CUPTI_SUCCESS;
}

/* ---- the callbacks of a traced call ------------------------------------------ */

void sim_trace_enter(sim_traced_call *t, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                     const char *name, const void *params)
{
    struct CUpti_Subscriber_st *s = atomic_load_explicit(&listening, memory_order_acquire);
    if (!s)
        return;                         /* unsubscribed since sim_tracing said yes */
    t->callback = s->callback;
    t->userdata = s->userdata;
    t->domain = domain;
    t->cbid = cbid;
    t->correlation = 0;
    t->data = (CUpti_CallbackData){
        .callbackSite = CUPTI_API_ENTER, .functionName = name, .functionParams = params,
        .correlationData = &t->correlation,
        .correlationId = atomic_fetch_add(&correlations, 1) + 1,
    };
    t->callback(t->userdata, domain, cbid, &t->data);
}

void sim_trace_exit(sim_traced_call *t, void *result)
{
    if (!t->callback)
        return;
    t->data.callbackSite = CUPTI_API_EXIT;
    t->data.functionReturnValue = result;
    t->callback(t->userdata, t->domain, t->cbid, &t->data);
}

/* ---- injection ------------------------------------------------------------------ */

_Atomic bool sim_injected;
static pthread_mutex_t inject_lock = PTHREAD_MUTEX_INITIALIZER;
static __thread bool injecting;         /* the library's own calls while it starts */

static void load_injection(const char *path)
{
    void *h = dlopen(path, RTLD_NOW);
    int (*initialize)(void) = h ? (int (*)(void))dlsym(h, "InitializeInjection") : NULL;
    if (!initialize)
        fprintf(stderr, "cudasim: CUDA_INJECTION64_PATH=%s: %s\n", path,
                h ? "it has no InitializeInjection" : dlerror());
    else if (!initialize())
        fprintf(stderr, "cudasim: CUDA_INJECTION64_PATH=%s: its InitializeInjection failed\n",
                path);
}

void sim_inject(void)
{
    if (atomic_load_explicit(&sim_injected, memory_order_acquire) || injecting)
        return;
    pthread_mutex_lock(&inject_lock);
    if (!atomic_load(&sim_injected)) {
        const char *path = getenv("CUDA_INJECTION64_PATH");
        injecting = true;
        if (path && *path)
            load_injection(path);
        injecting = false;
        atomic_store_explicit(&sim_injected, true, memory_order_release);
    }
    pthread_mutex_unlock(&inject_lock);
}
