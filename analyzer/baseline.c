/*
 * Fingerprints and baselines.  A finding's fingerprint names it across runs
 * while lines move: a hash of its rule, its file (relative to the folder of
 * the run) and the text of its line, and which of the findings with that
 * hash it is ("HASH:N", as CodeQL writes SARIF's primaryLocationLineHash).
 * A baseline is a file of fingerprints: findings already there are old, and
 * `--baseline` reports only the others.  devcheck writes one with
 * `--write-baseline`; a SARIF file devcheck wrote serves as one too, as both
 * hold their fingerprints in the same form.
 */
#include "devcheck.h"
#include "hash.h"
#include "json.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The hash of a finding: its rule, its file (name: relative to the base,
   NULL for none), and its line's text without the blanks around it. */
static uint64_t line_hash(const dc_finding *d, const char *name)
{
    uint64_t h = FNV1A_START;
    h = fnv1a(h, d->rule, strlen(d->rule) + 1);
    if (name)
        h = fnv1a(h, name, strlen(name) + 1);
    size_t len = 0;
    const char *line = d->loc.file ? dc_source_line(d->loc.file, d->loc.line, &len) : NULL;
    return line ? fnv1a_trimmed(h, line, len) : h;
}

typedef struct {
    uint64_t hash;
    int index;
} hashed;

static int compare_hashed(const void *pa, const void *pb)
{
    const hashed *a = pa, *b = pb;
    if (a->hash != b->hash)
        return a->hash < b->hash ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

char **dc_fingerprints(const dc_findings *f, const char *base)
{
    hashed *h = dc_realloc(NULL, (size_t)f->n * sizeof *h);
    char *abs = NULL;               /* the file before's: realpath once per file, */
    const char *file = NULL;        /* as the findings come sorted by file */
    size_t blen = strlen(base);
    for (int i = 0; i < f->n; i++) {
        const char *fi = f->v[i].loc.file;
        if (fi && (!file || strcmp(fi, file) != 0)) {
            free(abs);
            abs = dc_absolute_path(fi);
            file = fi;
        }
        const char *name = !fi ? NULL : strncmp(abs, base, blen) == 0 ? abs + blen : abs;
        h[i] = (hashed){line_hash(&f->v[i], name), i};
    }
    free(abs);
    qsort(h, (size_t)f->n, sizeof *h, compare_hashed);
    char **print = dc_realloc(NULL, (size_t)f->n * sizeof *print);
    for (int i = 0, occurrence = 1; i < f->n; i++) {
        occurrence = i > 0 && h[i].hash == h[i - 1].hash ? occurrence + 1 : 1;
        print[h[i].index] = dc_format("%016llx:%d", (unsigned long long)h[i].hash, occurrence);
    }
    free(h);
    return print;
}

void dc_fingerprints_free(char **print, int n)
{
    for (int i = 0; i < n; i++)
        free(print[i]);
    free(print);
}

/* ---- baselines --------------------------------------------------------------- */

struct dc_baseline {
    char **v;                       /* sorted */
    int n;
};

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_hex(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* The fingerprint at p ("16 hex digits:N"), copied; NULL when there is none.
   *end is set past what was read. */
static char *fingerprint_at(const char *p, const char **end)
{
    int i = 0;
    while (i < 16 && is_hex(p[i]))
        i++;
    *end = p + (i ? i : 1);
    if (i != 16 || p[16] != ':' || p[17] < '0' || p[17] > '9')
        return NULL;
    int k = 17;
    while (p[k] >= '0' && p[k] <= '9' && k < 27)
        k++;
    *end = p + k;
    return dc_format("%.*s", k, p);
}

/* Every fingerprint in text: a baseline's lines and a SARIF file's
   primaryLocationLineHash values alike, and nothing else has their form. */
static void collect(dc_baseline *b, const char *text)
{
    const char *p = text;
    while (*p) {
        bool boundary = p == text || !is_hex(p[-1]);
        const char *next;
        char *print = boundary ? fingerprint_at(p, &next) : NULL;
        if (print) {
            b->v = dc_realloc(b->v, (size_t)(b->n + 1) * sizeof *b->v);
            b->v[b->n++] = print;
            p = next;
        } else {
            p++;
        }
    }
}

dc_baseline *dc_baseline_read(const char *path, char *err, size_t errlen)
{
    size_t n = 0;
    char *text = dc_read_file(path, &n);
    if (!text || memchr(text, '\0', n)) {
        snprintf(err, errlen, "devcheck: baseline %s: %s", path,
                 text ? "is not text" : strerror(errno));
        free(text);
        return NULL;
    }
    dc_baseline *b = dc_realloc(NULL, sizeof *b);
    *b = (dc_baseline){0};
    collect(b, text);
    free(text);
    if (b->n)                           /* an empty baseline has no array */
        qsort(b->v, (size_t)b->n, sizeof *b->v, compare_strings);
    return b;
}

bool dc_baseline_has(const dc_baseline *b, const char *print)
{
    return b->n && bsearch(&print, b->v, (size_t)b->n, sizeof *b->v, compare_strings) != NULL;
}

void dc_baseline_free(dc_baseline *b)
{
    if (!b)
        return;
    for (int i = 0; i < b->n; i++)
        free(b->v[i]);
    free(b->v);
    free(b);
}

/* The mode a baseline is written with: the old one's, or what a new
   file gets (0666 less the umask). */
static mode_t baseline_mode(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return st.st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

int dc_baseline_write(const char *path, const dc_findings *f, char **print, char *err,
                      size_t errlen)
{
    char *tmp;
    int fd = dc_create_beside(path, &tmp);
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (fd >= 0 && !out)
        close(fd);
    if (out) {
        fprintf(out, "# devcheck baseline: findings already known, one per line "
                     "(fingerprint, rule, where); devcheck --baseline %s reports only "
                     "the others\n", path);
        for (int i = 0; i < f->n; i++)
            fprintf(out, "%s %s %s:%u\n", print[i], f->v[i].rule,
                    f->v[i].loc.file ? f->v[i].loc.file : "-", f->v[i].loc.line);
    }
    int failed = !out || ferror(out) || fchmod(fileno(out), baseline_mode(path)) != 0;
    failed |= out && fclose(out) != 0;
    if (failed || rename(tmp, path) != 0) {
        snprintf(err, errlen, "devcheck: baseline %s: %s", path, strerror(errno));
        if (tmp)
            unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}
