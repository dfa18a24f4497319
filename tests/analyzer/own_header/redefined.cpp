// A library header after macros.h that redefines a macro its #if block
// defines: the file's parse reads macros.h again after a prelude, which
// would undo the header's, so the prelude has an error and is none.
#include "macros.h"
#include <stand_in_redefines.h>

static_assert(sizeof(OWN_INLINE_VARIABLE) == 4, "the library's macro, as without a prelude");

int main(void)
{
    return 0;
}
