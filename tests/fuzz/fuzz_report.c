/*
 * Fuzz target: `devtrace report` on arbitrary bytes as the report file.
 * The first byte picks the view and the format; the rest is the file.  A
 * crash, a hang or undefined behaviour is what the fuzzer looks for; a
 * refusal (devtrace_fuzz.h) is an answer.
 */
#include "devtrace_fuzz.h"
#include "report.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const views[] = {"summary", "findings", "transfers", "kernels",
                                        "allocations"};
    static const char *const formats[] = {"table", "csv", "json"};
    static char *path;
    if (!path)
        path = fuzz_path("report.db");
    if (size < 1)
        return 0;
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data + 1, 1, size - 1, f) != size - 1 || fclose(f) != 0)
        abort();
    char *argv[] = {"report", path, (char *)views[data[0] % 5], "--format",
                    (char *)formats[(data[0] / 5) % 3], NULL};
    fuzz_command(cmd_report, argv);
    unlink(path);
    return 0;
}
