/*
 * `devtrace report --format html`: the whole report as one page that stands
 * alone (no network, no script, no font from elsewhere): a summary first
 * (the totals, a link to each finding, and with --static each one's joined
 * state); the findings with their source lines, the callers that led there
 * and the sites of the memory involved; the runs; a timeline per run, a
 * lane per device for its kernels and one for its copies, with the
 * findings marked; and the transfer volume by direction and by source line.
 *
 * The timeline is inline SVG drawn here from the events table, in BUCKETS
 * slices of the run's time: a slice is shaded by how busy its lane was, so
 * the page's size and the browser's work do not grow with the events.
 */
#include "report.h"

#include "join.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUCKETS 1000            /* slices of a run's time, one SVG unit each */
#define LANE_HEIGHT 22
#define LABEL_WIDTH 130
#define MAX_LANES 32            /* devices past these share the last lane */
#define TOP_SITES 20

/* ---- text ----------------------------------------------------------------- */

/* s as HTML text, its control characters but tabs spelled out (printable). */
static void put_text(const char *s)
{
    if (!s)
        s = "-";
    char *shown = printable(s, strlen(s), true);
    for (const char *c = shown; *c; c++)
        switch (*c) {
        case '&': fputs("&amp;", stdout); break;
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        case '"': fputs("&quot;", stdout); break;
        case '\'': fputs("&#39;", stdout); break;
        default: putchar(*c);
        }
    free(shown);
}

/* "app/train.c:18 in train_step": a place (place_text's), and its
   function when known. */
static void put_where(const char *place, const char *function)
{
    put_text(place ? place : "(source line unknown)");
    if (function) {
        fputs(" in ", stdout);
        put_text(function);
    }
}

/* 1536 -> "1.5 KiB" */
static void put_bytes(double bytes)
{
    static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    size_t u = 0;
    while (bytes >= 1024 && u + 1 < COUNT(units)) {
        bytes /= 1024;
        u++;
    }
    printf(u ? "%.1f %s" : "%.0f %s", bytes, units[u]);
}

static void put_ms(double ns)
{
    printf(ns < 1e6 ? "%.3f ms" : "%.1f ms", ns / 1e6);
}

/* ---- the page's frame ------------------------------------------------------- */

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}"
    "h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ccc}"
    "table{border-collapse:collapse;margin:8px 0}td,th{padding:3px 8px;text-align:left;"
    "border-bottom:1px solid #eee;vertical-align:top}th{background:#f4f4f4}"
    "td.n{text-align:right;font-variant-numeric:tabular-nums}"
    ".finding{border-left:4px solid #c33;padding:4px 10px;margin:10px 0;background:#fdf6f6}"
    ".finding.warning{border-color:#d90;background:#fdfaf2}"
    ".sev{font-weight:bold;text-transform:uppercase;font-size:12px}"
    "pre{margin:4px 0;background:#f6f6f6;padding:4px 8px;overflow-x:auto}"
    ".caller{margin-left:16px;color:#444}.note{color:#666}.bar{background:#4a7fd6;height:12px;display:inline-block}"
    "svg{display:block;margin:8px 0}svg text{font:11px sans-serif;fill:#333}"
    ".state{font-size:12px;padding:0 6px;border-radius:8px;background:#e8eef8;color:#234}"
    "#summary ol{margin:4px 0;padding-left:24px}#summary table{display:inline-table;"
    "margin-right:24px;vertical-align:top}";

static void page_start(void)
{
    printf("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
           "<title>devtrace report</title>\n"
           /* nothing from elsewhere: a browser refuses it, and says so */
           "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
           "style-src 'unsafe-inline'\">\n<style>%s</style></head>\n<body>\n"
           "<h1>devtrace report</h1>\n", style);
}

