/*
 * Facts made before: a source's from its facts file (a capture's), or from
 * the cache, where the files its parse read are unchanged (cache.c keeps
 * the entries); and a parse's facts kept there for the next run.
 */
#include "frontend.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The file as it is now, which is what its facts were made of when the
   cache gives them (it checked the file's bytes). */
static dc_snapshot current_snapshot(const char *path)
{
    struct stat st;
    size_t len;
    char *text = stat(path, &st) == 0 ? dc_read_file(path, &len) : NULL;
    dc_snapshot s = text ? dc_snapshot_of(&st, text, len) : (dc_snapshot){ 0 };
    free(text);
    return s;
}

char *cache_key(const command_paths *paths, const char *cache, const dc_source *src)
{
    dc_language lang = file_language(src->path, &src->flags);
    size_t len;
    if (!cache || src->facts || lang == DC_LANG_NONE || dc_contents_of(src->path, &len))
        return NULL;                    /* --contents' text is no file's: never cached */
    command *c = dc_realloc(NULL, sizeof *c);
    *c = (command){ .argv = NULL };
    command_for(paths, &src->flags, lang, c);
    CXString parser = clang_getClangVersion();
    char *key = dc_cache_key(src->path, src->flags.directory, c->argv, c->argc,
                             clang_getCString(parser));
    clang_disposeString(parser);
    free(c->argv);
    free(c);
    return key;
}

/* line (fresh) after what *err says, on a line of its own. */
static void say_also(char **err, char *line)
{
    char *both = *err ? dc_format("%s%s%s", *err, (*err)[strlen(*err) - 1] == '\n' ? "" : "\n", line)
                      : NULL;
    if (both) {
        free(*err);
        free(line);
        line = both;
    }
    *err = line;
}

fx_unit *known_facts(const char *cache, dc_source *src, const char *key)
{
    const char *why = NULL;
    fx_unit *u = NULL;
    size_t len;
    if (src->facts) {
        if (!(u = fx_unit_read(src->facts, &why))) {
            src->status = DC_SOURCE_UNREAD;
            src->err = dc_format("devcheck: %s: %s", src->facts, why);
            return NULL;
        }
    } else if (key) {
        void *bytes = dc_cache_get(cache, key, &len);
        u = bytes ? fx_unit_from_bytes(bytes, len, &why) : NULL;
        free(bytes);
        if (!u)
            return NULL;
        src->seen = current_snapshot(src->path);
    } else {
        return NULL;
    }
    const char *said = fx_unit_said(u);
    char *changed = src->facts ? fx_unit_changed(u) : NULL;
    src->status = DC_SOURCE_READ;
    src->err = said ? dc_format("%s", said) : NULL;
    if (changed)                        /* a capture's facts, of a file's old text */
        say_also(&src->err, dc_format("devcheck: %s: warning: %s: its findings are of the old "
                                      "text until it is built again", src->facts, changed));
    free(changed);
    src->nskipped = fx_unit_skipped(u, &src->skipped);
    return u;
}

void keep_facts(const char *cache, bool *failed, const char *key, int64_t since,
                const fx_unit *u, const prelude *p)
{
    size_t len;
    void *bytes = fx_unit_bytes(u, &len);
    int n = fx_unit_nfiles(u), more = p ? p->read.n : 0;
    const char **deps = dc_realloc(NULL, (size_t)(n + more + 1) * sizeof *deps);
    for (int i = 0; i < n; i++)
        deps[i] = fx_unit_file(u, i);
    for (int i = 0; i < more; i++)
        deps[n + i] = p->read.v[i];
    n += more;
    if (dc_cache_put(cache, key, deps, n, since, bytes, len) < 0 &&
        !__atomic_exchange_n(failed, true, __ATOMIC_RELAXED))
        fprintf(stderr, "devcheck: %s: the cache cannot be written (%s): the run goes on "
                "without it\n", cache, strerror(errno));
    free(deps);
    free(bytes);
}
