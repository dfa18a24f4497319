/*
 * `devtrace report`: one view of a report, in one format.  A view is a list
 * of the query layer's queries (query.c), its parts: the summary has
 * several, the other views one.
 */
#include "report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_PARTS 6

typedef struct {
    const char *name;           /* a table's title; a key in JSON */
    query query;
    bool for_people;            /* totals: CSV and JSON readers sum for themselves */
} part;

typedef struct {
    const char *name, *about;
    part parts[MAX_PARTS];      /* up to the first without a name */
    void (*print_for_people)(cursor *parts);  /* instead of tables */
} view;

static const view views[] = {
    {.name = "summary",
     .about = "the runs, and everything else in numbers",
     .parts = {{.name = "runs", .query = Q_RUNS},
               {.name = "findings", .query = Q_SEVERITIES},
               {.name = "transfers", .query = Q_DIRECTIONS},
               {.name = "top_sites", .query = Q_TOP_SITES},
               {.name = "kernels", .query = Q_LAUNCHES},
               {.name = "allocations", .query = Q_MEMORY}}},
    {.name = "findings",
     .about = "each finding at its line, with the calls that led there",
     .parts = {{.name = "findings", .query = Q_FINDINGS}},
     .print_for_people = print_findings},
    {.name = "transfers",
     .about = "copies by source line, API, direction and host memory",
     .parts = {{.name = "transfers", .query = Q_TRANSFERS},
               {.name = "totals", .query = Q_DIRECTIONS, .for_people = true}}},
    {.name = "kernels",
     .about = "launches by kernel",
     .parts = {{.name = "kernels", .query = Q_KERNELS}}},
    {.name = "allocations",
     .about = "memory by source line, and what was still live at exit",
     .parts = {{.name = "allocations", .query = Q_ALLOCATIONS}}},
};

/* --static: the findings view, devcheck's joined with the runs'. */
static const view joined_view = {
    .name = "findings",
    .parts = {{.name = "findings", .query = Q_JOINED}},
    .print_for_people = print_joined,
};

/* A format prints a view's parts, or writes the whole report (whole). */
static const struct format {
    const char *name;
    void (*print)(cursor *parts, int nparts);
    bool for_people;
    void (*whole)(const report *r);
} formats[] = {
    {"table", print_table, true, NULL},
    {"csv", print_csv, false, NULL},
    {"json", print_json, false, NULL},
    {"html", NULL, true, write_html},
    {"trace", NULL, false, write_trace},
    {"sarif", NULL, false, write_sarif},
    {"codequality", NULL, false, write_codequality},
};

/* The finding kinds, comma-separated, wrapped for a terminal. */
static void print_kinds(FILE *f)
{
    size_t column = strlen("The kinds: ");
    for (size_t i = 0; i < NFINDING_KINDS; i++) {
        size_t n = strlen(finding_kinds[i]);
        if (i)
            fputc(',', f);
        if (column + 2 + n > 74) {
            fputc('\n', f);
            column = 0;
        } else if (i) {
            fputc(' ', f);
            column += 2;
        }
        fputs(finding_kinds[i], f);
        column += n;
    }
    fputs(".\n", f);
}

