/*
 * The cache: each unit's facts kept between runs (docs/facts.md), so that
 * a run parses only the files that changed.
 *
 *   - An entry's name is a 128-bit hash of its key: devcheck's version and
 *     build (its executable's build id: a devcheck rebuilt with the same
 *     version makes other facts), libclang's version, the file's absolute
 *     path, the folder its command runs in, and the flags, each field with
 *     its length before it ("12:-I/usr/local\n").  A precompiled prelude's
 *     key leaves out the build: what it holds is the headers' parse.
 *   - It records every file the parse read (the source and its headers)
 *     with its size, time of change and a hash of its bytes: a file whose
 *     size and time are as recorded is taken as unchanged, else its bytes
 *     are hashed again; any change is a miss.  A file changed in the
 *     seconds before the entry is written has no time recorded, so it is
 *     hashed on each read; one changed after the parse began is not kept
 *     at all (the facts may be of its old bytes, the hash of its new).  A
 *     file dated ahead of the clock cannot say when it changed: it is
 *     kept, its time untrusted.
 *   - An entry is written to a temporary file beside it and renamed over
 *     it, so that runs at once, and captures at once, never see half of
 *     one; one that does not check (magic, checksum, its records) is
 *     removed; one of another key (a collision of names) is a miss.
 *
 * An entry: "DCCACHE2" (the format's version in its last byte), the key
 * (uint32 length, bytes), the files (uint32 count; each: uint32 length,
 * path, uint64 size, int64 mtime_ns or -1, uint64 hash), the facts
 * (uint64 length, bytes), and a checksum of all before: dc_hash64, XXH64.
 */
#define _GNU_SOURCE                     /* dl_iterate_phdr */
#include "devcheck.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAGIC "DCCACHE2"
/* How recent a change is too recent to trust a file's time for (trusted_mtime). */
#define RACY_SECONDS 2

/* xxHash's XXH64 (Yann Collet's, from its specification, xxhash.h's
   XXH64 with little-endian lanes), so that its published values check it:
   a 64-bit multiply-rotate mix of four lanes, and a full avalanche. */
static const uint64_t P1 = 0x9E3779B185EBCA87u, P2 = 0xC2B2AE3D27D4EB4Fu,
                      P3 = 0x165667B19E3779F9u, P4 = 0x85EBCA77C2B2AE63u,
                      P5 = 0x27D4EB2F165667C5u;

static uint64_t rotl(uint64_t x, int r) { return x << r | x >> (64 - r); }

/* n (8 or 4) bytes as a little-endian number: one load where the machine
   is little-endian (the byte loop hashes 4x slower at -O2). */
static uint64_t le(const unsigned char *p, int n)
{
    uint64_t v = 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&v, p, (size_t)n);
#else
    while (n--)
        v = v << 8 | p[n];
#endif
    return v;
}

static uint64_t round64(uint64_t acc, uint64_t lane) { return rotl(acc + lane * P2, 31) * P1; }

static uint64_t merge(uint64_t acc, uint64_t v) { return (acc ^ round64(0, v)) * P1 + P4; }

uint64_t dc_hash64(const void *data, size_t n, uint64_t seed)
{
    const unsigned char *p = data, *end = p + n;
    uint64_t h = seed + P5;
    if (n >= 32) {
        uint64_t v[4] = { seed + P1 + P2, seed + P2, seed, seed - P1 };
        for (; end - p >= 32; p += 32)
            for (int i = 0; i < 4; i++)
                v[i] = round64(v[i], le(p + 8 * i, 8));
        h = rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18);
        for (int i = 0; i < 4; i++)
            h = merge(h, v[i]);
    }
    h += n;
    for (; end - p >= 8; p += 8)
        h = rotl(h ^ round64(0, le(p, 8)), 27) * P1 + P4;
    if (end - p >= 4)
        h = rotl(h ^ le(p, 4) * P1, 23) * P2 + P3, p += 4;
    for (; p < end; p++)
        h = rotl(h ^ *p * P5, 11) * P1;
    h = (h ^ h >> 33) * P2;
    h = (h ^ h >> 29) * P3;
    return h ^ h >> 32;
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

