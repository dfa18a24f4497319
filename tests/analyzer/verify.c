/*
 * devcheck_verify: runs devcheck on one source file and checks what it says
 * against the expectations written in that file's own comments.
 *
 *   devcheck_verify --devcheck PATH --source FILE.c [--also FILE2] [--exit N]
 *                   [--stderr TEXT] [-- EXTRA-DEVCHECK-ARGS...]
 *
 * It runs `PATH FILE.c EXTRA...` (so EXTRA may name more files, then "--"
 * and compiler flags) and reads devcheck's stdout, which must be made of
 *
 *   FILE:LINE:COL: SEVERITY: MESSAGE [devcheck-RULE]   the rule's severity
 *   FILE:LINE:COL: note: MESSAGE              any number, after their finding
 *   fix-it:"FILE":{L:C-L:C}:"TEXT"            likewise (clang's parseable form)
 *
 * and nothing else.  Markers in FILE.c, each in a comment; a line may hold
 * several, each ending where the next "//" starts:
 *
 *   // devcheck: RULE[, RULE...]    a finding of each RULE at this line
 *   // devcheck-message: TEXT       a finding at this line says TEXT
 *   // devcheck-note: TEXT          a finding at this line has a note with TEXT
 *   // devcheck-fix: TEXT           a finding at this line has a fix with TEXT
 *                                   (a note "fix: ..." or a fix-it line)
 *   // devcheck-column: N           a finding at this line is at column N
 *   // devcheck-error[: TEXT]       stderr has an error at FILE:this line, as
 *                                   compilers say it (FILE:LINE:COL: error: TEXT)
 *   // devcheck-unread: TEXT        that error is followed by a note at its place
 *                                   with TEXT (what it left unread)
 *   // devcheck-exit: N             devcheck exits N (anywhere in the file)
 *
 * Every finding in FILE.c must match a marker by rule and line, every marker
 * must be matched (each at most once: a repeat is unexpected), and a finding
 * in any other file is unexpected.  The exit status must be N of
 * --exit or devcheck-exit, else 1 when a finding is marked and 0 when none.
 * --stderr TEXT: devcheck's stderr must contain TEXT.
 * --also FILE2: FILE2's `// devcheck: RULE` markers count too, and its
 * findings are expected like FILE.c's (a program whose findings lie in two
 * files; EXTRA must still name FILE2 for devcheck, or -p find it).
 *
 * Exit status: 0 when all is as expected; 1 when not, each difference printed
 * as FILE:LINE: ...; 2 on a usage or system error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "markers.h"

/* ---- options ------------------------------------------------------------ */

static struct {
    const char *devcheck, *source, *also, *exit, *stderr_text;
} opt;

/* Every option takes a value. */
static const marker_option options[] = {
    { "--devcheck", &opt.devcheck, NULL },
    { "--source", &opt.source, NULL },
    { "--also", &opt.also, NULL },
    { "--exit", &opt.exit, NULL },    /* overrides devcheck-exit, for multi-file runs */
    { "--stderr", &opt.stderr_text, NULL },
};

static void usage(void)
{
    fprintf(stderr, "usage: devcheck_verify --devcheck PATH --source FILE.c [--also FILE2] "
                    "[--exit N] [--stderr TEXT] [-- EXTRA-DEVCHECK-ARGS...]\n");
    exit(2);
}

/* Sets opt from argv; returns the extra arguments (after "--"), or an empty
   list. */
static char **parse_options(int argc, char **argv)
{
    int i = marker_options(argc, argv, options, sizeof options / sizeof options[0]);
    if (i < 0 || !opt.devcheck || !opt.source)
        usage();
    return argv + (i < argc ? i + 1 : i);
}

/* ---- what the source expects -------------------------------------------- */

/* devcheck's rule ids (docs/rules/): a marker naming another is a typo.
   Each with its severity, the mistake's in both tools: every one of them
   crashes the program, fails its call or leaves a tensor behind. */
static const struct {
    const char *id, *severity;
} rule_ids[] = {
    {"device-mismatch", "error"}, {"discarded-transfer", "error"}, {"host-deref", "error"},
    {"memspace-mismatch", "error"}, {"memcpy-direction", "error"},
    {"unregistered-tensor", "error"}, {"dtype-mismatch", "error"}, {"free-mismatch", "error"},
    {"uninitialized-read", "error"},
};

