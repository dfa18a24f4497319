/*
 * The cpu backend: host memory, 64-byte aligned for the BLAS and vector loops.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

extern const dt_kernels dt_cpu_kernels;

static int cpu_device_count(void) { return 1; }

static void *cpu_alloc(int index, size_t bytes)
{
    (void)index;
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes) != 0)
        return dt_fail("out of memory allocating %zu bytes on the cpu", bytes);
    return p;
}

static void cpu_free(int index, void *p)
{
    (void)index;
    free(p);
}

static int cpu_copy(void *dst, dt_device dd, const void *src, dt_device sd, size_t bytes)
{
    (void)dd;
    (void)sd;
    memmove(dst, src, bytes);
    return 0;
}

const dt_backend dt_cpu_backend = {
    .name = "cpu",
    .device_count = cpu_device_count,
    .alloc = cpu_alloc,
    .free = cpu_free,
    .copy = cpu_copy,
    .alloc_pinned = NULL,
    .free_pinned = NULL,
    .kernels = &dt_cpu_kernels,
};
