/*
 * --static FILE.sarif: devcheck's findings, read from its SARIF, joined
 * with the report's (common/join.h says how and what each state means).
 * The SARIF is read strictly: a file that is not JSON, or not SARIF as
 * devcheck writes it, is refused with where and why, not read as having
 * no findings.
 */
#include "report.h"

#include "files.h"
#include "join.h"
#include "jsonread.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- the SARIF ------------------------------------------------------------------- */

/* The most of a SARIF file read: its JSON is held whole, several times
   its size as a tree. */
#define SARIF_MAX (256LL << 20)

/* A SARIF file's text: a regular file of at most SARIF_MAX bytes (then or
   while read), or devtrace dies naming it. */
static char *read_whole(const char *path, size_t *n)
{
    char why[128];
    int fd = input_open(path, SARIF_MAX, why, sizeof why);
    if (fd < 0)
        die("%s: %s", path, why);
    FILE *f = fdopen(fd, "rb");
    char *text = NULL;
    size_t size = 0;
    FILE *mem = f ? open_memstream(&text, &size) : NULL;
    char buf[65536];
    size_t got;
    long long total = 0;
    while (mem && total <= SARIF_MAX && (got = fread(buf, 1, sizeof buf, f)) > 0) {
        fwrite(buf, 1, got, mem);
        total += (long long)got;
    }
    if (!mem || ferror(f) || fclose(mem) != 0)
        die("%s: %s", path, strerror(errno ? errno : EIO));
    fclose(f);
    if (total > SARIF_MAX) {
        free(text);
        die("%s: larger than %lld MiB, the most read", path, SARIF_MAX >> 20);
    }
    *n = size;
    return text;
}

static int hex_digit(char c)
{
    const char *digits = "0123456789abcdef", *d = c ? strchr(digits, c | 0x20) : NULL;
    return d ? (int)(d - digits) : -1;
}

/* A URI's %-escapes decoded, "file://" dropped; malloc'd.  An escape that
   is not two hex digits, or is NUL, stays as it is. */
