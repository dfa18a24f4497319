/*
 * The source files findings are in, as the output reads them.  Findings
 * come many to a file, and a file may be large, so each file is read once:
 * its lines indexed, its ignore comments found (suppress.c), and all kept
 * until dc_sources_reset.  The suppressions, the SARIF output, the
 * baselines' fingerprints and the fixes' text read the same lines
 * (dc_source_line).
 */
#include "devcheck.h"

#include <stdlib.h>
#include <string.h>

static struct {
    dc_source_file **v;
    int n;
} sources;

static void index_lines(dc_source_file *s)
{
    unsigned n = 1;
    for (size_t i = 0; i < s->size; i++)
        n += s->text[i] == '\n';
    s->starts = dc_realloc(NULL, (n + 1) * sizeof *s->starts);
    s->starts[0] = 0;
    for (size_t i = 0, line = 1; i < s->size; i++)
        if (s->text[i] == '\n')
            s->starts[line++] = i + 1;
    s->starts[n] = s->size + 1;     /* as if a line break followed the last line */
    s->nlines = n;
}

dc_source_file *dc_source_load(const char *path)
{
    dc_source_file *s = dc_realloc(NULL, sizeof *s);
    *s = (dc_source_file){.name = dc_format("%s", path)};
    s->text = dc_read_source(path, &s->size);
    if (s->text) {
        index_lines(s);
        dc_ignores_find(s);
    }
    return s;
}

void dc_source_free(dc_source_file *s)
{
    free(s->name);
    free(s->text);
    free(s->starts);
    free(s->markers);
    free(s->code);
    free(s);
}

/* The last one found is tried first: findings come sorted by file. */
dc_source_file *dc_source_find(const char *path)
{
    static int last;
    if (last < sources.n && strcmp(sources.v[last]->name, path) == 0)
        return sources.v[last];
    for (last = 0; last < sources.n; last++)
        if (strcmp(sources.v[last]->name, path) == 0)
            return sources.v[last];
    return NULL;
}

dc_source_file *dc_source_get(const char *path)
{
    dc_source_file *s = dc_source_find(path);
    if (s)
        return s;
    sources.v = dc_realloc(sources.v, (size_t)(sources.n + 1) * sizeof *sources.v);
    return sources.v[sources.n++] = dc_source_load(path);
}

const char *dc_source_line(const char *file, unsigned line, size_t *len)
{
    const dc_source_file *s = file ? dc_source_get(file) : NULL;
    if (!s || !s->text || line == 0 || line > s->nlines)
        return NULL;
    const char *b = s->text + s->starts[line - 1];
    size_t n = s->starts[line] - 1 - s->starts[line - 1];
    if (n > 0 && b[n - 1] == '\r')
        n--;
    *len = n;
    return b;
}

void dc_sources_reset(void)
{
    for (int i = 0; i < sources.n; i++)
        dc_source_free(sources.v[i]);
    free(sources.v);
    sources.v = NULL;
    sources.n = 0;
}
