/*
 * The cache: each unit's facts kept between runs (docs/facts.md), so that
 * a run parses only the files that changed.
 *
 *   - An entry's name is a hash of its key: devcheck's version, the file's
 *     absolute path, the folder its command runs in, and the flags.
 *   - It records every file the parse read (the source and its headers)
 *     with its size, time of change and a hash of its bytes: a file whose
 *     size and time are as recorded is taken as unchanged, else its bytes
 *     are hashed again; any change is a miss.
 *   - An entry is written to a temporary file beside it and renamed over
 *     it, so that runs at once, and captures at once, never see half of
 *     one; one that does not check (magic, key, checksum) is removed.
 *
 * An entry: "DCCACHE1", the key (uint32 length, bytes), the files (uint32
 * count; each: uint32 length, path, uint64 size, int64 mtime_ns, uint64
 * hash), the facts (uint64 length, bytes), and a checksum of all before.
 */
#include "devcheck.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "DCCACHE1"

uint64_t dc_hash64(const void *data, size_t n, uint64_t seed)
{
    const unsigned char *p = data;
    uint64_t h = 0x9E3779B97F4A7C15u ^ seed ^ n, w;
    for (; n >= 8; p += 8, n -= 8) {
        memcpy(&w, p, 8);
        h = (h ^ (w * 0xC2B2AE3D27D4EB4Fu)) * 0x9E3779B97F4A7C15u;
        h = h << 31 | h >> 33;
    }
    for (w = 0; n; n--)
        w = w << 8 | p[n - 1];
    h ^= w * 0x165667B19E3779F9u;
    h ^= h >> 33, h *= 0xFF51AFD7ED558CCDu;
    h ^= h >> 33, h *= 0xC4CEB9FE1A85EC53u;
    return h ^ h >> 33;
}

/* A growing buffer of bytes. */
typedef struct {
    char *v;
    size_t n, cap;
} bytes;

static void put(bytes *b, const void *p, size_t n)
{
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2;
        b->v = dc_realloc(b->v, b->cap);
    }
    memcpy(b->v + b->n, p, n);
    b->n += n;
}

static void put_text(bytes *b, const char *s)
{
    uint32_t n = (uint32_t)strlen(s);
    put(b, &n, 4);
    put(b, s, n);
}

static char *key_of(const char *file, const char *directory, const char *const *flags, int n)
{
    bytes b = { 0 };
    char *abs = file[0] != '/' && directory ? dc_format("%s/%s", directory, file)
                                            : dc_format("%s", file);
    char *real = dc_absolute_path(abs);
    char *head = dc_format("devcheck %s\n%s\n%s\n", DEVCHECK_VERSION, real ? real : abs,
                           directory ? directory : "");
    put(&b, head, strlen(head));
    for (int i = 0; i < n; i++) {
        put(&b, flags[i], strlen(flags[i]));
        put(&b, "\n", 1);
    }
    put(&b, "", 1);
    free(head);
    free(real);
    free(abs);
    return b.v;
}

static char *entry_path(const char *dir, const char *key)
{
    size_t n = strlen(key);
    uint64_t a = dc_hash64(key, n, 1), b = dc_hash64(key, n, 2);
    return dc_format("%s/%02x/%016llx%014llx", dir, (unsigned)(a >> 56),
                     (unsigned long long)a, (unsigned long long)(b >> 8));
}

/* ---- reading ---------------------------------------------------------------------- */

typedef struct {
    const char *p, *end;
} reader;

static bool take(reader *r, void *out, size_t n)
{
    if ((size_t)(r->end - r->p) < n)
        return false;
    memcpy(out, r->p, n);
    r->p += n;
    return true;
}

static const char *take_text(reader *r, uint32_t *n)
{
    const char *s = r->p;
    if (!take(r, n, 4) || (size_t)(r->end - r->p) < *n)
        return NULL;
    s = r->p;
    r->p += *n;
    return s;
}

/* Whether a file still holds what it held: the same size and time, or
   the same bytes. */
