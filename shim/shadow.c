/*
 * The shadow state: every live device and pinned allocation the program made
 * through the runtime, by address, and a quarantine of the last freed ones.
 *
 * Live allocations sit in an array sorted by address, so a lookup is a
 * binary search.  Lookups (every launch and copy, several per call) take no
 * lock and write nothing shared: the array is guarded by a sequence lock, so
 * a reader that overlapped a change sees the version move and looks again.
 * Allocating and freeing take the lock, bump the version around the change
 * and move the tail of the array, which is cheap at the few thousand
 * allocations a program keeps alive.  A grown array's old copy is kept, as
 * a reader may still be in it (it is at most as big as the live one).
 *
 * A launch asks where each pointer argument lives, and most are the start
 * of an allocation: a direct-mapped table of starts answers those without
 * the search (a miss, or a pointer into an allocation, searches).
 *
 * The quarantine remembers freed ranges with their free site, newest first,
 * so a pointer into one names where it was freed.  It only remembers: the
 * memory itself goes back to the runtime at once, and an address the runtime
 * hands out again is live again.
 */
#include "devtrace.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#define QUARANTINE 4096

/* A spin lock, not a mutex: it is taken on every allocation and free and
   held briefly, and a mutex's lock and unlock cost as much as the change. */
static atomic_flag held = ATOMIC_FLAG_INIT;
static _Atomic unsigned version;        /* odd while the array changes */
static _Atomic(dv_alloc *) live;
static _Atomic size_t nlive;
static size_t cap;
static dv_alloc *retired[64];           /* the arrays grown out of, kept for readers */
static int nretired;
static dv_alloc freed[QUARANTINE];
#define STARTS 4096                     /* a power of two */
static struct { uintptr_t addr; int device; } starts[STARTS];
static size_t nfreed;              /* ever freed; the newest is at (nfreed - 1) % QUARANTINE */

static size_t start_slot(uintptr_t p)
{
    return (size_t)((p * 0x9E3779B97F4A7C15ull) >> 52) & (STARTS - 1);
}

static bool holds(const dv_alloc *a, uintptr_t p)
{
    return p >= a->addr && p - a->addr < (a->bytes ? a->bytes : 1);
}