/* A query's rows as a table, its columns titled by their names. */
static void put_table(const rows *rs, const char *id)
{
    printf("<table id=\"%s\"><tr>", id);
    for (int c = 0; c < rs->ncols; c++) {
        fputs("<th>", stdout);
        put_text(rs->cols[c]);
        fputs("</th>", stdout);
    }
    fputs("</tr>\n", stdout);
    for (size_t i = 0; i < rs->nrows; i++) {
        fputs("<tr>", stdout);
        for (int c = 0; c < rs->ncols; c++) {
            int type = cell_type(rows_cell(rs, i, c));
            fputs(type == SQLITE_INTEGER || type == SQLITE_FLOAT ? "<td class=\"n\">" : "<td>",
                  stdout);
            put_text(rows_null(rs, i, c) ? "-" : rows_text(rs, i, c));
            fputs("</td>", stdout);
        }
        fputs("</tr>\n", stdout);
    }
    fputs("</table>\n", stdout);
}

/* ---- runs -------------------------------------------------------------------- */

static void put_runs(const report *r)
{
    rows rs;
    query_fetch(&rs, r, "runs", Q_RUNS);
    fputs("<h2>Runs</h2>\n", stdout);
    put_table(&rs, "runs");
    rows_free(&rs);
}

/* ---- the summary: the page's first screen ------------------------------------- */

static void put_state(const char *state)
{
    if (state)
        printf(" <span class=\"state\">%s</span>", state);
}

/* "error device_mismatch at app/train.c:18 in step": a finding in a line. */
static void put_headline(const rows *f, size_t i)
{
    const char *file = rows_text(f, i, F_FILE);
    fputs("<span class=\"sev\">", stdout);
    put_text(rows_text(f, i, F_SEVERITY));
    fputs("</span> <b>", stdout);
    put_text(rows_text(f, i, F_KIND));
    fputs("</b> at ", stdout);
    char *place = file ? place_text(file, rows_int(f, i, F_LINE), NULL, NULL) : NULL;
    put_where(place ? place : rows_text(f, i, F_OBJECT), rows_text(f, i, F_FUNCTION));
    free(place);
}

/* The totals, then a link to each finding with its state (--static): what
   a report of many runs is read for, before its runs' table. */
static void put_summary(const report *r, const rows *f, const char *const *states)
{
    rows kinds, counts;
    query_fetch(&kinds, r, "kinds", Q_KINDS);
    sqlite3_int64 runs = runs_count(r), errors = 0;
    for (size_t i = 0; i < f->nrows; i++)
        errors += !strcmp(rows_text(f, i, F_SEVERITY) ? rows_text(f, i, F_SEVERITY) : "", "error");
    sqlite3_int64 warnings = (sqlite3_int64)f->nrows - errors;
    printf("<h2>Summary</h2>\n<div id=\"summary\">\n<p><b>%lld run%s</b>: <b>%lld error%s</b> and "
           "<b>%lld warning%s</b>", (long long)runs, plural(runs), (long long)errors,
           plural(errors), (long long)warnings, plural(warnings));
    fputs(join_active() ? ", with devcheck's findings joined (below).</p>\n" : ".</p>\n", stdout);
    if (kinds.nrows)
        put_table(&kinds, "kinds");
    if (join_active()) {
        query_fetch(&counts, r, "states", Q_JOIN_COUNTS);
        put_table(&counts, "states");
        rows_free(&counts);
    }
    fputs("<ol id=\"finding_links\">\n", stdout);
    for (size_t i = 0; i < f->nrows; i++) {
        printf("<li><a href=\"#finding-%zu\">", i + 1);
        put_headline(f, i);
        printf("</a> <span class=\"note\">run %lld</span>", (long long)rows_int(f, i, F_RUN));
        put_state(states ? states[i] : NULL);
        fputs("</li>\n", stdout);
    }
    fputs("</ol>\n</div>\n", stdout);
    rows_free(&kinds);
}

/* ---- findings ------------------------------------------------------------------ */

static void put_memory_site(const rows *f, size_t i, const char *what, int file, int line)
{
    if (rows_null(f, i, file))
        return;
    char *place = place_text(rows_text(f, i, file), rows_int(f, i, line), NULL, NULL);
    printf("<div>%s at ", what);
    put_text(place);
    fputs("</div>", stdout);
    free(place);
}

/* The frames past the finding's own, out to main, a line each. */
static void put_callers(const rows *f, size_t i, chain *c)
{
    frame at;
    chain_read(c, rows_cell(f, i, F_CHAIN));
    for (bool own = true; chain_next(c, &at); own = false) {
        if (own)
            continue;
        char *place = frame_place(&at);
        fputs("<div class=\"caller\">called from ", stdout);
        put_where(place, at.function);
        fputs("</div>", stdout);
        free(place);
    }
}

