/*
 * Fuzz target: devcheck on arbitrary bytes as a C file.  What libclang
 * parses without errors is analyzed and its findings made; what it cannot
 * parse is refused with a message; its ignore comments are read, and their
 * names that are no rule said.  None of it may crash (not even the
 * analysis, whose crashes devcheck recovers from), hang or leak.
 */
#include "devcheck.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    static dc_model *model;
    if (!model) {
        snprintf(path, sizeof path, "/tmp/fuzz_source_%ld.c", (long)getpid());
        model = dc_model_new();
    }
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    dc_findings found = {0};
    dc_run *run = dc_run_new(model);
    dc_source src = {.path = path};
    dc_run_parse(run, &src, 1, 1);
    if (src.status == DC_SOURCE_READ)
        dc_run_analyze(run, 0, &found);   /* no end: a hang is a bug to find */
    if (src.status == DC_SOURCE_ENDED) {     /* a crash devcheck recovered from is still a bug */
        fprintf(stderr, "%s\n", src.err);
        abort();
    }
    free(src.err);
    dc_notes_free(src.skipped, src.nskipped);
    dc_run_free(run);
    dc_ignores_read(path);
    dc_findings_free(&found);
    dc_suppress_reset();
    unlink(path);
    return 0;
}
