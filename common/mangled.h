/*
 * A kernel's parameters read from its mangled C++ name (mangled.c): what
 * the emulated device knows of a kernel nvcc built, and what the shim knows
 * of one no reachable runtime describes.
 */
#ifndef DEVCHECK_MANGLED_H
#define DEVCHECK_MANGLED_H

#include <stdbool.h>

typedef struct {
    unsigned size;
    bool is_pointer;
} mangled_param;

/* The parameters of a kernel read from its C++ name (_Z5scalePfif: a
   pointer and two values), at most max; -1 when the name does not say
   them all. */
int mangled_params(const char *mangled, mangled_param *params, int max);

#endif
