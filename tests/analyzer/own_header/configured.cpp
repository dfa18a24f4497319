// The library's header read after config.h's macro, as without a prelude.
#include "config.h"
#include "helper.h"

static_assert(sizeof(stand_in_real) == sizeof(double), "the macro was honoured");

int main(void)
{
    set_first();
    return 0;
}
