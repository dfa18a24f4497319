// A file whose first header reaches the library's through macros.h's
// blocks of #defines: its prelude holds them, before the library's
// headers (the macro honoured).
#include "extensions.h"
#include "helper.h"

static_assert(sizeof(stand_in_real) == sizeof(double), "the block's macro was honoured");

OWN_API OWN_INLINE_VARIABLE int blocks_count = 1;

int main(void)
{
    set_first();
    return blocks_count;
}
