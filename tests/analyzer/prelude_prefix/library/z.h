/* A stand-in library's header (lib.h does not include it): what it
   declares depends on a macro a file may set before it. */
#pragma once

namespace stand_in {
inline int z_version() { return 1; }
#ifdef STAND_IN_WIDE
inline int z_wide() { return 2; }
#endif
}  // namespace stand_in
