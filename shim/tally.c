/*
 * The writer's sums, kept in memory under keys of up to four numbers, in
 * open-addressing hash maps that double when half full: a batch then writes
 * only the sums that changed, not a row per call.
 */
#include "devtrace.h"

#include <stdlib.h>
#include <string.h>

#define MAP_SIZE 4096                   /* a power of two */

static uint64_t mix(const uint64_t k[DV_TALLY_KEY])
{
    uint64_t h = 0;
    for (int i = 0; i < DV_TALLY_KEY; i++)
        h = (h ^ k[i]) * 0x9E3779B97F4A7C15ull;
    return h >> 17;
}

static bool grow(dv_tally_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : MAP_SIZE;
    dv_tally_map grown = { calloc(cap, sizeof(dv_tally)), 0, cap };
    if (!grown.slot)
        return false;
    for (size_t i = 0; i < m->cap; i++)
        if (m->slot[i].id) {
            size_t j = mix(m->slot[i].key) & (grown.cap - 1);
            while (grown.slot[j].id)
                j = (j + 1) & (grown.cap - 1);
            grown.slot[j] = m->slot[i];
            grown.used++;
        }
    free(m->slot);
    *m = grown;
    return true;
}

static bool holds_key(const dv_tally *t, const uint64_t key[DV_TALLY_KEY])
{
    bool same = t->id != 0;
    for (int i = 0; i < DV_TALLY_KEY; i++)       /* unrolled: memcmp's call cost more */
        same &= t->key[i] == key[i];
    return same;
}

dv_tally *dv_tally_find(dv_tally_map *m, const uint64_t key[DV_TALLY_KEY], bool *fresh)
{
    if (m->used * 2 >= m->cap && !grow(m))
        return NULL;
    size_t i = mix(key) & (m->cap - 1);
    while (m->slot[i].id && !holds_key(&m->slot[i], key))
        i = (i + 1) & (m->cap - 1);
    *fresh = !m->slot[i].id;
    if (*fresh) {
        memcpy(m->slot[i].key, key, sizeof m->slot[i].key);
        m->slot[i].id = (int64_t)++m->used;
    }
    return &m->slot[i];
}

void dv_tally_clear(dv_tally_map *m)
{
    free(m->slot);
    *m = (dv_tally_map){ 0 };
}
