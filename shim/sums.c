/*
 * The writer's sums: each event counted into the sum of its table (calls
 * by api, site and result; allocations, copies and launches by their
 * table's key; findings by kind, site, message and chain), in memory
 * (tally.c), and a batch's rows of the sums that changed in it.  Kernels
 * get their row the first time one is launched.
 */
#include "devtrace.h"
#include "memkind.h"

#include <stddef.h>

/* The writer's sums, one map each. */
static struct {
    dv_tally_map calls, allocs, copies, launches, findings, kernels;
} w;

/* Adds one event to the sum under key. */
static dv_tally *add_to(dv_tally_map *m, uint64_t k0, uint64_t k1, uint64_t k2, uint64_t k3,
                     const dv_event *e, int64_t bytes)
{
    uint64_t key[DV_TALLY_KEY] = { k0, k1, k2, k3 };
    bool fresh;
    dv_tally *t = dv_tally_find(m, key, &fresh);
    if (!t)
        return NULL;
    if (fresh)
        t->first = (int64_t)e->seq;
    t->count++;
    t->bytes += bytes;
    t->last = (int64_t)e->seq;
    t->dirty = true;
    return t;
}

void dv_sum_alloc(const dv_event *e)
{
    const dv_alloc *a = &e->u.alloc;
    if (e->type == DV_EV_ALLOC) {
        dv_tally *t = add_to(&w.allocs, a->site, a->api, a->memory, (uint64_t)(a->device + 1), e,
                          (int64_t)a->bytes);
        if (t && (int64_t)a->bytes > t->max)
            t->max = (int64_t)a->bytes;
        return;
    }
    uint64_t key[DV_TALLY_KEY] = { a->site, a->api, a->memory, (uint64_t)(a->device + 1) };
    bool fresh;
    dv_tally *t = dv_tally_find(&w.allocs, key, &fresh);
    if (t && !fresh) {                  /* else allocated before a fork: the parent's */
        t->freed++;
        t->freed_bytes += (int64_t)a->bytes;
        t->dirty = true;
    }
}

void dv_sum_copy(const dv_event *e)
{
    uint64_t how = e->u.copy.direction | (uint64_t)e->u.copy.host_memory << 8;
    uint64_t devices = (uint64_t)(uint16_t)e->u.copy.src_device << 16 |
                       (uint16_t)e->u.copy.dst_device;
    add_to(&w.copies, e->site, e->api | how << 8, devices, (uint32_t)e->result, e,
           (int64_t)e->u.copy.bytes);
}

static int64_t kernel_id(const void *func, bool driver)
{
    uint64_t key[DV_TALLY_KEY] = { (uint64_t)(uintptr_t)func };
    bool fresh;
    dv_tally *t = dv_tally_find(&w.kernels, key, &fresh);
    if (!t)
        return 0;
    if (fresh) {
        dv_bind_int(DV_S_KERNEL, 1, dv_rep.run);
        dv_bind_int(DV_S_KERNEL, 2, t->id);
        dv_bind_text(DV_S_KERNEL, 3, dv_kernel_name(func, driver));
        int params = dv_kernel_param_count(func, driver);
        if (params >= 0)
            dv_bind_int(DV_S_KERNEL, 4, params);
        dv_report_step(DV_S_KERNEL);
    }
    return t->id;
}

/* Returns the kernel's kernels.id. */
int64_t dv_sum_launch(const dv_event *e)
{
    const uint32_t *g = e->u.launch.grid, *b = e->u.launch.block;
    int64_t threads = (int64_t)g[0] * g[1] * g[2] * b[0] * b[1] * b[2];
    int64_t kernel = kernel_id(e->u.launch.func, dv_api_is_driver(e->api));
    add_to(&w.launches, e->site, (uint64_t)kernel, (uint64_t)(e->device + 1),
           (uint32_t)e->result, e, threads);
    return kernel;
}

void dv_sum_call(const dv_event *e)
{
    add_to(&w.calls, e->api, e->site, (uint32_t)e->result, 0, e, 0);
}

dv_tally *dv_sum_finding(const uint64_t key[DV_TALLY_KEY], bool *fresh)
{
    return dv_tally_find(&w.findings, key, fresh);
}

/* ---- writing the sums -------------------------------------------------------- */

static const char *const direction_names[] = { "HtoD", "DtoH", "DtoD", "HtoH", "memset" };

/* The report's names for where memory lives (common/memkind.h). */
static const char *memory_name(dv_memory memory)
{
    return memspaces[dv_space_of(memory)].column;
}

