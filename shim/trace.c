/*
 * devtensor's trace hook (devtensor.h, "tracing"): the runtime calls
 * dt_trace when it refuses an op whose operands live on different devices
 * or have different dtypes.  This definition takes the place of the
 * runtime's empty one.  The finding's line is the user's call that failed:
 * the op's own record of it when it was called through its macro, which
 * survives a tail call that takes the user's frame off the stack, else the
 * call site found on the stack.  The runtime's message already names both
 * operands and where each was created.
 */
#include "devtrace.h"

#include <devtensor.h>

void dt_trace(const dt_trace_event *ev)
{
    if (!dv_active() || !ev)
        return;
    uint32_t site = dv_site_here();
    dv_emit_call(DV_API_dt_trace, site, 0, 0);
    dv_finding_at(ev->kind == DT_TRACE_DTYPE_MISMATCH ? DV_DTYPE_MISMATCH : DV_DEVICE_MISMATCH,
                  site, ev->called.file, ev->called.line, "%s",
                  ev->message ? ev->message : ev->op);
}
