/*
 * Fuzz target: `devtrace report` on arbitrary bytes as the report file.
 * The first byte picks the view and the format; the rest is the file.
 * devtrace's fatal errors (a file that is no report, a broken one) end the
 * command by longjmp here instead of exit, as they are the expected answer;
 * a crash, a hang or undefined behaviour is what the fuzzer looks for.
 */
#include "report.h"

#include <getopt.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int fatal_status = EXIT_USAGE;
const char *program_name = "devtrace";
static jmp_buf fatal;

void die(const char *fmt, ...)
{
    (void)fmt;
    longjmp(fatal, 1);
}

void usage_error(const char *usage, const char *fmt, ...)
{
    (void)usage, (void)fmt;
    longjmp(fatal, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const views[] = {"summary", "findings", "transfers", "kernels",
                                        "allocations"};
    static const char *const formats[] = {"table", "csv", "json"};
    static char path[64];
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/fuzz_report_%ld.db", (long)getpid());
        if (!freopen("/dev/null", "w", stdout))     /* the views' output */
            abort();
    }
    if (size < 1)
        return 0;
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data + 1, 1, size - 1, f) != size - 1 || fclose(f) != 0)
        abort();
    char *argv[] = {"report", path, (char *)views[data[0] % 5], "--format",
                    (char *)formats[(data[0] / 5) % 3], NULL};
    optind = 0;
    if (!setjmp(fatal))
        cmd_report(5, argv);
    unlink(path);
    return 0;
}
