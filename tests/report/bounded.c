/*
 * bounded: runs a command and checks that it printed an exact number of
 * lines within a bound on its memory.
 *
 *   bounded MAX_KIB LINES PROGRAM ARGS...
 *
 * Counts the lines of PROGRAM's stdout (read, not kept) and prints them with
 * the program's peak resident memory and its time.  Exit status 0 when the
 * program exited 0, printed LINES lines and peaked at MAX_KIB KiB or less;
 * 1 when not; 2 on a usage or system error.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static unsigned long long count_lines(int fd)
{
    static char buf[1 << 16];
    unsigned long long lines = 0;
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        for (char *p = buf; (p = memchr(p, '\n', (size_t)(buf + n - p))); p++)
            lines++;
    }
    return lines;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bounded MAX_KIB LINES PROGRAM ARGS...\n");
        return 2;
    }
    long max_kib = atol(argv[1]);
    unsigned long long want = strtoull(argv[2], NULL, 10);
    int out[2];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (pipe(out) != 0)
        return 2;
    pid_t pid = fork();
    if (pid < 0)
        return 2;
    if (pid == 0) {
        dup2(out[1], 1);
        close(out[0]);
        close(out[1]);
        execvp(argv[3], argv + 3);
        perror(argv[3]);
        _exit(127);
    }
    close(out[1]);
    unsigned long long lines = count_lines(out[0]);
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid)
        return 2;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%llu lines, peak %ld KiB, %.1f s\n", lines, ru.ru_maxrss, seconds);
    bool exited = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!exited)
        printf("bounded: the program failed (status 0x%x)\n", status);
    if (lines != want)
        printf("bounded: %llu lines, not %llu\n", lines, want);
    if (ru.ru_maxrss > max_kib)
        printf("bounded: peak %ld KiB, over %ld KiB\n", ru.ru_maxrss, max_kib);
    return exited && lines == want && ru.ru_maxrss <= max_kib ? 0 : 1;
}