static void put_finding(const rows *f, size_t i, chain *c, const char *state)
{
    const char *severity = rows_text(f, i, F_SEVERITY);
    const char *file = rows_text(f, i, F_FILE);
    sqlite3_int64 line = rows_int(f, i, F_LINE);
    fputs("<div class=\"finding", stdout);
    if (severity && !strcmp(severity, "warning"))
        fputs(" warning", stdout);
    printf("\" id=\"finding-%zu\">", i + 1);
    put_headline(f, i);
    put_state(state);
    printf(" <span class=\"note\">(run %lld, %lld time%s", (long long)rows_int(f, i, F_RUN),
           (long long)rows_int(f, i, F_COUNT), plural(rows_int(f, i, F_COUNT)));
    if (!rows_null(f, i, F_BYTES)) {
        fputs(", ", stdout);
        put_bytes((double)rows_int(f, i, F_BYTES));
    }
    fputs(")</span>\n<div>", stdout);
    put_text(rows_text(f, i, F_MESSAGE));
    fputs("</div>", stdout);
    char *text = file ? source_line(file, rows_int(f, i, F_RUN), line) : NULL;
    if (text) {
        printf("<pre>%5lld | ", (long long)line);
        put_text(text);
        fputs("</pre>", stdout);
        free(text);
    }
    put_callers(f, i, c);
    put_memory_site(f, i, "allocated", F_ALLOC_FILE, F_ALLOC_LINE);
    put_memory_site(f, i, "freed", F_FREE_FILE, F_FREE_LINE);
    fputs("</div>\n", stdout);
}

/* The limits of the device, no findings: a note for each run. */
static void put_limits(const report *r)
{
    rows l;
    limits_fetch(&l, r, NULL);
    for (size_t i = 0; i < l.nrows; i++) {
        char *says = limit_says(&l, i);
        fputs("<p class=\"note limit\">", stdout);
        put_text(says);
        fputs("</p>\n", stdout);
        free(says);
    }
    rows_free(&l);
}

static void put_findings(const report *r, const rows *f, const char *const *states)
{
    chain c;
    chain_open(&c, r, false);
    printf("<h2>Findings</h2>\n<div id=\"findings\">\n");
    if (f->nrows == 0)
        fputs("<p>No findings.</p>\n", stdout);
    for (size_t i = 0; i < f->nrows; i++)
        put_finding(f, i, &c, states ? states[i] : NULL);
    put_limits(r);
    fputs("</div>\n", stdout);
    chain_close(&c);
}

/* ---- devcheck's findings and the runs' (--static) ------------------------------ */

/* What each state means (their counts are in the summary), then each line
   that either tool named: devcheck's findings there beside the runs'. */
static void put_joined(const report *r)
{
    rows lines;
    query_fetch(&lines, r, "side by side", Q_JOIN_SIDE_BY_SIDE);
    fputs("<h2>devcheck and the runs</h2>\n<div id=\"joined\">\n<p class=\"note\">", stdout);
    for (int i = 0; i < join_nstates; i++) {
        printf("%s<b>%s</b>: ", i ? "; " : "", join_states[i].name);
        put_text(join_states[i].about);
    }
    fputs(".</p>\n", stdout);
    put_table(&lines, "side_by_side");
    fputs("</div>\n", stdout);
    rows_free(&lines);
}

/* ---- the timeline ---------------------------------------------------------------- */

/* What one lane did in one slice of time. */
typedef struct {
    double busy_ns, bytes;
    sqlite3_int64 count;
} slice;

typedef struct {
    sqlite3_int64 device;       /* -1: host memory on both sides */
    bool copies;                /* else kernels */
    slice s[BUCKETS];
} lane;

typedef struct {
    sqlite3_int64 run, t0, t1;
    int nlanes;
    lane *lanes;
    sqlite3_int64 marks[BUCKETS];       /* findings in each slice */
    char *mark_text[BUCKETS];           /* the first of them, in words */
} timeline;

