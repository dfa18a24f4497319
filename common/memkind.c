/* The cudaMemcpyKind table (memkind.h). */
#include "memkind.h"

#include <stdio.h>
#include <string.h>

#define FIX(kind) "use " kind ", or cudaMemcpyDefault to let the pointers decide"

const memkind memkinds[MEMKIND_COUNT] = {
    { "cudaMemcpyHostToHost", true, false, false, FIX("cudaMemcpyHostToHost") },
    { "cudaMemcpyHostToDevice", true, true, false, FIX("cudaMemcpyHostToDevice") },
    { "cudaMemcpyDeviceToHost", true, false, true, FIX("cudaMemcpyDeviceToHost") },
    { "cudaMemcpyDeviceToDevice", true, true, true, FIX("cudaMemcpyDeviceToDevice") },
    { "cudaMemcpyDefault", false, false, false, NULL },
};

const char memspace_fix_device[] = "allocate it with cudaMalloc and copy the data over with cudaMemcpy";

const memspace memspaces[MEMSPACE_COUNT] = {
    [MEMSPACE_HOST] = { "host memory", "pageable" },
    [MEMSPACE_PINNED] = { "pinned host memory", "pinned" },
    [MEMSPACE_DEVICE] = { "device memory", "device" },
    [MEMSPACE_MANAGED] = { "managed memory", "managed" },
};

const memalloc memallocs[] = {
    { "malloc", "free", "heap", MEMSPACE_HOST },
    { "calloc", "free", "heap", MEMSPACE_HOST },
    { "realloc", "free", "heap", MEMSPACE_HOST },
    { "aligned_alloc", "free", "heap", MEMSPACE_HOST },
    { "new", "delete", "new", MEMSPACE_HOST },
    { "new[]", "delete[]", "new", MEMSPACE_HOST },
    { "cudaMalloc", "cudaFree", "device", MEMSPACE_DEVICE },
    { "cudaMallocAsync", "cudaFreeAsync", "device", MEMSPACE_DEVICE },
    { "cudaMallocManaged", "cudaFree", "device", MEMSPACE_MANAGED },
    { "cudaMallocPitch", "cudaFree", "device", MEMSPACE_DEVICE },
    { "cuMemAlloc", "cuMemFree", "device", MEMSPACE_DEVICE },
    { "cuMemAllocPitch", "cuMemFree", "device", MEMSPACE_DEVICE },
    { "cuMemAllocManaged", "cuMemFree", "device", MEMSPACE_MANAGED },
    { "cuMemAllocAsync", "cuMemFreeAsync", "device", MEMSPACE_DEVICE },
    { "cudaMallocHost", "cudaFreeHost", "pinned", MEMSPACE_PINNED },
    { "cudaHostAlloc", "cudaFreeHost", "pinned", MEMSPACE_PINNED },
    { "cuMemAllocHost", "cuMemFreeHost", "pinned", MEMSPACE_PINNED },
    { "cuMemHostAlloc", "cuMemFreeHost", "pinned", MEMSPACE_PINNED },
    { "ncclMemAlloc", "ncclMemFree", "nccl", MEMSPACE_DEVICE },
};
const int nmemallocs = sizeof memallocs / sizeof *memallocs;

/* name without a version's suffix (cuMemAlloc_v2) is alloc. */
static bool names_allocator(const char *name, const char *alloc)
{
    size_t n = strlen(alloc);
    const char *rest = name + n;
    return strncmp(name, alloc, n) == 0 &&
           (!*rest || (rest[0] == '_' && rest[1] == 'v' && rest[2] &&
                       !rest[2 + strspn(rest + 2, "0123456789")]));
}

const memalloc *memalloc_named(const char *name)
{
    for (int i = 0; i < nmemallocs; i++)
        if (names_allocator(name, memallocs[i].alloc))
            return &memallocs[i];
    return NULL;
}

static const char *space(bool device)
{
    return memspaces[device ? MEMSPACE_DEVICE : MEMSPACE_HOST].words;
}

void memkind_say_contradiction(char *out, size_t size, const char *subject, const char *dst,
                               bool dst_device, const char *src, bool src_device)
{
    snprintf(out, size, "%s contradicts the pointers: %s is %s and %s is %s", subject, dst,
             space(dst_device), src, space(src_device));
}

int memkind_sided_by_name(const char *name)
{
    for (int i = 0; i < MEMKIND_COUNT; i++)
        if (memkinds[i].sided && strcmp(name, memkinds[i].name) == 0)
            return i;
    return -1;
}

int memkind_fitting(bool dst_device, bool src_device)
{
    for (int i = 0; i < MEMKIND_COUNT; i++)
        if (memkinds[i].sided && memkinds[i].dst_device == dst_device &&
            memkinds[i].src_device == src_device)
            return i;
    return MEMKIND_DEFAULT;         /* unreachable: the four sided kinds cover every pair */
}

bool memkind_contradicts(int kind, bool dst_device, bool src_device)
{
    return kind >= 0 && kind < MEMKIND_COUNT && memkinds[kind].sided &&
           (memkinds[kind].dst_device != dst_device || memkinds[kind].src_device != src_device);
}
