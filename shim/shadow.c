/*
 * The shadow state: every live device and pinned allocation the program made
 * through the runtime, by address, and a quarantine of the last freed ones.
 *
 * Live allocations sit in an array sorted by address, so a lookup is a
 * binary search.  Lookups (every launch and copy, several per call) take no
 * lock and write nothing shared: the array is guarded by a sequence lock, so
 * a reader that overlapped a change sees the version move and looks again.
 * Allocating and freeing take the lock and bump the version around the
 * change.  A free leaves its entry in place, dead (device DV_NO_DEVICE), and
 * an allocation takes a dead entry where it fits in the order: a program
 * that allocates and frees the same addresses step after step (a caching or
 * stream-ordered allocator) never moves the array.  Dead entries are swept
 * out when the array is full, and an allocation sweeps those inside its own
 * range, so the entry at or below an address is live whenever a live
 * allocation holds that address.  A grown array's old copy is kept, as a
 * reader may still be in it (it is at most as big as the live one).
 *
 * A launch asks where each pointer argument lives, and most are the start
 * of an allocation: a direct-mapped table of starts answers those without
 * the search (a miss, or a pointer into an allocation, searches).  The
 * table also remembers each start's index in the array, which spares an
 * allocation or free at a known start its search while nothing has moved.
 *
 * The quarantine remembers freed ranges with their free site, newest first,
 * so a pointer into one names where it was freed.  It only remembers: the
 * memory itself goes back to the runtime at once, and an address the runtime
 * hands out again is live again.  Past the quarantine a freed start is
 * still known, for a second free of it is a double free, not "not from
 * cudaMalloc": by its dead entry in the array while that stays, and, once
 * the entry is swept or taken by another address (rarely: an allocation
 * takes its own address's), by its start alone in a set that nothing on the
 * calls' path reads.  (An address handed out again stays in the set: asked
 * only of memory that is not live, its being there means it was freed.)
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
static size_t ndead;                   /* entries of live that are dead */
static dv_alloc freed[QUARANTINE];
#define STARTS 4096                     /* a power of two */
typedef struct { uintptr_t addr; int device; bool written; size_t index; } start_entry;
static start_entry starts[STARTS];
/* The starts of the allocations added unwritten since all were last marked
   written (past UNWRITTEN, every live one is marked): a launch that cannot
   tell its arguments apart marks those alone, and with none costs a load. */
#define UNWRITTEN 64
static uintptr_t unwritten[UNWRITTEN];
static size_t nunwritten;               /* past UNWRITTEN: too many to list */
static _Atomic bool some_unwritten;
static size_t nfreed;              /* ever freed; the newest is at (nfreed - 1) % QUARANTINE */

/* The starts that fell out of the quarantine: open addressing, 0 an empty
   slot. */
#define OLD_FREED_MAX ((size_t)1 << 20)  /* 8 MB of starts; past it, no more kept */
static uintptr_t *old_freed;
static size_t old_cap, old_used;

static size_t old_slot(uintptr_t p, size_t i)
{
    return ((size_t)((p * 0x9E3779B97F4A7C15ull) >> 20) + i) & (old_cap - 1);
}

static uintptr_t *old_find(uintptr_t p)
{
    for (size_t i = 0; old_cap && i < old_cap; i++) {
        uintptr_t *s = &old_freed[old_slot(p, i)];
        if (*s == p || *s == 0)
            return *s == p ? s : NULL;
    }
    return NULL;
}

static void old_insert(uintptr_t p)
{
    for (size_t i = 0; i < old_cap; i++) {
        uintptr_t *s = &old_freed[old_slot(p, i)];
        if (*s == 0 || *s == p) {
            old_used += *s == 0;
            *s = p;
            return;
        }
    }
}

/* Grows before it is three quarters full. */
static bool old_room(void)
{
    if (4 * (old_used + 1) <= 3 * old_cap)
        return true;
    size_t cap = old_cap ? old_cap * 2 : 1024, n = old_cap;
    if (cap > OLD_FREED_MAX)
        return false;
    uintptr_t *was = old_freed, *v = calloc(cap, sizeof *v);
    if (!v)
        return false;
    old_freed = v;
    old_cap = cap;
    old_used = 0;
    for (size_t i = 0; i < n; i++)
        if (was[i])
            old_insert(was[i]);
    free(was);
    return true;
}

/* A start that falls out of the quarantine. */
static void keep_old(uintptr_t p)
{
    if (p && old_room())
        old_insert(p);
}

