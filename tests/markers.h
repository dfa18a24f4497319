/*
 * What the two drivers that hold a run against markers in its own source
 * share (tests/shim/expect_findings.c for devtrace, tests/analyzer/verify.c
 * for devcheck): options from a table, reading the markers, and counting
 * differences.
 *
 * A marker is TAG TEXT in a comment ("//" or "slash-star", blanks allowed
 * before the tag); TEXT runs to the next "//" or the end of the line, so a
 * line may hold markers of both tools.  Prose that names a tag is no marker.
 */
#ifndef TESTS_MARKERS_H
#define TESTS_MARKERS_H

#include <stdbool.h>
#include <stddef.h>

/* An option sets a string (it takes a value) or, with flag, a flag. */
typedef struct {
    const char *name;
    const char **value;
    bool *flag;
} marker_option;

/* A marker's tag and what is done with its text (which lives as long as the
   program: handlers may keep it). */
typedef struct {
    const char *tag;
    void (*expect)(int line, char *text);
} marker_tag;

extern const char *marker_driver;       /* the driver's name, for messages */
extern int marker_failures;             /* differences found so far */

/* Sets options from argv up to "--"; the index of "--" (argc when there is
   none), or -1 for an unknown option or a missing value. */
int marker_options(int argc, char **argv, const marker_option *options, size_t n);
/* Calls each tag's handler for each of its markers in the file at path. */
void marker_read(const char *path, const marker_tag *tags, size_t ntags);
/* A difference from what was expected, at FILE:LINE (FILE alone when line
   is 0), printed and counted. */
void marker_differ(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
__attribute__((noreturn, format(printf, 1, 2))) void marker_die(const char *fmt, ...);
/* Array p, of n elements of size bytes, with room for one more. */
void *marker_grow(void *p, size_t n, size_t size);
/* Blanks and a closing comment cut off both ends, in place. */
char *marker_trim(char *s);

#endif /* TESTS_MARKERS_H */
