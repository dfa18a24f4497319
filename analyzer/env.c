/*
 * Access paths and the environment.
 *
 * A path ("x", "st->w", "#3.reg.x") is interned once for the run as a
 * number, with a link to its parent (the path less its last member) and to
 * its own members, so that "every member of st" is a walk over what was
 * ever written under st, not a scan of the environment.
 *
 * The environment maps path numbers to values in pages of 64.  A copy (at
 * every branch) shares the pages and copies one only when it writes to it,
 * and a join skips the pages both sides still share: a branch costs what
 * it changes, not the size of the function.
 */
#include "flow.h"
#include "hash.h"

#include <stdlib.h>
#include <string.h>

/* ---- interned paths ------------------------------------------------------------ */

typedef struct {
    char *text;
    uint32_t hash;
    int parent, first, next;            /* the tree of members */
} path_entry;

static path_entry *paths;               /* [0] is the empty path */
static int npaths, cappaths;
static int *slots;                      /* open addressing over paths */
static int nslots;

/* What the paths and pages hold, against the file's budget (dataflow.c):
   a path or a page made past it abandons the analysis, within the
   statement that grows without end, where no look at the clock comes. */
static size_t held, limit;

static void hold(size_t bytes)
{
    held += bytes;
    if (limit && held > limit)
        dc_abandon(DC_OUT_OF_MEMORY);
}

size_t df_env_held(void)
{
    return held;
}

void df_env_limit(size_t bytes)
{
    limit = bytes;
}

/* Where a path's last member starts (".x", "->x", "[3]"), or 0 for a root. */
static size_t last_member(const char *s)
{
    size_t cut = 0;
    for (size_t i = 1; s[i]; i++)
        if (s[i] == '.' || s[i] == '[' || (s[i] == '-' && s[i + 1] == '>'))
            cut = i;
    return cut;
}

static void rehash(void)
{
    nslots = nslots ? 2 * nslots : 1024;
    free(slots);
    slots = dc_realloc(NULL, (size_t)nslots * sizeof *slots);
    memset(slots, 0, (size_t)nslots * sizeof *slots);
    for (int id = 1; id < npaths; id++) {
        uint32_t i = paths[id].hash & (uint32_t)(nslots - 1);
        while (slots[i])
            i = (i + 1) & (uint32_t)(nslots - 1);
        slots[i] = id;
    }
}

/* The slot that holds text, or the empty one where it would go. */
static int *slot_of(const char *text, uint32_t h)
{
    uint32_t i = h & (uint32_t)(nslots - 1);
    for (; slots[i]; i = (i + 1) & (uint32_t)(nslots - 1))
        if (paths[slots[i]].hash == h && strcmp(paths[slots[i]].text, text) == 0)
            break;
    return &slots[i];
}

/* The path of text's first n bytes.  Paths are made in the walk's inner
   loops: most fit on the stack, and take no allocation to look up. */
static int path_of_span(const char *text, size_t n)
{
    char stack[256];
    char *copy = n < sizeof stack ? stack : dc_realloc(NULL, n + 1);
    memcpy(copy, text, n);
    copy[n] = '\0';
    int id = df_path_intern(copy);
    if (copy != stack)
        free(copy);
    return id;
}

int df_path_intern(const char *text)
{
    if (!text || !*text)
        return 0;
    if (npaths == 0) {
        cappaths = 1024;
        paths = dc_realloc(NULL, (size_t)cappaths * sizeof *paths);
        paths[npaths++] = (path_entry){ NULL, 0, 0, 0, 0 };    /* the empty path */
        rehash();
    }
    uint32_t h = (uint32_t)fnv1a_string(text);
    int *slot = slot_of(text, h);
    if (*slot)
        return *slot;
    size_t cut = last_member(text);
    int parent = cut ? path_of_span(text, cut) : 0;
    if (npaths == cappaths) {
        cappaths *= 2;
        paths = dc_realloc(paths, (size_t)cappaths * sizeof *paths);
    }
    if (2 * (npaths + 1) >= nslots)
        rehash();
    hold(sizeof *paths + 2 * sizeof *slots + strlen(text) + 1);
    int id = npaths++;
    paths[id] = (path_entry){ dc_format("%s", text), h, parent, 0, 0 };
    if (parent) {
        paths[id].next = paths[parent].first;
        paths[parent].first = id;
    }
    *slot_of(text, h) = id;
    return id;
}