/* A marker: at line, a rule (devcheck:), or a text a note, a fix or an error
   must contain. */
typedef struct {
    const char *file;           /* FILE.c, or FILE2 */
    int line;
    const char *text;
    bool matched;
} marker;

typedef struct {
    marker *v;
    size_t n;
} markers;

static markers rules, messages, notes, fixes, columns, errors, unread;
static long expected_exit = -1;     /* from devcheck-exit; -1: none */
static const char *reading;         /* the file whose markers are being read */

static void add_marker(markers *m, int line, const char *text)
{
    m->v = marker_grow(m->v, m->n, sizeof *m->v);
    m->v[m->n++] = (marker){ reading, line, text, false };
}

/* The rule's severity; NULL when id is no rule. */
static const char *severity_of(const char *id)
{
    for (size_t i = 0; i < sizeof rule_ids / sizeof rule_ids[0]; i++)
        if (strcmp(id, rule_ids[i].id) == 0)
            return rule_ids[i].severity;
    return NULL;
}

static void expect_rules(int line, char *text)
{
    for (char *rule = strtok(text, ","); rule; rule = strtok(NULL, ",")) {
        rule = marker_trim(rule);
        if (!severity_of(rule))
            marker_differ(reading, line, "marker names no rule of devcheck: '%s'", rule);
        add_marker(&rules, line, rule);
    }
}

static void expect_message(int line, char *text) { add_marker(&messages, line, text); }
static void expect_note(int line, char *text) { add_marker(&notes, line, text); }
static void expect_fix(int line, char *text) { add_marker(&fixes, line, text); }
static void expect_column(int line, char *text) { add_marker(&columns, line, text); }

/* "devcheck-error" or "devcheck-error: TEXT": the tag below takes the colon
   off when there is one. */
static void expect_error(int line, char *text)
{
    add_marker(&errors, line, text[0] == ':' ? marker_trim(text + 1) : text);
}

static void expect_unread(int line, char *text) { add_marker(&unread, line, text); }

static void expect_exit(int line, char *text)
{
    char *end;
    expected_exit = strtol(text, &end, 10);
    if (end == text || *end != '\0')
        marker_die("%s:%d: devcheck-exit wants a number, not '%s'", opt.source, line, text);
    free(text);                         /* the number is all it keeps */
}

/* The markers, each handled by its own function.  "devcheck:" is not a
   prefix of the others (the colon), nor of "devcheck-ignore". */
static const marker_tag tags[] = {
    { "devcheck:", expect_rules },
    { "devcheck-message:", expect_message },
    { "devcheck-note:", expect_note },
    { "devcheck-fix:", expect_fix },
    { "devcheck-column:", expect_column },
    { "devcheck-error", expect_error },
    { "devcheck-unread:", expect_unread },
    { "devcheck-exit:", expect_exit },
};

/* ---- running devcheck --------------------------------------------------- */

typedef struct {
    char *out, *err;        /* stdout and stderr, whole */
    int status;
} outcome;

/* A stream's whole contents, from its start. */
static char *slurp(FILE *f)
{
    char *text = NULL;
    size_t cap = 0;
    rewind(f);
    if (getdelim(&text, &cap, '\0', f) < 0) {
        free(text);
        text = strdup("");
    }
    if (!text)
        marker_die("out of memory");
    return text;
}

/* Runs `devcheck FILE.c EXTRA...`, its stdout and stderr into files (no pipe
   to fill up while we wait). */
