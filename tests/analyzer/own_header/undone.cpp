// A macro the file undefines before a library's header defines it again
// (and one it defines, which the header then redefines): the file's own
// lines, run again after a prelude, would undo the header's, so the
// prelude checks that they change nothing at its end, and is none here.
#define STAND_IN_VERSION 1
#undef STAND_IN_VERSION
#include <stand_in.h>

static_assert(STAND_IN_VERSION == 2, "the library's macro, as without a prelude");

int main(void)
{
    return 0;
}