/* The entry of the table of starts where p's would be. */
static start_entry *start_of(uintptr_t p)
{
    return &starts[(size_t)((p * 0x9E3779B97F4A7C15ull) >> 52) & (STARTS - 1)];
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

/* This thread's change under way: a fault inside it (the shim's own bug)
   reaches the fault handler's lookups, which must not wait for the change
   to end. */
static __thread bool changing __attribute__((tls_model("initial-exec")));

/* The changer holds the lock, so the version is its alone to bump: a plain
   store, ordered before the change by the fence (a sequence lock's write). */
static void begin_change(void)
{
    dv_shadow_lock();
    changing = true;
    unsigned v = atomic_load_explicit(&version, memory_order_relaxed);
    atomic_store_explicit(&version, v + 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
}

static void end_change(void)
{
    unsigned v = atomic_load_explicit(&version, memory_order_relaxed);
    atomic_store_explicit(&version, v + 1, memory_order_release);
    changing = false;
    dv_shadow_unlock();
}

static bool dead(const dv_alloc *a)
{
    return a->device == DV_NO_DEVICE;
}

/* The index of the entry starting at p, or of the last below it; -1: none.
   The table of starts says where p was, if nothing has moved since. */
static long index_of(const dv_alloc *v, size_t n, uintptr_t p)
{
    const start_entry *s = start_of(p);
    if (s->addr == p && s->index < n && v[s->index].addr == p)
        return (long)s->index;
    return floor_index(v, n, p);
}

static void remember_start(const dv_alloc *a, size_t index)
{
    *start_of(a->addr) = (start_entry){ a->addr, a->device, a->written, index };
}

/* Drops the dead entries of v, which nobody else reads while the version is
   odd (the lock held). */
static size_t sweep(dv_alloc *v, size_t n)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (!dead(&v[i]))
            v[kept++] = v[i];
        else
            keep_old(v[i].addr);
    ndead = 0;
    atomic_store_explicit(&nlive, kept, memory_order_relaxed);
    return kept;
}

/* Room for one more entry: the dead swept out when they are a quarter of a
   full array, else a doubled one. */
static bool room(size_t *n)
{
    if (*n < cap)
        return true;
    if (cap && ndead >= cap / 4) {
        *n = sweep(atomic_load_explicit(&live, memory_order_relaxed), *n);
        return true;
    }
    size_t ncap = cap ? cap * 2 : 1024;
    dv_alloc *v = malloc(ncap * sizeof *v);
    if (!v)
        return false;
    if (live) {
        memcpy(v, live, *n * sizeof *v);
        retired[nretired++] = live;     /* at most one per doubling */
    }
    atomic_store_explicit(&live, v, memory_order_release);
    cap = ncap;
    return true;
}

/* Where a goes in v: an entry of its own address (dead, or a free we never
   saw), a dead neighbour that keeps the order, or a new entry. */
static size_t place(dv_alloc *v, size_t *n, const dv_alloc *a)
{
    long at = index_of(v, *n, a->addr);
    if (at >= 0 && (v[at].addr == a->addr || dead(&v[at]))) {
        if (dead(&v[at]) && v[at].addr != a->addr)
            keep_old(v[at].addr);
        ndead -= dead(&v[at]);
        return (size_t)at;
    }
    size_t next = (size_t)(at + 1);
    if (next < *n && dead(&v[next])) {
        keep_old(v[next].addr);
        ndead--;
        return next;
    }
    memmove(&v[next + 1], &v[next], (*n - next) * sizeof *v);
    atomic_store_explicit(&nlive, ++*n, memory_order_relaxed);
    return next;
}

/* Drops the dead entries after index at that start inside v[at]: an address
   of v[at]'s then finds v[at] as the entry at or below it. */
static void sweep_inside(dv_alloc *v, size_t n, size_t at)
{
    size_t end = at + 1;
    while (end < n && dead(&v[end]) && holds(&v[at], v[end].addr))
        keep_old(v[end++].addr);
    if (end == at + 1)
        return;
    memmove(&v[at + 1], &v[end], (n - end) * sizeof *v);
    ndead -= end - (at + 1);
    atomic_store_explicit(&nlive, n - (end - (at + 1)), memory_order_relaxed);
}

void dv_shadow_add(const dv_alloc *a)
{
    begin_change();
    size_t n = atomic_load_explicit(&nlive, memory_order_relaxed);
    if (room(&n)) {
        dv_alloc *v = atomic_load_explicit(&live, memory_order_relaxed);
        size_t at = place(v, &n, a);
        v[at] = *a;
        sweep_inside(v, n, at);
        remember_start(a, at);
        if (!a->written) {
            if (nunwritten < UNWRITTEN)
                unwritten[nunwritten] = a->addr;
            nunwritten++;
            atomic_store_explicit(&some_unwritten, true, memory_order_relaxed);
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
        if ((seen & 1) && !changing)
            continue;
        const dv_alloc *v = atomic_load_explicit(&live, memory_order_acquire);
        size_t n = atomic_load_explicit(&nlive, memory_order_relaxed);
        long at = v ? floor_index(v, n, p) : -1;
        int device = at >= 0 && holds(&v[at], p) ? v[at].device : DV_NO_DEVICE;
        if (out && device != DV_NO_DEVICE)
            *out = v[at];
        atomic_thread_fence(memory_order_acquire);
        if (atomic_load_explicit(&version, memory_order_relaxed) == seen || changing)
            return device;
    }
}

bool dv_shadow_find(uintptr_t p, dv_alloc *out)
{
    return find(p, out) != DV_NO_DEVICE;
}

/* Out of line: once per allocation, or for a pointer into one. */
__attribute__((noinline)) static int find_writing(uintptr_t p, bool writes)
{
    dv_alloc a;
    int device = find(p, writes ? &a : NULL);
    if (writes && device != DV_NO_DEVICE && !a.written)
        dv_shadow_write(p);
    return device;
}

int dv_shadow_device(uintptr_t p, bool writes)
{
    const start_entry *s = start_of(p);
    for (;;) {
        unsigned seen = atomic_load_explicit(&version, memory_order_acquire);
        if ((seen & 1) && !changing)
            continue;
        bool start = s->addr == p && s->device != DV_NO_DEVICE, written = s->written;
        int device = s->device;
        atomic_thread_fence(memory_order_acquire);
        if (atomic_load_explicit(&version, memory_order_relaxed) != seen && !changing)
            continue;
        if (start && writes && !written)
            dv_shadow_write(p);
        return start ? device : find_writing(p, writes);
    }
}

/* Marks v[at] written, in the table of starts too; the lock held. */
static void mark_written(dv_alloc *v, size_t at)
{
    start_entry *s = start_of(v[at].addr);
    v[at].written = true;
    if (s->addr == v[at].addr)
        s->written = true;
}

/* The live allocation holding p marked written; the lock held.  One that
   starts at p and is written already (a launch's argument marked it since
   it was listed unwritten) is known so from its start's entry. */
static void write_at(uintptr_t p)
{
    const start_entry *s = start_of(p);
    if (s->addr == p && s->device != DV_NO_DEVICE && s->written)
        return;
    dv_alloc *v = atomic_load_explicit(&live, memory_order_relaxed);
    long at = v ? index_of(v, atomic_load_explicit(&nlive, memory_order_relaxed), p) : -1;
    if (at >= 0 && !dead(&v[at]) && holds(&v[at], p))
        mark_written(v, (size_t)at);
}

/* The flag alone changes, in place, and a reader may see it either way:
   the lock without the version's change. */
__attribute__((noinline)) void dv_shadow_write(uintptr_t p)
{
    dv_shadow_lock();
    write_at(p);
    dv_shadow_unlock();
}

void dv_shadow_write_all(void)
{
    if (!atomic_load_explicit(&some_unwritten, memory_order_relaxed))
        return;
    begin_change();
    dv_alloc *v = atomic_load_explicit(&live, memory_order_relaxed);
    size_t n = atomic_load_explicit(&nlive, memory_order_relaxed);
    for (size_t i = 0; nunwritten > UNWRITTEN && i < n; i++)
        if (!dead(&v[i]))
            mark_written(v, i);
    for (size_t i = 0; nunwritten <= UNWRITTEN && i < nunwritten; i++)
        write_at(unwritten[i]);
    nunwritten = 0;
    atomic_store_explicit(&some_unwritten, false, memory_order_relaxed);
    end_change();
}

bool dv_shadow_remove(uintptr_t p, dv_memory memory, uint32_t free_site, dv_alloc *out)
{
    begin_change();
    dv_alloc *v = atomic_load_explicit(&live, memory_order_relaxed);
    size_t n = atomic_load_explicit(&nlive, memory_order_relaxed);
    long at = v ? index_of(v, n, p) : -1;
    bool found = at >= 0 && v[at].addr == p && !dead(&v[at]) && v[at].memory == memory;
    if (found) {
        *out = v[at];
        out->free_site = free_site;
        freed[nfreed++ % QUARANTINE] = *out;
        v[at].device = DV_NO_DEVICE;
        ndead++;
        start_entry *s = start_of(p);
        if (s->addr == p)
            s->device = DV_NO_DEVICE;
    }
    end_change();
    return found;
}

bool dv_shadow_freed_long_ago(uintptr_t p)
{
    bool locked = !changing;
    if (locked)
        dv_shadow_lock();
    dv_alloc *v = atomic_load_explicit(&live, memory_order_relaxed);
    long at = v ? index_of(v, atomic_load_explicit(&nlive, memory_order_relaxed), p) : -1;
    bool found = (at >= 0 && v[at].addr == p && dead(&v[at])) || old_find(p) != NULL;
    if (locked)
        dv_shadow_unlock();
    return found;
}

bool dv_shadow_freed(uintptr_t p, dv_alloc *out)
{
    bool found = false, locked = !changing;     /* else this thread holds it */
    if (locked)
        dv_shadow_lock();
    size_t n = nfreed < QUARANTINE ? nfreed : QUARANTINE;
    for (size_t i = 1; i <= n && !found; i++) {
        const dv_alloc *a = &freed[(nfreed - i) % QUARANTINE];
        if ((found = holds(a, p)))
            *out = *a;
    }
    if (locked)
        dv_shadow_unlock();
    return found;
}

void dv_shadow_each(void (*f)(const dv_alloc *a, void *arg), void *arg)
{
    dv_shadow_lock();
    dv_alloc *v = atomic_load(&live);
    for (size_t i = 0, n = atomic_load(&nlive); i < n; i++)
        if (!dead(&v[i]))
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
