/*
 * Which findings count: `--kinds LIST` keeps the kinds it names, and a
 * suppressions file (`--suppressions FILE`) drops the findings that one of
 * its lines matches.  A suppressions file, in the spirit of ASan's and
 * compute-sanitizer's:
 *
 *   # a comment
 *   kind:pageable_transfer                  every finding of a kind
 *   kind:leak file:vendor*                   all the fields of a line must match
 *   kind:memcpy-direction                   devcheck's name for the mistake
 *   function:load_labels                    the function that made the call
 *   file:*_test.c                           the file, as devtrace shows it
 *
 * Patterns are shell globs (fnmatch, `*` matching `/` too); a file pattern
 * without a `/` also matches the file's base name.  A kind is matched by
 * its names in both tools (mistakes.h): its own, with hyphens or
 * underscores, and devcheck's rule id for the same mistake; a kind's
 * pattern, in --kinds or a suppressions file, that matches no kind is an
 * error, as a typo would otherwise silence nothing, silently.  The filters
 * apply by shadowing the report's findings with a temporary view of those
 * shown, so that every view, every count and --fail-on see the same
 * findings.  The limits of the device (mistakes.h's MISTAKE_LIMIT_SQL) are
 * no findings, and the view never shows them: report_limits says them.
 */
#define _GNU_SOURCE     /* getline */
#include "report.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { FIELD_KIND, FIELD_FUNCTION, FIELD_FILE, NFIELDS } field;
static const char *const field_names[NFIELDS] = { "kind", "function", "file" };

typedef struct { char *pattern[NFIELDS]; } suppression;     /* NULL: any */

static suppression *suppressions;
static size_t nsuppressions;
static char **kinds;            /* --kinds' patterns; none: all */
static size_t nkinds;

const char *const finding_kinds[NFINDING_KINDS] = {
#define KIND_NAME(id, name) name,
    DEVTRACE_FINDING_KINDS(KIND_NAME)
#undef KIND_NAME
};

/* name with hyphens for underscores and back, into out: the other tool's
   spelling. */
static const char *respelled(char *out, size_t size, const char *name)
{
    snprintf(out, size, "%s", name);
    for (char *c = out; *c; c++)
        *c = *c == '-' ? '_' : *c == '_' ? '-' : *c;
    return out;
}

/* Whether pattern matches one of kind's names: its own, or devcheck's rule
   for the same mistake, in either spelling. */
static bool kind_matches(const char *pattern, const char *kind)
{
    const mistake *m = kind ? mistake_named(kind, strlen(kind)) : NULL;
    const char *names[] = { kind, m ? m->rule : NULL };
    for (size_t i = 0; i < COUNT(names); i++) {
        char other[64];
        if (names[i] && (fnmatch(pattern, names[i], 0) == 0 ||
                         fnmatch(pattern, respelled(other, sizeof other, names[i]), 0) == 0))
            return true;
    }
    return false;
}

/* "" when pattern matches a kind; else why not, into why. */
static void check_kind(const char *pattern, char *why, size_t size)
{
    for (size_t i = 0; i < NFINDING_KINDS; i++)
        if (kind_matches(pattern, finding_kinds[i])) {
            *why = '\0';
            return;
        }
    char hint[96];
    mistake_hint(hint, sizeof hint, pattern, strlen(pattern), MISTAKE_KIND);
    snprintf(why, size, "unknown kind '%s' (%s)", pattern,
             *hint ? hint : "devtrace report --help lists them");
}

void filter_kinds(const char *list)
{
    if (!*list)
        die("--kinds: no kind given");
    for (size_t i = 0; i < nkinds; i++)
        free(kinds[i]);
    nkinds = 0;
    for (const char *k = list, *end; *k; k = *end ? end + 1 : end) {
        end = strchrnul(k, ',');
        char why[256], *pattern = xasprintf("%.*s", (int)(end - k), k);
        check_kind(pattern, why, sizeof why);
        if (*why)
            die("--kinds: %s", why);
        kinds = xrealloc(kinds, (nkinds + 1) * sizeof *kinds);
        kinds[nkinds++] = pattern;
    }
}

