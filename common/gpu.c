/* Whether this machine has a GPU (gpu.h). */
#include "gpu.h"

#include <dirent.h>
#include <unistd.h>

bool dv_gpu_present(void)
{
    DIR *d = opendir("/proc/driver/nvidia/gpus");
    bool found = false;
    if (d) {
        struct dirent *e;
        while (!found && (e = readdir(d)))
            found = e->d_name[0] != '.';
        closedir(d);
    }
    return found || access("/dev/nvidia0", F_OK) == 0;
}
