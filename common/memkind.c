/* The cudaMemcpyKind table (memkind.h). */
#include "memkind.h"

#include <string.h>

const memkind memkinds[MEMKIND_COUNT] = {
    { "cudaMemcpyHostToHost", true, false, false },
    { "cudaMemcpyHostToDevice", true, true, false },
    { "cudaMemcpyDeviceToHost", true, false, true },
    { "cudaMemcpyDeviceToDevice", true, true, true },
    { "cudaMemcpyDefault", false, false, false },
};

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
