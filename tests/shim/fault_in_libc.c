/*
 * fault_in_libc: a memcpy from device memory faults inside the C library
 * (its memmove), and the finding is the user's line that called memcpy, as
 * ASan tells it, not the C library's.
 */
// devtrace-exit: SIGSEGV
// devtrace-sql: SELECT count(*) FROM findings WHERE file LIKE '%.S' OR file LIKE '%/libc%' => 0
#include "shim_test.h"
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    size_t bytes = 64 + (size_t)argc - 1;   /* not a constant: a real call to memcpy */
    float *dev = NULL;
    char *host = malloc(bytes);

    (void)argv;
    SAY(cudaMalloc((void **)&dev, bytes));
    fflush(stdout);
    memcpy(host, dev, bytes); // devtrace: host_deref_device
    printf("%d\n", host[0]);              /* what was copied is used: the copy stays */
    free(host);
    return 0;
}
