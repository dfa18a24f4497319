/*
 * device_times_off: device_times.c's program where CUPTI has no Activity
 * API (DT_SIM_ACTIVITY=0 on the emulated device): its events keep their
 * host times, and none has a device time or a correlation id.
 */
// devtrace-sql: SELECT count(*) FROM events WHERE type IN ('copy', 'launch') => 7
// devtrace-sql: SELECT count(*) FROM events WHERE start_ns IS NULL OR duration_ns IS NULL => 0
// devtrace-sql: SELECT count(*) FROM events WHERE device_start_ns IS NOT NULL OR device_duration_ns IS NOT NULL OR correlation IS NOT NULL => 0
#include "device_times.c"