/* One line's fields into s; false (with why, or "" for a blank line) when
   it is not a suppression. */
static bool parse_suppression(char *line, suppression *s, char *why, size_t size)
{
    *s = (suppression){ { NULL } };
    *why = '\0';
    bool any = false;
    for (char *tok = strtok(line, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
        char *colon = strchr(tok, ':');
        field f = 0;
        while (colon && f < NFIELDS && strncmp(tok, field_names[f], (size_t)(colon - tok)))
            f++;
        if (!colon || f == NFIELDS || strlen(field_names[f]) != (size_t)(colon - tok) || !colon[1])
            snprintf(why, size, "wants FIELD:PATTERN, FIELD kind, function or file");
        else if (f == FIELD_KIND)
            check_kind(colon + 1, why, size);
        if (*why)
            break;
        free(s->pattern[f]);
        s->pattern[f] = xstrdup(colon + 1);
        any = true;
    }
    return any && !*why;
}

void filter_suppressions(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("%s: %s", path, strerror(errno));
    char *line = NULL;
    size_t room = 0;
    for (int n = 1; getline(&line, &room, f) >= 0; n++) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        suppression s;
        char why[256];
        if (!parse_suppression(line, &s, why, sizeof why)) {
            if (*why)
                die("%s:%d: %s", path, n, why);
            continue;                   /* blank */
        }
        suppressions = xrealloc(suppressions, (nsuppressions + 1) * sizeof *suppressions);
        suppressions[nsuppressions++] = s;
    }
    free(line);
    fclose(f);
}

static bool matches(const char *pattern, const char *text)
{
    return !pattern || (text && fnmatch(pattern, text, 0) == 0);
}

static bool file_matches(const char *pattern, const char *file)
{
    const char *slash = file ? strrchr(file, '/') : NULL;
    return matches(pattern, file) || (pattern && slash && !strchr(pattern, '/') &&
                                      fnmatch(pattern, slash + 1, 0) == 0);
}

/* Whether --kinds keeps the kind: one of its patterns matches, or there is
   none. */
static bool kind_kept(const char *kind)
{
    if (!nkinds)
        return true;
    for (size_t i = 0; i < nkinds; i++)
        if (kind_matches(kinds[i], kind))
            return true;
    return false;
}

static bool suppressed(const char *kind, const char *function, const char *file)
{
    for (size_t i = 0; i < nsuppressions; i++) {
        char *const *p = suppressions[i].pattern;
        if ((!p[FIELD_KIND] || kind_matches(p[FIELD_KIND], kind)) &&
            matches(p[FIELD_FUNCTION], function) &&
            file_matches(p[FIELD_FILE], file))
            return true;
    }
    return false;
}

/* shown(kind, function, file, run) in SQL */
static void shown(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *kind = (const char *)sqlite3_value_text(argv[0]);
    const char *function = (const char *)sqlite3_value_text(argv[1]);
    const char *file = (const char *)sqlite3_value_text(argv[2]);
    bool keep = kind_kept(kind) &&
                !suppressed(kind, function, file ? path_shown(file, sqlite3_value_int64(argv[3])) : NULL);
    sqlite3_result_int(ctx, keep);
}

void filter_say_hidden(const report *r, FILE *out)
{
    if (!nkinds && !nsuppressions)
        return;
    sqlite3_int64 hidden = findings_hidden(r);
    if (hidden)
        fprintf(out, " (%lld suppressed)", (long long)hidden);
}

void filter_apply(const report *r)
{
    static const char no_limit[] = "NOT " MISTAKE_LIMIT_SQL("kind", "run");
    if (!nkinds && !nsuppressions) {
        report_view(r, "findings", no_limit);
        return;
    }
    if (sqlite3_create_function(r->db, "shown", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, shown,
                                NULL, NULL) != SQLITE_OK)
        report_fail(r);
    report_view(r, "findings", "shown(kind, function, file, run) AND NOT "
                               MISTAKE_LIMIT_SQL("kind", "run"));
}
