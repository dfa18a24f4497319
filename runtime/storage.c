/*
 * Storage: a refcounted block of memory on one device.  Every allocation,
 * free and copy of tensor memory goes through here to the device's backend.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

dt_storage *dt_storage_new(dt_device d, size_t bytes, bool pinned, const char *op)
{
    const dt_backend *b = dt_backend_for(d, op);
    if (!b)
        return NULL;
    dt_storage *s = calloc(1, sizeof *s);
    if (!s)
        return dt_fail("%s: out of memory", op);
    /* a pinned request is honoured only where a device can pin host memory */
    const dt_backend *pinner = NULL;
    if (pinned && d.type == DT_CPU && dt_cuda_is_available())
        pinner = dt_backend_for(dt_cuda(0), op);
    size_t n = bytes ? bytes : 1;     /* a 0-element tensor still owns a pointer */
    if (!pinner)
        dt_activate(b, d.index);
    s->ptr = pinner ? pinner->alloc_pinned(n) : b->alloc(d.index, n);
    if (!s->ptr) {
        free(s);
        return NULL;
    }
    atomic_init(&s->refs, 1);
    s->owner = pinner ? pinner : b;
    s->device = d;
    s->bytes = bytes;
    s->pinned = pinner != NULL;
    return s;
}

void dt_storage_release(dt_storage *s)
{
    if (!s || atomic_fetch_sub(&s->refs, 1) != 1)
        return;
    if (s->pinned) {
        s->owner->free_pinned(s->ptr);
    } else {
        dt_activate(s->owner, s->device.index);
        s->owner->free(s->device.index, s->ptr);
    }
    free(s);
}

/* The backend of the non-cpu side moves the bytes; cpu to cpu is a memcpy. */
int dt_storage_copy(dt_storage *dst, const dt_storage *src, size_t bytes)
{
    const dt_backend *b = dst->device.type != DT_CPU ? dst->owner : src->owner;
    return b->copy(dst->ptr, dst->device, src->ptr, src->device, bytes);
}
