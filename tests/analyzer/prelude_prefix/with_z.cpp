// Headers [lib.h, z.h]: lib.h's header serves it, z.h (which lib.h does
// not include) parsed with the file.
#include <lib.h>
#include <z.h>

static int dereferenced;  // the libraries' headers end here: the prelude too
#include "devtensor.h"

int main(void)
{
    dt_tensor *t = dt_randn_on(DT_SHAPE(2, 3), dt_cuda(0));
    float *p = static_cast<float *>(dt_data(t));  /* device memory */
    p[0] = 1.0f;                                  /* a host write into it */
    dt_release(t);
    return dereferenced + stand_in::z_version();
}
