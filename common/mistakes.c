/* The mistakes both tools find, and their names in each (mistakes.h). */
#include "mistakes.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define KINDS (sizeof mistakes[0].kinds / sizeof mistakes[0].kinds[0])

const mistake mistakes[] = {
    {"device-mismatch", {"device_mismatch"}, "error",
     "Operands of one operation are, or may be, on different devices.", false},
    {"discarded-transfer", {NULL}, "error",
     "The result of a transfer (dt_to, dt_to_dtype, dt_list_to, dt_pin_memory) is dropped, so "
     "the data stays where it was.", false},
    {"host-deref", {"host_deref_device"}, "error", "Device memory is read or written by host code.",
     true},
    {"memspace-mismatch", {"host_pointer_kernel_arg", "host_memory_as_device"}, "error",
     "Host memory is passed where device memory is required, or the reverse.", false},
    {"memcpy-direction", {"memcpy_direction"}, "error",
     "A cudaMemcpy kind contradicts where its pointers live.", false},
    {"unregistered-tensor", {NULL}, "error",
     "A tensor is kept in a module's state without registration, so dt_module_to leaves it "
     "behind.", false},
    {"dtype-mismatch", {"dtype_mismatch"}, "error", "f64 and f32 tensors are combined in one op.", false},
    {"free-mismatch", {NULL}, "error",
     "Memory is released by a function that does not match its allocation (free of pinned "
     "memory, cudaFreeHost of cudaMalloc's, delete of device memory, ...).", true},
    {"uninitialized-read", {"uninitialized_read"}, "error",
     "Device memory is copied out or given to a library as input before anything wrote it.", false},
    {NULL, {"wrong_device_pointer"}, "error",
     "A kernel argument is another GPU's memory, without peer access.", false},
    {NULL, {"memcpy_out_of_bounds"}, "error", "A copy or memset runs past its allocation.", false},
    {NULL, {"use_after_free"}, "error", "Device memory is used after it was freed.", false},
    {NULL, {"double_free"}, "error", "Memory is freed twice.", false},
    {NULL, {"invalid_free"}, "error",
     "A free of host memory, of an interior pointer, or with the wrong function.", false},
    {NULL, {"leak"}, "warning", "Device or pinned memory is never freed.", false},
    {NULL, {"pageable_transfer"}, "warning",
     "Host-to-device copies from pageable memory where pinned memory would be faster.", false},
    {NULL, {"kernel_not_run"}, "error",
     "A kernel has no code for the device, so its launches do not run it.", false},
};
const int nmistakes = sizeof mistakes / sizeof mistakes[0];

/* One mistake that the two tools name by different rows: where devcheck
   knows the memory's space, the shim only sees the call that fails. */
const mistake_pair mistake_pairs[] = {
    /* cudaFree of malloc's: the wrong space to devcheck, a free of what
       cudaMalloc never gave to the shim */
    {"memspace-mismatch", "invalid_free"},
    /* memset, fwrite, ... of device memory: the host's code faults there */
    {"memspace-mismatch", "host_deref_device"},
    /* cudaFreeHost of cudaMalloc's, cudaFree of pinned memory */
    {"free-mismatch", "invalid_free"},
    /* a pointer of another GPU, where devcheck knows both devices */
    {"device-mismatch", "wrong_device_pointer"},
};
const int nmistake_pairs = sizeof mistake_pairs / sizeof mistake_pairs[0];

/* devcheck keeps sets of rules as a bit per row. */
_Static_assert(sizeof mistakes / sizeof mistakes[0] <= 32, "a set of mistakes is 32 bits");

/* A hyphen and an underscore are one letter: the two tools' spellings. */
static bool same_letter(char a, char b)
{
    return a == b || ((a == '-' || a == '_') && (b == '-' || b == '_'));
}

static bool same_words(const char *a, size_t n, const char *b)
{
    if (strlen(b) != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!same_letter(a[i], b[i]))
            return false;
    return true;
}

/* A mistake's names, its rule first; how many. */
static size_t names_of(const mistake *m, const char *names[KINDS + 1])
{
    size_t n = 0;
    if (m->rule)
        names[n++] = m->rule;
    for (size_t k = 0; k < KINDS && m->kinds[k]; k++)
        names[n++] = m->kinds[k];
    return n;
}

