/*
 * dt_module_save / dt_module_load: a module tree in a small binary format.
 *
 *   file   := "DTMODEL\0" u32:version(1) module
 *   module := str:name u32:kind i64[4]:config u32:n entry[n] u32:m (str:name module)[m]
 *   entry  := str:name u8:is_buffer u8:dtype u8:ndim i64[ndim]:dims bytes[numel*size]
 *   str    := u32:length (<= 4096) bytes[length]
 *
 * Integers are little-endian; kind is dt_layer_kind, dtype is dt_dtype.  A
 * save writes a temporary file and renames it, so a crash never leaves half a
 * model behind; a load checks every count and size against the file, so a
 * truncated or foreign file is an error, never a crash.
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "module_io.c writes its integers in host order, which must be little-endian"
#endif

#define MAGIC "DTMODEL"
#define VERSION 1u
#define MAX_STR 4096u
#define MAX_ITEMS 65536u
#define MAX_DEPTH 64

/* ---- save --------------------------------------------------------------- */

typedef struct { FILE *f; bool ok; } writer;

static void put(writer *w, const void *p, size_t n)
{
    if (w->ok && n && fwrite(p, 1, n, w->f) != n)
        w->ok = false;
}

static void put_u32(writer *w, uint32_t v) { put(w, &v, sizeof v); }
static void put_u8(writer *w, uint8_t v) { put(w, &v, 1); }

static void put_str(writer *w, const char *s)
{
    size_t n = strlen(s);
    put_u32(w, (uint32_t)(n > MAX_STR ? MAX_STR : n));
    put(w, s, n > MAX_STR ? MAX_STR : n);
}

static void put_entry(writer *w, const dt_module_entry *e)
{
    const dt_tensor *t = e->t;
    put_str(w, e->name);
    put_u8(w, e->buffer);
    put_u8(w, (uint8_t)t->dtype);
    put_u8(w, (uint8_t)t->shape.ndim);
    put(w, t->shape.dims, (size_t)t->shape.ndim * sizeof(int64_t));
    void *host = malloc(dt_nbytes(t) ? dt_nbytes(t) : 1);
    if (!host || dt_copy_to_host(t, host, dt_nbytes(t)) != 0)
        w->ok = false;
    else
        put(w, host, dt_nbytes(t));
    free(host);
}

static void put_module(writer *w, const dt_module *m)
{
    put_str(w, m->name);
    put_u32(w, (uint32_t)m->kind);
    put(w, m->config, sizeof m->config);
    put_u32(w, (uint32_t)m->nentries);
    for (int i = 0; i < m->nentries; i++)
        put_entry(w, &m->entries[i]);
    put_u32(w, (uint32_t)m->nchildren);
    for (int i = 0; i < m->nchildren; i++) {
        put_str(w, m->children[i].name);
        put_module(w, m->children[i].m);
    }
}

int dt_module_save(const dt_module *m, const char *path)
{
    if (!m || !path)
        return dt_fail("dt_module_save: argument '%s' is NULL", m ? "path" : "m"), -1;
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof tmp)
        return dt_fail("dt_module_save: path too long"), -1;
    writer w = { fopen(tmp, "wb"), true };
    if (!w.f)
        return dt_fail("dt_module_save: cannot create '%s': %s", path, strerror(errno)), -1;
    put(&w, MAGIC, sizeof MAGIC);
    put_u32(&w, VERSION);
    put_module(&w, m);
    int err = errno;
    if (fclose(w.f) != 0 || !w.ok || rename(tmp, path) != 0) {
        err = w.ok ? errno : err;
        unlink(tmp);
        return dt_fail("dt_module_save: cannot write '%s': %s", path, strerror(err)), -1;
    }
    return 0;
}

/* ---- load --------------------------------------------------------------- */

typedef struct {
    FILE *f;
    const char *path;
    long left;              /* bytes not yet read: bounds every size read */
    bool failed;
    dt_site site;
} reader;

static bool bad(reader *r, const char *what)
{
    if (!r->failed)
        dt_fail("dt_module_load: '%s' is %s", r->path, what);
    r->failed = true;
    return false;
}

static bool get(reader *r, void *p, size_t n)
{
    if (r->failed)
        return false;
    if ((long)n > r->left || fread(p, 1, n, r->f) != n)
        return bad(r, "truncated");
    r->left -= (long)n;
    return true;
}

static uint32_t get_u32(reader *r, uint32_t max, const char *what)
{
    uint32_t v = 0;
    if (get(r, &v, sizeof v) && v > max)
        bad(r, what);
    return r->failed ? 0 : v;
}

static uint8_t get_u8(reader *r, uint8_t max, const char *what)
{
    uint8_t v = 0;
    if (get(r, &v, 1) && v > max)
        bad(r, what);
    return r->failed ? 0 : v;
}

