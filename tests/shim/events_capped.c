/*
 * events_capped: events.c's calls with DEVTRACE_EVENTS=2.  The first two
 * are kept, the other four counted as dropped; the sums hold all six.
 */
// devtrace-sql: SELECT group_concat(type, ' ') FROM (SELECT * FROM events ORDER BY seq) => alloc copy
// devtrace-sql: SELECT dropped_events FROM runs => 4
// devtrace-sql: SELECT sum(calls) FROM api_calls => 6
// devtrace-sql: SELECT sum(calls) || ' ' || sum(bytes) FROM transfers => 2 512
#include "events.c"
