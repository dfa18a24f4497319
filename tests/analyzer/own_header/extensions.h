// The project's header every file includes first, as pytorch_scatter's
// extensions.h: its macros.h, then the library's headers.
#include "macros.h"
#include <stand_in.h>
#include <stand_in_more.h>
