// A library header after macros.h that undefines a macro its #if block
// defines: no prelude either, the file reading the header's #undef.
#include "macros.h"
#include <stand_in_undefines.h>

#ifdef STAND_IN_WIDE
#error "the library's #undef undone"
#endif

int main(void)
{
    return 0;
}
