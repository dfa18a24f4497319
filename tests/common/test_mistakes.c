/* The table of mistakes (common/mistakes.h), against the report's kinds. */
#include "mistakes.h"
#include "schema.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>

static const char *const report_kinds[] = {
#define KIND_NAME(id, name) name,
    DEVTRACE_FINDING_KINDS(KIND_NAME)
#undef KIND_NAME
};
#define NKINDS (sizeof report_kinds / sizeof report_kinds[0])

static const mistake *named(const char *name)
{
    return mistake_named(name, strlen(name));
}

/* name with its hyphens and underscores swapped: the other tool's spelling */
static char *respelled(const char *name)
{
    char *s = strdup(name);
    for (char *c = s; *c; c++)
        *c = *c == '-' ? '_' : *c == '_' ? '-' : *c;
    return s;
}

/* Every kind the shim writes is one mistake's, exactly once. */
static void test_every_kind_once(void)
{
    for (size_t i = 0; i < NKINDS; i++) {
        int times = 0;
        for (int m = 0; m < nmistakes; m++)
            for (size_t k = 0; k < 3 && mistakes[m].kinds[k]; k++)
                times += strcmp(mistakes[m].kinds[k], report_kinds[i]) == 0;
        CHECK(times == 1);
    }
}

/* Each name, in either spelling, is its own mistake's and no other's. */
static void test_names_are_unique(void)
{
    for (int m = 0; m < nmistakes; m++) {
        const char *names[4] = {mistakes[m].rule, mistakes[m].kinds[0], mistakes[m].kinds[1],
                                mistakes[m].kinds[2]};
        for (size_t k = 0; k < 4; k++) {
            if (!names[k])
                continue;
            char *other = respelled(names[k]);
            CHECK(named(names[k]) == &mistakes[m]);
            CHECK(named(other) == &mistakes[m]);
            free(other);
        }
    }
}

/* The table's order and form: devcheck's rules first, a mistake that only
   a run shows named by one kind, a severity and a sentence for each. */
static void test_form(void)
{
    bool rules_done = false;
    for (int m = 0; m < nmistakes; m++) {
        const mistake *k = &mistakes[m];
        CHECK(!k->rule || !rules_done);     /* no rule after the run-only ones */
        rules_done |= !k->rule;
        CHECK(k->rule || (k->kinds[0] && !k->kinds[1]));
        CHECK(!strcmp(k->severity, "error") || !strcmp(k->severity, "warning"));
        size_t n = strlen(k->summary);
        CHECK(n > 10 && k->summary[n - 1] == '.');
    }
}

/* The same mistake under each tool's name (SPEC: the same words, with
   hyphens or underscores, and the kinds named for the calls that show it). */
static void test_pairs(void)
{
    static const char *const pairs[][2] = {
        {"device-mismatch", "device_mismatch"},
        {"dtype-mismatch", "dtype_mismatch"},
        {"memcpy-direction", "memcpy_direction"},
        {"host-deref", "host_deref_device"},
        {"memspace-mismatch", "host_pointer_kernel_arg"},
        {"memspace-mismatch", "host_memory_as_device"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        CHECK(named(pairs[i][0]) != NULL);
        CHECK(named(pairs[i][0]) == named(pairs[i][1]));
        CHECK_STR_EQ(named(pairs[i][1])->rule, pairs[i][0]);
    }
    CHECK(named("host-pointer-kernel-arg") == named("memspace-mismatch"));
    /* one mistake by two rows: cudaFree of malloc's, cudaFreeHost of cudaMalloc's */
    CHECK(mistake_same(named("memspace-mismatch"), named("invalid_free")));
    CHECK(mistake_same(named("free-mismatch"), named("invalid_free")));
    CHECK(mistake_same(named("uninitialized-read"), named("uninitialized_read")));
    CHECK(!mistake_same(named("memcpy-direction"), named("invalid_free")));
    CHECK(!mistake_same(named("free-mismatch"), NULL));
    CHECK(mistake_run_shows(named("free-mismatch")));
    CHECK(!mistake_run_shows(named("discarded-transfer")));
    CHECK(named("discarded-transfer")->kinds[0] == NULL);
    CHECK(named("leak")->rule == NULL);
}

/* Each pair joins a rule to a kind of another row. */
static void test_pairs_are_two_rows(void)
{
    for (int i = 0; i < nmistake_pairs; i++) {
        const mistake *rule = named(mistake_pairs[i].rule), *kind = named(mistake_pairs[i].kind);
        CHECK(rule && kind && rule != kind);
        CHECK_STR_EQ(rule->rule, mistake_pairs[i].rule);
        CHECK(kind->kinds[0] && !strcmp(kind->kinds[0], mistake_pairs[i].kind));
    }
}

/* What costs is a warning; what crashes, fails or corrupts is an error. */
static void test_severities(void)
{
    static const char *const warnings[] = {"leak", "pageable_transfer"};
    int nwarnings = 0;
    for (int m = 0; m < nmistakes; m++)
        nwarnings += !strcmp(mistakes[m].severity, "warning");
    CHECK(nwarnings == 2);
    for (size_t i = 0; i < 2; i++)
        CHECK_STR_EQ(named(warnings[i])->severity, "warning");
    CHECK_STR_EQ(named("memcpy-direction")->severity, "error");
    CHECK_STR_EQ(named("discarded-transfer")->severity, "error");
}

static void test_not_names(void)
{
    static const char *const others[] = {"", "lek", "memcpy", "memcpy-direction-x",
                                         "devcheck-memcpy-direction", "MEMCPY_DIRECTION",
                                         "memcpy direction"};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        CHECK(named(others[i]) == NULL);
    CHECK(mistake_named("leaks", 4) == named("leak"));      /* len, not the NUL, ends it */
}

static void check_hint(const char *name, mistake_name want, const char *hint)
{
    char out[128];
    mistake_hint(out, sizeof out, name, strlen(name), want);
    CHECK_STR_EQ(out, hint);
}

static void test_hints(void)
{
    check_hint("lek", MISTAKE_KIND, "did you mean 'leak'?");
    check_hint("lek", MISTAKE_RULE, "");                    /* no rule is near */
    check_hint("memcpy-directon", MISTAKE_KIND, "did you mean 'memcpy-direction'?");
    check_hint("memcpy_directon", MISTAKE_RULE, "did you mean 'memcpy-direction'?");
    check_hint("dubble_free", MISTAKE_KIND, "did you mean 'double_free'?");
    check_hint("frob", MISTAKE_KIND, "");
    check_hint("leak", MISTAKE_RULE, "a kind of devtrace's: devcheck has no rule for it");
    check_hint("use-after-free", MISTAKE_RULE, "a kind of devtrace's: devcheck has no rule for it");
    check_hint("discarded_transfer", MISTAKE_KIND, "a rule of devcheck's: devtrace has no kind for it");
    char tiny[4];
    mistake_hint(tiny, sizeof tiny, "lek", 3, MISTAKE_KIND);
    CHECK_STR_EQ(tiny, "did");
}

int main(void)
{
    RUN(test_every_kind_once);
    RUN(test_names_are_unique);
    RUN(test_form);
    RUN(test_pairs);
    RUN(test_pairs_are_two_rows);
    RUN(test_severities);
    RUN(test_not_names);
    RUN(test_hints);
    return TEST_REPORT();
}
