/*
 * Suppressions.  A comment `// devcheck-ignore` silences every finding on its
 * line, and when it stands alone on its line (no code beside it), on the
 * line below; `// devcheck-ignore(rule, rule...)` only those rules, each
 * named in devcheck's words or devtrace's (mistakes.h: memcpy_direction,
 * host_deref_device).  Block comments count as well; a marker inside a
 * string literal does not.
 *
 * "Alone" keeps `x = f(); // devcheck-ignore` from silencing the line after
 * it, which its writer did not look at.
 *
 * A name that is no rule of devcheck's is an error at its place, since the
 * comment would otherwise silence nothing, silently: a typo, or a kind only
 * devtrace has.  The errors of every file read are kept, each once, even
 * when a file is read again.
 *
 * A file's markers are found as it is read, once, into the cache of the
 * files findings are in (sources.c), and kept there with its lines.
 */
#define _GNU_SOURCE                 /* memmem */
#include "devcheck.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MARKER "devcheck-ignore"
#define RULE_PREFIX "devcheck-"     /* allowed before an id: the name the text output shows */

static struct {
    dc_note *v;                     /* where a bad name is, and what is wrong */
    int n;
} errors;

/* The line (1-based) that holds the byte at offset pos. */
static unsigned line_of(const dc_source_file *s, size_t pos)
{
    unsigned lo = 0, hi = s->nlines;    /* starts[lo] <= pos < starts[hi] */
    while (hi - lo > 1) {
        unsigned mid = lo + (hi - lo) / 2;
        if (s->starts[mid] <= pos)
            lo = mid;
        else
            hi = mid;
    }
    return lo + 1;
}

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '-';
}

static dc_loc loc_of(const dc_source_file *s, const char *at)
{
    unsigned line = line_of(s, (size_t)(at - s->text));
    return dc_loc_make(s->name, line, (unsigned)(at - s->text - s->starts[line - 1]) + 1);
}

/* An error at loc, unless a reading of the file before said it already. */
static void add_error(dc_loc loc, char *message)
{
    for (int i = 0; i < errors.n; i++)
        if (errors.v[i].loc.file == loc.file && errors.v[i].loc.line == loc.line &&
            errors.v[i].loc.column == loc.column) {
            free(message);
            return;
        }
    errors.v = dc_realloc(errors.v, (size_t)(errors.n + 1) * sizeof *errors.v);
    errors.v[errors.n++] = (dc_note){loc, message};
}

/* The rules a comma-separated list of names says, each name trimmed and
   "devcheck-" allowed before it; a name of none is an error. */
static unsigned rules_named(const dc_source_file *s, const char *ids, const char *end)
{
    unsigned rules = 0;
    for (const char *p = ids; p < end;) {
        const char *comma = memchr(p, ',', (size_t)(end - p)), *e = comma ? comma : end;
        while (p < e && isspace((unsigned char)*p))
            p++;
        while (e > p && isspace((unsigned char)e[-1]))
            e--;
        size_t plen = strlen(RULE_PREFIX);
        if ((size_t)(e - p) > plen && memcmp(p, RULE_PREFIX, plen) == 0)
            p += plen;
        unsigned bit = dc_rule_bit(p, (size_t)(e - p));
        if (!bit && e > p) {
            char hint[96];
            mistake_hint(hint, sizeof hint, p, (size_t)(e - p), MISTAKE_RULE);
            add_error(loc_of(s, p), dc_format("unknown rule '%.*s' in " MARKER "%s%s%s",
                                              (int)(e - p), p, *hint ? " (" : "", hint,
                                              *hint ? ")" : ""));
        }
        rules |= bit;
        p = comma ? comma + 1 : end;
    }
    return rules;
}

static void add_marker(dc_source_file *s, const char *at, unsigned rules)
{
    s->markers = dc_realloc(s->markers, (size_t)(s->nmarkers + 1) * sizeof *s->markers);
    s->markers[s->nmarkers++] = (dc_marker){line_of(s, (size_t)(at - s->text)), rules};
}

