/*
 * Which findings count: `--kinds LIST` keeps the kinds it names, and a
 * suppressions file (`--suppressions FILE`) drops the findings that one of
 * its lines matches.  A suppressions file, in the spirit of ASan's and
 * compute-sanitizer's:
 *
 *   # a comment
 *   kind:pageable_transfer                  every finding of a kind
 *   kind:leak file:vendor*                   all the fields of a line must match
 *   function:load_labels                    the function that made the call
 *   file:*_test.c                           the file, as devtrace shows it
 *
 * Patterns are shell globs (fnmatch, `*` matching `/` too); a file pattern
 * without a `/` also matches the file's base name.  The filters apply by
 * shadowing the report's findings with a temporary view of those shown, so
 * that every view, every count and --fail-on see the same findings.
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
static char *kinds;             /* ",kind,kind,": --kinds, NULL for all */

const char *const finding_kinds[NFINDING_KINDS] = {
#define KIND_NAME(id, name, severity) name,
    DEVTRACE_FINDING_KINDS(KIND_NAME)
#undef KIND_NAME
};

static bool is_kind(const char *name, size_t n)
{
    for (size_t i = 0; i < NFINDING_KINDS; i++)
        if (strlen(finding_kinds[i]) == n && !strncmp(finding_kinds[i], name, n))
            return true;
    return false;
}

void filter_kinds(const char *list)
{
    for (const char *k = list, *end; *k; k = *end ? end + 1 : end) {
        end = strchrnul(k, ',');
        if (!is_kind(k, (size_t)(end - k)))
            die("--kinds: unknown kind '%.*s' (devtrace report --help lists them)",
                (int)(end - k), k);
    }
    free(kinds);
    kinds = xasprintf(",%s,", list);
}

/* One line's fields into s; false (with why) when it is not a suppression. */
static bool parse_suppression(char *line, suppression *s, const char **why)
{
    *s = (suppression){ { NULL } };
    bool any = false;
    for (char *tok = strtok(line, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
        char *colon = strchr(tok, ':');
        field f = 0;
        while (colon && f < NFIELDS && strncmp(tok, field_names[f], (size_t)(colon - tok)))
            f++;
        if (!colon || f == NFIELDS || strlen(field_names[f]) != (size_t)(colon - tok) || !colon[1]) {
            *why = "wants FIELD:PATTERN, FIELD kind, function or file";
            return false;
        }
        free(s->pattern[f]);
        s->pattern[f] = xstrdup(colon + 1);
        any = true;
    }
    *why = "";
    return any;
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
        const char *why;
        if (!parse_suppression(line, &s, &why)) {
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

static bool suppressed(const char *kind, const char *function, const char *file)
{
    for (size_t i = 0; i < nsuppressions; i++) {
        char *const *p = suppressions[i].pattern;
        if (matches(p[FIELD_KIND], kind) && matches(p[FIELD_FUNCTION], function) &&
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
    char *key = kind ? xasprintf(",%s,", kind) : NULL;
    bool keep = (!kinds || (key && strstr(kinds, key))) &&
                !suppressed(kind, function, file ? path_shown(file, sqlite3_value_int64(argv[3])) : NULL);
    free(key);
    sqlite3_result_int(ctx, keep);
}

void filter_apply(const report *r)
{
    if (!kinds && !nsuppressions)
        return;
    if (sqlite3_create_function(r->db, "shown", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, shown,
                                NULL, NULL) != SQLITE_OK)
        report_fail(r);
    report_view(r, "findings", "shown(kind, function, file, run)");
}