/* Each field of the key with its length before it, so that no two keys
   read alike: flags "-DA\n-DB" and "-DA", "-DB" are two units. */
static void put_field(bytes *b, const char *s)
{
    char *field = dc_format("%zu:%s\n", strlen(s), s);
    put(b, field, strlen(field));
    free(field);
}

/* The running executable's GNU build id in hex, or "" where its linker
   wrote none (the first object dl_iterate_phdr gives is the program). */
static char build[2 * 64 + 1];

static int read_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size, (void)data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
        while (ph->p_type == PT_NOTE && p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
            const unsigned char *desc = (const unsigned char *)(n + 1) + ((n->n_namesz + 3) & ~3u);
            if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && n->n_descsz <= 64 &&
                memcmp(n + 1, "GNU", 4) == 0)
                for (unsigned k = 0; k < n->n_descsz; k++)
                    sprintf(build + 2 * k, "%02x", desc[k]);
            p = (const char *)desc + ((n->n_descsz + 3) & ~3u);
        }
    }
    return 1;
}

static void find_build_id(void)
{
    dl_iterate_phdr(read_build_id, NULL);
}

/* What makes a key besides the unit: devcheck's version (and build, for
   facts), the parser's. */
static void put_versions(bytes *b, bool with_build, const char *parser)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, find_build_id);
    put_field(b, "devcheck " DEVCHECK_VERSION);
    put_field(b, with_build ? build : "");
    put_field(b, parser);
}

char *dc_cache_key(const char *file, const char *directory, const char *const *flags, int n,
                   const char *parser)
{
    bytes b = { 0 };
    char *abs = file[0] != '/' && directory ? dc_format("%s/%s", directory, file)
                                            : dc_format("%s", file);
    char *real = dc_absolute_path(abs);
    put_versions(&b, true, parser);
    put_field(&b, real ? real : abs);
    put_field(&b, directory ? directory : "");
    for (int i = 0; i < n; i++)
        put_field(&b, flags[i]);
    put(&b, "", 1);
    free(real);
    free(abs);
    return b.v;
}

char *dc_prelude_key(const char *source, const char *const *flags, int n, const char *parser)
{
    bytes b = { 0 };
    put_versions(&b, false, parser);
    put_field(&b, "prelude");
    put_field(&b, source);
    for (int i = 0; i < n; i++)
        put_field(&b, flags[i]);
    put(&b, "", 1);
    return b.v;
}