static const char *report_usage(void)
{
    static char *text;
    size_t size;
    FILE *f = open_memstream(&text, &size);
    if (!f)
        die("out of memory");
    fputs("usage: devtrace report [FILE...] [VIEW] [--format FORMAT] [-o FILE]\n"
          "                       [--fail-on error|warning] [--kinds LIST]\n"
          "                       [--suppressions FILE] [--static FILE.sarif]...\n"
          "\n"
          "Prints one view of the report FILE ($DEVTRACE_DB unless it holds %p,\n"
          "else ./devtrace.db).  The arguments come in any order; write a FILE\n"
          "named like a view as ./NAME.  The views:\n",
          f);
    for (size_t i = 0; i < COUNT(views); i++)
        fprintf(f, "  %-12s %s%s\n", views[i].name, views[i].about, i ? "" : " (the default)");
    fputs("FORMAT is table (the default), csv or json.  For the summary, which\n"
          "has several parts, CSV is a block for each, an empty line between them,\n"
          "and JSON an object of arrays.  A CSV text cell that begins with =, +, -, @\n"
          "or a tab begins with an apostrophe: a spreadsheet reads it as text, not\n"
          "as a formula.  Four formats write the whole report, not a view: html, a\n"
          "page for a browser that stands alone (the runs, the findings, a timeline\n"
          "of each run's kernels and copies per device, the transfer volume); trace,\n"
          "the events in Chrome's trace event format for Perfetto or chrome://tracing;\n"
          "sarif, the findings as SARIF 2.1.0 for code scanning, with devcheck's rule\n"
          "ids where the mistake is the same; codequality, the same findings as\n"
          "GitLab's Code Quality report, with SARIF's fingerprints.  -o FILE writes\n"
          "to FILE, not stdout.\n"
          "\n"
          "--kinds LIST keeps only the findings of the kinds listed, comma-separated;\n"
          "--suppressions FILE drops those a line of FILE matches: FIELD:PATTERN ...,\n"
          "each FIELD kind, function or file, each PATTERN a glob (# starts a comment).\n"
          "A kind may be named as devcheck names the same mistake (memcpy-direction,\n"
          "memspace-mismatch for host_pointer_kernel_arg and host_memory_as_device,\n"
          "host-deref for host_deref_device), with hyphens or underscores; a kind that\n"
          "names none is an error.\n"
          "The kinds: ",
          f);
    print_kinds(f);
    fputs("Paths are shown relative to the folder the program ran in.\n"
          "\n"
          "--static FILE.sarif (devcheck --format sarif; repeatable) joins devcheck's\n"
          "findings with the report's, the runs of every FILE named, by file, line\n"
          "and mistake.  The findings view, the default then, lists each with its\n"
          "state: devcheck's confirmed, ran-clean, unknown or not-reached, the runs'\n"
          "also-static or runtime-only; the summary counts them; sarif and html\n"
          "carry them too.\n"
          "\n"
          "Exit status: 0, or 1 with --fail-on error when the report holds an\n"
          "error, with --fail-on warning when it holds an error or a warning;\n"
          "2 for bad arguments or a file that is no report.\n",
          f);
    if (fclose(f) != 0)
        die("out of memory");
    return text;
}

static const view *find_view(const char *name)
{
    for (size_t i = 0; i < COUNT(views); i++)
        if (!strcmp(name, views[i].name))
            return &views[i];
    return NULL;
}

/* "unknown WHAT 'name'", with the word meant when it is near ("did you mean
   'findings'?"), else the words taken. */
_Noreturn static void unknown_word(const char *usage, const char *what, const char *name,
                                   const char *const *words, size_t n)
{
    const char *near = mistake_nearest(name, words, n);
    if (near)
        usage_error(usage, "unknown %s '%s': did you mean '%s'?", what, name, near);
    char list[256] = "";
    for (size_t i = 0, at = 0; i < n && at < sizeof list; i++)
        at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", i ? ", " : "", words[i]);
    usage_error(usage, "unknown %s '%s' (%ss: %s)", what, name, what, list);
}

_Noreturn static void unknown_view(const char *usage, const char *name)
{
    const char *names[COUNT(views)];
    for (size_t i = 0; i < COUNT(views); i++)
        names[i] = views[i].name;
    unknown_word(usage, "view", name, names, COUNT(views));
}

static const struct format *find_format(const char *name, const char *usage)
{
    const char *names[COUNT(formats)];
    for (size_t i = 0; i < COUNT(formats); i++) {
        if (!strcmp(name, formats[i].name))
            return &formats[i];
        names[i] = formats[i].name;
    }
    unknown_word(usage, "format", name, names, COUNT(formats));
}

/* --fail-on: the findings that fail the command. */
static const struct fail_on {
    const char *name;
    bool warnings;              /* too */
} fail_ons[] = {
    {"error", false},
    {"warning", true},
};

static const struct fail_on *find_fail_on(const char *name, const char *usage)
{
    for (size_t i = 0; i < COUNT(fail_ons); i++)
        if (!strcmp(name, fail_ons[i].name))
            return &fail_ons[i];
    usage_error(usage, "--fail-on wants error or warning, not '%s'", name);
}

typedef struct {
    const char *file;
    char **more;                /* the reports after the first: with --static, merged */
    int nmore;
    const view *view;
    const struct format *format;
    const struct fail_on *fail_on;
    const char *output;         /* -o FILE, else stdout */
    char **statics;             /* --static FILE.sarif, each */
    int nstatics;
    char **inputs;              /* every file read: reports, SARIF, suppressions */
    int ninputs;
} request;

