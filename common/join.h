/*
 * devcheck's findings joined with a report's: each warning of devcheck's
 * given a state by what the runs did at its line, and each finding of a
 * run by whether devcheck saw it.  devtrace (--static SARIF) and devcheck
 * (--runtime REPORT) share it, over the report's SQLite connection:
 *
 *   confirmed     a run found the same mistake at that line (or at a call
 *                 on the way there: a caller's line in the finding's chain)
 *   ran-clean     the line's CUDA or devtensor calls ran, and no mistake
 *                 showed there
 *   not-reached   no run made a call from that line
 *   unknown       a run cannot show this mistake: devcheck's rule has no
 *                 kind of devtrace's, or the line makes no call (a host
 *                 dereference, known to have run only by its fault)
 *   also-static   a run's finding that devcheck reported too
 *   runtime-only  one it did not: a gap in the analysis, or a mistake
 *                 only a run can see (a double free)
 *
 * The join is by mistake (mistakes.h: a rule and its kinds are one, and
 * so is each of mistake_pairs: memspace-mismatch and invalid_free), line
 * and file: the same path, or the same path relative to devcheck's root
 * (SARIF's %SRCROOT%) and to the folder the run ran in, or one path the
 * tail of the other, so that a build folder and a run folder apart still
 * join.
 */
#ifndef DEVCHECK_JOIN_H
#define DEVCHECK_JOIN_H

#include <sqlite3.h>

/* One finding of devcheck's. */
typedef struct {
    const char *file;           /* relative to devcheck's root, or absolute */
    const char *path;           /* absolute, when known; NULL otherwise */
    sqlite3_int64 line;
    const char *rule, *severity, *message;
} join_static;

/* The states, in the order they are listed. */
typedef struct {
    const char *name, *about;
} join_state;
extern const join_state join_states[];
extern const int join_nstates;

/* The TEMP table static_findings (id: the order added, from 1), the
   functions and the TEMP views of the join, on db, whose report holds the
   tables of devtrace's schema version 4 or later.  SQLite's result code. */
int join_prepare(sqlite3 *db);
int join_add(sqlite3 *db, const join_static *s);

/* One row and column, 1 when devcheck's findings name files but no run
   made a call from any of them (a report of another program, or of these
   files built at paths that do not join): every one of them would read
   not-reached, which says nothing then. */
extern const char join_ran_none_sql[];

/* The joined rows: devcheck's findings (origin 'static'), then the runs'
   (origin 'runtime', grouped by file, line and kind), by state. */
extern const char join_sql[];
enum { J_ORIGIN, J_STATE, J_FILE, J_LINE, J_MISTAKE, J_SEVERITY, J_MESSAGE, J_RUNS, J_CALLS,
       J_FOUND, J_DEVICES, J_STATIC };

#endif
