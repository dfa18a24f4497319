/*
 * Findings: what the rules found, with notes and fixes, in a list that owns
 * its strings; and the rules, as the table of mistakes (mistakes.h) has them.
 */
#include "devcheck.h"
#include "hash.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

unsigned dc_rule_bit(const char *name, size_t len)
{
    const mistake *m = mistake_named(name, len);
    return m && m->rule ? 1u << (m - mistakes) : 0;
}

const char *dc_severity(const char *rule)
{
    return mistake_named(rule, strlen(rule))->severity;
}

/* Grows an array of elements of size elem so that it holds one more than n. */
static void *grow(void *v, int n, int *cap, size_t elem)
{
    if (n < *cap)
        return v;
    *cap = *cap ? 2 * *cap : 4;
    return dc_realloc(v, (size_t)*cap * elem);
}

/* ---- interned file names --------------------------------------------------- */

/* A run names a few hundred files at most (sources and headers) but makes
   locations by the thousand, so each name is kept once, in an open-addressing
   hash table that doubles when half full. */
static struct {
    char **slot;
    size_t cap, n;
} names;

static char **name_slot(char **slot, size_t cap, const char *name)
{
    size_t i = fnv1a_string(name) & (cap - 1);
    while (slot[i] && strcmp(slot[i], name) != 0)
        i = (i + 1) & (cap - 1);
    return &slot[i];
}

static void names_grow(void)
{
    size_t cap = names.cap ? 2 * names.cap : 64;
    char **slot = memset(dc_realloc(NULL, cap * sizeof *slot), 0, cap * sizeof *slot);
    for (size_t i = 0; i < names.cap; i++)
        if (names.slot[i])
            *name_slot(slot, cap, names.slot[i]) = names.slot[i];
    free(names.slot);
    names.slot = slot;
    names.cap = cap;
}

/* Locked: the parse's threads make locations too (what a file's errors
   left unread). */
static char *intern(const char *name)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&lock);
    if (2 * (names.n + 1) > names.cap)
        names_grow();
    char **s = name_slot(names.slot, names.cap, name);
    if (!*s) {
        *s = dc_format("%s", name);
        names.n++;
    }
    pthread_mutex_unlock(&lock);
    return *s;
}

dc_loc dc_loc_make(const char *file, unsigned line, unsigned column)
{
    return (dc_loc){file ? intern(file) : NULL, line, column};
}

/* ---- the list ------------------------------------------------------------- */

dc_finding *dc_findings_add(dc_findings *f, const char *rule, dc_loc loc, char *message)
{
    f->v = grow(f->v, f->n, &f->cap, sizeof *f->v);
    dc_finding *d = &f->v[f->n++];
    *d = (dc_finding){.rule = rule, .loc = loc, .message = message};
    return d;
}

/* Notes and fixes are few (one to three), so their arrays grow by one. */
void dc_finding_note(dc_finding *f, dc_loc loc, char *message)
{
    f->notes = dc_realloc(f->notes, (size_t)(f->nnotes + 1) * sizeof *f->notes);
    f->notes[f->nnotes++] = (dc_note){loc, message};
}

void dc_finding_fix(dc_finding *f, dc_loc begin, dc_loc end, char *text)
{
    f->fixes = dc_realloc(f->fixes, (size_t)(f->nfixes + 1) * sizeof *f->fixes);
    f->fixes[f->nfixes++] = (dc_fix){begin, end, text};
}

void dc_notes_free(dc_note *v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i].message);
    free(v);
}

static void finding_free(dc_finding *d)
{
    dc_notes_free(d->notes, d->nnotes);
    for (int i = 0; i < d->nfixes; i++)
        free(d->fixes[i].text);
    free(d->fixes);
    free(d->message);
}

void dc_findings_take(dc_findings *to, dc_findings *from)
{
    for (int i = 0; i < from->n; i++) {
        to->v = grow(to->v, to->n, &to->cap, sizeof *to->v);
        to->v[to->n++] = from->v[i];
    }
    free(from->v);
    *from = (dc_findings){0};
}

void dc_findings_free(dc_findings *f)
{
    for (int i = 0; i < f->n; i++)
        finding_free(&f->v[i]);
    free(f->v);
    *f = (dc_findings){0};
}

int dc_findings_drop(dc_findings *f, bool (*drop)(const dc_finding *, void *), void *ctx)
{
    int kept = 0, n = f->n;
    for (int i = 0; i < n; i++) {
        if (drop(&f->v[i], ctx))
            finding_free(&f->v[i]);
        else
            f->v[kept++] = f->v[i];
    }
    f->n = kept;
    return n - kept;
}

/* A finding without a file (none is made so, but a rule may err) sorts first. */
static int compare_files(const char *a, const char *b)
{
    if (a == b)
        return 0;                               /* interned: the usual case */
    if (!a || !b)
        return a ? 1 : -1;
    return strcmp(a, b);
}

static int compare_unsigned(unsigned a, unsigned b)
{
    return (a > b) - (a < b);
}

/* The order of the output; the message last, so that the order is total and
   exact repeats end up side by side. */
static int compare_findings(const void *pa, const void *pb)
{
    const dc_finding *a = pa, *b = pb;
    int c = compare_files(a->loc.file, b->loc.file);
    if (!c)
        c = compare_unsigned(a->loc.line, b->loc.line);
    if (!c)
        c = compare_unsigned(a->loc.column, b->loc.column);
    if (!c)
        c = strcmp(a->rule, b->rule);
    if (!c)
        c = strcmp(a->message, b->message);
    return c;
}

/* A repeat (the same rule, place and message: a header's code seen from two
   translation units, say) is dropped with its notes and fixes. */
void dc_findings_sort(dc_findings *f)
{
    if (f->n < 2)
        return;
    qsort(f->v, (size_t)f->n, sizeof *f->v, compare_findings);
    int kept = 1;
    for (int i = 1; i < f->n; i++) {
        if (compare_findings(&f->v[kept - 1], &f->v[i]) == 0)
            finding_free(&f->v[i]);
        else
            f->v[kept++] = f->v[i];
    }
    f->n = kept;
}