static outcome run_devcheck(char **extra)
{
    size_t nextra = 0;
    while (extra[nextra])
        nextra++;
    char **argv = calloc(nextra + 3, sizeof *argv);
    if (!argv)
        marker_die("out of memory");
    argv[0] = (char *)opt.devcheck;
    argv[1] = (char *)opt.source;
    memcpy(argv + 2, extra, nextra * sizeof *argv);

    FILE *out = tmpfile(), *err = tmpfile();
    if (!out || !err)
        marker_die("tmpfile: %s", strerror(errno));
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        marker_die("fork: %s", strerror(errno));
    if (pid == 0) {
        dup2(fileno(out), STDOUT_FILENO);
        dup2(fileno(err), STDERR_FILENO);
        execv(argv[0], argv);
        fprintf(stderr, "devcheck_verify: %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    outcome o;
    while (waitpid(pid, &o.status, 0) < 0)
        if (errno != EINTR)
            marker_die("waitpid: %s", strerror(errno));
    o.out = slurp(out);
    o.err = slurp(err);
    fclose(out);
    fclose(err);
    free(argv);
    return o;
}

static void check_exit(const outcome *o)
{
    long want = expected_exit >= 0 ? expected_exit : rules.n > 0 ? 1 : 0;
    if (opt.exit)
        want = strtol(opt.exit, NULL, 10);
    if (WIFSIGNALED(o->status))
        marker_differ(opt.source, 0, "devcheck was killed by signal %d (%s), expected exit %ld",
               WTERMSIG(o->status), strsignal(WTERMSIG(o->status)), want);
    else if (WEXITSTATUS(o->status) != want)
        marker_differ(opt.source, 0, "devcheck exited %d, expected %ld",
                      WEXITSTATUS(o->status), want);
}

/* ---- devcheck's findings ------------------------------------------------ */

typedef struct {
    char *file;
    int line, column;
    char *rule, *message;
    char **notes, **fixes;      /* the note messages, the fix-it lines */
    size_t nnotes, nfixes;
    bool matched;
} finding;

static finding *found;
static size_t nfound;

/* Splits "FILE:LINE:COL: KIND: REST" in place, for kind "error", "warning"
   or "note": true when text has that shape. */
static bool split_diagnostic(char *text, const char *kind, char **file, int *line, int *column,
                             char **rest)
{
    char sep[32];
    snprintf(sep, sizeof sep, ": %s: ", kind);
    char *at = strstr(text, sep);
    if (!at)
        return false;
    /* back over ":COL" and ":LINE" */
    char *p = at, *num[2];
    for (int k = 0; k < 2; k++) {
        char *digits = p;
        while (digits > text && digits[-1] >= '0' && digits[-1] <= '9')
            digits--;
        if (digits == p || digits == text || digits[-1] != ':')
            return false;
        num[k] = digits;
        p = digits - 1;
    }
    if (p == text)
        return false;               /* no file name */
    *p = '\0';
    *file = text;
    *line = atoi(num[1]);
    *column = atoi(num[0]);
    *rest = at + strlen(sep);
    return true;
}

/* A finding's rule, cut off its message: "MESSAGE [devcheck-RULE]". */
static bool split_rule(char *rest, char **rule)
{
    size_t len = strlen(rest);
    char *open = NULL;
    for (char *at = strstr(rest, " [devcheck-"); at; at = strstr(at + 1, " [devcheck-"))
        open = at;
    if (!open || len == 0 || rest[len - 1] != ']')
        return false;
    rest[len - 1] = '\0';
    *open = '\0';
    *rule = open + strlen(" [devcheck-");
    return true;
}

/* A finding's line, "FILE:LINE:COL: SEVERITY: REST": its severity, or NULL. */
static const char *split_finding(char *text, char **file, int *line, int *column, char **rest)
{
    static const char *const severities[] = { "error", "warning" };
    for (size_t i = 0; i < sizeof severities / sizeof severities[0]; i++)
        if (split_diagnostic(text, severities[i], file, line, column, rest))
            return severities[i];
    return NULL;
}

/* Reads devcheck's stdout into found[]; a line of no known shape, a note
   or fix with no finding before it, or a finding of another severity than
   its rule's, is a difference (malformed output). */
static void parse_output(char *text)
{
    char *next = text;
    for (int lineno = 1; next && *next; lineno++) {
        char *line = strsep(&next, "\n"), *file, *rest, *rule;
        char *whole = strdup(line);     /* to quote: the splits cut line up */
        const char *severity;
        int at, column;
        finding *last = nfound ? &found[nfound - 1] : NULL;
        if (!whole)
            marker_die("out of memory");
        if ((severity = split_finding(line, &file, &at, &column, &rest))) {
            if (!split_rule(rest, &rule)) {
                marker_differ("devcheck output", lineno,
                              "a finding with no [devcheck-RULE]: %s", rest);
                continue;
            }
            const char *want = severity_of(rule);
            if (want && strcmp(want, severity) != 0)
                marker_differ("devcheck output", lineno, "%s findings are %ss, not %ss: %s",
                              rule, want, severity, whole);
            found = marker_grow(found, nfound, sizeof *found);
            found[nfound++] = (finding){ .file = file, .line = at, .column = column, .rule = rule,
                                         .message = rest };
        } else if (split_diagnostic(line, "note", &file, &at, &column, &rest) && last) {
            last->notes = marker_grow(last->notes, last->nnotes, sizeof *last->notes);
            last->notes[last->nnotes++] = rest;
        } else if (strncmp(line, "fix-it:", 7) == 0 && last) {
            last->fixes = marker_grow(last->fixes, last->nfixes, sizeof *last->fixes);
            last->fixes[last->nfixes++] = line;
        } else {
            marker_differ("devcheck output", lineno, "malformed: not a finding, or a note or "
                          "fix after one: %s", whole);
        }
        free(whole);
    }
}

/* Whether a file devcheck names is source: the same file on disk, or, when
   either cannot be resolved, the same base name. */
static bool same_file(const char *file, const char *source)
{
    char a[PATH_MAX], b[PATH_MAX];
    if (realpath(file, a) && realpath(source, b))
        return strcmp(a, b) == 0;
    const char *fa = strrchr(file, '/'), *fb = strrchr(source, '/');
    return strcmp(fa ? fa + 1 : file, fb ? fb + 1 : source) == 0;
}

static bool is_source(const char *file)
{
    return same_file(file, opt.source);
}

/* Each marker takes one finding of its rule at its line; what is left over
   on either side is a difference. */
static void match_findings(void)
{
    for (size_t i = 0; i < nfound; i++) {
        finding *f = &found[i];
        for (size_t k = 0; k < rules.n && !f->matched; k++) {
            marker *m = &rules.v[k];
            if (!m->matched && m->line == f->line && strcmp(m->text, f->rule) == 0 &&
                same_file(f->file, m->file))
                m->matched = f->matched = true;
        }
    }
    for (size_t k = 0; k < rules.n; k++)
        if (!rules.v[k].matched)
            marker_differ(rules.v[k].file, rules.v[k].line, "missing %s", rules.v[k].text);
    for (size_t i = 0; i < nfound; i++)
        if (!found[i].matched)
            marker_differ(found[i].file, found[i].line, "unexpected %s: %s", found[i].rule,
                   found[i].message);
}

/* Whether one of n strings contains text. */
static bool any_contains(char **v, size_t n, const char *text)
{
    for (size_t i = 0; i < n; i++)
        if (strstr(v[i], text))
            return true;
    return false;
}

/* A fix, as output.c says each one: in words, as a note "fix: ...", and, when
   it is an edit, as a fix-it line. */
static bool has_fix(const finding *f, const char *text)
{
    for (size_t i = 0; i < f->nnotes; i++)
        if (strncmp(f->notes[i], "fix:", 4) == 0 && strstr(f->notes[i], text))
            return true;
    return any_contains(f->fixes, f->nfixes, text);
}

typedef enum { DETAIL_MESSAGE, DETAIL_NOTE, DETAIL_FIX, DETAIL_COLUMN } detail;
static const char *const detail_names[] = { "message", "note", "fix", "column" };

static bool has_detail(const finding *f, detail d, const char *text)
{
    switch (d) {
    case DETAIL_MESSAGE: return strstr(f->message, text) != NULL;
    case DETAIL_NOTE: return any_contains(f->notes, f->nnotes, text);
    case DETAIL_FIX: return has_fix(f, text);
    case DETAIL_COLUMN: return f->column == atoi(text);
    }
    return false;
}

/* devcheck-message, devcheck-note and devcheck-fix: some finding at the
   marker's line has a message (a note, a fix) containing its text;
   devcheck-column: some finding at its line is at its column. */
static void check_details(const markers *m, detail d)
{
    for (size_t k = 0; k < m->n; k++) {
        const marker *want = &m->v[k];
        bool ok = false;
        for (size_t i = 0; i < nfound && !ok; i++) {
            const finding *f = &found[i];
            ok = f->line == want->line && is_source(f->file) && has_detail(f, d, want->text);
        }
        if (!ok)
            marker_differ(opt.source, want->line, "no finding here has a %s %s \"%s\"",
                          detail_names[d], d == DETAIL_COLUMN ? "of" : "containing", want->text);
    }
}

/* ---- devcheck's errors --------------------------------------------------- */

/* The text of an error at where ("name.c:LINE:") in the line at p, a
   compiler's "name.c:LINE:COL: error: TEXT" up to its end; NULL if the line
   is not one. */
static char *error_at(const char *p, const char *where)
{
    size_t len = strcspn(p, "\n");
    const char *at = strstr(p, where);
    if (!at || at >= p + len)
        return NULL;
    at += strlen(where);
    at += strspn(at, "0123456789");
    if (strncmp(at, ": error: ", 9) != 0 || at + 9 > p + len)
        return NULL;
    char *text = strndup(at + 9, (size_t)(p + len - at - 9));
    if (!text)
        marker_die("out of memory");
    return text;
}

/* Whether the line at p is a note at where (same line and column as the
   error before it) that contains text. */
static bool note_after(const char *p, const char *where, const char *text)
{
    size_t len = strcspn(p, "\n");
    char *line = strndup(p, len);
    if (!line)
        marker_die("out of memory");
    const char *at = strstr(line, where);
    bool ok = at && strstr(at, ": note: ") && strstr(strstr(at, ": note: "), text);
    free(line);
    return ok;
}

/* Whether stderr has an error at where with text, followed (when note is
   not NULL) by a note there with note. */
static bool said_error(const char *err, const char *where, const char *text, const char *note)
{
    for (const char *p = err; *p; p += strcspn(p, "\n"), p += *p == '\n') {
        char *said = error_at(p, where);
        const char *next = p + strcspn(p, "\n");
        bool ok = said && strstr(said, text) &&
                  (!note || (*next == '\n' && note_after(next + 1, where, note)));
        free(said);
        if (ok)
            return true;
    }
    return false;
}

/* devcheck-error: a line of stderr names FILE.c's base name and the marker's
   line and says "error: " there, as compilers do, and the marker's text if
   any; devcheck-unread: the same error, and a note after it. */
static void check_errors(const char *err)
{
    const char *slash = strrchr(opt.source, '/');
    const char *base = slash ? slash + 1 : opt.source;
    char where[PATH_MAX + 32];
    for (size_t k = 0; k < errors.n; k++) {
        snprintf(where, sizeof where, "%s:%d:", base, errors.v[k].line);
        if (!said_error(err, where, errors.v[k].text, NULL))
            marker_differ(opt.source, errors.v[k].line, "stderr names no error at %s%s%s", where,
                   errors.v[k].text[0] ? " with " : "", errors.v[k].text);
    }
    for (size_t k = 0; k < unread.n; k++) {
        snprintf(where, sizeof where, "%s:%d:", base, unread.v[k].line);
        if (!said_error(err, where, "", unread.v[k].text))
            marker_differ(opt.source, unread.v[k].line, "stderr has no error at %s followed by "
                          "a note with %s", where, unread.v[k].text);
    }
    if (opt.stderr_text && !strstr(err, opt.stderr_text))
        marker_differ(opt.source, 0, "stderr does not contain \"%s\"", opt.stderr_text);
}

int main(int argc, char **argv)
{
    marker_driver = "devcheck_verify";
    char **extra = parse_options(argc, argv);
    reading = opt.source;
    marker_read(opt.source, tags, sizeof tags / sizeof tags[0]);
    if (opt.also) {
        reading = opt.also;
        marker_read(opt.also, tags, 1);     /* its devcheck: markers only */
    }
    outcome o = run_devcheck(extra);
    char *out = strdup(o.out);          /* parse_output cuts its copy up */
    if (!out)
        marker_die("out of memory");
    check_exit(&o);
    parse_output(out);
    match_findings();
    check_details(&messages, DETAIL_MESSAGE);
    check_details(&notes, DETAIL_NOTE);
    check_details(&fixes, DETAIL_FIX);
    check_details(&columns, DETAIL_COLUMN);
    check_errors(o.err);
    if (marker_failures)
        printf("--- devcheck's stdout:\n%s--- its stderr:\n%s---\n", o.out, o.err);
    printf("%s: %zu finding%s marked, %zu found, %d difference%s\n", opt.source, rules.n,
           rules.n == 1 ? "" : "s", nfound, marker_failures, marker_failures == 1 ? "" : "s");
    free(out);
    free(o.out);
    free(o.err);
    return marker_failures ? 1 : 0;
}
