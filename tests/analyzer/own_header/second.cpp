// Another, with the same flags: the same prelude.
#include "helper.h"

int second(void)
{
    stand_in::options o = { 0 };
    set_first();
    return stand_in::device_of(o);
}
