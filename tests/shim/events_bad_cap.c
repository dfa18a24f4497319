/*
 * events_bad_cap: events.c's calls with DEVTRACE_EVENTS=lots, which is no
 * count: the shim says so and keeps the default cap, so all six are kept.
 */
// devtrace-sql: SELECT count(*) || ' ' || coalesce(max(dropped_events), 0) FROM events, runs => 6 0
#include "events.c"
