/*
 * cudaMemcpyKind, as one table: each kind's name and the side it says each
 * pointer is on, for every part that judges a copy's kind against its
 * pointers (devcheck's memcpy-direction, the shim's memcpy_direction, the
 * emulated device's cudaMemcpy).  The indices are CUDA's own values, so a
 * cudaMemcpyKind indexes the table without CUDA's headers here.
 */
#ifndef DEVCHECK_MEMKIND_H
#define DEVCHECK_MEMKIND_H

#include <stdbool.h>

enum { MEMKIND_DEFAULT = 4, MEMKIND_COUNT = 5 };

typedef struct {
    const char *name;                   /* "cudaMemcpyHostToDevice" */
    bool sided;                         /* false for cudaMemcpyDefault: the pointers decide */
    bool dst_device, src_device;
} memkind;

extern const memkind memkinds[MEMKIND_COUNT];

/* The kind named NAME among those that say a side (not cudaMemcpyDefault), or -1. */
int memkind_sided_by_name(const char *name);
/* The kind that fits a destination and a source where they are. */
int memkind_fitting(bool dst_device, bool src_device);
/* Whether KIND says a side and one of the pointers is not on it. */
bool memkind_contradicts(int kind, bool dst_device, bool src_device);

#endif
