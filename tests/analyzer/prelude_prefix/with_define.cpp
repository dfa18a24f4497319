// Headers [lib.h, z.h], a macro set between them: lib.h's header serves
// it, z.h parsed with the file after the macro (z_wide is declared).
#include <lib.h>
#define STAND_IN_WIDE 1
#include <z.h>

static int dereferenced;  // the libraries' headers end here: the prelude too
#include "devtensor.h"

int main(void)
{
    dt_tensor *t = dt_randn_on(DT_SHAPE(4), dt_cuda(0));
    const float *data = static_cast<const float *>(dt_data(t));
    float first = data[0];  /* a host read of device memory */
    dt_release(t);
    return dereferenced + static_cast<int>(first) + stand_in::z_wide();
}
