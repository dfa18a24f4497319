/*
 * The trace hook (devtensor.h, "tracing").  It lives alone in this file and
 * is weak so that no compiler binds the runtime's calls to it directly: a
 * preloaded tracer's definition must win at run time.
 */
#include "devtensor.h"

__attribute__((weak, noinline)) void dt_trace(const dt_trace_event *ev)
{
    (void)ev;
}
