/*
 * --static FILE.sarif: devcheck's findings, read from its SARIF, joined
 * with the report's (common/join.h says how and what each state means).
 * The SARIF is read strictly: a file that is not JSON, or not SARIF as
 * devcheck writes it, is refused with where and why, not read as having
 * no findings.
 */
#include "report.h"

#include "join.h"
#include "jsonread.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- the SARIF ------------------------------------------------------------------- */

static char *read_whole(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die("%s: %s", path, strerror(errno));
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    char buf[65536];
    size_t got;
    while (mem && (got = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, got, mem);
    if (!mem || ferror(f) || fclose(mem) != 0)
        die("%s: %s", path, strerror(errno ? errno : EIO));
    fclose(f);
    *n = size;
    return text;
}

/* A URI's %-escapes decoded, "file://" dropped; malloc'd. */
static char *uri_path(const char *uri)
{
    if (!strncmp(uri, "file://", 7))
        uri += 7;
    char *path = xmalloc(strlen(uri) + 1), *o = path;
    for (const char *p = uri; *p; p++) {
        unsigned v;
        if (*p == '%' && sscanf(p + 1, "%2x", &v) == 1 && v && p[1] && p[2])
            *o++ = (char)v, p += 2;
        else
            *o++ = *p;
    }
    *o = '\0';
    return path;
}

typedef struct {
    const char *name;           /* the SARIF file, for messages */
    const jv *run;
    size_t result;
} where;

_Noreturn static void not_devchecks(const where *w, const char *what)
{
    die("%s: run's result %zu: %s (is it devcheck's --format sarif?)", w->name, w->result + 1,
        what);
}

/* The folder a URI base id stands for, with its slash; NULL when none. */
static char *base_folder(const where *w, const char *id)
{
    const jv *bases = jv_get(w->run, "originalUriBaseIds", JV_OBJECT);
    const jv *uri = jv_get(jv_get(bases, id, JV_OBJECT), "uri", JV_STRING);
    if (!uri)
        not_devchecks(w, "its uriBaseId names no folder of the run's originalUriBaseIds");
    return uri_path(uri->text);
}

/* One result into the join. */
static void add_result(const report *r, const where *w, const jv *res)
{
    const jv *rule = jv_get(res, "ruleId", JV_STRING);
    const jv *level = jv_get(res, "level", JV_STRING);
    const jv *message = jv_get(jv_get(res, "message", JV_OBJECT), "text", JV_STRING);
    const jv *locations = jv_get(res, "locations", JV_ARRAY);
    const jv *physical = locations && locations->n
                             ? jv_get(&locations->items[0], "physicalLocation", JV_OBJECT) : NULL;
    const jv *artifact = jv_get(physical, "artifactLocation", JV_OBJECT);
    const jv *uri = jv_get(artifact, "uri", JV_STRING);
    const jv *base = jv_get(artifact, "uriBaseId", JV_STRING);
    const jv *line = jv_get(jv_get(physical, "region", JV_OBJECT), "startLine", JV_NUMBER);
    if (!rule)
        not_devchecks(w, "no ruleId");
    if (!uri || !line)
        not_devchecks(w, "no physical location with a uri and a startLine");
    char *file = uri_path(uri->text), *folder = base ? base_folder(w, base->text) : NULL;
    char *path = folder ? xasprintf("%s%s", folder, file) : NULL;
    join_static s = {file, path ? path : file[0] == '/' ? file : NULL,
                     strtoll(line->text, NULL, 10), rule->text, level ? level->text : NULL,
                     message ? message->text : NULL};
    if (join_add(r->db, &s) != SQLITE_OK)
        report_fail(r);
    free(path);
    free(folder);
    free(file);
}

static void add_sarif(const report *r, const char *name)
{
    size_t n;
    char *text = read_whole(name, &n), err[512];
    json_reader jr = {text, text, text + n, name, err, sizeof err};
    jv doc;
    if (!jr_document(&jr, &doc))
        die("%s", err);
    const jv *runs = jv_get(&doc, "runs", JV_ARRAY);
    if (!runs)
        die("%s: not SARIF: no \"runs\" array", name);
    for (size_t i = 0; i < runs->n; i++) {
        where w = {name, &runs->items[i], 0};
        const jv *results = jv_get(w.run, "results", JV_ARRAY);
        for (; results && w.result < results->n; w.result++)
            add_result(r, &w, &results->items[w.result]);
    }
    jv_free(&doc);
    free(text);
}

void join_sarif(const report *r, char *const *files, int nfiles)
{
    if (join_prepare(r->db) != SQLITE_OK)
        report_fail(r);
    for (int i = 0; i < nfiles; i++)
        add_sarif(r, files[i]);
}

/* ---- text, by state ----------------------------------------------------------- */

static void print_text(cursor *c, int col)
{
    const char *s = (const char *)sqlite3_value_text(cursor_cell(c, col));
    char *shown = printable(s ? s : "?", s ? strlen(s) : 1, false);
    fputs(shown, stdout);
    free(shown);
}

static sqlite3_int64 int_at(cursor *c, int col)
{
    return sqlite3_value_int64(cursor_cell(c, col));
}

/* "(2 runs, 5 calls, found 2 times, cuda:0)": the counts that say something. */
static void print_counts(cursor *c)
{
    sqlite3_int64 runs = int_at(c, J_RUNS), calls = int_at(c, J_CALLS), found = int_at(c, J_FOUND);
    if (!runs)
        return;
    printf(" (%lld run%s", (long long)runs, plural(runs));
    if (calls)
        printf(", %lld call%s", (long long)calls, plural(calls));
    if (found)
        printf(", found %lld time%s", (long long)found, plural(found));
    if (sqlite3_value_type(cursor_cell(c, J_DEVICES)) != SQLITE_NULL) {
        fputs(", ", stdout);
        print_text(c, J_DEVICES);
    }
    putchar(')');
}

/* The heading of each state, with its count: how many rows have it. */
static void print_heading(const report *r, const char *state)
{
    for (int i = 0; i < join_nstates; i++)
        if (!strcmp(join_states[i].name, state)) {
            char *sql = sqlite3_mprintf("SELECT count(*) FROM (%s) WHERE state = %Q", join_sql,
                                        state);
            printf("%s (%lld): %s\n", state, (long long)report_int(r, sql), join_states[i].about);
            sqlite3_free(sql);
        }
}

void print_joined(cursor *c)
{
    char *state = NULL;
    sqlite3_int64 n = 0;
    for (; cursor_next(c); n++) {
        const char *now = (const char *)sqlite3_value_text(cursor_cell(c, J_STATE));
        if (!state || strcmp(state, now)) {
            printf("%s", state ? "\n" : "");
            print_heading(c->r, now);
            free(state);
            state = xstrdup(now);
        }
        fputs("  ", stdout);
        print_text(c, J_FILE);
        printf(":%lld: ", (long long)int_at(c, J_LINE));
        print_text(c, J_ORIGIN);
        putchar(' ');
        print_text(c, J_MISTAKE);
        fputs(": ", stdout);
        print_text(c, J_MESSAGE);
        print_counts(c);
        putchar('\n');
    }
    free(state);
    if (n == 0)
        puts("no findings, of devcheck's or of a run's");
}
