/*
 * --fix: the findings' fix-its applied to their files, in place.  A fix that
 * overlaps one before it in its file is left out (and said); the same fix
 * twice is applied once.  A file is fixed only while it holds what was
 * analyzed, and is writable (a read-only file is said and left).
 *
 * What is written is the file a link points to, never the link.  It is
 * written whole to a temporary beside it (mkstemp's), given its owner,
 * group and mode, and renamed over it: a file is either as it was or fully
 * fixed, never half.  A file with other hard links, or whose owner and
 * group a new file cannot be given (a user's file in a group they are not
 * in), is rewritten in place instead, not atomically: its inode kept, so
 * that its other names and its owner see the fix.
 */
#include "devcheck.h"
#include "hash.h"
#include "json.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    const dc_fix *fix;
    size_t begin, end;              /* byte offsets in the file */
} placed;

static int compare_fixes(const void *pa, const void *pb)
{
    const dc_fix *a = *(const dc_fix *const *)pa, *b = *(const dc_fix *const *)pb;
    int c = strcmp(a->begin.file, b->begin.file);
    if (c)
        return c;
    if (a->begin.line != b->begin.line)
        return a->begin.line < b->begin.line ? -1 : 1;
    if (a->begin.column != b->begin.column)
        return a->begin.column < b->begin.column ? -1 : 1;
    return (a->end.line > b->end.line) - (a->end.line < b->end.line);
}

/* The byte offset of a line and column (1-based) in text; (size_t)-1 when it
   is not in the text. */
static size_t offset_of(const char *text, size_t len, unsigned line, unsigned column)
{
    size_t at = 0;
    for (unsigned l = 1; l < line; l++) {
        const char *nl = memchr(text + at, '\n', len - at);
        if (!nl)
            return (size_t)-1;
        at = (size_t)(nl - text) + 1;
    }
    const char *nl = memchr(text + at, '\n', len - at);
    size_t line_end = nl ? (size_t)(nl - text) : len;
    return column >= 1 && at + column - 1 <= line_end ? at + column - 1 : (size_t)-1;
}

/* A file's text and the fixes placed in it. */
typedef struct {
    const char *text;
    size_t len;
    const placed *p;
    int n;
} fixed_text;

static void write_fixed(FILE *out, const fixed_text *f)
{
    size_t at = 0;
    for (int i = 0; i < f->n; i++) {
        fwrite(f->text + at, 1, f->p[i].begin - at, out);
        fputs(f->p[i].fix->text, out);
        at = f->p[i].end;
    }
    fwrite(f->text + at, 1, f->len - at, out);
}

/* Writes to fd, and closes it; 0, or -1 with errno.  In place, the file is
   cut where the fixed text ends. */
static int write_to(int fd, const fixed_text *f, bool in_place)
{
    FILE *out = fdopen(fd, "wb");       /* fdopen never truncates */
    if (!out) {
        close(fd);
        return -1;
    }
    write_fixed(out, f);
    bool failed = fflush(out) != 0 || ferror(out) ||
                  (in_place && ftruncate(fd, ftello(out)) != 0);
    int err = errno;
    if (fclose(out) != 0 && !failed) {
        failed = true;
        err = errno;
    }
    errno = err;
    return failed ? -1 : 0;
}

/* Through a temporary renamed over target; 1 when the temporary cannot
   have target's owner and group (then nothing is done), 0, or -1 with
   errno. */
static int replace_by_rename(const char *target, const struct stat *st, const fixed_text *f)
{
    char *tmp;
    int fd = dc_create_beside(target, &tmp);
    if (fd < 0)
        return -1;
    if (fchown(fd, st->st_uid, st->st_gid) != 0) {
        close(fd);
        unlink(tmp);
        free(tmp);
        return 1;
    }
    int failed = fchmod(fd, st->st_mode & 07777) != 0;
    if (failed)
        close(fd);
    failed = failed || write_to(fd, f, false) != 0 || rename(tmp, target) != 0;
    int err = errno;
    if (failed)
        unlink(tmp);
    free(tmp);
    errno = err;
    return failed ? -1 : 0;
}

static int replace_in_place(const char *target, const fixed_text *f)
{
    int fd = open(target, O_WRONLY);
    return fd < 0 ? -1 : write_to(fd, f, true);
}

/* Writes the fixed text over the file path names (through its links),
   whose stat is st; 0, or -1 with errno. */
static int rewrite(const char *path, const struct stat *st, const fixed_text *f)
{
    char *target = realpath(path, NULL);
    if (!target)
        return -1;
    int rc = st->st_nlink > 1 ? 1 : replace_by_rename(target, st, f);
    if (rc == 1)
        rc = replace_in_place(target, f);
    int err = errno;
    free(target);
    errno = err;
    return rc;
}

/* Whether the file may be written: a read-only one is the user's word
   that it must not be, which root, whom its mode does not stop, keeps too. */
