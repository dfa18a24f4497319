/*
 * A stand-in for a profiler that holds CUPTI: preloaded before the shim, it
 * takes CUPTI's one subscription when it starts, and keeps it.
 */
#include <cupti.h>
#include <stdio.h>

static void CUPTIAPI ignore(void *userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                            const void *data)
{
    (void)userdata, (void)domain, (void)cbid, (void)data;
}

__attribute__((constructor)) static void hold(void)
{
    CUpti_SubscriberHandle h;
    if (cuptiSubscribe(&h, ignore, NULL) != CUPTI_SUCCESS)
        fprintf(stderr, "cupti_holder: CUPTI was taken before it\n");
}
