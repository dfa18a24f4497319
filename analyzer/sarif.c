/*
 * Findings as SARIF 2.1.0, the subset that GitHub code scanning reads: one
 * run; the rules with stable ids; per result its rule, message, location
 * (relative to %SRCROOT%, so that alerts follow the repository, not the
 * machine), notes as related locations, fixes, and a fingerprint that lets
 * an alert be recognised in the next run after the lines around it moved;
 * and the invocation, whose notifications name the files left out, so that
 * a file that did not parse is not taken for a file with no findings.
 */
#include "devcheck.h"
#include "json.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SARIF_SCHEMA \
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
#define SRCROOT "%SRCROOT%"

/* ---- paths as URIs ---------------------------------------------------------- */

/* A path as URI text after prefix (json_uri_encode). */
static char *percent_encode(const char *prefix, const char *path)
{
    char *uri = dc_realloc(NULL, json_uri_size(prefix, path));
    json_uri_encode(uri, prefix, path);
    return uri;
}

typedef struct {
    json j;
    char *base;                     /* absolute, with a trailing slash */
} sarif;

/* The URI of a file: relative to the base when the file is under it (*under
   set), else an absolute file:// URI. */
static char *file_uri(const sarif *s, const char *file, bool *under)
{
    char *abs = dc_absolute_path(file);
    size_t blen = strlen(s->base);
    *under = strncmp(abs, s->base, blen) == 0;
    char *uri = *under ? percent_encode("", abs + blen) : percent_encode("file://", abs);
    free(abs);
    return uri;
}

static void j_artifact(sarif *s, const char *file)
{
    bool under;
    char *uri = file_uri(s, file, &under);
    j_open(&s->j, "artifactLocation", '{');
    j_string(&s->j, "uri", uri);
    if (under)
        j_string(&s->j, "uriBaseId", SRCROOT);
    j_close(&s->j, '}');
    free(uri);
}

/* ---- regions ------------------------------------------------------------------ */

/* SARIF counts columns in UTF-16 code units (the run says so, as the default
   would); devcheck counts bytes.  The source line tells one from the other. */
static unsigned long utf16_column(dc_loc loc)
{
    size_t len;
    const char *line = dc_source_line(loc.file, loc.line, &len);
    if (!line || loc.column == 0)
        return loc.column;
    size_t bytes = loc.column - 1, i = 0;
    unsigned long units = 1;
    while (i < bytes && i < len) {
        size_t n = json_utf8_sequence((const unsigned char *)line + i, len - i);
        units += n == 4 ? 2 : 1;    /* beyond U+FFFF: a surrogate pair */
        i += n ? n : 1;
    }
    return units + (bytes > i ? bytes - i : 0);
}

static void j_region(json *j, const char *key, dc_loc begin, const dc_loc *end)
{
    j_open(j, key, '{');
    j_uint(j, "startLine", begin.line);
    j_uint(j, "startColumn", utf16_column(begin));
    if (end) {
        j_uint(j, "endLine", end->line);
        j_uint(j, "endColumn", utf16_column(*end));
    }
    j_close(j, '}');
}

static void j_physical(sarif *s, dc_loc loc)
{
    j_open(&s->j, "physicalLocation", '{');
    j_artifact(s, loc.file);
    j_region(&s->j, "region", loc, NULL);
    j_close(&s->j, '}');
}

/* ---- the document ------------------------------------------------------------- */

/* A rule's place in the driver's list: among the mistakes with a rule. */
static int rule_index(const char *id)
{
    int n = 0;
    for (int i = 0; i < nmistakes; i++) {
        if (!mistakes[i].rule)
            continue;
        if (strcmp(mistakes[i].rule, id) == 0)
            return n;
        n++;
    }
    return -1;
}

static void j_tool(json *j)
{
    j_sarif_tool(j, "devcheck", DEVCHECK_VERSION);
    for (int i = 0; i < nmistakes; i++)
        if (mistakes[i].rule)
            j_sarif_rule(j, mistakes[i].rule, mistakes[i].summary, mistakes[i].severity);
    j_sarif_tool_end(j);
}

