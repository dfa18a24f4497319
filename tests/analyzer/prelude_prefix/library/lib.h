/* A stand-in for a library's umbrella header (torch/torch.h): it includes
   x.h and y.h, so that a file's own includes of them after it add
   nothing, and not z.h. */
#pragma once
#include "x.h"
#include "y.h"

namespace stand_in {
inline int lib_version() { return x_version() + y_version(); }
}  // namespace stand_in
