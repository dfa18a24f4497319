/*
 * Where emulated memory lives.
 *
 * Each device reserves two ranges of the same size: its device addresses,
 * mapped PROT_NONE so that any host access faults, and the alias that holds
 * the bytes, private to this library.  Device address base + k is alias
 * byte k.  An allocation is an offset range; allocations of a device are kept
 * sorted by offset, and a new one takes the first gap that fits (the counts
 * are small: a program's live tensors).  Pinned host memory is ordinary
 * memory that this library remembers, so pointer queries and copies know it;
 * so is managed memory, which host code and every device's kernels reach at
 * the same address, as they do on a GPU with unified memory.
 */
#include "sim.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define ALIGN 256                       /* cudaMalloc's alignment */
#define RELEASE_MIN (1u << 20)          /* freed blocks this large give pages back */

typedef struct {
    size_t off, size;
    int device;
    bool managed;
    bool registered;                    /* the program's own memory, pinned where it is */
} block;

typedef struct {
    block *v;
    size_t n, cap;
} block_list;

typedef struct {
    char *addr;                         /* device addresses: PROT_NONE */
    char *alias;                        /* the bytes */
    size_t size, used;
    block_list live;
} device_space;

static device_space spaces[SIM_MAX_DEVICES];
static int ndevices;
static block_list pinned;               /* and managed: off is the address itself */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void relock_in_child(void)
{
    pthread_mutex_init(&lock, NULL);
    sim_launch_after_fork();
}