static void j_fix(sarif *s, const dc_fix *fix)
{
    json *j = &s->j;
    char *what = dc_fix_summary(fix);
    j_open(j, NULL, '{');
    j_message(j, "description", what);
    j_open(j, "artifactChanges", '[');
    j_open(j, NULL, '{');
    j_artifact(s, fix->begin.file);
    j_open(j, "replacements", '[');
    j_open(j, NULL, '{');
    j_region(j, "deletedRegion", fix->begin, &fix->end);
    j_message(j, "insertedContent", fix->text);
    j_close(j, '}');
    j_close(j, ']');
    j_close(j, '}');
    j_close(j, ']');
    j_close(j, '}');
    free(what);
}

static void j_result(sarif *s, const dc_finding *d, const char *fingerprint)
{
    json *j = &s->j;
    int rule = rule_index(d->rule);
    j_open(j, NULL, '{');
    j_string(j, "ruleId", d->rule);
    if (rule >= 0)
        j_uint(j, "ruleIndex", (unsigned long)rule);
    j_string(j, "level", dc_severity(d->rule));
    j_message(j, "message", d->message);
    j_open(j, "locations", '[');
    j_open(j, NULL, '{');
    if (d->loc.file)
        j_physical(s, d->loc);
    j_close(j, '}');
    j_close(j, ']');
    if (d->nnotes > 0) {
        j_open(j, "relatedLocations", '[');
        for (int i = 0; i < d->nnotes; i++) {
            j_open(j, NULL, '{');
            j_uint(j, "id", (unsigned long)i + 1);
            if (d->notes[i].loc.file)
                j_physical(s, d->notes[i].loc);
            j_message(j, "message", d->notes[i].message);
            j_close(j, '}');
        }
        j_close(j, ']');
    }
    j_open(j, "partialFingerprints", '{');
    j_string(j, "primaryLocationLineHash", fingerprint);
    j_close(j, '}');
    if (d->nfixes > 0) {
        j_open(j, "fixes", '[');
        for (int i = 0; i < d->nfixes; i++)
            if (d->fixes[i].begin.file)         /* a fix says where, or it is no fix */
                j_fix(s, &d->fixes[i]);
        j_close(j, ']');
    }
    j_close(j, '}');
}

static void j_invocation(sarif *s, const dc_left_out *left, int nleft)
{
    json *j = &s->j;
    bool ok = true;
    for (int i = 0; i < nleft; i++)
        ok = ok && !left[i].error;
    j_open(j, "invocations", '[');
    j_open(j, NULL, '{');
    j_bool(j, "executionSuccessful", ok);
    j_open(j, "toolExecutionNotifications", '[');
    for (int i = 0; i < nleft; i++) {
        j_open(j, NULL, '{');
        j_string(j, "level", left[i].error ? "error" : "note");
        j_message(j, "message", left[i].why);
        j_open(j, "locations", '[');
        j_open(j, NULL, '{');
        if (left[i].line) {
            j_physical(s, (dc_loc){ (char *)left[i].path, left[i].line, left[i].column });
        } else {
            j_open(j, "physicalLocation", '{');
            j_artifact(s, left[i].path);
            j_close(j, '}');
        }
        j_close(j, '}');
        j_close(j, ']');
        j_close(j, '}');
    }
    j_close(j, ']');
    j_close(j, '}');
    j_close(j, ']');
}

void dc_print_sarif(FILE *out, const dc_findings *f, const char *base, const dc_left_out *left,
                    int nleft)
{
    char *abs = dc_absolute_path(base);
    sarif s = {.j = {.out = out}, .base = dc_format("%s/", strcmp(abs, "/") ? abs : "")};
    free(abs);
    char **prints = dc_fingerprints(f, s.base);
    json *j = &s.j;
    j_open(j, NULL, '{');
    j_string(j, "$schema", SARIF_SCHEMA);
    j_string(j, "version", "2.1.0");
    j_open(j, "runs", '[');
    j_open(j, NULL, '{');
    j_tool(j);
    j_invocation(&s, left, nleft);
    j_open(j, "originalUriBaseIds", '{');
    j_open(j, SRCROOT, '{');
    char *base_uri = percent_encode("file://", s.base);
    j_string(j, "uri", base_uri);
    free(base_uri);
    j_close(j, '}');
    j_close(j, '}');
    j_string(j, "columnKind", "utf16CodeUnits");
    j_open(j, "results", '[');
    for (int i = 0; i < f->n; i++)
        j_result(&s, &f->v[i], prints[i]);
    j_close(j, ']');
    j_close(j, '}');
    j_close(j, ']');
    j_close(j, '}');
    putc('\n', out);
    dc_fingerprints_free(prints, f->n);
    free(s.base);
}