/* The lane of device's copies or kernels; devices past MAX_LANES lanes share
   the last. */
static lane *lane_for(timeline *t, sqlite3_int64 device, bool copies)
{
    for (int i = 0; i < t->nlanes; i++)
        if (t->lanes[i].device == device && t->lanes[i].copies == copies)
            return &t->lanes[i];
    if (t->nlanes == MAX_LANES)
        return &t->lanes[MAX_LANES - 1];
    lane *l = &t->lanes[t->nlanes++];
    memset(l, 0, sizeof *l);
    l->device = device;
    l->copies = copies;
    return l;
}

static int bucket_of(const timeline *t, double ns)
{
    double span = (double)(t->t1 - t->t0);
    int b = span > 0 ? (int)((ns - (double)t->t0) / span * BUCKETS) : 0;
    return b < 0 ? 0 : b >= BUCKETS ? BUCKETS - 1 : b;
}

/* An event's time, spread over the slices it covers. */
static void add_event(timeline *t, lane *l, double start, double duration, double bytes)
{
    double span = (double)(t->t1 - t->t0), width = span / BUCKETS;
    int first = bucket_of(t, start), last = bucket_of(t, start + duration);
    l->s[first].count++;
    l->s[first].bytes += bytes;
    for (int b = first; b <= last && width > 0; b++) {
        double lo = (double)t->t0 + b * width, hi = lo + width;
        double from = start > lo ? start : lo, to = start + duration < hi ? start + duration : hi;
        if (to > from)
            l->s[b].busy_ns += to - from;
    }
}

/* A query's rows, read a run at a time: the row it stands on, if any. */
/* The events' and the marks' queries each read every run's rows once, in
   the order of the runs, as the timelines are drawn: a query a run would
   read the whole table a run, the table having no index by run. */
typedef struct {
    cursor c;
    bool row;
} by_run;

static void by_run_open(by_run *q, const report *r, const char *name, query which)
{
    query_open(&q->c, r, name, which);
    q->row = cursor_next(&q->c);
}

static sqlite3_int64 by_run_int(by_run *q, int col)
{
    return cell_int(cursor_cell(&q->c, col));
}

static double by_run_double(by_run *q, int col)
{
    return cell_double(cursor_cell(&q->c, col));
}

/* Whether q stands on a row of run, passing the rows of runs before it. */
static bool by_run_at(by_run *q, sqlite3_int64 run)
{
    while (q->row && by_run_int(q, 0) < run)
        q->row = cursor_next(&q->c);
    return q->row && by_run_int(q, 0) == run;
}

static bool by_run_next(by_run *q, sqlite3_int64 run)
{
    q->row = cursor_next(&q->c);
    return by_run_at(q, run);
}

static void fill_timeline(timeline *t, by_run *events, by_run *marks)
{
    for (bool at = by_run_at(events, t->run); at; at = by_run_next(events, t->run)) {
        lane *l = lane_for(t, by_run_int(events, EVENT_DEVICE), by_run_int(events, EVENT_IS_COPY));
        add_event(t, l, by_run_double(events, EVENT_START), by_run_double(events, EVENT_DURATION),
                  by_run_double(events, EVENT_BYTES));
    }
    for (bool at = by_run_at(marks, t->run); at; at = by_run_next(marks, t->run)) {
        int b = bucket_of(t, by_run_double(marks, MARK_START));
        if (!t->marks[b]++)
            t->mark_text[b] = xstrdup(cell_text(cursor_cell(&marks->c, MARK_TEXT)));
    }
}

static bool idle(const slice *s)
{
    return !s->count && s->busy_ns <= 0;
}

/* Each burst of busy slices is one rectangle, shaded by how busy the lane
   was in it, titled with its sums. */
