/*
 * Files as the analyzer reads and writes them: whole, into memory; written
 * beside their name and renamed over it, so that a reader sees the old file
 * or the new one, never part of one, and a link planted at a known name
 * cannot stand in; and paths made absolute, to compare.
 */
#include "devcheck.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *dc_read_stream(FILE *in, size_t *len)
{
    size_t n = 0, cap = 1 << 16;
    char *text = dc_realloc(NULL, cap);
    for (size_t got; (got = fread(text + n, 1, cap - n - 1, in)) > 0;)
        if ((n += got) == cap - 1)
            text = dc_realloc(text, cap *= 2);
    if (ferror(in)) {
        free(text);
        return NULL;
    }
    text[n] = '\0';
    *len = n;
    return text;
}

char *dc_read_file(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return NULL;
    char *text = dc_read_stream(in, len);
    fclose(in);
    return text;
}

int dc_create_beside(const char *path, char **tmp)
{
    *tmp = dc_format("%s.devcheck-XXXXXX", path);
    int fd = mkstemp(*tmp);
    if (fd < 0) {
        int err = errno;
        free(*tmp);
        *tmp = NULL;
        errno = err;
    }
    return fd;
}

/* The process's umask, read where Linux says it (umask(2) would change it
   for a moment, for every thread); 022 where it does not say. */
static mode_t current_umask(void)
{
    FILE *in = fopen("/proc/self/status", "r");
    char line[256];
    unsigned mask = 022;
    for (bool found = false; in && !found && fgets(line, sizeof line, in);)
        found = sscanf(line, "Umask: %o", &mask) == 1;
    if (in)
        fclose(in);
    return (mode_t)mask;
}

int dc_write_atomic(const char *path, const void *data, size_t len)
{
    char *tmp;
    int fd = dc_create_beside(path, &tmp), err = 0;
    if (fd < 0)
        return -1;
    if (fchmod(fd, 0666 & ~current_umask()) != 0)
        err = errno;
    for (size_t done = 0; done < len && !err;) {
        ssize_t k = write(fd, (const char *)data + done, len - done);
        if (k < 0 && errno != EINTR)
            err = errno;
        done += k > 0 ? (size_t)k : 0;
    }
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err && rename(tmp, path) != 0)
        err = errno;
    if (err)
        unlink(tmp);
    free(tmp);
    errno = err;
    return err ? -1 : 0;
}

char *dc_absolute_path(const char *path)
{
    char *real = realpath(path, NULL);
    if (real || path[0] == '/')
        return real ? real : dc_format("%s", path);
    char cwd[PATH_MAX];
    return dc_format("%s/%s", getcwd(cwd, sizeof cwd) ? cwd : ".", path);
}

/* ---- --contents: a file's text from another file ---------------------------
 * An editor's unsaved text stands in for the file it is of: the parse
 * (libclang's unsaved files), the ignore comments and the source lines
 * all read it in place of the file.  Set before any thread starts.
 */

typedef struct {
    char *real;                         /* the file's absolute path */
    char *text;
    size_t len;
} stand_in;

static stand_in *stand_ins;
static int nstand_ins;

int dc_contents_add(const char *spec, char **err)
{
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec || !eq[1]) {
        *err = dc_format("--contents wants FILE=TEXT, not '%s'", spec);
        return -1;
    }
    size_t len;
    char *text = dc_read_file(eq + 1, &len);
    if (!text) {
        *err = dc_format("--contents: %s: %s", eq + 1, strerror(errno));
        return -1;
    }
    char *file = dc_format("%.*s", (int)(eq - spec), spec);
    stand_ins = dc_realloc(stand_ins, (size_t)(nstand_ins + 1) * sizeof *stand_ins);
    stand_ins[nstand_ins++] = (stand_in){ dc_absolute_path(file), text, len };
    free(file);
    return 0;
}

const char *dc_contents_of(const char *path, size_t *len)
{
    if (!nstand_ins)
        return NULL;
    char *real = dc_absolute_path(path);
    const stand_in *s = stand_ins;
    while (s < stand_ins + nstand_ins && strcmp(s->real, real) != 0)
        s++;
    free(real);
    if (s == stand_ins + nstand_ins)
        return NULL;
    *len = s->len;
    return s->text;
}

char *dc_read_source(const char *path, size_t *len)
{
    const char *text = dc_contents_of(path, len);
    if (!text)
        return dc_read_file(path, len);
    char *copy = dc_realloc(NULL, *len + 1);
    memcpy(copy, text, *len + 1);
    return copy;
}
