/*
 * The call sites' rows, written by the writer as the first event that
 * names each arrives (sites.c interns them, in the program's threads):
 * each symbolized once, its stack with it; and their source lines, kept
 * for the findings' rows and what is said live, with the first site of
 * each line, which an event's sites become.
 */
#include "devtrace.h"
#include "hash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    dv_site_text *sites;
    uint32_t sites_written, sites_cap;
    dv_tally_map lines;                 /* a source line's first site */
} w;

static void append_frame(char *buf, size_t n, size_t *len, uintptr_t pc, bool exact)
{
    dv_symbol sym;
    dv_symbolize(pc, exact, &sym);
    const char *obj = strrchr(sym.object, '/');
    int k = snprintf(buf + *len, n - *len, "%s%s", *len ? "\n" : "",
                     *sym.function ? sym.function : "??");
    if (k > 0 && (size_t)k < n - *len)
        *len += (size_t)k;
    k = *sym.file ? snprintf(buf + *len, n - *len, " %s:%d", sym.file, sym.line)
                  : snprintf(buf + *len, n - *len, " (%s)", obj ? obj + 1 : sym.object);
    if (k > 0 && (size_t)k < n - *len)
        *len += (size_t)k;
}

static void write_site(uint32_t id)
{
    const dv_site *s = dv_site_get(id);
    dv_symbol sym;
    char stack[4096];
    size_t len = 0;
    dv_symbolize(s->pc, s->exact, &sym);
    if (s->file) {                      /* devtensor said, with or without debug information */
        snprintf(sym.file, sizeof sym.file, "%s", s->file);
        sym.line = s->line;
    }
    stack[0] = 0;
    for (int i = 0; i < s->nframes; i++)
        append_frame(stack, sizeof stack, &len, s->frames[i], i == 0 && s->exact);
    if (id >= w.sites_cap) {
        uint32_t cap = w.sites_cap ? w.sites_cap * 2 : 256;
        while (cap <= id)
            cap *= 2;
        dv_site_text *grown = realloc(w.sites, cap * sizeof *grown);
        if (!grown)
            return;
        memset(grown + w.sites_cap, 0, (cap - w.sites_cap) * sizeof *grown);
        w.sites = grown;
        w.sites_cap = cap;
    }
    free(w.sites[id].file);             /* written again in a forked child */
    free(w.sites[id].function);
    w.sites[id] = (dv_site_text){ *sym.file ? strdup(sym.file) : NULL,
                               *sym.function ? strdup(sym.function) : NULL, sym.line, id };
    uint64_t line_key[DV_TALLY_KEY] = { fnv1a_string(sym.file), fnv1a_string(sym.function),
                                        (uint64_t)sym.line };
    bool fresh;
    dv_tally *first = *sym.file ? dv_tally_find(&w.lines, line_key, &fresh) : NULL;
    if (first && fresh)
        first->first = id;
    else if (first)
        w.sites[id].same = (uint32_t)first->first;
    if (dv_rep.broken)                       /* kept for the findings said on stderr */
        return;
    dv_bind_int(DV_S_SITE, 1, dv_rep.run);
    dv_bind_int(DV_S_SITE, 2, id);
    dv_bind_int(DV_S_SITE, 3, (int64_t)s->pc);
    dv_bind_text(DV_S_SITE, 4, sym.object);
    dv_bind_text(DV_S_SITE, 5, sym.function);
    dv_bind_text(DV_S_SITE, 6, sym.file);
    if (*sym.file)
        dv_bind_int(DV_S_SITE, 7, sym.line);
    dv_bind_text(DV_S_SITE, 8, stack);
    if (*sym.object)
        dv_bind_int(DV_S_SITE, 9, (int64_t)sym.offset);
    dv_report_step(DV_S_SITE);
}

static void write_sites_up_to(uint32_t id)
{
    if (id <= w.sites_written)
        return;
    uint32_t n = dv_site_count();
    while (w.sites_written < n)
        write_site(++w.sites_written);
}

const dv_site_text *dv_site_text_get(uint32_t id)
{
    return id && id < w.sites_cap ? &w.sites[id] : NULL;
}

static uint32_t same_site(uint32_t id)
{
    return id && id < w.sites_cap && w.sites[id].same ? w.sites[id].same : id;
}

/* Every site of the event, by its source line. */
void dv_site_rows_resolve(dv_event *e)
{
    write_sites_up_to(e->site);
    e->site = same_site(e->site);
    if (e->type == DV_EV_FINDING) {
        write_sites_up_to(e->u.finding.alloc_site);
        write_sites_up_to(e->u.finding.free_site);
        e->u.finding.alloc_site = same_site(e->u.finding.alloc_site);
        e->u.finding.free_site = same_site(e->u.finding.free_site);
    } else if (e->type == DV_EV_ALLOC || e->type == DV_EV_FREE) {
        write_sites_up_to(e->u.alloc.free_site);
        e->u.alloc.site = same_site(e->u.alloc.site);
        e->u.alloc.free_site = same_site(e->u.alloc.free_site);
    }
}

/* Written again in the child, into its own run; their text is kept (and
   freed as each is written again). */
void dv_site_rows_after_fork(void)
{
    dv_tally_clear(&w.lines);
    w.sites_written = 0;
}
