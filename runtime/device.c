#define _GNU_SOURCE     /* dladdr */
/*
 * Devices and the backend registry: which backend serves a device, and
 * whether that device exists.
 */
#include "internal.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAMED_DEVICES 64

static const dt_backend *backends[2] = { &dt_cpu_backend, NULL };

void dt_register_backend(dt_device_type type, const dt_backend *b)
{
    if (type == DT_CUDA)
        backends[DT_CUDA] = b;
}

dt_device dt_cpu(void) { return (dt_device){ DT_CPU, 0 }; }
dt_device dt_cuda(int index) { return (dt_device){ DT_CUDA, index }; }

bool dt_device_equal(dt_device a, dt_device b)
{
    return a.type == b.type && (a.type == DT_CPU || a.index == b.index);
}

/* ---- choosing what serves cuda:N ----------------------------------------
 * The cuda backend is a plugin beside this library: libdevtensor-cuda.so on
 * the real CUDA runtime (built where the toolkit was found), or
 * libdevtensor-sim.so on the emulated device.  DT_DEVICE says which: cpu
 * (none), sim, or unset/cuda (the real one, when there is a GPU).  A backend
 * registered before the first question (a test's) is kept.
 */
static pthread_once_t cuda_once = PTHREAD_ONCE_INIT;
static bool cuda_off;
static char cuda_why[320] = "no GPU, and no CUDA device in this runtime";

/* The plugin from this library's own folder, else from the loader's path.
   RTLD_GLOBAL: an LD_PRELOAD interposer must find the CUDA runtime under it. */
static void *open_plugin(const char *name)
{
    Dl_info self;
    char path[PATH_MAX];
    if (dladdr((void *)open_plugin, &self) && self.dli_fname && strchr(self.dli_fname, '/')) {
        int dir = (int)(strrchr(self.dli_fname, '/') - self.dli_fname);
        snprintf(path, sizeof path, "%.*s/%s", dir, self.dli_fname, name);
        void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
        if (h)
            return h;
    }
    return dlopen(name, RTLD_NOW | RTLD_GLOBAL);
}

static const dt_backend *load_plugin(const char *name)
{
    void *h = open_plugin(name);
    const dt_backend *(*get)(void) = h ? (const dt_backend *(*)(void))dlsym(h, "dt_cuda_plugin_backend") : NULL;
    if (!get) {
        snprintf(cuda_why, sizeof cuda_why, "%s could not be loaded: %s", name, dlerror());
        return NULL;
    }
    return get();
}

static void choose_cuda(void)
{
    const char *mode = getenv("DT_DEVICE");
    if (!mode || !*mode)
        mode = "cuda";
    if (strcmp(mode, "cpu") == 0) {
        cuda_off = true;
        snprintf(cuda_why, sizeof cuda_why, "CUDA is turned off (DT_DEVICE=cpu)");
        return;
    }
    if (backends[DT_CUDA])
        return;
    bool sim = strcmp(mode, "sim") == 0;
    if (!sim && strcmp(mode, "cuda") != 0)
        fprintf(stderr, "devtensor: DT_DEVICE=%s is none of cpu, cuda, sim; using cuda\n", mode);
    const dt_backend *b = load_plugin(sim ? "libdevtensor-sim.so" : "libdevtensor-cuda.so");
    if (!b && !sim)
        snprintf(cuda_why, sizeof cuda_why, "this build of devtensor has no CUDA runtime; "
                 "DT_DEVICE=sim runs the emulated device");
    else if (b && !sim && b->device_count() == 0)
        snprintf(cuda_why, sizeof cuda_why, "the CUDA runtime found no GPU; "
                 "DT_DEVICE=sim runs the emulated device");
    backends[DT_CUDA] = b;
}

int dt_cuda_device_count(void)
{
    pthread_once(&cuda_once, choose_cuda);
    const dt_backend *b = backends[DT_CUDA];
    return b && !cuda_off ? b->device_count() : 0;
}

bool dt_cuda_is_available(void)
{
    return dt_cuda_device_count() > 0;
}

const dt_backend *dt_backend_for(dt_device d, const char *op)
{
    if (d.type == DT_CPU)
        return backends[DT_CPU];
    if (d.type != DT_CUDA)
        return dt_fail("%s: unknown device type %d", op, (int)d.type);
    int count = dt_cuda_device_count();
    if (count == 0)
        return dt_fail("%s: cannot use cuda:%d: CUDA is not available (%s)", op, d.index,
                       cuda_why);
    if (d.index < 0 || d.index >= count)
        return dt_fail("%s: cannot use cuda:%d: invalid device ordinal (%d CUDA device%s)",
                       op, d.index, count, count == 1 ? "" : "s");
    return backends[DT_CUDA];
}

static char cuda_names[MAX_NAMED_DEVICES][16];
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

static void name_devices(void)
{
    for (int i = 0; i < MAX_NAMED_DEVICES; i++)
        snprintf(cuda_names[i], sizeof cuda_names[i], "cuda:%d", i);
}

const char *dt_device_name(dt_device d)
{
    if (d.type == DT_CPU)
        return "cpu";
    if (d.type != DT_CUDA || d.index < 0 || d.index >= MAX_NAMED_DEVICES)
        return "cuda:?";
    pthread_once(&names_once, name_devices);
    return cuda_names[d.index];
}

const char *dt_dtype_name(dt_dtype t)
{
    static const char *const names[] = { "float32", "float64", "int64" };
    return (unsigned)t < 3 ? names[t] : "unknown";
}

size_t dt_dtype_size(dt_dtype t)
{
    return t == DT_F32 ? 4 : 8;
}
