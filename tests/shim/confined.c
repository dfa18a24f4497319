/*
 * confined MODE: right after its first CUDA call the program confines
 * itself, as daemons and sandboxed services do: `chroot` into an empty
 * folder, `nofile` lowers RLIMIT_NOFILE to 3 (no descriptor can be
 * opened), `setuid` drops root for nobody.  Its finding after that must
 * reach the report all the same (program_side.sh).  Exit 3: it could not
 * confine itself.
 */
#define _GNU_SOURCE     /* chroot */
#include "shim_test.h"

#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static int confine(const char *mode)
{
    struct rlimit three = { 3, 3 };
    if (!strcmp(mode, "chroot"))
        return mkdir("jail", 0755) != 0 || chroot("jail") != 0 || chdir("/") != 0;
    if (!strcmp(mode, "nofile"))
        return setrlimit(RLIMIT_NOFILE, &three) != 0;
    if (!strcmp(mode, "setuid"))
        return setgid(65534) != 0 || setuid(65534) != 0;
    return 1;
}

int main(int argc, char **argv)
{
    size_t bytes = 1024;
    float *dev = NULL, *pinned = NULL;

    SAY(cudaMalloc((void **)&dev, bytes));
    if (argc < 2 || confine(argv[1]) != 0)
        return 3;
    SAY(cudaMallocHost((void **)&pinned, bytes));
    SAY(cudaMemcpy(dev, pinned, bytes, cudaMemcpyDeviceToHost));
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    return 0;
}