static void add_input(request *q, const char *path)
{
    q->inputs = xrealloc(q->inputs, (size_t)(q->ninputs + 1) * sizeof *q->inputs);
    q->inputs[q->ninputs++] = (char *)path;
}

/* An operand names the view, or else the file. */
static void take_operand(request *q, const char *arg, const char *usage)
{
    const view *v = find_view(arg);
    if (v && q->view)
        usage_error(usage, "two views: %s and %s", q->view->name, v->name);
    if (v)
        q->view = v;
    else if (!q->file)
        add_input(q, q->file = arg);
    else {
        add_input(q, arg);
        q->more = xrealloc(q->more, (size_t)(q->nmore + 1) * sizeof *q->more);
        q->more[q->nmore++] = (char *)arg;
    }
}

static request parse(int argc, char **argv)
{
    static const struct option longs[] = {
        {"format", required_argument, NULL, 'f'},
        {"fail-on", required_argument, NULL, 'F'},
        {"kinds", required_argument, NULL, 'k'},
        {"suppressions", required_argument, NULL, 's'},
        {"output", required_argument, NULL, 'o'},
        {"static", required_argument, NULL, 'S'},
        {"help", no_argument, NULL, 'h'},
        {0},
    };
    const char *usage = report_usage();
    request q = {NULL, NULL, 0, NULL, &formats[0], NULL, NULL, NULL, 0, NULL, 0};
    int c;
    /* "-": operands come back in place (as 1), so that options may follow
       them whatever POSIXLY_CORRECT says */
    while ((c = next_option(argc, argv, "-:f:o:h", longs, usage)) != -1)
        if (c == 'f')
            q.format = find_format(optarg, usage);
        else if (c == 'F')
            q.fail_on = find_fail_on(optarg, usage);
        else if (c == 'k')
            filter_kinds(optarg);
        else if (c == 's') {
            filter_suppressions(optarg);
            add_input(&q, optarg);
        } else if (c == 'o')
            q.output = optarg;
        else if (c == 'S') {
            add_input(&q, optarg);
            q.statics = xrealloc(q.statics, (size_t)(q.nstatics + 1) * sizeof *q.statics);
            q.statics[q.nstatics++] = optarg;
        } else
            take_operand(&q, optarg, usage);
    for (int i = optind; i < argc; i++)         /* after "--" */
        take_operand(&q, argv[i], usage);
    if (q.nstatics && (!q.view || q.view == find_view("findings")))
        q.view = &joined_view;              /* the default, with devcheck's findings */
    if (!q.view)
        q.view = &views[0];
    if (q.nmore && !q.nstatics)
        unknown_view(usage, q.more[0]);
    if (!q.file)
        add_input(&q, q.file = default_report());
    return q;
}

/* The view's parts, read and printed in the request's format, row by row. */
static void print_view(const report *r, const request *q)
{
    cursor parts[MAX_PARTS + 1];
    int n = 0;
    for (const part *p = q->view->parts; p < q->view->parts + MAX_PARTS && p->name; p++)
        if (q->format->for_people || !p->for_people)
            query_open(&parts[n++], r, p->name, p->query);
    if (q->nstatics && q->view == &views[0])     /* the summary: the states counted */
        query_open(&parts[n++], r, "joined", Q_JOIN_COUNTS);
    if (q->format->for_people && q->view->print_for_people)
        q->view->print_for_people(parts);
    else
        q->format->print(parts, n);
    for (int i = 0; i < n; i++)
        cursor_close(&parts[i]);
}

char *limit_says(const rows *limits, size_t i)
{
    const char *command = rows_text(limits, i, 1);
    char *shown = printable(command ? command : "?", command ? strlen(command) : 1, false);
    sqlite3_int64 n = rows_int(limits, i, 2);
    char *says = xasprintf("run %lld (%s): %lld kernel%s that nvcc compiled for the GPU %s "
                           "checked, not run: the emulated device has no body for device code, "
                           "so what the program computed after %s is not its own. A limit of "
                           "the emulated device, not a finding: run it on a GPU to run %s",
                           (long long)rows_int(limits, i, 0), shown, (long long)n, plural(n),
                           n == 1 ? "was" : "were", n == 1 ? "it" : "them",
                           n == 1 ? "it" : "them");
    free(shown);
    return says;
}

sqlite3_int64 report_limits(const report *r, const char *session)
{
    rows l;
    limits_fetch(&l, r, session);
    for (size_t i = 0; i < l.nrows; i++) {
        char *says = limit_says(&l, i);
        fprintf(stderr, "devtrace: %s\n", says);
        free(says);
    }
    sqlite3_int64 n = (sqlite3_int64)l.nrows;
    rows_free(&l);
    return n;
}

