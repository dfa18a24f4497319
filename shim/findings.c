/*
 * The findings' rows: a finding event counted into its sum (sums.c) and,
 * the first time, written with its line, severity and call chain (a JSON
 * array), and said live (say.c) where DEVTRACE_PRINT asks; said even when
 * the report cannot be written.
 */
#include "devtrace.h"
#include "hash.h"
#include "json.h"
#include "mistakes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a's file ends with b's (which may be relative, as __FILE__ can be) */
static bool same_line(const dv_site_text *a, const dv_site_text *b)
{
    size_t la = a->file ? strlen(a->file) : 0, lb = strlen(b->file);
    return a->line == b->line && la >= lb && strcmp(a->file + la - lb, b->file) == 0;
}

/* The mistake's, as devcheck gives it too; asked once per finding's row. */
static const char *severity_of(dv_finding_kind kind)
{
    if (kind == DV_HOST_POINTER_KERNEL_ARG && dv_rep.pageable_access)
        return "warning";               /* this GPU reads pageable memory: slow, not wrong */
    const char *name = dv_finding_names[kind];
    return mistake_named(name, strlen(name))->severity;
}

static void put_key(FILE *f, const char *key, bool *more)
{
    fprintf(f, "%s\"%s\":", *more ? "," : "", key);
    *more = true;
}

static void put_string_member(FILE *f, const char *key, const char *value, bool *more)
{
    put_key(f, key, more);
    json_put_string(f, value, strlen(value));
}

/* A frame of findings.chain: its function; its file and line where the
   debug information says, else its object and offset, which devtrace can
   look up later (call_sites' columns). */
static void put_frame(FILE *f, const dv_symbol *s)
{
    bool more = false;
    putc('{', f);
    if (*s->function)
        put_string_member(f, "function", s->function, &more);
    if (*s->file) {
        put_string_member(f, "file", s->file, &more);
        put_key(f, "line", &more);
        fprintf(f, "%d", s->line);
    } else if (*s->object) {
        put_string_member(f, "object", s->object, &more);
        put_key(f, "offset", &more);
        fprintf(f, "%llu", (unsigned long long)s->offset);
    }
    putc('}', f);
}

/* findings.chain, a JSON array innermost first: the finding's own frame,
   its line as its row says (at), then the callers that reached it, or its
   site's as first seen where none were taken; malloc'd, NULL without a
   site (or memory). */
static char *chain_text(const dv_event *e, const dv_site_text *at)
{
    const dv_site *s = dv_site_get(e->site);
    const dv_chain *c = dv_chain_get(e->u.finding.chain);
    char *text = NULL;
    size_t size;
    FILE *f = s ? open_memstream(&text, &size) : NULL;
    if (!f)
        return NULL;
    dv_symbol sym;
    dv_symbolize(s->pc, s->exact, &sym);
    if (at && at->file) {
        snprintf(sym.file, sizeof sym.file, "%s", at->file);
        snprintf(sym.function, sizeof sym.function, "%s", at->function ? at->function : "");
        sym.line = at->line;
    }
    putc('[', f);
    put_frame(f, &sym);
    const uintptr_t *pc = c ? c->pc : s->frames + 1;
    for (int i = 0, n = c ? c->n : s->nframes - 1; i < n; i++) {
        dv_symbolize(pc[i], false, &sym);
        putc(',', f);
        put_frame(f, &sym);
    }
    putc(']', f);
    if (fclose(f) == 0)
        return text;
    free(text);
    return NULL;
}

/* The line a finding is at: its site's, or the one the caller told (into
   *told), with the site's function if it agrees. */
static const dv_site_text *finding_at(const dv_event *e, dv_site_text *told)
{
    const dv_site_text *at = dv_site_text_get(e->site);
    *told = (dv_site_text){ (char *)e->u.finding.file, NULL, e->u.finding.line, 0 };
    if (!told->file)
        return at;
    if (at && same_line(at, told))
        told->function = at->function;
    return told;
}

/* Returns the finding's findings.id, 0 while it has no row (a pageable
   copy's, until the bytes of its line and chain are worth it). */
int64_t dv_finding_write(const dv_event *e)
{
    const char *msg = e->u.finding.message ? e->u.finding.message : "";
    uint64_t key[DV_TALLY_KEY] = { e->u.finding.kind, e->site, fnv1a_string(msg),
                                   e->u.finding.chain };
    bool fresh;
    dv_tally *t = dv_sum_finding(key, &fresh);
    if (!t)
        return 0;
    t->count++;
    t->bytes += (int64_t)e->u.finding.bytes;
    if (fresh)
        t->first = (int64_t)e->seq;
    if (t->written) {
        t->dirty = true;
        return t->id;
    }
    if (e->u.finding.when_worth && t->bytes < DV_WORTH_PINNING)
        return 0;
    t->written = true;
    t->dirty = t->count > 1;
    dv_site_text told;
    const dv_site_text *at = finding_at(e, &told);
    dv_bind_int(DV_S_FINDING, 1, dv_rep.run);
    dv_bind_int(DV_S_FINDING, 2, t->id);
    dv_bind_int(DV_S_FINDING, 3, t->first);
    dv_bind_text(DV_S_FINDING, 4, dv_finding_names[e->u.finding.kind]);
    dv_bind_text(DV_S_FINDING, 5, severity_of(e->u.finding.kind));
    dv_bind_text(DV_S_FINDING, 6, msg);
    if (at && at->file) {
        dv_bind_text(DV_S_FINDING, 7, at->file);
        dv_bind_int(DV_S_FINDING, 8, at->line);
    }
    if (at)
        dv_bind_text(DV_S_FINDING, 9, at->function);
    dv_bind_site(DV_S_FINDING, 10, e->site);
    if (e->u.finding.bytes)
        dv_bind_int(DV_S_FINDING, 11, (int64_t)e->u.finding.bytes);
    dv_bind_site(DV_S_FINDING, 12, e->u.finding.alloc_site);
    dv_bind_site(DV_S_FINDING, 13, e->u.finding.free_site);
    char *chain = chain_text(e, at);
    dv_bind_text(DV_S_FINDING, 14, chain);
    free(chain);
    dv_report_step(DV_S_FINDING);
    dv_say_finding(e, at, severity_of(e->u.finding.kind), msg);
    return t->id;
}

/* A report that cannot be written still lets the findings reach the
   terminal (DEVTRACE_PRINT), where devtrace run's user looks for them. */
void dv_finding_say_unwritten(dv_event *e)
{
    if (!dv_rep.print || e->type != DV_EV_FINDING || e->u.finding.when_worth)
        return;
    dv_site_rows_resolve(e);
    dv_site_text told;
    dv_say_finding(e, finding_at(e, &told), severity_of(e->u.finding.kind),
                e->u.finding.message ? e->u.finding.message : "");
}
