#define _GNU_SOURCE     /* RTLD_NEXT, dladdr */
/*
 * The CUDA runtime beneath the shim.  On a machine with a GPU it is whatever
 * the program loaded (libcudart), found with RTLD_NEXT.  With no GPU, or with
 * DT_DEVICE=sim, it is libcudasim, the emulated device, loaded from the
 * shim's own folder: a devtensor program is told (DT_DEVICE=sim) to use it,
 * and a program linked with -lcudart has its calls answered by it, so the
 * same findings show as on a GPU.
 */
#include "devtrace.h"

#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *sim_handle;

bool dv_next_is_sim(void)
{
    return sim_handle != NULL;
}

void *dv_next(const char *name)
{
    return dlsym(sim_handle ? sim_handle : RTLD_NEXT, name);
}

/* A GPU the driver knows of, without starting CUDA (which would make a later
   fork unable to use it). */
static bool gpu_present(void)
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

static void *open_sim(void)
{
    Dl_info self;
    char path[PATH_MAX];
    if (dladdr((void *)open_sim, &self) && self.dli_fname && strrchr(self.dli_fname, '/')) {
        int dir = (int)(strrchr(self.dli_fname, '/') - self.dli_fname);
        snprintf(path, sizeof path, "%.*s/libcudasim.so", dir, self.dli_fname);
        void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
        if (h)
            return h;
    }
    return dlopen("libcudasim.so", RTLD_NOW | RTLD_GLOBAL);
}

void dv_next_choose(void)
{
    const char *mode = getenv("DT_DEVICE");
    if (!mode || !*mode) {
        if (gpu_present())
            return;
        setenv("DT_DEVICE", "sim", 1);
        mode = "sim";
    }
    if (strcmp(mode, "sim") != 0)
        return;
    sim_handle = open_sim();
    if (!sim_handle)
        fprintf(stderr, "devtrace: the emulated device (libcudasim.so) could not be loaded: "
                "%s; CUDA calls go to the CUDA runtime\n", dlerror());
}
