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

/* A thread's name for each lane of each run's devices. */
static void put_lane_names(const report *r, bool *first)
{
    cursor c;
    query_open(&c, r, "lanes", Q_LANES);
    sqlite3_int64 run = -1, device = -2;
    unsigned named = 0;                 /* the lanes of (run, device) named so far */
    while (cursor_next(&c)) {
        int type = type_index(cursor_text(&c, 2));
        if (cursor_int(&c, 0) != run || cursor_int(&c, 1) != device)
            named = 0;
        run = cursor_int(&c, 0);
        device = cursor_int(&c, 1);
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
    cursor_close(&c);
}

static void put_names(const report *r, bool *first)
{
    bool events = report_has_table(r, "events");
    cursor c;
    query_open(&c, r, "runs", events ? Q_RUN_TIMELINE_NAMES : Q_RUN_NAMES);
    while (cursor_next(&c)) {
        begin(first);
        printf("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%lld,\"tid\":0,"
               "\"args\":{\"name\":", (long long)cursor_int(&c, 0));
        put_string(cursor_text(&c, 1));
        fputs("}}", stdout);
    }
    cursor_close(&c);
    if (events)
        put_lane_names(r, first);
}

static void put_args(cursor *c)
{
    fputs(",\"args\":{\"site\":", stdout);
    if (cursor_null(c, E_FILE)) {
        fputs("null", stdout);
    } else {
        char *site = xasprintf("%s:%lld", cursor_text(c, E_FILE),
                               (long long)cursor_int(c, E_LINE));
        put_string(site);
        free(site);
    }
    if (!cursor_null(c, E_BYTES))
        printf(",\"bytes\":%lld", (long long)cursor_int(c, E_BYTES));
    if (!cursor_null(c, E_STREAM))
        printf(",\"stream\":%lld", (long long)cursor_int(c, E_STREAM));
    if (!cursor_null(c, E_MESSAGE)) {
        fputs(",\"message\":", stdout);
        put_string(cursor_text(c, E_MESSAGE));
    }
    fputs("}}", stdout);
}

static void put_event(cursor *c, bool *first)
{
    const char *type = cursor_text(c, E_TYPE);
    int t = type_index(type);
    const char *name = cursor_text(c, E_KIND);
    if (!name)
        name = cursor_text(c, E_KERNEL);
    if (!name)
        name = cursor_text(c, E_API);
    begin(first);
    fputs("{\"name\":", stdout);
    if (!cursor_null(c, E_DIRECTION)) {
        char *both = xasprintf("%s %s", name ? name : "copy",
                               cursor_text(c, E_DIRECTION));
        put_string(both);
        free(both);
    } else {
        put_string(name ? name : type);
    }
    fputs(",\"cat\":", stdout);
    put_string(type);
    double ts = (double)cursor_int(c, E_START) / 1e3;
    if (!strcmp(types[t].type, "finding"))
        printf(",\"ph\":\"i\",\"s\":\"p\",\"ts\":%.3f", ts);
    else
        printf(",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f", ts,
               (double)cursor_int(c, E_DURATION) / 1e3);
    printf(",\"pid\":%lld,\"tid\":%lld", (long long)cursor_int(c, E_RUN),
           (long long)thread_of(cursor_int(c, E_DEVICE), t));
    put_args(c);
}

void write_trace(const report *r)
{
    bool first = true;
    fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", stdout);
    put_names(r, &first);
    if (report_has_table(r, "events")) {
        cursor c;
        query_open(&c, r, "events", Q_TRACE_EVENTS);
        while (cursor_next(&c))
            put_event(&c, &first);
        cursor_close(&c);
    }
    fputs("\n]}\n", stdout);
}