static bool reserve(device_space *s, int index, size_t size)
{
    int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
    s->addr = mmap(NULL, size, PROT_NONE, flags, -1, 0);
    s->alias = mmap(NULL, size, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (s->addr != MAP_FAILED && s->alias != MAP_FAILED) {
        s->size = size;
        return true;
    }
    fprintf(stderr, "cudasim: cannot reserve %zu MiB of address space for cuda:%d: %s\n",
            size >> 20, index, strerror(errno));
    if (s->addr != MAP_FAILED)
        munmap(s->addr, size);
    if (s->alias != MAP_FAILED)
        munmap(s->alias, size);
    return false;
}

static void init(void)
{
    int want = (int)sim_env_long("DT_SIM_DEVICES", 2, 0, SIM_MAX_DEVICES);
    size_t size = (size_t)sim_env_long("DT_SIM_MEMORY_MB", 4096, 1, 1L << 24) << 20;
    while (ndevices < want && reserve(&spaces[ndevices], ndevices, size))
        ndevices++;
    pthread_atfork(NULL, NULL, relock_in_child);
}

int sim_device_count(void)
{
    pthread_once(&once, init);
    return ndevices;
}

int sim_device_of(const void *p)
{
    const char *c = p;
    for (int d = 0; d < ndevices; d++)
        if (c >= spaces[d].addr && c < spaces[d].addr + spaces[d].size)
            return d;
    return -1;
}

void *sim_alias(int d, const void *p)
{
    const device_space *s = &spaces[d];
    return s->alias + ((const char *)p - s->addr);
}

/* The index of the last block starting at or before key, or -1. */
static ptrdiff_t find_block(const block_list *l, size_t key)
{
    ptrdiff_t lo = 0, hi = (ptrdiff_t)l->n - 1, found = -1;
    while (lo <= hi) {
        ptrdiff_t mid = lo + (hi - lo) / 2;
        if (l->v[mid].off <= key) {
            found = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return found;
}

static bool insert_block(block_list *l, size_t at, block b)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        block *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return false;
        l->v = v;
        l->cap = cap;
    }
    memmove(l->v + at + 1, l->v + at, (l->n - at) * sizeof *l->v);
    l->v[at] = b;
    l->n++;
    return true;
}

static void remove_block(block_list *l, size_t at)
{
    memmove(l->v + at, l->v + at + 1, (l->n - at - 1) * sizeof *l->v);
    l->n--;
}

/* The block of l holding key, or -1. */
static ptrdiff_t holding(const block_list *l, size_t key)
{
    ptrdiff_t i = find_block(l, key);
    return i >= 0 && key < l->v[i].off + l->v[i].size ? i : -1;
}

sim_where sim_locate(const void *p)
{
    sim_where w = { SIM_HOST, -1, NULL, 0 };
    pthread_mutex_lock(&lock);
    int d = sim_device_of(p);
    const block_list *l = d >= 0 ? &spaces[d].live : &pinned;
    size_t key = d >= 0 ? (size_t)((const char *)p - spaces[d].addr) : (size_t)p;
    ptrdiff_t i = holding(l, key);
    if (d >= 0) {
        w.space = SIM_DEVICE;
        w.device = d;
    } else if (i >= 0) {
        w.space = l->v[i].managed ? SIM_MANAGED : SIM_PINNED;
        w.device = l->v[i].device;
    }
    if (i >= 0) {
        w.base = d >= 0 ? spaces[d].addr + l->v[i].off : (char *)l->v[i].off;
        w.size = l->v[i].size;
    }
    pthread_mutex_unlock(&lock);
    return w;
}

/* First fit: the lowest gap between live blocks that holds size bytes. */
static bool first_fit(const device_space *s, size_t size, size_t *off, size_t *at)
{
    size_t start = 0;
    for (size_t i = 0; i <= s->live.n; i++) {
        size_t end = i < s->live.n ? s->live.v[i].off : s->size;
        if (end - start >= size) {
            *off = start;
            *at = i;
            return true;
        }
        if (i < s->live.n)
            start = s->live.v[i].off + s->live.v[i].size;
    }
    return false;
}

void *sim_device_alloc(int device, size_t size)
{
    device_space *s = &spaces[device];
    size_t rounded = size ? (size + ALIGN - 1) / ALIGN * ALIGN : ALIGN;
    size_t off, at;
    void *p = NULL;
    if (rounded < size)
        return NULL;
    pthread_mutex_lock(&lock);
    if (first_fit(s, rounded, &off, &at) &&
        insert_block(&s->live, at, (block){ off, rounded, device, false, false })) {
        s->used += rounded;
        p = s->addr + off;
    }
    pthread_mutex_unlock(&lock);
    return p;
}

/* Gives the pages wholly inside a large freed block back to the system. */
static void release_pages(char *p, size_t size)
{
    size_t page = 4096;
    char *lo = (char *)(((size_t)p + page - 1) & ~(page - 1));
    char *hi = (char *)(((size_t)p + size) & ~(page - 1));
    if (size >= RELEASE_MIN && hi > lo)
        madvise(lo, (size_t)(hi - lo), MADV_DONTNEED);
}

int sim_device_free(void *p)
{
    int d = sim_device_of(p), rc = -1;
    if (d < 0)
        return sim_host_free(p, true);
    device_space *s = &spaces[d];
    size_t off = (size_t)((char *)p - s->addr);
    pthread_mutex_lock(&lock);
    ptrdiff_t i = find_block(&s->live, off);
    if (i >= 0 && s->live.v[i].off == off) {
        release_pages(s->alias + off, s->live.v[i].size);
        s->used -= s->live.v[i].size;
        remove_block(&s->live, (size_t)i);
        rc = 0;
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

void sim_device_free_all(int device)
{
    device_space *s = &spaces[device];
    pthread_mutex_lock(&lock);
    release_pages(s->alias, s->size);
    s->live.n = 0;
    s->used = 0;
    pthread_mutex_unlock(&lock);
}

void sim_memory_info(int device, size_t *used, size_t *total)
{
    pthread_mutex_lock(&lock);
    *used = spaces[device].used;
    *total = spaces[device].size;
    pthread_mutex_unlock(&lock);
}

void *sim_host_alloc(int device, size_t size, bool managed)
{
    size_t n = size ? size : 1;
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    pthread_mutex_lock(&lock);
    ptrdiff_t at = find_block(&pinned, (size_t)p) + 1;
    bool ok = insert_block(&pinned, (size_t)at, (block){ (size_t)p, n, device, managed, false });
    pthread_mutex_unlock(&lock);
    if (!ok) {
        munmap(p, n);
        return NULL;
    }
    return p;
}

int sim_host_free(void *p, bool managed)
{
    size_t n = 0;
    pthread_mutex_lock(&lock);
    ptrdiff_t i = find_block(&pinned, (size_t)p);
    if (i >= 0 && pinned.v[i].off == (size_t)p && pinned.v[i].managed == managed &&
        !pinned.v[i].registered) {
        n = pinned.v[i].size;
        remove_block(&pinned, (size_t)i);
    }
    pthread_mutex_unlock(&lock);
    if (n == 0)
        return -1;
    munmap(p, n);
    return 0;
}

bool sim_host_register(void *p, size_t size, int device)
{
    pthread_mutex_lock(&lock);
    ptrdiff_t below = find_block(&pinned, (size_t)p);
    size_t at = (size_t)(below + 1);
    bool free = (below < 0 || pinned.v[below].off + pinned.v[below].size <= (size_t)p) &&
                (at == pinned.n || pinned.v[at].off >= (size_t)p + size);
    bool ok = free && (size_t)p + size > (size_t)p &&
              insert_block(&pinned, at, (block){ (size_t)p, size, device, false, true });
    pthread_mutex_unlock(&lock);
    return ok;
}

int sim_host_unregister(void *p)
{
    pthread_mutex_lock(&lock);
    ptrdiff_t i = find_block(&pinned, (size_t)p);
    bool found = i >= 0 && pinned.v[i].off == (size_t)p && pinned.v[i].registered;
    if (found)
        remove_block(&pinned, (size_t)i);
    pthread_mutex_unlock(&lock);
    return found ? 0 : -1;
}
