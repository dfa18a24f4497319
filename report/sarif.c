/*
 * `devtrace report --format sarif`: the findings as SARIF 2.1.0, the subset
 * that GitHub code scanning reads, as devcheck writes it: one run, the
 * rules, per result its rule, level, message, line (relative to %SRCROOT%,
 * the folder the program ran in: the first run's, where a merged report
 * holds runs of several folders, a file of another run's that lies outside
 * it has an absolute URI), the call chain that led there as a code
 * flow (from main's call to the result's line, the steps code scanning
 * shows as the alert's path), the sites of the memory involved as related
 * locations, and a fingerprint.  Where devcheck finds the same
 * mistake before the program runs, the rule id is devcheck's, so one
 * code-scanning view holds both tools' alerts; the other kinds have
 * devtrace's own ids.  A finding without a source line (code without debug
 * information) cannot be placed, nor one of a kind this devtrace does not
 * know (a newer shim's) given a rule: it is left out, and stderr says so.
 * Where the report holds no severity or message, the mistake's are said.
 *
 * With --static, devcheck's runs come first, each result with its state in
 * its properties (joined.c), then devtrace's run with the findings that
 * devcheck did not report, each "runtime-only".
 * And `--format codequality`: the same findings as GitLab's Code Quality
 * report, with the same rule ids and fingerprints.
 */
#include "hash.h"
#include "json.h"
#include "report.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SARIF_SCHEMA \
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
#define SRCROOT "%SRCROOT%"

/* The mistake a kind is (mistakes.h), or NULL for one this devtrace does
   not know. */
static const mistake *mistake_of(const char *kind)
{
    const mistake *m = kind ? mistake_named(kind, strlen(kind)) : NULL;
    return m && m->kinds[0] ? m : NULL;
}

/* Its rule id: devcheck's, else its kind's words with hyphens, as devcheck
   would spell it (a mistake only a run shows has one kind). */
static const char *rule_id(const mistake *m, char id[static 64])
{
    if (m->rule)
        return m->rule;
    snprintf(id, 64, "%s", m->kinds[0]);
    for (char *c = id; (c = strchr(c, '_'));)
        *c = '-';
    return id;
}

/* Its place in the driver's list, which holds the mistakes a run shows. */
static unsigned long rule_index(const mistake *m)
{
    unsigned long n = 0;
    for (const mistake *k = mistakes; k < m; k++)
        n += k->kinds[0] != NULL;
    return n;
}

static void put_tool(json *j)
{
    j_sarif_tool(j, "devtrace", DEVTRACE_VERSION);
    for (int i = 0; i < nmistakes; i++) {
        char id[64];
        if (mistakes[i].kinds[0])
            j_sarif_rule(j, rule_id(&mistakes[i], id), mistakes[i].summary,
                         mistakes[i].severity);
    }
    j_sarif_tool_end(j);
}

/* The run whose folder is %SRCROOT% (base_uri). */
static sqlite3_int64 root_run;

/* A file as run shows it (relative to its folder, or absolute) as a URI:
   relative to %SRCROOT% where it lies beneath, else absolute. */
static char *file_uri(const char *file, sqlite3_int64 run, bool *under)
{
    char *path = path_absolute(file, run);
    const char *shown = path_shown(path, root_run);
    *under = shown[0] != '/';
    char *uri = xmalloc(json_uri_size("file://", shown));
    json_uri_encode(uri, *under ? "" : "file://", shown);
    free(path);
    return uri;
}

static void put_physical(json *j, const char *file, sqlite3_int64 line, sqlite3_int64 run)
{
    bool under;
    char *uri = file_uri(file, run, &under);
    j_open(j, "physicalLocation", '{');
    j_open(j, "artifactLocation", '{');
    j_string(j, "uri", uri);
    if (under)
        j_string(j, "uriBaseId", SRCROOT);
    j_close(j, '}');
    j_open(j, "region", '{');
    j_uint(j, "startLine", (unsigned long)(line > 0 ? line : 1));
    j_close(j, '}');
    j_close(j, '}');
    free(uri);
}

