/*
 * events_wait: events_behind's 200,000 memsets with DEVTRACE_EVENTS_WAIT=1:
 * the program waits for the writer, and every event up to the cap is a row.
 */
// devtrace-sql: SELECT count(*) FROM events WHERE api = 'cudaMemsetAsync' => 200000
// devtrace-sql: SELECT coalesce(dropped_events, 0) FROM runs => 0
#include "events_behind.c"
