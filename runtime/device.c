/*
 * Devices and the backend registry: which backend serves a device, and
 * whether that device exists.
 */
#include "internal.h"

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

/* DT_DEVICE=cpu turns CUDA off whatever the backend could offer. */
static bool cuda_disabled(void)
{
    const char *v = getenv("DT_DEVICE");
    return v && strcmp(v, "cpu") == 0;
}

int dt_cuda_device_count(void)
{
    const dt_backend *b = backends[DT_CUDA];
    return b && !cuda_disabled() ? b->device_count() : 0;
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
        return dt_fail("%s: cannot use cuda:%d: CUDA is not available "
                       "(no GPU, and no CUDA device in this runtime)", op, d.index);
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
