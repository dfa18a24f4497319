/* A file the user named, checked before it is read (files.h). */
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int input_open(const char *path, long long max, char *why, size_t whylen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), err = errno;
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0)
        snprintf(why, whylen, "%s", strerror(fd < 0 ? err : errno));
    else if (!S_ISREG(st.st_mode))
        snprintf(why, whylen, "not a regular file");
    else if (max && st.st_size > max)
        snprintf(why, whylen, "larger than %lld MiB, the most read", max >> 20);
    else
        return fd;
    if (fd >= 0)
        close(fd);
    return -1;
}
