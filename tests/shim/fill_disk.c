/* fill_disk: a program that fills the disk its report is on, halfway
   through its run, and goes on making calls.  (For disk_full.sh.)
     fill_disk [FILLER GO]
   fills FILLER once GO exists: disk_full.sh makes it when the report holds
   the calls before (a sleep was not enough on a loaded machine). */
#include "shim_test.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static void fill(const char *path)
{
    static char block[4096];
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    for (size_t n = sizeof block; fd >= 0 && n > 0;)
        if (write(fd, block, n) < 0)
            n = errno == ENOSPC ? n / 2 : 0;
    if (fd >= 0)
        close(fd);
}

int main(int argc, char **argv)
{
    void *dev = NULL;
    char host[128] = { 0 };

    SAY(cudaMalloc(&dev, 64));
    SAY(cudaMemset(dev, 0, 64));
    if (argc > 2) {
        for (int waited = 0; access(argv[2], F_OK) != 0 && waited < 60000; waited += 10)
            usleep(10000);
        fill(argv[1]);
    }
    SAY(cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice));
    SAY(cudaFree(dev));
    SAY(cudaFree(dev));
    return 0;
}
