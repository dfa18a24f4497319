/*
 * A file named by the user for a tool to read, checked before it is read:
 * a regular file, since a FIFO with no writer hangs whoever opens it and a
 * device such as /dev/zero never ends, and no larger than the reader's
 * limit.  devtrace's --static SARIF and devcheck's --runtime report.
 */
#ifndef DEVCHECK_FILES_H
#define DEVCHECK_FILES_H

#include <stddef.h>

/* path opened for reading (never blocking on a FIFO): its descriptor, or -1
   with why it may not be read in why ("not a regular file", "larger than
   256 MiB, the most read", strerror's).  max: bytes, 0 for any size. */
int input_open(const char *path, long long max, char *why, size_t whylen);

#endif