/* Where the memory involved was allocated and freed. */
static void put_related(json *j, const rows *f, size_t i)
{
    static const struct { int file, line; const char *what; } sites[] = {
        {F_ALLOC_FILE, F_ALLOC_LINE, "The memory was allocated here."},
        {F_FREE_FILE, F_FREE_LINE, "The memory was freed here."},
    };
    unsigned long id = 0;
    for (size_t s = 0; s < COUNT(sites); s++) {
        if (rows_null(f, i, sites[s].file))
            continue;
        if (!id)
            j_open(j, "relatedLocations", '[');
        j_open(j, NULL, '{');
        j_uint(j, "id", ++id);
        put_physical(j, rows_text(f, i, sites[s].file), rows_int(f, i, sites[s].line),
                     rows_int(f, i, F_RUN));
        j_message(j, "message", sites[s].what);
        j_close(j, '}');
    }
    if (id)
        j_close(j, ']');
}

/* How many of the chain's frames have a source line. */
static unsigned long placed_frames(chain *c, sqlite3_value *json)
{
    frame at;
    unsigned long n = 0;
    chain_read(c, json);
    while (chain_next(c, &at))
        n += at.file != NULL;
    return n;
}

/* The chain as one thread's flow, main's call first, a step for each frame
   with a source line, said to be in its function; none when the result's
   own line would be all of it. */
static void put_code_flow(json *j, const rows *f, size_t i, chain *c)
{
    static const struct { const char *key; char bracket; } nest[] = {
        {"codeFlows", '['}, {NULL, '{'}, {"threadFlows", '['}, {NULL, '{'}, {"locations", '['},
    };
    frame at;
    if (placed_frames(c, rows_cell(f, i, F_CHAIN)) < 2)
        return;
    for (size_t k = 0; k < COUNT(nest); k++)
        j_open(j, nest[k].key, nest[k].bracket);
    chain_read(c, rows_cell(f, i, F_CHAIN));
    while (chain_next(c, &at)) {
        if (!at.file)
            continue;
        j_open(j, NULL, '{');
        j_open(j, "location", '{');
        put_physical(j, at.file, at.line, rows_int(f, i, F_RUN));
        if (at.function) {
            char *in = xasprintf("In %s.", at.function);
            j_message(j, "message", in);
            free(in);
        }
        j_close(j, '}');
        j_close(j, '}');
    }
    for (size_t k = COUNT(nest); k-- > 0;)
        j_close(j, nest[k].bracket == '[' ? ']' : '}');
}

/* What identifies a finding while lines move: its rule, its file, and its
   line's text, "HASH:N" as devcheck (and CodeQL) write it, N counting the
   findings before it with the same hash. */
static uint64_t line_hash(const rows *f, size_t i)
{
    char buf[64];
    const char *id = rule_id(mistake_of(rows_text(f, i, F_KIND)), buf);
    const char *file = rows_text(f, i, F_FILE);
    uint64_t h = fnv1a(FNV1A_START, id, strlen(id) + 1);
    h = fnv1a(h, file, strlen(file) + 1);
    char *text = source_line(file, rows_int(f, i, F_RUN), rows_int(f, i, F_LINE));
    if (!text)          /* no source at hand: the line's number stands for its text */
        text = xasprintf("%lld", (long long)rows_int(f, i, F_LINE));
    h = fnv1a_trimmed(h, text, strlen(text));
    free(text);
    return h;
}

/* The finding's level: its severity, or its mistake's where the report
   holds none. */
static const char *level(const rows *f, size_t i, const mistake *m)
{
    const char *severity = rows_text(f, i, F_SEVERITY);
    if (!severity)
        return m->severity;
    return strcmp(severity, "error") ? "warning" : "error";
}

/* The fingerprint of finding i: "HASH:N". */
static char *fingerprint(const uint64_t *hashes, size_t i)
{
    int n = 1;
    for (size_t k = 0; k < i; k++)
        n += hashes[k] == hashes[i];
    return xasprintf("%016llx:%d", (unsigned long long)hashes[i], n);
}

