/*
 * What every example shares: CHECK(ok) prints the runtime's last error and
 * jumps to the example's `done:` cleanup, leaving rc at 1.
 */
#ifndef EXAMPLE_H
#define EXAMPLE_H

#include <devtensor.h>
#include <stdio.h>

#define CHECK(ok)                                               \
    do {                                                        \
        if (!(ok)) {                                            \
            fprintf(stderr, "error: %s\n", dt_last_error());    \
            goto done;                                          \
        }                                                       \
    } while (0)

#endif