const mistake *mistake_named(const char *name, size_t len)
{
    for (int i = 0; i < nmistakes; i++) {
        const char *names[KINDS + 1];
        for (size_t k = 0, n = names_of(&mistakes[i], names); k < n; k++)
            if (same_words(name, len, names[k]))
                return &mistakes[i];
    }
    return NULL;
}

static bool paired(const mistake *rule, const mistake *kind)
{
    for (int i = 0; i < nmistake_pairs; i++)
        if (mistake_named(mistake_pairs[i].rule, strlen(mistake_pairs[i].rule)) == rule &&
            mistake_named(mistake_pairs[i].kind, strlen(mistake_pairs[i].kind)) == kind)
            return true;
    return false;
}

bool mistake_same(const mistake *rule, const mistake *kind)
{
    return rule && kind && (rule == kind || paired(rule, kind));
}

bool mistake_run_shows(const mistake *m)
{
    for (int i = 0; m && !m->kinds[0] && i < nmistake_pairs; i++)
        if (mistake_named(mistake_pairs[i].rule, strlen(mistake_pairs[i].rule)) == m)
            return true;
    return m && m->kinds[0];
}

static bool has_name_for(const mistake *m, mistake_name want)
{
    return want == MISTAKE_RULE ? m->rule != NULL : m->kinds[0] != NULL;
}

/* Levenshtein's distance, a hyphen and an underscore alike; SIZE_MAX for
   names too long to be any of the table's. */
static size_t distance(const char *a, size_t n, const char *b)
{
    enum { LONGEST = 48 };
    size_t m = strlen(b), row[LONGEST + 1];
    if (n > LONGEST || m > LONGEST)
        return SIZE_MAX;
    for (size_t j = 0; j <= m; j++)
        row[j] = j;
    for (size_t i = 1; i <= n; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t above = row[j], best = diagonal + !same_letter(a[i - 1], b[j - 1]);
            if (above + 1 < best)
                best = above + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diagonal = above;
        }
    }
    return row[m];
}

/* Of best and the candidates, the nearest to name: a third of its letters
   or fewer wrong, *least the distance to beat. */
static const char *nearer(const char *name, size_t len, const char *const *candidates, size_t n,
                          const char *best, size_t *least)
{
    for (size_t k = 0; k < n; k++) {
        size_t d = distance(name, len, candidates[k]);
        if (d < *least) {
            *least = d;
            best = candidates[k];
        }
    }
    return best;
}

const char *mistake_nearest(const char *name, const char *const *names, size_t n)
{
    size_t len = strlen(name), least = len / 3 + 1;
    return nearer(name, len, names, n, NULL, &least);
}

/* The name nearest to name among those the tool takes; NULL when none is
   near. */
static const char *nearest(const char *name, size_t len, mistake_name want)
{
    const char *best = NULL;
    size_t least = len / 3 + 1;
    for (int i = 0; i < nmistakes; i++) {
        const char *names[KINDS + 1];
        if (has_name_for(&mistakes[i], want))
            best = nearer(name, len, names, names_of(&mistakes[i], names), best, &least);
    }
    return best;
}

void mistake_hint(char *out, size_t size, const char *name, size_t len, mistake_name want)
{
    const mistake *m = mistake_named(name, len);
    const char *near = m ? NULL : nearest(name, len, want);
    if (m && !has_name_for(m, want))
        snprintf(out, size, "%s", want == MISTAKE_RULE
                                      ? "a kind of devtrace's: devcheck has no rule for it"
                                      : "a rule of devcheck's: devtrace has no kind for it");
    else if (near)
        snprintf(out, size, "did you mean '%s'?", near);
    else if (size > 0)
        *out = '\0';
}

static const struct { const char *ours, *gitlab; } gitlab_severities[] = {
    { "error", "critical" },
    { "warning", "minor" },
};

const char *mistake_gitlab_severity(const char *severity)
{
    for (size_t i = 0; i < sizeof gitlab_severities / sizeof *gitlab_severities; i++)
        if (strcmp(gitlab_severities[i].ours, severity) == 0)
            return gitlab_severities[i].gitlab;
    return "info";
}