/* What the finding says, with how many times it happened. */
static char *message_of(const rows *f, size_t i, const mistake *m)
{
    const char *said = rows_null(f, i, F_MESSAGE) ? m->summary : rows_text(f, i, F_MESSAGE);
    return rows_int(f, i, F_COUNT) > 1
        ? xasprintf("%s (%lld times)", said, (long long)rows_int(f, i, F_COUNT))
        : xstrdup(said);
}

static void put_result(json *j, const rows *f, size_t i, const uint64_t *hashes, chain *c,
                       bool joined)
{
    const mistake *m = mistake_of(rows_text(f, i, F_KIND));
    char id[64];
    char *message = message_of(f, i, m);
    char *print = fingerprint(hashes, i);
    j_open(j, NULL, '{');
    j_string(j, "ruleId", rule_id(m, id));
    j_uint(j, "ruleIndex", rule_index(m));
    j_string(j, "level", level(f, i, m));
    j_message(j, "message", message);
    j_open(j, "locations", '[');
    j_open(j, NULL, '{');
    put_physical(j, rows_text(f, i, F_FILE), rows_int(f, i, F_LINE), rows_int(f, i, F_RUN));
    j_close(j, '}');
    j_close(j, ']');
    put_code_flow(j, f, i, c);
    put_related(j, f, i);
    j_open(j, "partialFingerprints", '{');
    j_string(j, "primaryLocationLineHash", print);
    j_close(j, '}');
    if (joined) {
        j_open(j, "properties", '{');
        j_string(j, "state", "runtime-only");
        j_close(j, '}');
    }
    j_close(j, '}');
    free(message);
    free(print);
}

/* The folder the first run ran in, as a folder URI: %SRCROOT% (root_run's;
   ours, and no run's, when the report does not say). */
static char *base_uri(const report *r)
{
    rows first;
    query_fetch(&first, r, "folder", Q_FIRST_FOLDER);
    bool said = first.nrows > 0;
    root_run = said ? rows_int(&first, 0, 1) : INT64_MIN;
    char *cwd = said ? xstrdup(rows_text(&first, 0, 0)) : getcwd(NULL, 0);
    rows_free(&first);
    char *folder = xasprintf("%s/", cwd && strcmp(cwd, "/") ? cwd : "");
    char *uri = xmalloc(json_uri_size("file://", folder));
    json_uri_encode(uri, "file://", folder);
    free(cwd);
    free(folder);
    return uri;
}

/* Why SARIF cannot hold a finding: a result is at a line, and of a rule. */
enum { PLACED, NO_LINE, NO_RULE, NPLACINGS };
static const struct {
    const char *what, *why;
} left_out_as[NPLACINGS] = {
    [NO_LINE] = {"without a source line", "code scanning places an alert at a line"},
    [NO_RULE] = {"of a kind this devtrace does not know", "an alert is of a rule"},
};

static int placing(const rows *f, size_t i)
{
    if (rows_null(f, i, F_FILE))
        return NO_LINE;
    return mistake_of(rows_text(f, i, F_KIND)) ? PLACED : NO_RULE;
}

/* Each finding's line hash (0 for one left out), and how many are left
   out for each reason. */
static uint64_t *hash_findings(const rows *f, size_t left_out[NPLACINGS])
{
    uint64_t *hashes = xmalloc((f->nrows + 1) * sizeof *hashes);
    for (size_t i = 0; i < f->nrows; i++) {
        int p = placing(f, i);
        hashes[i] = p == PLACED ? line_hash(f, i) : 0;
        left_out[p]++;
    }
    return hashes;
}

/* Says on stderr what format could not hold, and why. */
static void say_left_out(const size_t left_out[NPLACINGS], const char *format)
{
    for (int p = PLACED + 1; p < NPLACINGS; p++)
        if (left_out[p])
            fprintf(stderr, "devtrace: %zu finding%s %s left out of the %s (%s); `devtrace "
                    "report findings` shows %s\n", left_out[p], left_out[p] == 1 ? "" : "s",
                    left_out_as[p].what, format, left_out_as[p].why,
                    left_out[p] == 1 ? "it" : "them");
}

/* The limits of the device, no findings, as the run's notifications: a
   note for each run. */