static char *uri_path(const char *uri)
{
    if (!strncmp(uri, "file://", 7))
        uri += 7;
    char *path = xmalloc(strlen(uri) + 1), *o = path;
    for (const char *p = uri; *p; p++) {
        int hi = *p == '%' ? hex_digit(p[1]) : -1, lo = hi >= 0 ? hex_digit(p[2]) : -1;
        if (lo >= 0 && (hi || lo))
            *o++ = (char)(hi << 4 | lo), p += 2;
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

/* A run of another tool's (devtrace's own SARIF, a linter's) is refused:
   its rule ids are not devcheck's, and its results would read as
   devcheck's findings. */
static void check_tool(const where *w, size_t run)
{
    const jv *driver = jv_get(jv_get(w->run, "tool", JV_OBJECT), "driver", JV_OBJECT);
    const jv *name = jv_get(driver, "name", JV_STRING);
    if (!name)
        die("%s: run %zu names no tool (tool.driver.name): not devcheck's SARIF", w->name,
            run + 1);
    if (strcmp(name->text, "devcheck")) {
        char *shown = printable(name->text, strlen(name->text), false);
        die("%s: run %zu is %s's SARIF, not devcheck's (--static takes devcheck --format sarif)",
            w->name, run + 1, shown);
    }
}

/* The folder a URI base id stands for, with its slash (malloc'd); dies when
   the run names none. */
static char *base_folder(const where *w, const char *id)
{
    const jv *bases = jv_get(w->run, "originalUriBaseIds", JV_OBJECT);
    const jv *uri = jv_get(jv_get(bases, id, JV_OBJECT), "uri", JV_STRING);
    if (!uri)
        not_devchecks(w, "its uriBaseId names no folder of the run's originalUriBaseIds");
    return uri_path(uri->text);
}

/* A JSON number's text as a line number: 0 when it is none (a fraction,
   an exponent, a sign, past 2^63). */
static sqlite3_int64 line_number(const char *text)
{
    char *end;
    errno = 0;
    long long n = text[0] >= '0' && text[0] <= '9' ? strtoll(text, &end, 10) : 0;
    return n > 0 && !errno && !*end ? n : 0;
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
    sqlite3_int64 at = line_number(line->text);
    if (at < 1)
        not_devchecks(w, "its startLine is not a positive integer");
    char *file = uri_path(uri->text), *folder = base ? base_folder(w, base->text) : NULL;
    char *path = folder ? xasprintf("%s%s", folder, file) : NULL;
    join_static s = {file, path ? path : file[0] == '/' ? file : NULL, at, rule->text,
                     level ? level->text : NULL, message ? message->text : NULL};
    if (join_add(r->db, &s) != SQLITE_OK)       /* a message past the report's limits */
        die("%s: run's result %zu: %s", w->name, w->result + 1, sqlite3_errmsg(r->db));
    free(path);
    free(folder);
    free(file);
}

/* Whether the runs made no call from any file of devcheck's findings:
   then their not-reached says nothing, and is said to. */
static bool ran_none;

static void check_ran_some(const report *r)
{
    ran_none = join_ran_none(r);
    if (ran_none)
        fprintf(stderr, "devtrace: %s: no run made a call from any file of devcheck's findings "
                "(a report of another program, or of a build at other paths?)\n", r->path);
}

/* devcheck's SARIF documents, kept for the SARIF format to write again
   with the states; their results are static_findings' rows in order. */
static jv *docs;
static int ndocs;

static void add_sarif(const report *r, const char *name, jv *doc)
{
    size_t n;
    char *text = read_whole(name, &n), err[512];
    size_t bom = n >= 3 && !memcmp(text, "\xef\xbb\xbf", 3) ? 3 : 0;  /* as Windows' tools write */
    json_reader jr = {text + bom, text + bom, text + n, name, err, sizeof err};
    if (!jr_document(&jr, doc))
        die("%s: not SARIF, which is JSON (devcheck --format sarif writes it)", err);
    const jv *runs = jv_get(doc, "runs", JV_ARRAY);
    if (!runs)
        die("%s: not SARIF: no \"runs\" array", name);
    for (size_t i = 0; i < runs->n; i++) {
        where w = {name, &runs->items[i], 0};
        check_tool(&w, i);
        const jv *results = jv_get(w.run, "results", JV_ARRAY);
        for (; results && w.result < results->n; w.result++)
            add_result(r, &w, &results->items[w.result]);
    }
    free(text);
}

static void free_docs(void)
{
    for (int i = 0; i < ndocs; i++)
        jv_free(&docs[i]);
    free(docs);
}

void join_sarif(const report *r, char *const *files, int nfiles)
{
    if (join_prepare(r->db) != SQLITE_OK)
        report_fail(r);
    docs = xmalloc((size_t)nfiles * sizeof *docs);
    atexit(free_docs);
    for (int i = 0; i < nfiles; i++) {
        docs[i] = (jv){JV_NULL, NULL, 0, NULL, NULL};
        ndocs = i + 1;          /* freed at exit, whatever add_sarif dies of */
        add_sarif(r, files[i], &docs[i]);
    }
    check_ran_some(r);
}

bool join_active(void)
{
    return ndocs > 0;
}

/* ---- SARIF, the states added ----------------------------------------------------- */

static void put_value(json *j, const char *key, const jv *v);

static void put_members(json *j, const jv *v, const char *skip)
{
    for (size_t i = 0; i < v->n; i++)
        if (v->type == JV_ARRAY || !skip || strcmp(v->keys[i], skip))
            put_value(j, v->type == JV_OBJECT ? v->keys[i] : NULL, &v->items[i]);
}

/* A value as it was read; numbers as their text. */
static void put_value(json *j, const char *key, const jv *v)
{
    static const char *const words[] = {[JV_NULL] = "null", [JV_FALSE] = "false",
                                        [JV_TRUE] = "true"};
    char bracket = v->type == JV_OBJECT ? '{' : '[';
    if (v->type == JV_STRING) {
        j_string(j, key, v->text);
    } else if (v->type == JV_ARRAY || v->type == JV_OBJECT) {
        j_open(j, key, bracket);
        put_members(j, v, NULL);
        j_close(j, bracket == '{' ? '}' : ']');
    } else {
        j_item(j, key);
        fputs(v->type == JV_NUMBER ? v->text : words[v->type], j->out);
    }
}

/* A result of devcheck's with its state: its own properties, then the
   join's (states: Q_STATIC_STATES, its next row this result's). */
static void put_stated_result(json *j, const jv *res, cursor *states)
{
    static const char *const counts[] = {"runs", "calls", "found"};
    if (!cursor_next(states))
        die("devcheck's findings changed while read");
    j_open(j, NULL, '{');
    put_members(j, res, "properties");
    j_open(j, "properties", '{');
    const jv *own = jv_get(res, "properties", JV_OBJECT);
    if (own)
        put_members(j, own, "state");
    j_string(j, "state", cursor_text(states, 0));
    for (int c = 0; c < 3; c++)
        j_uint(j, counts[c], (unsigned long)cursor_int(states, c + 1));
    if (!cursor_null(states, 4))
        j_string(j, "devices", cursor_text(states, 4));
    j_close(j, '}');
    j_close(j, '}');
}

static void put_static_run(json *j, const jv *run, cursor *states)
{
    const jv *results = jv_get(run, "results", JV_ARRAY);
    j_open(j, NULL, '{');
    put_members(j, run, "results");
    j_open(j, "results", '[');
    for (size_t i = 0; results && i < results->n; i++)
        put_stated_result(j, &results->items[i], states);
    j_close(j, ']');
    j_close(j, '}');
}

void put_static_runs(const report *r, json *j)
{
    cursor states;
    query_open(&states, r, "states", Q_STATIC_STATES);
    for (int d = 0; d < ndocs; d++) {
        const jv *runs = jv_get(&docs[d], "runs", JV_ARRAY);
        for (size_t i = 0; i < runs->n; i++)
            put_static_run(j, &runs->items[i], &states);
    }
    cursor_close(&states);
}

/* ---- text, by state ----------------------------------------------------------- */

static void print_text(cursor *c, int col)
{
    const char *s = cursor_text(c, col);
    char *shown = printable(s ? s : "?", s ? strlen(s) : 1, false);
    fputs(shown, stdout);
    free(shown);
}

/* "(2 runs, 5 calls, found 2 times, cuda:0)": the counts that say something. */
static void print_counts(cursor *c)
{
    sqlite3_int64 runs = cursor_int(c, J_RUNS), calls = cursor_int(c, J_CALLS);
    sqlite3_int64 found = cursor_int(c, J_FOUND);
    if (!runs)
        return;
    printf(" (%lld run%s", (long long)runs, plural(runs));
    if (calls)
        printf(", %lld call%s", (long long)calls, plural(calls));
    if (found)
        printf(", found %lld time%s", (long long)found, plural(found));
    if (!cursor_null(c, J_DEVICES)) {
        fputs(", ", stdout);
        print_text(c, J_DEVICES);
    }
    putchar(')');
}

static const char ran_none_about[] =
    "no run made a call from any of these files: the report is of another program, or of a "
    "build at other paths";

/* The heading of each state, with its count: how many rows have it. */
static void print_heading(const report *r, const char *state)
{
    for (int i = 0; i < join_nstates; i++)
        if (!strcmp(join_states[i].name, state)) {
            printf("%s (%lld): %s\n", state, (long long)join_state_count(r, state),
                   ran_none && !strcmp(state, "not-reached") ? ran_none_about : join_states[i].about);
        }
}

void print_joined(cursor *c)
{
    char *state = NULL;
    sqlite3_int64 n = 0;
    for (; cursor_next(c); n++) {
        const char *now = cursor_text(c, J_STATE);
        if (!state || strcmp(state, now)) {
            printf("%s", state ? "\n" : "");
            print_heading(c->r, now);
            free(state);
            state = xstrdup(now);
        }
        fputs("  ", stdout);
        if (cursor_null(c, J_FILE))
            fputs("(source line unknown): ", stdout);
        else {
            print_text(c, J_FILE);
            printf(":%lld: ", (long long)cursor_int(c, J_LINE));
        }
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

