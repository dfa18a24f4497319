/*
 * events_behind: 200,000 memsets as fast as the program can make them, with
 * a cap above that.  A row costs the writer several times what a memset on
 * the emulated device costs the program, so the queue backs up: rather than
 * make the program wait, the run stops keeping rows once half the queue
 * waits, and counts the rest as dropped.  The sums hold every call.
 * (events_wait: the same program, made to wait for every row.)
 */
// devtrace-sql: SELECT count(*) < 200000 FROM events WHERE api = 'cudaMemsetAsync' => 1
// devtrace-sql: SELECT (SELECT count(*) FROM events) + (SELECT dropped_events FROM runs) => 200002
// devtrace-sql: SELECT sum(calls) FROM api_calls WHERE api = 'cudaMemsetAsync' => 200000
#define MEMSETS 200000
#include "device_times_many.c"
