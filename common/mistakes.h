/*
 * The mistakes devcheck and devtrace find, as one table: what each tool
 * calls a mistake (devcheck's rule id, devtrace's finding kinds) and the
 * one severity both give it.  devcheck sees a mistake in the source, the
 * shim while the program runs; a mistake both can see has a name in each,
 * mostly the same words (memcpy-direction, memcpy_direction), and each
 * tool takes the other's name wherever it takes its own.
 *
 * The severity says what the mistake does to the program, whichever tool
 * finds it:
 *   error    it crashes the program, fails the call, or corrupts memory or
 *            results (an op across devices, a wrong copy, a use after free);
 *            a move that never happened counts, since the next op across
 *            devices fails (discarded-transfer, unregistered-tensor)
 *   warning  the program works, and pays for it: time (pageable_transfer)
 *            or memory (leak)
 * One exception, the run's own: on a GPU that reads pageable host memory
 * (HMM, ATS) a kernel argument in host memory only costs, and the shim
 * writes host_pointer_kernel_arg as a warning there.
 */
#ifndef DEVCHECK_MISTAKES_H
#define DEVCHECK_MISTAKES_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

typedef struct {
    const char *rule;       /* devcheck's rule id; NULL: only a run shows it */
    const char *kinds[3];   /* devtrace's finding kinds for it, NULL-ended; none:
                               only the source shows it */
    const char *severity;   /* "error" or "warning", in both tools */
    const char *summary;    /* what it is, a sentence */
    bool no_call;           /* its line may make no call that a run counts (a
                               host dereference, a free of pinned memory): a
                               run shows it reached there only by its finding */
} mistake;

/* devcheck's rules first, in their order (SARIF's ruleIndex), then the
   mistakes only a run shows, each with one kind. */
extern const mistake mistakes[];
extern const int nmistakes;

/* The mistake that name (len bytes) stands for: a rule id or a kind,
   written with hyphens or underscores alike; NULL when it is none. */
const mistake *mistake_named(const char *name, size_t len);

/* The pairs of a rule and a kind of two rows that can be one mistake at
   one line (memspace-mismatch and invalid_free: cudaFree of malloc's), on
   top of each row's own rule and kinds.  docs/joined.md lists them all. */
typedef struct {
    const char *rule, *kind;
} mistake_pair;
extern const mistake_pair mistake_pairs[];
extern const int nmistake_pairs;

/* Whether a run's finding of mistake kind can be devcheck's rule's: one
   row, or a pair of mistake_pairs.  False when either is NULL. */
bool mistake_same(const mistake *rule, const mistake *kind);
/* Whether a run can find m: a kind of its own or a pair's. */
bool mistake_run_shows(const mistake *m);

/* A finding that says what the device could not do, not what the program
   did wrong: a kernel_not_run of a run on the emulated device ("sim"),
   which has no body for any kernel nvcc compiled.  Its row stays in the
   report (the kinds are fixed), and is said once per run as a limit of the
   device, in no count of findings, --fail-on, --error-exitcode or the
   join's runtime-only list.  SQL, true for a findings row (its kind and run
   given as SQL) that is one, over the report's runs. */
#define MISTAKE_LIMIT_SQL(kind, run) \
    "(" kind " = 'kernel_not_run' AND " run " IN (SELECT id FROM main.runs WHERE device = 'sim'))"
/* The same, in C: whether a finding of kind, in a run on device, is one. */
static inline bool mistake_is_limit(const char *kind, const char *device)
{
    return !strcmp(kind, "kernel_not_run") && !strcmp(device, "sim");
}

/* Which tool a name is meant for, to say why it names none of its. */
typedef enum { MISTAKE_RULE, MISTAKE_KIND } mistake_name;

/* Words for the error of a name that is no rule (MISTAKE_RULE) or no kind
   (MISTAKE_KIND): "did you mean 'leak'?" for a near miss, or that the name
   is the other tool's only; "" when neither.  Into out, size bytes. */
void mistake_hint(char *out, size_t size, const char *name, size_t len, mistake_name want);

/* The one of names[0..n) nearest to name, as mistake_hint's "did you mean"
   finds it (a third of its letters or fewer wrong), for the other words a
   tool takes (devtrace's views); NULL when none is near. */
const char *mistake_nearest(const char *name, const char *const *names, size_t n);

/* A severity ("error", "warning") as GitLab's Code Quality report says
   one: an error breaks the program, "critical"; a warning costs, "minor". */
const char *mistake_gitlab_severity(const char *severity);

#endif
