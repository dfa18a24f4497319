/*
 * events_capped: events.c's calls with DEVTRACE_EVENTS=2.  The first two
 * are kept, with their times, the other four counted as dropped (and past
 * the cap the calls stop reading the clock); the sums hold all six.
 */
// devtrace-sql: SELECT group_concat(type, ' ') FROM (SELECT * FROM events ORDER BY seq) => alloc copy
// devtrace-sql: SELECT dropped_events FROM runs => 4
// devtrace-sql: SELECT count(*) FROM events WHERE start_ns > 0 AND duration_ns >= 0 => 2
// devtrace-sql: SELECT sum(calls) FROM api_calls => 6
// devtrace-sql: SELECT sum(calls) || ' ' || sum(bytes) FROM transfers => 2 512
#include "events.c"
