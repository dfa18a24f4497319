/*
 * The report database: its schema, shared by the shim that writes it and by
 * devtrace, which reads and merges it.
 *
 * A report holds one or more runs (a process each: DEVTRACE_DB without %p
 * collects a forking program's processes in one file).  Every other table is
 * keyed by (run, ...).  Sequence numbers (seq) order the events of a run.
 *
 *   runs         one row per traced process image: `ended` says how it
 *                ended, 'exit' (exit_status), 'signal' (signal), or 'exec'
 *                (replaced by an exec*, which starts the next run); NULL
 *                while it runs or when it was cut short (SIGKILL);
 *                `untraced` why its CUDA calls could not be seen, if so
 *   call_sites   the user's source lines that made intercepted calls: the
 *                first frame of a call stack outside the runtime and the
 *                shim, symbolized once per site; `stack` is the whole stack
 *                as first seen, one frame per line.  A site in code without
 *                debug information has no file and line, but its object
 *                and offset, which devtrace looks up later (a rebuild with
 *                -g, or a .debug file)
 *   api_calls    every intercepted call, counted per (api, site, result)
 *   allocations  device and pinned allocations, per (site, api, memory,
 *                device): how many, their bytes, and how many were freed
 *                (count - freed were live when the run ended)
 *   transfers    copies and memsets, per (site, api, direction, host memory,
 *                devices, result): calls and bytes
 *   kernels      the kernels launched, by name
 *   launches     kernel launches, per (site, kernel, device, result)
 *   findings     the mismatches: kind, severity, message, and the user's
 *                file, line and function; `chain`, the calls that led
 *                there, from that line out to main, as JSON.  A finding
 *                that repeats at one site through one chain is one row with
 *                its count and bytes (reached through another chain, it is
 *                another row); its kinds are DEVTRACE_FINDING_KINDS below
 *                (host_memory_as_device: a memset or a peer copy given host
 *                memory; kernel_not_run: a kernel with no code for the
 *                device, said once per kernel)
 *   events       events in time: the first DEVTRACE_EVENTS (default 100000)
 *                allocations, frees, copies, memsets, launches, syncs and
 *                findings of a run, one row each, with the host time the
 *                call began and how long it took; runs.dropped_events
 *                counts those past the cap (the sums above stay exact).
 *                Launches, copies and memsets also have when their work ran
 *                on the device, where CUPTI's Activity API says it
 *                (runs.dropped_activity: records it had no room for)
 *
 * Events are counted in the shim as they happen and written as these sums,
 * so the report's size and the cost of writing it grow with the program's
 * call sites, not with its calls (save the capped events table).  first_seq and last_seq order them.
 *
 * The file is marked with application_id DEVTRACE_APP_ID and the schema's
 * version in user_version, so a foreign SQLite file is told apart.
 */
#ifndef DEVTRACE_SCHEMA_H
#define DEVTRACE_SCHEMA_H

#define DEVTRACE_APP_ID 0x44565452      /* "DVTR" */
/* 1: the first schema, which grew, unversioned, by the columns of
      devtrace_added_columns, the events table and the findings' indexes;
   2: all of them, and the events' device-side times;
   3: runs.untraced;
   4: findings.chain, the call chain that reached each finding. */
#define DEVTRACE_SCHEMA_VERSION 4

/* The kinds of findings, X(ID, NAME): ID is the shim's, NAME what
   findings.kind holds.  Their severities, and devcheck's rule for the same
   mistake, are mistakes.h's. */
#define DEVTRACE_FINDING_KINDS(X) \
    X(DV_DEVICE_MISMATCH, "device_mismatch") \
    X(DV_HOST_POINTER_KERNEL_ARG, "host_pointer_kernel_arg") \
    X(DV_WRONG_DEVICE_POINTER, "wrong_device_pointer") \
    X(DV_MEMCPY_DIRECTION, "memcpy_direction") \
    X(DV_MEMCPY_OUT_OF_BOUNDS, "memcpy_out_of_bounds") \
    X(DV_USE_AFTER_FREE, "use_after_free") \
    X(DV_DOUBLE_FREE, "double_free") \
    X(DV_INVALID_FREE, "invalid_free") \
    X(DV_HOST_DEREF_DEVICE, "host_deref_device") \
    X(DV_LEAK, "leak") \
    X(DV_PAGEABLE_TRANSFER, "pageable_transfer") \
    X(DV_DTYPE_MISMATCH, "dtype_mismatch") \
    X(DV_HOST_MEMORY_AS_DEVICE, "host_memory_as_device") \
    X(DV_KERNEL_NOT_RUN, "kernel_not_run") \
    X(DV_UNINITIALIZED_READ, "uninitialized_read")

/* The CREATE statements (IF NOT EXISTS), as one script for sqlite3_exec. */
extern const char devtrace_schema_sql[];

/* The columns added to the first schema's tables, which a report of an
   older version may lack (version 1 any of them, version 2 findings.chain):
   devtrace reads them as NULL there, and `devtrace merge` adds them to an
   older output (with the tables and indexes that devtrace_schema_sql
   creates) before it writes to it. */
typedef struct {
    const char *table, *column, *type;
} devtrace_column;
extern const devtrace_column devtrace_added_columns[];
extern const int devtrace_nadded_columns;
/* The tables added to the first schema, which a report of version 1 may
   lack: devtrace reads them as empty, and `devtrace merge` makes them in an
   older output. */
extern const char *const devtrace_added_tables[];
extern const int devtrace_nadded_tables;

#endif /* DEVTRACE_SCHEMA_H */
