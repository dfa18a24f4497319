// A macro defined before the first include, which the library's header
// reads: in the prelude too, before the header (the macro honoured).
#define STAND_IN_WIDE 1
#include "helper.h"

static_assert(sizeof(stand_in_real) == sizeof(double), "the macro was honoured");

int main(void)
{
    set_first();
    return 0;
}
