/*
 * The files a parse opens.  libclang reads a user's file to its end,
 * whatever its size says (it takes user files to be volatile, as an
 * editor's are), where clang trusts the size: `#include "/dev/zero"` read
 * until memory ran out (gigabytes, where clang takes 0.04 s), and a FIFO
 * would have blocked the parse for ever.  While devcheck parses, a file
 * that is not a regular file or a folder (a device, a FIFO, a socket)
 * opened for reading opens as /dev/null: empty, as clang reads it, its
 * size being 0.
 *
 * LLVM opens every file with open(2), and a program's own definition of it
 * comes before the C library's for the libraries the program loads: this
 * one.  Outside a parse it is the system call, as the C library's is.
 */
#define _GNU_SOURCE
#include "analysis.h"

#include <fcntl.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static bool guarded;

void dc_guard_opens(bool on)
{
    guarded = on;
}

static bool special(const char *path, int flags)
{
    struct stat st;
    return guarded && (flags & O_ACCMODE) == O_RDONLY && stat(path, &st) == 0 &&
           !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

int open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list ap;
        va_start(ap, flags);
        mode = va_arg(ap, mode_t);
        va_end(ap);
    }
    return (int)syscall(SYS_openat, AT_FDCWD, special(path, flags) ? "/dev/null" : path, flags,
                        mode);
}
