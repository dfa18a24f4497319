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
