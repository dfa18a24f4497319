/*
 * Modules: a tree of named parameters, buffers and children, with a forward
 * function.  dt_module_to moves what is registered, in place.
 */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

dt_module *dt_module_make(const char *name, dt_layer_kind kind, dt_forward_fn forward)
{
    dt_module *m = calloc(1, sizeof *m);
    if (!m || !(m->name = strdup(name ? name : "module"))) {
        free(m);
        return dt_fail("dt_module_new: out of memory");
    }
    m->kind = kind;
    m->forward = forward;
    return m;
}

dt_module *dt_module_new(const char *name, dt_forward_fn forward, void *state)
{
    dt_module *m = dt_module_make(name, DT_LAYER_CUSTOM, forward);
    if (m)
        m->state = state;
    return m;
}

void *dt_module_state(dt_module *m) { return m ? m->state : NULL; }
const char *dt_module_name(const dt_module *m) { return m ? m->name : NULL; }

void dt_module_set_state_free(dt_module *m, void (*free_state)(void *))
{
    if (m)
        m->free_state = free_state;
}

/* Grows *items (of size each) to hold one more; false when out of memory. */
static bool grow(void **items, int *cap, int count, size_t each)
{
    if (count < *cap)
        return true;
    int ncap = *cap ? *cap * 2 : 4;
    void *p = realloc(*items, (size_t)ncap * each);
    if (!p)
        return false;
    *items = p;
    *cap = ncap;
    return true;
}

static dt_module_entry *find_entry(dt_module *m, const char *name)
{
    for (int i = 0; i < m->nentries; i++)
        if (strcmp(m->entries[i].name, name) == 0)
            return &m->entries[i];
    return NULL;
}

/* A name is a non-empty word without '.', which dt_module_get reads as a
   path through children (PyTorch's rule). */
static bool name_ok(const char *op, const char *name)
{
    if (*name && !strchr(name, '.'))
        return true;
    dt_fail("%s: name '%s' must be non-empty and can't contain \".\"", op, name);
    return false;
}

/* Registering a name again replaces what it held, like assigning a
   parameter in PyTorch. */
void dt_module_add_entry(dt_module *m, const char *name, dt_tensor *t, bool buffer)
{
    const char *op = buffer ? "dt_module_add_buffer" : "dt_module_add_param";
    if (!m || !name || !t) {
        dt_fail("%s: argument '%s' is NULL", op, !m ? "m" : !name ? "name" : "t");
        return;
    }
    if (!name_ok(op, name))
        return;
    dt_module_entry *e = find_entry(m, name);
    if (e) {
        dt_retain(t);
        dt_release(e->t);
        e->t = t;
        e->buffer = buffer;
        return;
    }
    char *copy = strdup(name);
    if (!copy || !grow((void **)&m->entries, &m->entries_cap, m->nentries, sizeof *m->entries)) {
        free(copy);
        dt_fail("dt_module_add_param: out of memory");
        return;
    }
    m->entries[m->nentries++] = (dt_module_entry){ copy, dt_retain(t), buffer };
}

void dt_module_add_param(dt_module *m, const char *name, dt_tensor *t)
{
    dt_module_add_entry(m, name, t, false);
}

void dt_module_add_buffer(dt_module *m, const char *name, dt_tensor *t)
{
    dt_module_add_entry(m, name, t, true);
}

void dt_module_add_child(dt_module *m, const char *name, dt_module *child)
{
    if (!m || !name || !child) {
        dt_fail("dt_module_add_child: argument '%s' is NULL", !m ? "m" : !name ? "name" : "child");
        dt_module_release(child);
        return;
    }
    if (!name_ok("dt_module_add_child", name)) {
        dt_module_release(child);
        return;
    }
    for (int i = 0; i < m->nchildren; i++)
        if (strcmp(m->children[i].name, name) == 0) {
            dt_module_release(m->children[i].m);
            m->children[i].m = child;
            return;
        }
    char *copy = strdup(name);
    if (!copy || !grow((void **)&m->children, &m->children_cap, m->nchildren, sizeof *m->children)) {
        free(copy);
        dt_module_release(child);
        dt_fail("dt_module_add_child: out of memory");
        return;
    }
    m->children[m->nchildren++] = (dt_module_link){ copy, child };
}