static char *get_str(reader *r)
{
    uint32_t n = get_u32(r, MAX_STR, "corrupt (a name is too long)");
    char *s = r->failed ? NULL : malloc(n + 1);
    if (!s || !get(r, s, n)) {
        free(s);
        return NULL;
    }
    s[n] = '\0';
    return s;
}

static dt_tensor *get_tensor(reader *r)
{
    dt_dtype dtype = get_u8(r, DT_I64, "corrupt (unknown dtype)");
    dt_shape s = { get_u8(r, DT_MAX_DIMS, "corrupt (too many dims)"), { 0 } };
    if (!get(r, s.dims, (size_t)s.ndim * sizeof(int64_t)))
        return NULL;
    int64_t bytes = (int64_t)dt_dtype_size(dtype);
    for (int i = 0; i < s.ndim; i++) {
        if (s.dims[i] < 0 || (s.dims[i] && bytes > r->left / s.dims[i]))
            return bad(r, s.dims[i] < 0 ? "corrupt (negative dim)" : "truncated"), NULL;
        bytes *= s.dims[i];
    }
    dt_tensor *t = dt_empty(s, dtype, dt_cpu(), r->site);
    if (t && !get(r, t->storage->ptr, (size_t)bytes)) {
        dt_release(t);
        return NULL;
    }
    return t;
}

static dt_module *get_module(reader *r, int depth);

static bool get_entries(reader *r, dt_module *m)
{
    uint32_t n = get_u32(r, MAX_ITEMS, "corrupt (too many parameters)");
    for (uint32_t i = 0; i < n && !r->failed; i++) {
        char *name = get_str(r);
        bool buffer = get_u8(r, 1, "corrupt (bad entry flag)");
        dt_tensor *t = name ? get_tensor(r) : NULL;
        if (t)
            dt_module_add_entry(m, name, t, buffer);
        dt_release(t);
        free(name);
    }
    return !r->failed;
}

static bool get_children(reader *r, dt_module *m, int depth)
{
    uint32_t n = get_u32(r, MAX_ITEMS, "corrupt (too many children)");
    for (uint32_t i = 0; i < n && !r->failed; i++) {
        char *name = get_str(r);
        dt_module *child = name ? get_module(r, depth + 1) : NULL;
        if (child)
            dt_module_add_child(m, name, child);
        free(name);
    }
    return !r->failed;
}

static dt_module *get_module(reader *r, int depth)
{
    if (depth > MAX_DEPTH)
        return bad(r, "corrupt (modules nested too deep)"), NULL;
    char *name = get_str(r);
    dt_layer_kind kind = get_u32(r, DT_LAYER_COUNT - 1, "corrupt (unknown layer kind)");
    int64_t config[DT_MODULE_CONFIG];
    if (!name || !get(r, config, sizeof config)) {
        free(name);
        return NULL;
    }
    dt_forward_fn fwd = kind == DT_LAYER_CUSTOM ? dt_module_registered(name) : dt_layer_forward(kind);
    dt_module *m = dt_module_make(name, kind, fwd);
    free(name);
    if (!m)
        return NULL;
    memcpy(m->config, config, sizeof config);
    if (!get_entries(r, m) || !get_children(r, m, depth)) {
        dt_module_release(m);
        return NULL;
    }
    return m;
}

dt_module *dt_module_load_at(const char *path, const char *file_, int line_)
{
    DT_CALL("dt_module_load");
    if (!path)
        return dt_fail("dt_module_load: argument 'path' is NULL");
    reader r = { NULL, path, 0, false, DT_SITE("dt_module_load") };
    struct stat st;
    /* O_NONBLOCK: a FIFO or a device would otherwise block the open itself,
       before the check that refuses it; a regular file reads the same. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return dt_fail("dt_module_load: cannot open '%s': %s", path, strerror(errno));
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return dt_fail("dt_module_load: '%s' is not a regular file", path);
    }
    if (!(r.f = fdopen(fd, "rb"))) {
        int err = errno;
        close(fd);
        return dt_fail("dt_module_load: cannot open '%s': %s", path, strerror(err));
    }
    r.left = (long)st.st_size;
    char magic[sizeof MAGIC];
    uint32_t version = 0;
    dt_module *m = NULL;
    if (r.left < (long)sizeof magic || (get(&r, magic, sizeof magic) &&
                                        memcmp(magic, MAGIC, sizeof magic) != 0))
        bad(&r, "not a devtensor model file (bad magic)");
    else if (get(&r, &version, sizeof version) && version != VERSION)
        dt_fail("dt_module_load: '%s' has format version %u; this runtime reads version %u",
                path, version, VERSION), r.failed = true;
    else if ((m = get_module(&r, 0)) && r.left != 0) {
        bad(&r, "corrupt (trailing data)");
        dt_module_release(m);
        m = NULL;
    }
    fclose(r.f);
    return m;
}
