/*
 * own_log MODE: the shim's live lines (DEVTRACE_PRINT=1) against what the
 * program makes of its stderr (program_side.sh).  `log`: after its first
 * CUDA call the program closes fd 2 and opens its own log, which takes
 * fd 2; the log must hold the program's lines alone, the report the
 * finding made after.  `escape`: a finding at a line whose file name
 * holds control characters; the live line spells them as escapes.
 */
#include "shim_test.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static const char mine[] = "the program's own line\n";

static int take_stderr(void)
{
    close(2);
    return open("own_log.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644) == 2 ? 0 : 3;
}

int main(int argc, char **argv)
{
    size_t bytes = 1024;
    float *dev = NULL, *pinned = NULL;
    int log = argc > 1 && !strcmp(argv[1], "log");

    SAY(cudaMalloc((void **)&dev, bytes));
    SAY(cudaMallocHost((void **)&pinned, bytes));
    if (log && take_stderr() != 0)
        return 3;
#line 1 "own\033[31mlog\r\n.c"
    SAY(cudaMemcpy(dev, pinned, bytes, cudaMemcpyDeviceToHost));
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    usleep(200000);                     /* the writer has said it by now, or not */
    return write(2, mine, strlen(mine)) == (ssize_t)strlen(mine) ? 0 : 4;
}
