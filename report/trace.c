/*
 * `devtrace report --format trace`: the events table in Chrome's trace event
 * format (a JSON object with a traceEvents array), which Perfetto and
 * chrome://tracing open.  A run is a process (pid: the run's id, so that
 * merged reports' runs stay apart); each device has a thread for its
 * kernels, one for its copies, one for its allocations and frees, and one
 * for the other calls (synchronisations); findings are instant events.
 * Times are microseconds from the report's first event: a kernel's, copy's
 * or memset's are when it ran on the device where the report says so
 * (CUPTI's Activity API), else its call's; its stream is among its args.
 * A run whose report has no device times (it was not run with --timeline)
 * says so in its process's name.
 */
#include "json.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The lanes of a device, each a thread in the trace. */
enum { LANE_KERNELS, LANE_COPIES, LANE_MEMORY, LANE_CALLS, NLANES };

static const struct {
    const char *type, *name;
    int lane;
} types[] = {
    {"launch", "kernels", LANE_KERNELS},
    {"copy", "copies", LANE_COPIES},
    {"alloc", "memory", LANE_MEMORY},
    {"free", "memory", LANE_MEMORY},
    {"call", "calls", LANE_CALLS},
    {"finding", "calls", LANE_CALLS},
};

static int type_index(const char *type)
{
    for (size_t i = 0; type && i < COUNT(types); i++)
        if (!strcmp(type, types[i].type))
            return (int)i;
    return COUNT(types) - 2;            /* an unknown type: a call */
}

static sqlite3_int64 thread_of(sqlite3_int64 device, int type)
{
    return (device + 1) * NLANES + types[type].lane;
}

static void put_string(const char *s)
{
    if (s)
        json_put_string(stdout, s, strlen(s));
    else
        fputs("null", stdout);
}

/* Starts an event's object, after the one before it. */
static void begin(bool *first)
{
    fputs(*first ? "\n" : ",\n", stdout);
    *first = false;
}

#define RUN_NAME "'run ' || id || ' (pid ' || coalesce(pid, '?') || '): ' || coalesce(command, '')"
static const char runs_names_sql[] = "SELECT id, " RUN_NAME " FROM runs ORDER BY id";
/* With events, a run that has no device times says so in its name. */
static const char runs_timeline_names_sql[] =
    "SELECT id, " RUN_NAME " || CASE WHEN host_only THEN ' (" REPORT_NO_TIMELINE ")' ELSE '' END"
    " FROM runs LEFT JOIN (SELECT run, " SQL_HOST_TIMES_ONLY " AS host_only FROM events"
    " GROUP BY run) ON run = id ORDER BY id";

static const char lanes_sql[] =
    "SELECT DISTINCT run, coalesce(device, -1), type FROM events ORDER BY 1, 2, 3";

static void put_names(const report *r, bool *first)
{
    bool events = report_has_table(r, "events");
    sqlite3_stmt *st = report_prepare(r, events ? runs_timeline_names_sql : runs_names_sql);
    while (report_step(r, st)) {
        begin(first);
        printf("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%lld,\"tid\":0,"
               "\"args\":{\"name\":", (long long)sqlite3_column_int64(st, 0));
        put_string((const char *)sqlite3_column_text(st, 1));
        fputs("}}", stdout);
    }
    sqlite3_finalize(st);
    if (!events)
        return;
    st = report_prepare(r, lanes_sql);
    sqlite3_int64 run = -1, device = -2;
    unsigned named = 0;                 /* the lanes of (run, device) named so far */
    while (report_step(r, st)) {
        int type = type_index((const char *)sqlite3_column_text(st, 2));
        if (sqlite3_column_int64(st, 0) != run || sqlite3_column_int64(st, 1) != device)
            named = 0;
        run = sqlite3_column_int64(st, 0);
        device = sqlite3_column_int64(st, 1);
        if (named & 1u << types[type].lane)
            continue;
        named |= 1u << types[type].lane;
        begin(first);
        printf("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%lld,\"tid\":%lld,"
               "\"args\":{\"name\":\"", (long long)run, (long long)thread_of(device, type));
        if (device < 0)
            fputs("host", stdout);
        else
            printf("device %lld", (long long)device);
        printf(" %s\"}}", types[type].name);
    }
    sqlite3_finalize(st);
}

