/* A stand-in library's header (lib.h does not include it). */
#pragma once

namespace stand_in {
inline int z_version() { return 1; }
}  // namespace stand_in