static void put_lane(const timeline *t, const lane *l, int y)
{
    double width = (double)(t->t1 - t->t0) / BUCKETS;
    printf("<text x=\"4\" y=\"%d\">", y + 15);
    if (l->device < 0)
        fputs("host", stdout);
    else
        printf("device %lld", (long long)l->device);
    printf(" %s</text>\n", l->copies ? "copies" : "kernels");
    for (int b = 0, e; b < BUCKETS; b = e) {
        slice sum = { 0, 0, 0 };
        for (e = b; e < BUCKETS && !idle(&l->s[e]); e++) {
            sum.busy_ns += l->s[e].busy_ns;
            sum.bytes += l->s[e].bytes;
            sum.count += l->s[e].count;
        }
        if (e == b) {
            e++;
            continue;
        }
        double busy = width > 0 ? sum.busy_ns / (width * (e - b)) : 1;
        printf("<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
               "fill=\"%s\" fill-opacity=\"%.2f\"><title>%lld %s",
               l->copies ? "copy" : "kernel", LABEL_WIDTH + b, y + 3, e - b, LANE_HEIGHT - 6,
               l->copies ? "#e08a1e" : "#3b6fd8", 0.35 + 0.65 * (busy < 1 ? busy : 1),
               (long long)sum.count, l->copies ? "copies" : "launches");
        if (l->copies) {
            fputs(", ", stdout);
            put_bytes(sum.bytes);
        }
        fputs(", ", stdout);
        put_ms(sum.busy_ns);
        fputs(" busy</title></rect>\n", stdout);
    }
}

static void put_marks(const timeline *t, int height)
{
    for (int b = 0; b < BUCKETS; b++) {
        if (!t->marks[b])
            continue;
        int x = LABEL_WIDTH + b;
        printf("<path class=\"mark\" d=\"M%d 0 L%d 8 L%d 0 Z M%d 8 L%d %d\" stroke=\"#c33\" "
               "fill=\"#c33\"><title>%lld finding%s: ",
               x - 4, x, x + 4, x, x, height, (long long)t->marks[b], plural(t->marks[b]));
        put_text(t->mark_text[b]);
        fputs("</title></path>\n", stdout);
    }
}

static void put_axis(const timeline *t, int y)
{
    double span = (double)(t->t1 - t->t0);
    for (int i = 0; i <= 4; i++) {
        int x = LABEL_WIDTH + i * BUCKETS / 4;
        printf("<line x1=\"%d\" y1=\"10\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
               "<text x=\"%d\" y=\"%d\" text-anchor=\"%s\">", x, x, y, x, y + 14,
               i == 0 ? "start" : i == 4 ? "end" : "middle");
        put_ms(span * i / 4);
        fputs("</text>\n", stdout);
    }
}

static void put_timeline(timeline *t, by_run *events, by_run *marks, sqlite3_int64 kept,
                         sqlite3_int64 dropped, bool host_only)
{
    fill_timeline(t, events, marks);
    printf("<h3>Run %lld</h3>\n<p class=\"note\">%lld event%s in time", (long long)t->run,
           (long long)kept, plural(kept));
    if (dropped > 0)
        printf("; <b class=\"dropped\">%lld more were past the cap (DEVTRACE_EVENTS) and are "
               "not drawn</b>: the timeline ends before the run did (the tables count them "
               "all)", (long long)dropped);
    if (host_only)
        fputs("; <b class=\"host-only\">" REPORT_NO_TIMELINE "</b>", stdout);
    fputs(". Shade: how busy a lane was; a red mark: findings.</p>\n", stdout);
    int height = 12 + t->nlanes * LANE_HEIGHT;
    printf("<svg class=\"timeline\" viewBox=\"0 0 %d %d\" width=\"100%%\">\n",
           LABEL_WIDTH + BUCKETS + 10, height + 20);
    put_axis(t, height);
    for (int i = 0; i < t->nlanes; i++)
        put_lane(t, &t->lanes[i], 12 + i * LANE_HEIGHT);
    put_marks(t, height);
    fputs("</svg>\n", stdout);
    for (int b = 0; b < BUCKETS; b++)
        free(t->mark_text[b]);
}

