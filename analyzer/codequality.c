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

/* GitLab's severities are info, minor, major, critical and blocker: a
   mistake that breaks the program is critical, one that costs is minor. */
static const struct { const char *ours, *gitlab; } severities[] = {
    { "error", "critical" },
    { "warning", "minor" },
};

static const char *gitlab_severity(const char *ours)
{
    for (size_t i = 0; i < sizeof severities / sizeof *severities; i++)
        if (strcmp(severities[i].ours, ours) == 0)
            return severities[i].gitlab;
    return "info";
}

static void j_issue(json *j, const dc_finding *d, const char *fingerprint, const char *root)
{
    char *abs = dc_absolute_path(d->loc.file);
    size_t n = strlen(root);
    j_open(j, NULL, '{');
    j_string(j, "type", "issue");
    j_string(j, "check_name", d->rule);
    j_string(j, "description", d->message);
    j_string(j, "severity", gitlab_severity(dc_severity(d->rule)));
    j_string(j, "fingerprint", fingerprint);
    j_open(j, "location", '{');
    j_string(j, "path", strncmp(abs, root, n) == 0 ? abs + n : abs);
    j_open(j, "lines", '{');
    j_uint(j, "begin", d->loc.line);
    j_close(j, '}');
    j_close(j, '}');
    j_close(j, '}');
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