/* DIR/XX/ and 30 more hex digits: the key's 128-bit hash (two seeds). */
static char *entry_path(const char *dir, const char *key)
{
    size_t n = strlen(key);
    uint64_t a = dc_hash64(key, n, 1), b = dc_hash64(key, n, 2);
    return dc_format("%s/%02x/%014llx%016llx", dir, (unsigned)(a >> 56),
                     (unsigned long long)(a & 0xFFFFFFFFFFFFFFu), (unsigned long long)b);
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

static int64_t ns_of(struct timespec t)
{
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

bool dc_stamp_unchanged(const char *path, const dc_stamp *s)
{
    struct stat st;
    if (stat(path, &st) != 0 || (uint64_t)st.st_size != s->size)
        return false;
    if (ns_of(st.st_mtim) == s->mtime)
        return true;
    size_t len;
    char *text = dc_read_file(path, &len);
    bool same = text && dc_hash64(text, len, 0) == s->hash;
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
        dc_stamp s;
        const char *path = take_text(&r, &n);
        if (!path || !take(&r, &s.size, 8) || !take(&r, &s.mtime, 8) || !take(&r, &s.hash, 8))
            return *damaged = true, NULL;
        char *name = dc_format("%.*s", (int)n, path);
        bool same = dc_stamp_unchanged(name, &s);
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

/* An entry's bytes, if it is a regular file: anything else in its place
   (a FIFO, which would block a plain read, a folder) is a miss. */
static char *read_entry(const char *path, size_t *len)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    FILE *in = fd < 0 ? NULL : fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "rb") : NULL;
    if (!in) {
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    char *data = dc_read_stream(in, len);
    fclose(in);
    return data;
}

void *dc_cache_get(const char *dir, const char *key, size_t *len)
{
    char *path = entry_path(dir, key);
    size_t n;
    bool damaged = false;
    char *data = read_entry(path, &n);
    void *facts = data ? entry_facts(data, n, key, len, &damaged) : NULL;
    if (damaged)
        unlink(path);
    free(data);
    free(path);
    return facts;
}

/* ---- writing ---------------------------------------------------------------------- */

/* A file's time of change, in ns; -1 (which no file's time equals, so its
   bytes are hashed on each read) for one changed in the last seconds: it
   may change again within its file system's granularity, with the same
   size and time (git's "racily clean" files); and for one dated ahead of
   now, whose time will be recent for as long as the clock lags it. */
static int64_t trusted_mtime(const struct stat *st, struct timespec now)
{
    if (st->st_mtim.tv_sec >= now.tv_sec - RACY_SECONDS)
        return -1;
    return ns_of(st->st_mtim);
}

bool dc_stamp_file(const char *path, int64_t since, dc_stamp *s)
{
    struct stat st;
    struct timespec now;
    size_t len;
    clock_gettime(CLOCK_REALTIME, &now);
    if (stat(path, &st) != 0)
        return false;
    int64_t mtime = ns_of(st.st_mtim);
    if (mtime >= since && mtime <= ns_of(now))
        return false;                   /* changed while the parse ran */
    char *text = dc_read_file(path, &len);
    if (!text)
        return false;
    *s = (dc_stamp){ (uint64_t)st.st_size, trusted_mtime(&st, now), dc_hash64(text, len, 0) };
    free(text);
    return true;
}

/* A file read by a parse begun at since, unchanged since then. */
static bool put_dep(bytes *b, const char *path, int64_t since)
{
    dc_stamp s;
    if (!dc_stamp_file(path, since, &s))
        return false;
    put_text(b, path);
    put(b, &s.size, 8);
    put(b, &s.mtime, 8);
    put(b, &s.hash, 8);
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

int64_t dc_cache_clock(void)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME_COARSE, &now);
    return ns_of(now);
}

int dc_cache_put(const char *dir, const char *key, const char *const *deps, int ndeps,
                 int64_t since, const void *data, size_t len)
{
    char *path = entry_path(dir, key);
    bytes b = { 0 };
    uint32_t n = (uint32_t)ndeps;
    uint64_t n64 = len;
    put(&b, MAGIC, 8);
    put_text(&b, key);
    put(&b, &n, 4);
    int rc = 0, err = 0;
    for (int i = 0; i < ndeps && rc == 0; i++)
        if (!put_dep(&b, deps[i], since))
            rc = 1;                     /* changed or gone since the parse began: no entry */
    put(&b, &n64, 8);
    put(&b, data, len);
    uint64_t sum = dc_hash64(b.v, b.n, 0);
    put(&b, &sum, 8);
    if (rc == 0 && (rc = make_folders(path)) == 0)
        rc = dc_write_atomic(path, b.v, b.n);
    if (rc < 0)
        err = errno;
    free(b.v);
    free(path);
    errno = err;
    return rc;
}

char *dc_cache_file(const char *dir, const char *key, const char *ext)
{
    char *entry = entry_path(dir, key), *path = dc_format("%s.%s", entry, ext);
    free(entry);
    if (make_folders(path) == 0)
        return path;
    free(path);
    return NULL;
}
