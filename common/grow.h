/*
 * An array grown as it fills: when the element at n is wanted and n is its
 * room, the room is doubled (from first) and the array reallocated.  The
 * one grow of the arrays that gain an element at a time; the callers keep
 * their own count and room, of whatever integer type.
 *
 * reallocate is the caller's realloc, which must not return NULL (devcheck's
 * dc_realloc ends the run when memory runs out): the old array is not kept
 * aside.  So not for the shim, which must never end the program it watches,
 * and whose tables grow each their own way (devtrace.h).
 */
#ifndef DEVCHECK_GROW_H
#define DEVCHECK_GROW_H

#include <stddef.h>

#define GROW(v, n, room, first, reallocate)                                  \
    do {                                                                     \
        if ((n) == (room)) {                                                 \
            (room) = (room) ? 2 * (room) : (first);                          \
            (v) = reallocate((v), (size_t)(room) * sizeof *(v));             \
        }                                                                    \
    } while (0)

#endif