const char *df_path_text(int id)
{
    return id > 0 && id < npaths ? paths[id].text : "";
}

int df_path_format(const char *fmt, ...)
{
    char stack[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(stack, sizeof stack, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof stack)
        return df_path_intern(stack);
    va_start(ap, fmt);
    char *text = dc_vformat(fmt, ap);
    va_end(ap);
    int id = df_path_intern(text);
    free(text);
    return id;
}

int df_path_join(const char *base, const char *rest)
{
    size_t a = strlen(base), b = strlen(rest);
    char stack[256];
    char *text = a + b < sizeof stack ? stack : dc_realloc(NULL, a + b + 1);
    memcpy(text, base, a);
    memcpy(text + a, rest, b + 1);
    int id = df_path_intern(text);
    if (text != stack)
        free(text);
    return id;
}

int *df_path_map_at(df_path_map *m, int id)
{
    if (id >= m->n) {
        int n = id + 1 > 2 * m->n ? id + 1 : 2 * m->n;
        m->v = dc_realloc(m->v, (size_t)n * sizeof *m->v);
        memset(m->v + m->n, 0, (size_t)(n - m->n) * sizeof *m->v);
        m->n = n;
    }
    return &m->v[id];
}

void df_path_map_free(df_path_map *m)
{
    free(m->v);
    *m = (df_path_map){ NULL, 0 };
}

/* ---- the environment ------------------------------------------------------------ */

#define PAGE 64

struct df_env_page {
    int refs;
    uint64_t set;                       /* which slots hold a value */
    df_value v[PAGE];
};

const df_value *df_env_find(const df_env *e, int id)
{
    int p = id / PAGE, i = id % PAGE;
    if (id <= 0 || p >= e->npages || !e->pages[p] || !(e->pages[p]->set >> i & 1))
        return NULL;
    return &e->pages[p]->v[i];
}

df_value df_env_get(const df_env *e, int id)
{
    const df_value *v = df_env_find(e, id);
    return v ? *v : df_value_unknown();
}

/* The page of id, the environment's own (copied if shared). */
static df_env_page *own_page(df_env *e, int id)
{
    int p = id / PAGE;
    if (p >= e->npages) {
        int n = p + 1 > 2 * e->npages ? p + 1 : 2 * e->npages;
        e->pages = dc_realloc(e->pages, (size_t)n * sizeof *e->pages);
        memset(e->pages + e->npages, 0, (size_t)(n - e->npages) * sizeof *e->pages);
        e->npages = n;
    }
    df_env_page *page = e->pages[p];
    if (page && page->refs == 1)
        return page;
    hold(sizeof(df_env_page));
    df_env_page *mine = dc_realloc(NULL, sizeof *mine);
    if (page) {
        *mine = *page;
        page->refs--;
    } else {
        mine->set = 0;
    }
    mine->refs = 1;
    e->pages[p] = mine;
    return mine;
}

void df_env_set(df_env *e, int id, df_value v)
{
    if (id <= 0)
        return;
    df_env_page *page = own_page(e, id);
    page->v[id % PAGE] = v;
    page->set |= (uint64_t)1 << (id % PAGE);
}

df_env df_env_copy(const df_env *e)
{
    df_env c = { NULL, e->npages, e->dead };
    if (e->npages) {
        c.pages = dc_realloc(NULL, (size_t)e->npages * sizeof *c.pages);
        for (int p = 0; p < e->npages; p++) {
            c.pages[p] = e->pages[p];
            if (c.pages[p])
                c.pages[p]->refs++;
        }
    }
    return c;
}

void df_env_free(df_env *e)
{
    for (int p = 0; p < e->npages; p++)
        if (e->pages[p] && --e->pages[p]->refs == 0) {
            free(e->pages[p]);
            held -= sizeof(df_env_page);
        }
    free(e->pages);
    *e = (df_env){ 0 };
}

/* A flag (an integer set to a constant) set on one side of a join only
   holds no known value after it: on the other side it holds what it
   held before (a parameter's member: the caller's).  Here, a's side. */
static bool forget_flags_of_a(df_env *a, const df_env *b)
{
    bool changed = false;
    for (int p = 0; p < a->npages; p++) {
        const df_env_page *mine = a->pages[p], *theirs = p < b->npages ? b->pages[p] : NULL;
        uint64_t only = mine && mine != theirs ? mine->set & ~(theirs ? theirs->set : 0) : 0;
        for (int i = 0; only; i++, only >>= 1)
            if ((only & 1) && mine->v[i].kind == V_FLAG) {
                df_env_set(a, p * PAGE + i, df_value_unknown());
                changed = true;
                mine = a->pages[p];     /* written: a page of a's own now */
            }
    }
    return changed;
}

bool df_env_join(df_env *a, const df_env *b)
{
    bool changed = false;
    if (b->dead)
        return false;
    if (a->dead) {
        df_env_free(a);
        *a = df_env_copy(b);
        return true;
    }
    changed = forget_flags_of_a(a, b);
    for (int p = 0; p < b->npages; p++) {
        const df_env_page *theirs = b->pages[p];
        if (!theirs || (p < a->npages && a->pages[p] == theirs))
            continue;                   /* shared: nothing differs here */
        for (int i = 0; i < PAGE; i++) {
            if (!(theirs->set >> i & 1))
                continue;
            int id = p * PAGE + i;
            const df_value *mine = df_env_find(a, id);
            if (!mine) {                /* and b's side: */
                df_env_set(a, id, theirs->v[i].kind == V_FLAG ? df_value_unknown() : theirs->v[i]);
                changed = true;
            } else if (!df_value_same(mine, &theirs->v[i])) {
                df_value j = df_value_join(mine, &theirs->v[i]);
                if (df_path_text(id)[0] != '#')
                    j = df_value_named(id, j);     /* a device set by branches */
                changed = changed || !df_value_same(mine, &j);
                df_env_set(a, id, j);
            }
        }
    }
    return changed;
}

int df_env_next(const df_env *e, int id)
{
    for (id++; id / PAGE < e->npages; id++) {
        const df_env_page *page = e->pages[id / PAGE];
        if (!page) {
            id = (id / PAGE + 1) * PAGE - 1;
            continue;
        }
        if (page->set >> (id % PAGE) & 1)
            return id;
    }
    return 0;
}

typedef struct {
    int *v;
    int n, cap;
} id_list;

/* The paths set in e under `from`, at any depth, in the tree's order. */
static void list_members(const df_env *e, int from, id_list *l)
{
    for (int m = paths[from].first; m; m = paths[m].next) {
        if (df_env_find(e, m)) {
            GROW(l->v, l->n, l->cap, 64, dc_realloc);
            l->v[l->n++] = m;
        }
        list_members(e, m, l);
    }
}

/* The members are listed before fn sees the first: what fn adds under
   `from` (a copy of st's members into st->prev, `head->prev = head`) is
   not walked in turn, which would add more below it, without end. */
void df_env_each_member(const df_env *e, int from, void (*fn)(int id, void *ctx), void *ctx)
{
    if (from <= 0 || from >= npaths)
        return;
    id_list l = { NULL, 0, 0 };
    list_members(e, from, &l);
    for (int i = 0; i < l.n; i++)
        fn(l.v[i], ctx);
    free(l.v);
}

typedef struct {
    df_env *e;
    size_t from_len;
    int to;
} twin_copy;

/* Whether id lies below `above` (a member of it, at any depth). */
static bool path_under(int id, int above)
{
    while ((id = paths[id].parent) != 0)
        if (id == above)
            return true;
    return false;
}

static void copy_twin(int id, void *ctx)
{
    twin_copy *t = ctx;
    const char *rest = df_path_text(id) + t->from_len;
    if (*rest != '.' && strncmp(rest, "->", 2) != 0)
        return;
    if (path_under(id, t->to))
        return;                         /* under `to` itself: overwritten, not copied deeper */
    int twin = df_path_join(df_path_text(t->to), rest);
    df_value v = df_env_get(t->e, id);
    df_env_set(t->e, twin, v);
}

void df_env_copy_members(df_env *e, int from, int to)
{
    if (!from || !to || from == to)
        return;
    twin_copy t = { e, strlen(df_path_text(from)), to };
    df_env_each_member(e, from, copy_twin, &t);
}