static bool unchanged(const char *path, uint64_t size, int64_t mtime, uint64_t hash)
{
    struct stat st;
    if (stat(path, &st) != 0 || (uint64_t)st.st_size != size)
        return false;
    if ((int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec == mtime)
        return true;
    size_t len;
    char *text = dc_read_file(path, &len);
    bool same = text && dc_hash64(text, len, 0) == hash;
    free(text);
    return same;
}

/* The facts in an entry's bytes, if it is whole, of this key, and its
   files unchanged; *damaged when it does not check. */
static void *entry_facts(const char *data, size_t len, const char *key, size_t *out, bool *damaged)
{
    uint64_t sum, n64;
    uint32_t n, ndeps;
    *damaged = true;
    if (len < 16 || memcmp(data, MAGIC, 8) != 0)
        return NULL;
    memcpy(&sum, data + len - 8, 8);
    if (dc_hash64(data, len - 8, 0) != sum)
        return NULL;
    *damaged = false;
    reader r = { data + 8, data + len - 8 };
    const char *k = take_text(&r, &n);
    if (!k || n != strlen(key) || memcmp(k, key, n) != 0 || !take(&r, &ndeps, 4))
        return NULL;
    for (uint32_t i = 0; i < ndeps; i++) {
        uint64_t size, hash;
        int64_t mtime;
        const char *path = take_text(&r, &n);
        if (!path || !take(&r, &size, 8) || !take(&r, &mtime, 8) || !take(&r, &hash, 8))
            return *damaged = true, NULL;
        char *name = dc_format("%.*s", (int)n, path);
        bool same = unchanged(name, size, mtime, hash);
        free(name);
        if (!same)
            return NULL;
    }
    if (!take(&r, &n64, 8) || n64 != (uint64_t)(r.end - r.p))
        return *damaged = true, NULL;
    char *facts = dc_realloc(NULL, n64 + 1);
    memcpy(facts, r.p, n64);
    *out = n64;
    return facts;
}

void *dc_cache_get(const char *dir, const char *file, const char *directory,
                   const char *const *flags, int nflags, size_t *len)
{
    char *key = key_of(file, directory, flags, nflags), *path = entry_path(dir, key);
    size_t n;
    bool damaged = false;
    char *data = dc_read_file(path, &n);
    void *facts = data ? entry_facts(data, n, key, len, &damaged) : NULL;
    if (damaged)
        unlink(path);
    free(data);
    free(path);
    free(key);
    return facts;
}

/* ---- writing ---------------------------------------------------------------------- */

static bool put_dep(bytes *b, const char *path)
{
    struct stat st;
    size_t len;
    char *text = stat(path, &st) == 0 ? dc_read_file(path, &len) : NULL;
    if (!text)
        return false;
    uint64_t size = (uint64_t)st.st_size, hash = dc_hash64(text, len, 0);
    int64_t mtime = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    put_text(b, path);
    put(b, &size, 8);
    put(b, &mtime, 8);
    put(b, &hash, 8);
    free(text);
    return true;
}

/* mkdir -p of path's folder. */
static int make_folders(char *path)
{
    for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = 0;
        int rc = mkdir(path, 0777);
        *slash = '/';
        if (rc != 0 && errno != EEXIST)
            return -1;
    }
    return 0;
}

int dc_cache_put(const char *dir, const char *file, const char *directory,
                 const char *const *flags, int nflags, const char *const *deps, int ndeps,
                 const void *data, size_t len)
{
    char *key = key_of(file, directory, flags, nflags), *path = entry_path(dir, key);
    bytes b = { 0 };
    uint32_t n = (uint32_t)ndeps;
    uint64_t n64 = len;
    put(&b, MAGIC, 8);
    put_text(&b, key);
    put(&b, &n, 4);
    int rc = 0, err = 0;
    for (int i = 0; i < ndeps && rc == 0; i++)
        if (!put_dep(&b, deps[i]))
            rc = -1, err = errno;       /* a file gone since the parse: no entry */
    put(&b, &n64, 8);
    put(&b, data, len);
    uint64_t sum = dc_hash64(b.v, b.n, 0);
    put(&b, &sum, 8);
    if (rc == 0 && (rc = make_folders(path)) == 0)
        rc = dc_write_atomic(path, b.v, b.n);
    if (rc != 0 && !err)
        err = errno;
    free(b.v);
    free(path);
    free(key);
    errno = err;
    return rc;
}
