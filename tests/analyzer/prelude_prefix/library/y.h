/* A stand-in library's header (lib.h includes it). */
#pragma once

namespace stand_in {
inline int y_version() { return 1; }
}  // namespace stand_in
