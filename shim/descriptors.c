#define _GNU_SOURCE     /* RTLD_NEXT, F_DUPFD_CLOEXEC, close_range */
/*
 * The shim's own file descriptors: the report (SQLite's files) and what
 * libdw reads.  Whatever the writer thread opens is moved to the top of the
 * descriptor range, close-on-exec, and marked as the shim's; the program
 * cannot close it, close a range over it, or dup2 onto it (EBADF, as
 * Valgrind answers for its own).  A daemon that closes every descriptor
 * and opens its files would otherwise get the report's descriptors back,
 * and the writer would write report pages into the program's files.
 * What the writer creates, it creates without following a symbolic link.
 */
#include "devtrace.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <sys/resource.h>
#include <unistd.h>

/* Ours are kept under MAX_FD, in the RESERVED at the top of the range the
   program may use (or under MAX_FD when it may use more). */
#define MAX_FD 4096
#define RESERVED 256
#define WORD 64

static _Atomic uint64_t ours[MAX_FD / WORD];
static _Atomic(pthread_t) opener;       /* the writer thread: what it opens is ours */
static _Atomic bool has_opener;

/* The next definition of a libc function, looked up once. */
#define NEXT(type, name) ({ \
    static _Atomic(void *) fn_; \
    void *f_ = atomic_load_explicit(&fn_, memory_order_relaxed); \
    if (!f_) { f_ = dlsym(RTLD_NEXT, name); atomic_store(&fn_, f_); } \
    (type)f_; })

static bool is_ours(int fd)
{
    return fd >= 0 && fd < MAX_FD &&
           (atomic_load_explicit(&ours[fd / WORD], memory_order_relaxed) >> (fd % WORD) & 1);
}

static void mark(int fd, bool own)
{
    uint64_t bit = (uint64_t)1 << (fd % WORD);
    if (fd < 0 || fd >= MAX_FD)
        return;
    if (own)
        atomic_fetch_or(&ours[fd / WORD], bit);
    else
        atomic_fetch_and(&ours[fd / WORD], ~bit);
}

void dv_descriptors_opener(bool me)
{
    atomic_store(&has_opener, false);
    if (me) {
        atomic_store(&opener, pthread_self());
        atomic_store(&has_opener, true);
    }
}

static bool by_opener(void)
{
    return atomic_load_explicit(&has_opener, memory_order_relaxed) &&
           pthread_equal(atomic_load_explicit(&opener, memory_order_relaxed), pthread_self());
}

static int lowest_reserved(void)
{
    struct rlimit r;
    rlim_t top = MAX_FD;
    if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < top)
        top = r.rlim_cur;
    return top > RESERVED + 3 ? (int)(top - RESERVED) : 3;
}

/* fd, just opened by the writer: moved high and marked ours.  Where there
   is no room high up it stays where it is, marked all the same. */
static int take(int fd)
{
    if (fd < 0)
        return fd;
    int high = fcntl(fd, F_DUPFD_CLOEXEC, lowest_reserved());
    if (high >= 0 && high < MAX_FD) {
        NEXT(int (*)(int), "close")(fd);
        fd = high;
    } else if (high >= 0) {
        NEXT(int (*)(int), "close")(high);
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    mark(fd, true);
    return fd;
}

int dv_descriptor_keep(int fd)
{
    return take(fd);
}

void dv_descriptor_drop(int fd)
{
    mark(fd, false);
    NEXT(int (*)(int), "close")(fd);
}

static mode_t mode_of(int flags, va_list ap)
{
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

/* The writer creates its files (the report, SQLite's journal) where they
   are named, never through a symbolic link planted there. */
static int creating(int flags, bool ours)
{
    return ours && (flags & O_CREAT) ? flags | O_NOFOLLOW : flags;
}

/* open and its kin: params as declared, args as passed on (mode last). */
#define OPEN_LIKE(name, params, args) \
    int name params \
    { \
        va_list ap; \
        va_start(ap, flags); \
        mode_t mode = mode_of(flags, ap); \
        va_end(ap); \
        bool ours = by_opener(); \
        flags = creating(flags, ours); \
        int fd = NEXT(int (*) params, #name) args; \
        return ours ? take(fd) : fd; \
    }
OPEN_LIKE(open, (const char *path, int flags, ...), (path, flags, mode))
OPEN_LIKE(open64, (const char *path, int flags, ...), (path, flags, mode))
OPEN_LIKE(openat, (int dir, const char *path, int flags, ...), (dir, path, flags, mode))
OPEN_LIKE(openat64, (int dir, const char *path, int flags, ...), (dir, path, flags, mode))

int close(int fd)
{
    if (is_ours(fd)) {
        if (!by_opener()) {
            errno = EBADF;
            return -1;
        }
        mark(fd, false);
    }
    return NEXT(int (*)(int), "close")(fd);
}

/* Closes [first, last] but ours, in the pieces between them. */
int close_range(unsigned first, unsigned last, int flags)
{
    int (*real)(unsigned, unsigned, int) = NEXT(int (*)(unsigned, unsigned, int), "close_range");
    unsigned from = first;
    if (!real) {
        errno = ENOSYS;
        return -1;
    }
    for (unsigned fd = first; fd <= last && fd < MAX_FD; fd++)
        if (is_ours((int)fd)) {
            if (fd > from && real(from, fd - 1, flags) != 0)
                return -1;
            from = fd + 1;
        }
    return from <= last ? real(from, last, flags) : 0;
}

void closefrom(int lowfd)
{
    close_range(lowfd < 0 ? 0 : (unsigned)lowfd, UINT_MAX, 0);
}

/* The program may neither replace ours nor get a copy of one. */
int dup2(int old, int new)
{
    if (is_ours(old) || is_ours(new)) {
        errno = EBADF;
        return -1;
    }
    return NEXT(int (*)(int, int), "dup2")(old, new);
}

int dup3(int old, int new, int flags)
{
    if (is_ours(old) || is_ours(new)) {
        errno = EBADF;
        return -1;
    }
    return NEXT(int (*)(int, int, int), "dup3")(old, new, flags);
}