static const char *host_memory_name(dv_host_memory memory)
{
    return memory == DV_HOST_NONE ? "none"
         : memspaces[memory == DV_HOST_PINNED ? MEMSPACE_PINNED : MEMSPACE_HOST].column;
}

static int device_of(uint64_t stored)
{
    return (int)(int16_t)(uint16_t)stored;
}

static void bind_calls(const dv_tally *t)
{
    dv_bind_text(DV_S_CALLS, 2, dv_api_names[t->key[0]]);
    dv_bind_int(DV_S_CALLS, 3, (int64_t)t->key[1]);
    dv_bind_int(DV_S_CALLS, 4, (int32_t)t->key[2]);
}

static void bind_allocs(const dv_tally *t)
{
    dv_bind_int(DV_S_ALLOCS, 2, (int64_t)t->key[0]);
    dv_bind_text(DV_S_ALLOCS, 3, dv_api_names[t->key[1]]);
    dv_bind_text(DV_S_ALLOCS, 4, memory_name((dv_memory)t->key[2]));
    dv_bind_int(DV_S_ALLOCS, 5, (int64_t)t->key[3] - 1);
    dv_bind_int(DV_S_ALLOCS, 6, t->max);
    dv_bind_int(DV_S_ALLOCS, 7, t->freed);
    dv_bind_int(DV_S_ALLOCS, 8, t->freed_bytes);
}

static void bind_copies(const dv_tally *t)
{
    dv_bind_int(DV_S_COPIES, 2, (int64_t)t->key[0]);
    dv_bind_text(DV_S_COPIES, 3, dv_api_names[t->key[1] & 0xff]);
    dv_bind_text(DV_S_COPIES, 4, direction_names[t->key[1] >> 8 & 0xff]);
    dv_bind_text(DV_S_COPIES, 5, host_memory_name((dv_host_memory)(t->key[1] >> 16 & 0xff)));
    dv_bind_int(DV_S_COPIES, 6, device_of(t->key[2] >> 16));
    dv_bind_int(DV_S_COPIES, 7, device_of(t->key[2] & 0xffff));
    dv_bind_int(DV_S_COPIES, 8, (int32_t)t->key[3]);
}

static void bind_launches(const dv_tally *t)
{
    dv_bind_int(DV_S_LAUNCHES, 2, (int64_t)t->key[0]);
    dv_bind_int(DV_S_LAUNCHES, 3, (int64_t)t->key[1]);
    dv_bind_int(DV_S_LAUNCHES, 4, (int64_t)t->key[2] - 1);
    dv_bind_int(DV_S_LAUNCHES, 5, (int32_t)t->key[3]);
}

static void bind_recount(const dv_tally *t)
{
    dv_bind_int(DV_S_RECOUNT, 2, t->id);
}

/* Each sum, the statement that stores it, and how its row is bound. */
static const struct {
    size_t map;                         /* offsetof the dv_tally_map in w */
    int statement;
    void (*bind)(const dv_tally *t);
} sums[] = {
    { offsetof(__typeof__(w), calls), DV_S_CALLS, bind_calls },
    { offsetof(__typeof__(w), allocs), DV_S_ALLOCS, bind_allocs },
    { offsetof(__typeof__(w), copies), DV_S_COPIES, bind_copies },
    { offsetof(__typeof__(w), launches), DV_S_LAUNCHES, bind_launches },
    { offsetof(__typeof__(w), findings), DV_S_RECOUNT, bind_recount },
};

/* The sums that changed in this batch. */
void dv_sums_write(void)
{
    for (size_t s = 0; s < sizeof sums / sizeof *sums; s++) {
        dv_tally_map *m = (dv_tally_map *)((char *)&w + sums[s].map);
        for (size_t i = 0; i < m->cap; i++) {
            dv_tally *t = &m->slot[i];
            if (!t->id || !t->dirty)
                continue;
            int st = sums[s].statement, last = dv_bind_count(st);
            int64_t totals[] = { t->count, t->bytes, t->first, t->last };
            dv_bind_int(st, 1, dv_rep.run);
            sums[s].bind(t);
            for (int i = 0; i < 4 && 20 + i <= last; i++)
                dv_bind_int(st, 20 + i, totals[i]);
            dv_report_step(sums[s].statement);
            t->dirty = false;
        }
    }
}

void dv_sums_after_fork(void)
{
    dv_tally_clear(&w.calls);
    dv_tally_clear(&w.allocs);
    dv_tally_clear(&w.copies);
    dv_tally_clear(&w.launches);
    dv_tally_clear(&w.findings);
    dv_tally_clear(&w.kernels);
}
