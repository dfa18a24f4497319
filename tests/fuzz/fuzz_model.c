/*
 * Fuzz target: a devcheck model file (--model) of arbitrary bytes.  It must
 * load, or be refused with a message: never crash or leak.
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
    if (!path[0])
        snprintf(path, sizeof path, "/tmp/fuzz_model_%ld.model", (long)getpid());
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    char err[1024];
    dc_model *m = dc_model_new();
    dc_model_load(m, path, err, sizeof err);
    dc_model_free(m);
    unlink(path);
    return 0;
}