enum { E_RUN, E_TYPE, E_API, E_START, E_DURATION, E_DEVICE, E_BYTES, E_DIRECTION, E_KERNEL,
       E_FILE, E_LINE, E_KIND, E_MESSAGE, E_STREAM };

/* A finding's event whose finding the filters dropped is left out.  The
   times are the device's where CUPTI said (else NULL: source.c), else the
   call's. */
static const char trace_sql[] =
    "SELECT e.run, e.type, e.api,"
    "       coalesce(e.device_start_ns, e.start_ns) - (SELECT min(start_ns) FROM events),"
    "       coalesce(e.device_duration_ns, e.duration_ns, 0), coalesce(e.device, -1), e.bytes, e.direction, demangle(k.name),"
    "       relpath(c.file, c.run), c.line, f.kind, f.message, e.stream"
    " FROM events e"
    " LEFT JOIN kernels k ON k.run = e.run AND k.id = e.kernel"
    " LEFT JOIN call_sites c ON c.run = e.run AND c.id = e.site"
    " LEFT JOIN findings f ON f.run = e.run AND f.id = e.finding"
    " WHERE e.start_ns IS NOT NULL AND (e.type != 'finding' OR f.kind IS NOT NULL)"
    " ORDER BY e.run, e.seq";

static void put_args(sqlite3_stmt *st)
{
    fputs(",\"args\":{\"site\":", stdout);
    if (sqlite3_column_type(st, E_FILE) == SQLITE_NULL) {
        fputs("null", stdout);
    } else {
        char *site = xasprintf("%s:%lld", sqlite3_column_text(st, E_FILE),
                               (long long)sqlite3_column_int64(st, E_LINE));
        put_string(site);
        free(site);
    }
    if (sqlite3_column_type(st, E_BYTES) != SQLITE_NULL)
        printf(",\"bytes\":%lld", (long long)sqlite3_column_int64(st, E_BYTES));
    if (sqlite3_column_type(st, E_STREAM) != SQLITE_NULL)
        printf(",\"stream\":%lld", (long long)sqlite3_column_int64(st, E_STREAM));
    if (sqlite3_column_type(st, E_MESSAGE) != SQLITE_NULL) {
        fputs(",\"message\":", stdout);
        put_string((const char *)sqlite3_column_text(st, E_MESSAGE));
    }
    fputs("}}", stdout);
}

static void put_event(sqlite3_stmt *st, bool *first)
{
    const char *type = (const char *)sqlite3_column_text(st, E_TYPE);
    int t = type_index(type);
    const char *name = (const char *)sqlite3_column_text(st, E_KIND);
    if (!name)
        name = (const char *)sqlite3_column_text(st, E_KERNEL);
    if (!name)
        name = (const char *)sqlite3_column_text(st, E_API);
    begin(first);
    fputs("{\"name\":", stdout);
    if (sqlite3_column_type(st, E_DIRECTION) != SQLITE_NULL) {
        char *both = xasprintf("%s %s", name ? name : "copy",
                               (const char *)sqlite3_column_text(st, E_DIRECTION));
        put_string(both);
        free(both);
    } else {
        put_string(name ? name : type);
    }
    fputs(",\"cat\":", stdout);
    put_string(type);
    double ts = (double)sqlite3_column_int64(st, E_START) / 1e3;
    if (!strcmp(types[t].type, "finding"))
        printf(",\"ph\":\"i\",\"s\":\"p\",\"ts\":%.3f", ts);
    else
        printf(",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f", ts,
               (double)sqlite3_column_int64(st, E_DURATION) / 1e3);
    printf(",\"pid\":%lld,\"tid\":%lld", (long long)sqlite3_column_int64(st, E_RUN),
           (long long)thread_of(sqlite3_column_int64(st, E_DEVICE), t));
    put_args(st);
}

void write_trace(const report *r)
{
    bool first = true;
    fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", stdout);
    put_names(r, &first);
    if (report_has_table(r, "events")) {
        sqlite3_stmt *st = report_prepare(r, trace_sql);
        while (report_step(r, st))
            put_event(st, &first);
        sqlite3_finalize(st);
    }
    fputs("\n]}\n", stdout);
}
