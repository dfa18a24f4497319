/* An injection library for test_sim_cupti: it takes CUPTI's subscription
   when CUDA calls its InitializeInjection. */
#include <cupti.h>

static void CUPTIAPI ignore(void *userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                            const void *data)
{
    (void)userdata, (void)domain, (void)cbid, (void)data;
}

int InitializeInjection(void);
int InitializeInjection(void)
{
    CUpti_SubscriberHandle h;
    return cuptiSubscribe(&h, ignore, NULL) == CUPTI_SUCCESS;
}
