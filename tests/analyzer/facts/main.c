#include "alloc.h"

int main(void)
{
    float *d = make_buffer(16);
    return d[0] > 0;            /* host-deref, unless ON_HOST: alloc.c's facts say */
}
