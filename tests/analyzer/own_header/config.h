// A header of the project's own that defines a macro the library reads,
// in the shape of an include guard but not at the top: the prelude
// defines it too, where config.h does, and goes on.
#include <stand_in.h>
#ifndef STAND_IN_WIDE
#define STAND_IN_WIDE
#endif
#include <stand_in_more.h>