static void put_timelines(const report *r)
{
    fputs("<h2>Timeline</h2>\n<div id=\"timeline\">\n", stdout);
    if (!report_has_table(r, "events")) {
        fputs("<p>This report has no events in time (written by an older devtrace).</p>\n"
              "</div>\n", stdout);
        return;
    }
    timeline *t = xmalloc(sizeof *t);
    t->lanes = xmalloc(MAX_LANES * sizeof *t->lanes);
    cursor spans;
    by_run events, marks;
    query_open(&spans, r, "spans", Q_SPANS);
    by_run_open(&events, r, "events", Q_EVENTS);
    by_run_open(&marks, r, "marks", Q_MARKS);
    bool any = false;
    while (cursor_next(&spans)) {
        t->run = cell_int(cursor_cell(&spans, SPAN_RUN));
        t->t0 = cell_int(cursor_cell(&spans, SPAN_START));
        t->t1 = cell_int(cursor_cell(&spans, SPAN_END));
        t->nlanes = 0;
        memset(t->marks, 0, sizeof t->marks);
        memset(t->mark_text, 0, sizeof t->mark_text);
        put_timeline(t, &events, &marks, cell_int(cursor_cell(&spans, SPAN_EVENTS)),
                     cell_int(cursor_cell(&spans, SPAN_DROPPED)),
                     cell_int(cursor_cell(&spans, SPAN_HOST_ONLY)));
        any = true;
    }
    cursor_close(&spans);
    cursor_close(&events.c);
    cursor_close(&marks.c);
    free(t->lanes);
    free(t);
    if (!any)
        fputs("<p>No events in time.</p>\n", stdout);
    fputs("</div>\n", stdout);
}

/* ---- transfer volume ----------------------------------------------------------------- */

/* The byte column's rows as bars, each as long as its share of the largest. */
static void put_volume(const rows *rs, int label_cols, int bytes_col, size_t max_rows)
{
    double most = 0;
    if (rs->nrows == 0)
        fputs("<p>No copies.</p>\n", stdout);
    for (size_t i = 0; i < rs->nrows; i++)
        if (cell_double(rows_cell(rs, i, bytes_col)) > most)
            most = cell_double(rows_cell(rs, i, bytes_col));
    fputs("<table>", stdout);
    for (size_t i = 0; i < rs->nrows && i < max_rows; i++) {
        double bytes = cell_double(rows_cell(rs, i, bytes_col));
        fputs("<tr>", stdout);
        for (int c = 0; c < label_cols; c++) {
            fputs("<td>", stdout);
            put_text(rows_text(rs, i, c));
            fputs("</td>", stdout);
        }
        fputs("<td class=\"n\">", stdout);
        put_bytes(bytes);
        printf("</td><td><span class=\"bar\" style=\"width:%.0fpx\"></span></td></tr>\n",
               most > 0 ? 1 + 300 * bytes / most : 1);
    }
    fputs("</table>\n", stdout);
}

static void put_transfers(const report *r)
{
    rows d, s;
    query_fetch(&d, r, "directions", Q_DIRECTION_VOLUME);
    query_fetch(&s, r, "sites", Q_SITE_VOLUME);
    fputs("<h2>Transfer volume</h2>\n<div id=\"transfers\">\n<h3>By direction</h3>\n", stdout);
    put_volume(&d, 1, 1, d.nrows);
    printf("<h3>By source line</h3>\n");
    put_volume(&s, 3, 3, TOP_SITES);
    if (s.nrows > TOP_SITES)
        printf("<p class=\"note\">The %d lines that copied most; `devtrace report transfers` "
               "lists them all.</p>\n", TOP_SITES);
    fputs("</div>\n", stdout);
    rows_free(&d);
    rows_free(&s);
}

/* The summary first (the totals, a link to each finding), then the
   findings, the join, the runs (a report may hold many), the timelines
   and the volume. */
void write_html(const report *r)
{
    rows f;
    query_fetch(&f, r, "findings", Q_FINDINGS);
    const char **states = NULL;
    if (join_active()) {
        states = xmalloc((f.nrows ? f.nrows : 1) * sizeof *states);
        for (size_t i = 0; i < f.nrows; i++)
            states[i] = join_finding_paired(r, &f, i) ? "also-static" : "runtime-only";
    }
    page_start();
    put_summary(r, &f, states);
    put_findings(r, &f, states);
    if (join_active())
        put_joined(r);
    put_runs(r);
    put_timelines(r);
    put_transfers(r);
    fputs("</body></html>\n", stdout);
    free(states);
    rows_free(&f);
}
