/* A stand-in for a library's header (libtorch's, on -isystem as an
   installed one is): what the project's helper.h includes first. */
#pragma once

#define STAND_IN_VERSION 2

namespace stand_in {
struct options {
    int device;
};
inline int device_of(const options &o) { return o.device; }
}  // namespace stand_in
