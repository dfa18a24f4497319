// A library header with no guard first, included again by the file after
// its prelude: it has one, as a second inclusion is harmless.
#include <stand_in_unguarded.h>
#include "helper.h"

int main(void)
{
    set_first();
    return stand_in_version();
}
