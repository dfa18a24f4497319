/* closed_descriptors: a program that closes every descriptor it did not
   open, as daemons do, and then opens files of its own.  The shim's report
   must stay out of them (they hold what the program wrote, byte for byte)
   and the report must stay whole (every call counted). */
#define _GNU_SOURCE     /* close_range, closefrom */
#include "shim_test.h"

#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

// devtrace-sql: SELECT sum(calls) FROM api_calls WHERE api = 'cudaMemset' => 200000
// devtrace-sql: SELECT sum(calls) FROM api_calls => 200004
// devtrace-sql: SELECT events FROM runs => 200004
// devtrace-sql: SELECT count(*) FROM runs WHERE exit_status = 0 => 1

#define FILES 8
#define MEMSETS 200000

static void name(char *buf, size_t n, int i)
{
    snprintf(buf, n, "closed_descriptors.%d.txt", i);
}

static int written_back(int i)
{
    char path[64], want[64], got[128];
    name(path, sizeof path, i);
    int n = snprintf(want, sizeof want, "file %d, first line\nfile %d, second line\n", i, i);
    int fd = open(path, O_RDONLY);
    ssize_t len = fd >= 0 ? read(fd, got, sizeof got) : -1;
    if (fd >= 0)
        close(fd);
    unlink(path);
    return len == n && memcmp(got, want, (size_t)n) == 0;
}

int main(void)
{
    void *dev = NULL;
    int fds[FILES];
    char path[64], line[64], host[128] = { 0 };

    SAY(cudaMalloc(&dev, 64));
    usleep(200000);                     /* the report is open by now */
    for (int fd = 3; fd < 1024; fd++)
        close(fd);
    close_range(3, UINT_MAX, 0);
    closefrom(3);
    for (int i = 0; i < FILES; i++) {
        name(path, sizeof path, i);
        fds[i] = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int n = snprintf(line, sizeof line, "file %d, first line\n", i);
        if (fds[i] < 0 || write(fds[i], line, (size_t)n) != n)
            return 2;
    }
    for (int i = 0; i < MEMSETS; i++)
        cudaMemset(dev, i, 64);
    usleep(100000);                     /* the writer has written them */
    SAY(cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice)); // devtrace: memcpy_out_of_bounds
    SAY(cudaFree(dev));
    SAY(cudaFree(dev)); // devtrace: double_free
    int intact = 0;
    for (int i = 0; i < FILES; i++) {
        int n = snprintf(line, sizeof line, "file %d, second line\n", i);
        if (write(fds[i], line, (size_t)n) != n || close(fds[i]) != 0)
            return 2;
    }
    for (int i = 0; i < FILES; i++)
        intact += written_back(i);
    printf("%d of %d files hold what was written\n", intact, FILES);
    return intact == FILES ? 0 : 1;
}
