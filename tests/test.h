/*
 * A tiny test harness: no dependency beyond libc.
 *
 *   CHECK(cond)                      the condition holds
 *   CHECK_NEAR(a, b, tol)            |a - b| <= tol (NaN never passes)
 *   CHECK_STR_EQ(a, b)               two C strings are equal (NULL never passes)
 *   CHECK_STR_CONTAINS(hay, needle)  needle occurs in hay (NULL never passes)
 *
 * Each failed check prints file:line and the failed expression, with the
 * values involved, and is counted.  The _AT forms take the file and line of a
 * caller, for helper functions that check on behalf of a test.
 *
 * A test file defines static void test_xxx(void) functions and a main:
 *
 *   int main(void) { RUN(test_a); RUN(test_b); return TEST_REPORT(); }
 *
 * TEST_REPORT() prints the final line "N passed, N failed" (counting checks)
 * and yields the exit status: 0 when nothing failed, 1 otherwise.
 */
#ifndef DT_TEST_H
#define DT_TEST_H

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* UNDER_ASAN: 1 in the AddressSanitizer build (gcc's or clang's way of
   saying so), where a fault or a leak is reported by ASan, not the kernel. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

static int test_passed_;
static int test_failed_;
static const char *test_current_ = "";

static inline bool test_record_(bool ok, const char *file, int line)
{
    if (ok) {
        test_passed_++;
    } else {
        test_failed_++;
        fprintf(stderr, "%s:%d: FAILED in %s: ", file, line, test_current_);
    }
    return ok;
}

static inline bool test_check_(bool ok, const char *file, int line, const char *expr)
{
    if (!test_record_(ok, file, line))
        fprintf(stderr, "CHECK(%s)\n", expr);
    return ok;
}

static inline bool test_check_near_(double a, double b, double tol, const char *file,
                                    int line, const char *ea, const char *eb)
{
    bool ok = fabs(a - b) <= tol;   /* false for NaN */
    if (!test_record_(ok, file, line))
        fprintf(stderr, "CHECK_NEAR(%s, %s): %.9g vs %.9g (tolerance %g)\n", ea, eb, a, b,
                tol);
    return ok;
}

static inline bool test_check_str_eq_(const char *a, const char *b, const char *file,
                                      int line, const char *ea, const char *eb)
{
    bool ok = a && b && strcmp(a, b) == 0;
    if (!test_record_(ok, file, line))
        fprintf(stderr, "CHECK_STR_EQ(%s, %s):\n    got:      \"%s\"\n    expected: \"%s\"\n",
                ea, eb, a ? a : "(null)", b ? b : "(null)");
    return ok;
}

static inline bool test_check_contains_(const char *hay, const char *needle, const char *file,
                                        int line, const char *eh, const char *en)
{
    bool ok = hay && needle && strstr(hay, needle) != NULL;
    if (!test_record_(ok, file, line))
        fprintf(stderr, "CHECK_STR_CONTAINS(%s, %s): \"%s\" does not contain \"%s\"\n", eh,
                en, hay ? hay : "(null)", needle ? needle : "(null)");
    return ok;
}

#define CHECK_AT(file, line, cond) test_check_(!!(cond), file, line, #cond)
#define CHECK_NEAR_AT(file, line, a, b, tol) \
    test_check_near_((double)(a), (double)(b), (double)(tol), file, line, #a, #b)
#define CHECK_STR_EQ_AT(file, line, a, b) test_check_str_eq_((a), (b), file, line, #a, #b)
#define CHECK_STR_CONTAINS_AT(file, line, hay, needle) \
    test_check_contains_((hay), (needle), file, line, #hay, #needle)

#define CHECK(cond) CHECK_AT(__FILE__, __LINE__, cond)
#define CHECK_NEAR(a, b, tol) CHECK_NEAR_AT(__FILE__, __LINE__, a, b, tol)
#define CHECK_STR_EQ(a, b) CHECK_STR_EQ_AT(__FILE__, __LINE__, a, b)
#define CHECK_STR_CONTAINS(hay, needle) CHECK_STR_CONTAINS_AT(__FILE__, __LINE__, hay, needle)

/* Runs one test case, naming it in the output. */
#define RUN(fn)                                                                \
    do {                                                                       \
        int failed_before_ = test_failed_;                                     \
        test_current_ = #fn;                                                   \
        fn();                                                                  \
        printf("%-4s %s\n", test_failed_ == failed_before_ ? "ok" : "FAIL", #fn); \
        fflush(stdout);                                                        \
    } while (0)

static inline int test_report_(void)
{
    printf("%d passed, %d failed\n", test_passed_, test_failed_);
    return test_failed_ != 0;
}
#define TEST_REPORT() test_report_()

#endif /* DT_TEST_H */