static bool writable(const char *path, const struct stat *st, FILE *log)
{
    if ((st->st_mode & 0222) && access(path, W_OK) == 0)
        return true;
    fprintf(log, "devcheck: %s: read-only (mode %04o): not fixed\n", path,
            (unsigned)(st->st_mode & 07777));
    return false;
}

dc_snapshot dc_snapshot_of(const struct stat *st, const char *text, size_t len)
{
    return (dc_snapshot){ (unsigned long long)st->st_dev, (unsigned long long)st->st_ino,
                          (long long)st->st_size,
                          (long long)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec,
                          fnv1a(FNV1A_START, text, len) };
}

/* Whether the file now is as one of seen was: a file changed since (by an
   editor, or another devcheck --fix) would get its fixes in wrong places. */
static bool as_analyzed(const dc_snapshot *now, const dc_snapshot *seen, int nseen)
{
    for (int i = 0; i < nseen; i++)
        if (seen[i].dev == now->dev && seen[i].ino == now->ino)
            return seen[i].size == now->size && seen[i].mtime_ns == now->mtime_ns &&
                   seen[i].hash == now->hash;
    return false;
}

/* The text of the file to fix, with its stat, when it still holds what
   was analyzed; else NULL, said. */
static char *read_as_analyzed(const char *path, struct stat *st, size_t *len,
                              const dc_snapshot *seen, int nseen, FILE *log)
{
    FILE *in = fopen(path, "rb");
    char *text = in && fstat(fileno(in), st) == 0 ? dc_read_stream(in, len) : NULL;
    int err = errno;
    if (in)
        fclose(in);
    if (!text) {
        fprintf(log, "devcheck: %s: cannot be read to fix it: %s\n", path, strerror(err));
        return NULL;
    }
    dc_snapshot now = dc_snapshot_of(st, text, *len);
    if (!as_analyzed(&now, seen, nseen)) {
        fprintf(log, "devcheck: %s: changed since devcheck read it: not fixed (run it again)\n",
                path);
        free(text);
        return NULL;
    }
    return text;
}

/* The fixes of one file, fixes[0..n), sorted: placed, applied; returns how
   many were applied, or -1 when the file could not be rewritten. */
static int fix_file(const dc_fix *const *fixes, int n, const dc_snapshot *seen, int nseen,
                    FILE *log)
{
    const char *path = fixes[0]->begin.file;
    size_t len = 0;
    struct stat st;
    char *text = read_as_analyzed(path, &st, &len, seen, nseen, log);
    if (text && !writable(path, &st, log)) {
        free(text);
        text = NULL;
    }
    if (!text)
        return -1;
    placed *p = dc_realloc(NULL, (size_t)n * sizeof *p);
    int kept = 0;
    for (int i = 0; i < n; i++) {
        const dc_fix *f = fixes[i];
        size_t b = offset_of(text, len, f->begin.line, f->begin.column);
        size_t e = offset_of(text, len, f->end.line, f->end.column);
        const placed *last = kept ? &p[kept - 1] : NULL;
        if (b == (size_t)-1 || e == (size_t)-1 || e < b) {
            fprintf(log, "devcheck: %s:%u:%u: fix not applied: the file no longer has its place\n",
                    path, f->begin.line, f->begin.column);
        } else if (last && last->begin == b && last->end == e && !strcmp(last->fix->text, f->text)) {
            continue;                   /* the same fix again */
        } else if (last && (b < last->end || (b == last->begin && b == last->end))) {
            fprintf(log, "devcheck: %s:%u:%u: fix not applied: it overlaps the fix at %u:%u\n",
                    path, f->begin.line, f->begin.column, last->fix->begin.line,
                    last->fix->begin.column);
        } else {
            p[kept++] = (placed){f, b, e};
        }
    }
    int applied = kept;
    if (kept && rewrite(path, &st, &(fixed_text){ text, len, p, kept }) != 0) {
        fprintf(log, "devcheck: %s: cannot be rewritten: %s\n", path, strerror(errno));
        applied = -1;
    } else if (kept) {
        fprintf(log, "devcheck: %s: %d fix%s applied\n", path, kept, kept == 1 ? "" : "es");
    }
    free(p);
    free(text);
    return applied;
}

int dc_apply_fixes(const dc_findings *f, const dc_snapshot *seen, int nseen, FILE *log)
{
    int n = 0, failed = 0;
    const dc_fix **fixes = NULL;
    for (int i = 0; i < f->n; i++) {
        for (int k = 0; k < f->v[i].nfixes; k++) {
            if (!f->v[i].fixes[k].begin.file)
                continue;
            fixes = dc_realloc(fixes, (size_t)(n + 1) * sizeof *fixes);
            fixes[n++] = &f->v[i].fixes[k];
        }
    }
    qsort(fixes, (size_t)n, sizeof *fixes, compare_fixes);
    for (int i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && !strcmp(fixes[j]->begin.file, fixes[i]->begin.file); j++)
            ;
        failed += fix_file(fixes + i, j - i, seen, nseen, log) < 0;
    }
    free(fixes);
    return failed;
}
