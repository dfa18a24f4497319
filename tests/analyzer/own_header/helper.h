// The project's own header, as mmcv's pytorch_cpp_helper.hpp: library
// headers first (the files' prelude), then the project's code, whose
// findings are said.
#ifndef OWN_HEADER_HELPER_H
#define OWN_HEADER_HELPER_H

#include <stand_in.h>
#ifdef OWN_HEADER_OTHER_LIBRARY
#include <other_library.h>  // not there: the branch is not taken
#else
#include <stand_in_more.h>
#endif
#include "devtensor.h"

inline void set_first(void)
{
    dt_tensor *t = dt_randn_on(DT_SHAPE(2, 3), dt_cuda(0));
    float *p = static_cast<float *>(dt_data(t));  /* device memory */
    p[0] = 1.0f;                                  /* a host write into it */ // devcheck: host-deref
    dt_release(t);
}

#endif
