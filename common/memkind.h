/*
 * cudaMemcpyKind, as one table: each kind's name and the side it says each
 * pointer is on, for every part that judges a copy's kind against its
 * pointers (devcheck's memcpy-direction, the shim's memcpy_direction, the
 * emulated device's cudaMemcpy), with the fix both tools give.  The
 * indices are CUDA's own values, so a cudaMemcpyKind indexes the table
 * without CUDA's headers here.
 */
#ifndef DEVCHECK_MEMKIND_H
#define DEVCHECK_MEMKIND_H

#include <stdbool.h>
#include <stddef.h>

enum { MEMKIND_DEFAULT = 4, MEMKIND_COUNT = 5 };

typedef struct {
    const char *name;                   /* "cudaMemcpyHostToDevice" */
    bool sided;                         /* false for cudaMemcpyDefault: the pointers decide */
    bool dst_device, src_device;
    const char *fix;                    /* what to write where this kind fits and another was given */
} memkind;

extern const memkind memkinds[MEMKIND_COUNT];

/* Where memory lives, as every part names it: in a message ("pinned host
   memory"), and in the report's columns allocations.memory and
   transfers.host_memory ("pinned"). */
typedef enum {
    MEMSPACE_HOST, MEMSPACE_PINNED, MEMSPACE_DEVICE, MEMSPACE_MANAGED, MEMSPACE_COUNT
} memspace_id;

typedef struct {
    const char *words, *column;
} memspace;

extern const memspace memspaces[MEMSPACE_COUNT];

/* Who releases what: each allocator as the user calls it, the function
   that releases its memory, the family of both (what one family
   allocates, any releaser of the family releases: cudaFree takes
   cuMemAlloc's memory, and no other) and where its memory lives.  Every
   fix that names a releaser takes it from here, by the allocation. */
typedef struct {
    const char *alloc, *release, *family;
    memspace_id space;
} memalloc;

extern const memalloc memallocs[];
extern const int nmemallocs;

/* The row of the allocator called name (a driver's version suffix, _v2,
   ignored), or NULL. */
const memalloc *memalloc_named(const char *name);

/* What devcheck and the shim say of a copy whose kind contradicts its
   pointers, in the same words: "SUBJECT contradicts the pointers: DST is
   device memory and SRC is host memory" (subject: the kind, or the copy);
   then memkinds[memkind_fitting(...)].fix.  Truncated to size. */
void memkind_say_contradiction(char *out, size_t size, const char *subject, const char *dst,
                               bool dst_device, const char *src, bool src_device);

/* The fix for host memory where device memory is needed (a kernel's
   argument): what devcheck's memspace-mismatch and the shim's
   host_pointer_kernel_arg both say. */
extern const char memspace_fix_device[];

/* The kind named NAME among those that say a side (not cudaMemcpyDefault), or -1. */
int memkind_sided_by_name(const char *name);
/* The kind that fits a destination and a source where they are. */
int memkind_fitting(bool dst_device, bool src_device);
/* Whether KIND says a side and one of the pointers is not on it. */
bool memkind_contradicts(int kind, bool dst_device, bool src_device);

#endif
