/*
 * What devtrace's fuzz targets share: devtrace's commands run in the
 * fuzzer's process, many in turn.  devtrace's fatal errors (a file that is
 * no report, a broken or crafted one) end a command by longjmp instead of
 * exit, as they are the expected answer; what the command left open then
 * is closed, so that one input's refusal costs the next nothing.
 */
#ifndef DEVTRACE_FUZZ_H
#define DEVTRACE_FUZZ_H

#include <stdbool.h>

/* A file name of this process's in /tmp, by suffix ("report.db");
   malloc'd. */
char *fuzz_path(const char *suffix);
/* command(argc, argv) for the NULL-ended argv, its stdout thrown away;
   false when it ended with a fatal error. */
bool fuzz_command(int (*command)(int argc, char **argv), char **argv);

#endif