/* The index of the last allocation starting at or below p, or -1. */
static long floor_index(const dv_alloc *v, size_t n, uintptr_t p)
{
    long lo = 0, hi = (long)n - 1, found = -1;
    while (lo <= hi) {
        long mid = lo + (hi - lo) / 2;
        if (v[mid].addr <= p) {
            found = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return found;
}

void dv_shadow_lock(void)
{
    while (atomic_flag_test_and_set_explicit(&held, memory_order_acquire))
        sched_yield();
}

void dv_shadow_unlock(void)
{
    atomic_flag_clear_explicit(&held, memory_order_release);
}

static void begin_change(void)
{
    dv_shadow_lock();
    atomic_fetch_add_explicit(&version, 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
}

static void end_change(void)
{
    atomic_fetch_add_explicit(&version, 1, memory_order_release);
    dv_shadow_unlock();
}

static bool grow(void)
{
    size_t ncap = cap ? cap * 2 : 1024;
    dv_alloc *v = malloc(ncap * sizeof *v);
    if (!v)
        return false;
    if (live) {
        memcpy(v, live, atomic_load(&nlive) * sizeof *v);
        retired[nretired++] = live;     /* at most one per doubling */
    }
    atomic_store_explicit(&live, v, memory_order_release);
    cap = ncap;
    return true;
}

void dv_shadow_add(const dv_alloc *a)
{
    begin_change();
    size_t n = atomic_load(&nlive);
    if (n < cap || grow()) {
        dv_alloc *v = atomic_load(&live);
        long at = floor_index(v, n, a->addr);
        starts[start_slot(a->addr)].addr = a->addr;
        starts[start_slot(a->addr)].device = a->device;
        if (at >= 0 && v[at].addr == a->addr) {
            v[at] = *a;                 /* a free we never saw */
        } else {
            memmove(&v[at + 2], &v[at + 1], (n - (size_t)(at + 1)) * sizeof *v);
            v[at + 1] = *a;
            atomic_store(&nlive, n + 1);
        }
    }                                   /* else untracked: checks stay quiet about it */
    end_change();
}

/* The live allocation holding p into *out (when out is not NULL); its
   device, DV_NO_DEVICE when there is none. */
static int find(uintptr_t p, dv_alloc *out)
{
    for (;;) {
        unsigned seen = atomic_load_explicit(&version, memory_order_acquire);
        if (seen & 1)
            continue;
        const dv_alloc *v = atomic_load_explicit(&live, memory_order_acquire);
        size_t n = atomic_load_explicit(&nlive, memory_order_relaxed);
        long at = v ? floor_index(v, n, p) : -1;
        int device = at >= 0 && holds(&v[at], p) ? v[at].device : DV_NO_DEVICE;
        if (out && device != DV_NO_DEVICE)
            *out = v[at];
        atomic_thread_fence(memory_order_acquire);
        if (atomic_load_explicit(&version, memory_order_relaxed) == seen)
            return device;
    }
}

bool dv_shadow_find(uintptr_t p, dv_alloc *out)
{
    return find(p, out) != DV_NO_DEVICE;
}

int dv_shadow_device(uintptr_t p)
{
    const __typeof__(*starts) *s = &starts[start_slot(p)];
    for (;;) {
        unsigned seen = atomic_load_explicit(&version, memory_order_acquire);
        if (seen & 1)
            continue;
        int device = s->addr == p ? s->device : DV_NO_DEVICE;
        atomic_thread_fence(memory_order_acquire);
        if (atomic_load_explicit(&version, memory_order_relaxed) == seen)
            return device != DV_NO_DEVICE ? device : find(p, NULL);
    }
}

bool dv_shadow_remove(uintptr_t p, dv_memory memory, uint32_t free_site, dv_alloc *out)
{
    begin_change();
    dv_alloc *v = atomic_load(&live);
    size_t n = atomic_load(&nlive);
    long at = v ? floor_index(v, n, p) : -1;
    bool found = at >= 0 && v[at].addr == p && v[at].memory == memory;
    if (found) {
        *out = v[at];
        out->free_site = free_site;
        freed[nfreed++ % QUARANTINE] = *out;
        if (starts[start_slot(p)].addr == p)
            starts[start_slot(p)].addr = 0;
        memmove(&v[at], &v[at + 1], (n - (size_t)at - 1) * sizeof *v);
        atomic_store(&nlive, n - 1);
    }
    end_change();
    return found;
}

bool dv_shadow_freed(uintptr_t p, dv_alloc *out)
{
    bool found = false;
    dv_shadow_lock();
    size_t n = nfreed < QUARANTINE ? nfreed : QUARANTINE;
    for (size_t i = 1; i <= n && !found; i++) {
        const dv_alloc *a = &freed[(nfreed - i) % QUARANTINE];
        if ((found = holds(a, p)))
            *out = *a;
    }
    dv_shadow_unlock();
    return found;
}

void dv_shadow_each(void (*f)(const dv_alloc *a, void *arg), void *arg)
{
    dv_shadow_lock();
    dv_alloc *v = atomic_load(&live);
    for (size_t i = 0, n = atomic_load(&nlive); i < n; i++)
        f(&v[i], arg);
    dv_shadow_unlock();
}

/* fork: the lock is held across it (dv_shadow_lock in the prepare handler),
   so the child's copy is consistent; what was live is the parent's. */
void dv_shadow_after_fork(void)
{
    dv_alloc *v = atomic_load(&live);
    for (size_t i = 0, n = atomic_load(&nlive); i < n; i++)
        v[i].inherited = true;
}