dt_module *dt_module_child(dt_module *m, const char *name)
{
    for (int i = 0; m && name && i < m->nchildren; i++)
        if (strcmp(m->children[i].name, name) == 0)
            return m->children[i].m;
    return NULL;
}

/* "weight", or a dotted path through children: "0.weight". */
dt_tensor *dt_module_get(dt_module *m, const char *name)
{
    if (!m || !name)
        return NULL;
    dt_module_entry *e = find_entry(m, name);
    if (e)
        return e->t;
    const char *dot = strchr(name, '.');
    if (!dot)
        return NULL;
    char head[256];
    size_t n = (size_t)(dot - name);
    if (n >= sizeof head)
        return NULL;
    memcpy(head, name, n);
    head[n] = '\0';
    return dt_module_get(dt_module_child(m, head), dot + 1);
}

dt_tensor *dt_forward_at(dt_module *m, dt_tensor *x, const char *file_, int line_)
{
    DT_CALL("dt_forward");
    if (!m)
        return dt_fail("dt_forward: argument 'm' is NULL");
    if (!m->forward)
        return dt_fail("dt_forward: module '%s' has no forward function (a custom module "
                       "loaded from a file needs dt_module_register)", m->name);
    dt_site saved = dt_outer_site_push(DT_SITE("dt_forward"));
    bool custom = m->kind == DT_LAYER_CUSTOM, from_user = custom && dt_user_code_begin();
    dt_tensor *y = m->forward(m, x);
    if (custom)
        dt_user_code_end(from_user);
    dt_outer_site_pop(saved);
    return y;
}

static int move_tree(dt_module *m, dt_device d)
{
    for (int i = 0; i < m->nentries; i++)
        if (dt_tensor_move(m->entries[i].t, d, "dt_module_to") != 0)
            return -1;
    for (int i = 0; i < m->nchildren; i++)
        if (move_tree(m->children[i].m, d) != 0)
            return -1;
    return 0;
}

void dt_module_to(dt_module *m, dt_device d)
{
    if (!m)
        dt_fail("dt_module_to: argument 'm' is NULL");
    else if (dt_backend_for(d, "dt_module_to"))
        move_tree(m, d);
}

static const dt_tensor *first_tensor(const dt_module *m)
{
    if (m->nentries)
        return m->entries[0].t;
    for (int i = 0; i < m->nchildren; i++) {
        const dt_tensor *t = first_tensor(m->children[i].m);
        if (t)
            return t;
    }
    return NULL;
}

dt_device dt_module_device(const dt_module *m)
{
    const dt_tensor *t = m ? first_tensor(m) : NULL;
    return t ? dt_device_of(t) : dt_cpu();
}

void dt_module_release(dt_module *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->nentries; i++) {
        free(m->entries[i].name);
        dt_release(m->entries[i].t);
    }
    for (int i = 0; i < m->nchildren; i++) {
        free(m->children[i].name);
        dt_module_release(m->children[i].m);
    }
    if (m->free_state) {
        bool from_user = dt_user_code_begin();
        m->free_state(m->state);
        dt_user_code_end(from_user);
    }
    free(m->entries);
    free(m->children);
    free(m->name);
    free(m);
}

/* ---- the registry of custom forwards, for dt_module_load ---------------- */

typedef struct registered { struct registered *next; dt_forward_fn forward; char name[]; } registered;

static registered *registry;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

void dt_module_register(const char *name, dt_forward_fn forward)
{
    if (!name || !forward) {
        dt_fail("dt_module_register: argument '%s' is NULL", name ? "forward" : "name");
        return;
    }
    pthread_mutex_lock(&registry_lock);
    registered *r;
    for (r = registry; r && strcmp(r->name, name) != 0; r = r->next)
        ;
    if (r)
        r->forward = forward;
    else if ((r = malloc(sizeof *r + strlen(name) + 1))) {
        strcpy(r->name, name);
        r->forward = forward;
        r->next = registry;
        registry = r;
    }
    pthread_mutex_unlock(&registry_lock);
}

dt_forward_fn dt_module_registered(const char *name)
{
    dt_forward_fn f = NULL;
    pthread_mutex_lock(&registry_lock);
    for (registered *r = registry; r; r = r->next)
        if (strcmp(r->name, name) == 0)
            f = r->forward;
    pthread_mutex_unlock(&registry_lock);
    return f;
}