/* Why a run's CUDA calls could not be seen (runs.untraced), and what to do. */
static const struct { const char *reason, *says; } untraced_reasons[] = {
    {"own_runtime",
     "its CUDA runtime is linked into it (nvcc's default, -cudart static), and on the "
     "emulated device that runtime finds no driver: its CUDA calls failed "
     "(cudaErrorInsufficientDriver) before the shim could see any.  Rebuild it with "
     "-cudart shared (CMake: CUDA_RUNTIME_LIBRARY Shared), or run it on a GPU, where the "
     "shim sees a static runtime's calls through CUPTI"},
};

/* malloc'd */
static char *untraced_says(const char *reason)
{
    for (size_t i = 0; i < COUNT(untraced_reasons); i++)
        if (!strcmp(reason, untraced_reasons[i].reason))
            return xstrdup(untraced_reasons[i].says);
    return printable(reason, strlen(reason), false);    /* a newer devtrace's, spelled out */
}

sqlite3_int64 report_untraced(const report *r, const char *session)
{
    rows rs;
    untraced_fetch(&rs, r, session);
    sqlite3_int64 runs = 0;
    for (size_t i = 0; i < rs.nrows; i++) {
        const char *command = rows_text(&rs, i, 0);
        char *shown = printable(command ? command : "?", command ? strlen(command) : 1, false);
        char *says = untraced_says(rows_text(&rs, i, 1));
        fprintf(stderr, "devtrace: %s was not traced: %s\n", shown, says);
        free(says);
        free(shown);
        runs += rows_int(&rs, i, 2);
    }
    rows_free(&rs);
    return runs;
}

/* The folder of the reports merged for --static, removed at exit. */
static char *merged_dir, *merged;

static void remove_merged(void)
{
    if (merged)
        report_remove(merged);
    if (merged_dir)
        rmdir(merged_dir);
    free(merged);
    free(merged_dir);
}

/* Several reports, joined with devcheck's findings: their runs merged into
   one, in a private folder of $TMPDIR's; its path. */
static const char *merge_all(const request *q)
{
    const char *tmp = getenv("TMPDIR");
    merged_dir = xasprintf("%s/devtrace-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (atexit(remove_merged) != 0 || !mkdtemp(merged_dir))
        die("%s: %s", merged_dir, strerror(errno));
    merged = xasprintf("%s/reports.db", merged_dir);
    char **all = xmalloc((size_t)(q->nmore + 1) * sizeof *all);
    all[0] = (char *)q->file;
    memcpy(all + 1, q->more, (size_t)q->nmore * sizeof *all);
    sqlite3_int64 version, runs;
    merge_reports(merged, all, q->nmore + 1, &version, &runs);
    free(all);
    return merged;
}

int cmd_report(int argc, char **argv)
{
    request q = parse(argc, argv);
    if (q.output)
        refuse_output_among(q.output, q.inputs, q.ninputs);
    report r = report_open(q.nmore ? merge_all(&q) : q.file, SQLITE_OPEN_READONLY);
    define_source(&r);
    filter_apply(&r);
    if (q.nstatics)
        join_sarif(&r, q.statics, q.nstatics);
    if (q.output && !freopen(q.output, "w", stdout))
        die("%s: %s", q.output, strerror(errno));

    /* One read transaction: every part sees the same commit of a live writer. */
    read_begin(&r);
    report_check(&r);
    sqlite3_int64 failing = q.fail_on ? findings_failing(&r, q.fail_on->warnings) : 0;
    sqlite3_int64 cut_short = runs_cut_short(&r);
    if (q.format->whole)
        q.format->whole(&r);
    else
        print_view(&r, &q);
    report_untraced(&r, NULL);
    report_limits(&r, NULL);
    read_end(&r);
    report_close(&r);
    if (fflush(stdout) != 0 || ferror(stdout))
        die("writing the report: %s", strerror(errno));
    free(q.statics);
    free(q.more);
    free(q.inputs);
    if (cut_short)
        fprintf(stderr, "devtrace: %s: %lld run%s cut short: its report ends before the program "
                "did (killed, a full disk, or still running)\n", r.path, (long long)cut_short,
                cut_short == 1 ? " was" : "s were");

    return failing ? EXIT_FINDINGS : 0;
}