static void put_limits(const report *r, json *j)
{
    rows l;
    limits_fetch(&l, r, NULL);
    if (l.nrows) {
        j_open(j, "invocations", '[');
        j_open(j, NULL, '{');
        j_bool(j, "executionSuccessful", true);
        j_open(j, "toolExecutionNotifications", '[');
        for (size_t i = 0; i < l.nrows; i++) {
            char *says = limit_says(&l, i);
            j_open(j, NULL, '{');
            j_string(j, "level", "note");
            j_message(j, "message", says);
            j_close(j, '}');
            free(says);
        }
        j_close(j, ']');
        j_close(j, '}');
        j_close(j, ']');
    }
    rows_free(&l);
}

/* Whether the finding is one that a run alone found (write_sarif_run's
   only_runtime): devcheck's run holds the others. */
static bool runtime_only(const report *r, const rows *f, size_t i)
{
    return !join_place_paired(r, f, i);
}

void write_sarif_run(const report *r, json *j, bool only_runtime)
{
    rows f;
    chain c;
    query_fetch(&f, r, "findings", Q_FINDINGS);
    chain_open(&c, r, true);
    size_t left_out[NPLACINGS] = {0};
    uint64_t *hashes = hash_findings(&f, left_out);
    bool *kept = xmalloc((f.nrows + 1) * sizeof *kept);
    for (size_t i = 0; i < f.nrows; i++)
        kept[i] = placing(&f, i) == PLACED && (!only_runtime || runtime_only(r, &f, i));
    char *base = base_uri(r);
    j_open(j, NULL, '{');
    put_tool(j);
    j_open(j, "originalUriBaseIds", '{');
    j_open(j, SRCROOT, '{');
    j_string(j, "uri", base);
    j_close(j, '}');
    j_close(j, '}');
    j_open(j, "results", '[');
    for (size_t i = 0; i < f.nrows; i++)
        if (kept[i])
            put_result(j, &f, i, hashes, &c, only_runtime);
    j_close(j, ']');
    put_limits(r, j);
    j_close(j, '}');
    say_left_out(left_out, "SARIF");
    free(base);
    free(kept);
    free(hashes);
    chain_close(&c);
    rows_free(&f);
}

void write_sarif(const report *r)
{
    json j = {.out = stdout};
    j_open(&j, NULL, '{');
    j_string(&j, "$schema", SARIF_SCHEMA);
    j_string(&j, "version", "2.1.0");
    j_open(&j, "runs", '[');
    if (join_active())
        put_static_runs(r, &j);
    write_sarif_run(r, &j, join_active());
    j_close(&j, ']');
    j_close(&j, '}');
    putchar('\n');
}

/* ---- GitLab's Code Quality report -------------------------------------------- */

/* `--format codequality`: the findings SARIF holds, as GitLab's issues, with
   SARIF's rule ids and fingerprints; paths relative to the run's folder. */
void write_codequality(const report *r)
{
    rows f;
    query_fetch(&f, r, "findings", Q_FINDINGS);
    size_t left_out[NPLACINGS] = {0};
    uint64_t *hashes = hash_findings(&f, left_out);
    json j = {.out = stdout};
    j_open(&j, NULL, '[');
    for (size_t i = 0; i < f.nrows; i++) {
        if (placing(&f, i) != PLACED)
            continue;
        const mistake *m = mistake_of(rows_text(&f, i, F_KIND));
        char id[64];
        char *message = message_of(&f, i, m), *print = fingerprint(hashes, i);
        sqlite3_int64 line = rows_int(&f, i, F_LINE);
        codequality_issue issue = {
            .rule = rule_id(m, id), .description = message, .fingerprint = print,
            .severity = mistake_gitlab_severity(level(&f, i, m)),
            .path = rows_text(&f, i, F_FILE), .line = (unsigned long)(line > 0 ? line : 1),
        };
        j_codequality_issue(&j, &issue);
        free(message);
        free(print);
    }
    j_close(&j, ']');
    putchar('\n');
    say_left_out(left_out, "Code Quality report");
    free(hashes);
    rows_free(&f);
}
