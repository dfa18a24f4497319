/*
 * Findings as GitLab's Code Quality report: a JSON array of issues, which a
 * merge request shows beside the lines it changes.  Each issue has the
 * fields GitLab reads (description, check_name, fingerprint, severity,
 * location.path, location.lines.begin); its fingerprint is the one SARIF
 * and baselines carry, so a finding is the same issue in every pipeline.
 * Paths are relative to the folder devcheck runs in: a CI job's project.
 */
#include "devcheck.h"
#include "json.h"

#include <stdlib.h>
#include <string.h>

static void j_issue(json *j, const dc_finding *d, const char *fingerprint, const char *root)
{
    char *abs = dc_absolute_path(d->loc.file);
    size_t n = strlen(root);
    codequality_issue issue = {
        .rule = d->rule, .description = d->message, .fingerprint = fingerprint,
        .severity = mistake_gitlab_severity(dc_severity(d->rule)),
        .path = strncmp(abs, root, n) == 0 ? abs + n : abs, .line = d->loc.line,
    };
    j_codequality_issue(j, &issue);
    free(abs);
}

void dc_print_codequality(FILE *out, const dc_findings *f, const char *base)
{
    char *abs = dc_absolute_path(base);
    char *root = dc_format("%s/", strcmp(abs, "/") ? abs : "");
    char **prints = dc_fingerprints(f, root);
    json j = {.out = out};
    j_open(&j, NULL, '[');
    for (int i = 0; i < f->n; i++)
        if (f->v[i].loc.file)
            j_issue(&j, &f->v[i], prints[i], root);
    j_close(&j, ']');
    putc('\n', out);
    dc_fingerprints_free(prints, f->n);
    free(root);
    free(abs);
}