/* The markers in the text of one comment, from b up to e. */
static void find_markers_in(dc_source_file *s, const char *b, const char *e)
{
    size_t len = strlen(MARKER);
    for (const char *m = b; (m = memmem(m, (size_t)(e - m), MARKER, len)); m += len) {
        const char *after = m + len;
        if ((m > b && word_char(m[-1])) || (after < e && word_char(*after)))
            continue;                   /* part of a longer word */
        if (after < e && *after == '(') {
            const char *ids = after + 1, *close = memchr(ids, ')', (size_t)(e - ids));
            add_marker(s, m, rules_named(s, ids, close ? close : e));
        } else {
            add_marker(s, m, ~0u);
        }
    }
}

/* Past a string or character literal that starts at p.  One left open ends
   at the line break, as the compiler would have said (an apostrophe in an
   `#if 0` block, say) and as the rest of the file is best read. */
static const char *skip_literal(const char *p, const char *end)
{
    char quote = *p++;
    while (p < end && *p != quote && *p != '\n')
        p += *p == '\\' && p + 1 < end ? 2 : 1;
    return p < end && *p == quote ? p + 1 : p;
}

/* The end of a `//` comment whose text starts at p: the line break, unless
   a backslash continues it onto the next line. */
static const char *line_comment_end(const char *p, const char *end)
{
    for (; p < end && *p != '\n'; p++)
        if (*p == '\\' && p + 1 < end && p[1] == '\n')
            p++;
    return p;
}

/* The `*` `/` that ends a block comment whose text starts at p, or end. */
static const char *block_comment_end(const char *p, const char *end)
{
    const char *e = memmem(p, (size_t)(end - p), "*/", 2);
    return e ? e : end;
}

/* Marks the line of the code at p.  The scan only goes forward, so the line
   is found by stepping on from the one before. */
static void mark_code(dc_source_file *s, unsigned *line, const char *p)
{
    size_t pos = (size_t)(p - s->text);
    while (*line < s->nlines && s->starts[*line] <= pos)
        (*line)++;
    s->code[*line] = true;
}

/* Finds the comments, and the markers in them, and which lines hold code. */
void dc_ignores_find(dc_source_file *s)
{
    const char *p = s->text, *end = s->text + s->size;
    unsigned line = 1;
    s->code = memset(dc_realloc(NULL, s->nlines + 1), 0, s->nlines + 1);
    while (p < end) {
        if (*p == '"' || *p == '\'') {
            mark_code(s, &line, p);
            p = skip_literal(p, end);
        } else if (p[0] == '/' && p[1] == '/') {      /* text is NUL-terminated: p[1] is there */
            const char *e = line_comment_end(p + 2, end);
            find_markers_in(s, p + 2, e);
            p = e;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *e = block_comment_end(p + 2, end);
            find_markers_in(s, p + 2, e);
            p = e < end ? e + 2 : end;
        } else {
            if (!isspace((unsigned char)*p))
                mark_code(s, &line, p);
            p++;
        }
    }
}

bool dc_suppressed(const dc_finding *f)
{
    if (!f->loc.file)
        return false;
    const dc_source_file *s = dc_source_get(f->loc.file);
    unsigned rule = dc_rule_bit(f->rule, strlen(f->rule));
    for (int i = 0; i < s->nmarkers; i++) {
        const dc_marker *m = &s->markers[i];
        if (m->line > f->loc.line)
            break;
        bool here = m->line == f->loc.line || (m->line + 1 == f->loc.line && !s->code[m->line]);
        if (here && (m->rules & rule))
            return true;
    }
    return false;
}

/* A file no finding is in is read for its errors alone, and not kept: a
   run's sources may be many, and large. */
void dc_ignores_read(const char *path)
{
    if (!dc_source_find(path))
        dc_source_free(dc_source_load(path));
}

const dc_note *dc_ignore_errors(int *n)
{
    *n = errors.n;
    return errors.v;
}

void dc_suppress_reset(void)
{
    dc_sources_reset();
    for (int i = 0; i < errors.n; i++)
        free(errors.v[i].message);
    free(errors.v);
    errors.v = NULL;
    errors.n = 0;
}
