/*
 * Fuzz target: arbitrary bytes as a compile_commands.json.  devcheck's
 * reader (compile_db.c) takes it, and libclang's after it, or refuses it
 * with a message; every command found goes through dc_command_flags, and
 * so do the bytes themselves, cut at newlines into arguments.  Never a
 * crash, a hang or a leak.
 */
#include "devcheck.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The bytes as a command's arguments, one per line. */
static void translate_lines(const uint8_t *data, size_t size)
{
    char *text = dc_realloc(NULL, size + 1), *rest = text;
    memcpy(text, data, size);
    text[size] = '\0';
    const char *argv[64];
    int argc = 0;
    for (char *line; argc < 64 && (line = strsep(&rest, "\n")) != NULL;)
        argv[argc++] = line;
    char **flags;
    int n = dc_command_flags(argv, argc, argc > 1 ? argv[1] : "", "/a.c", &flags);
    for (int i = 0; i < n; i++)
        free(flags[i]);
    free(flags);
    free(text);
}

static void read_database(const char *dir)
{
    char err[1024];
    dc_compile_db *db = dc_compile_db_open(dir, err, sizeof err);
    if (!db)
        return;
    dc_command *all, *one;
    int n = dc_compile_db_commands(db, NULL, &all);
    if (n > 0) {
        int k = dc_compile_db_commands(db, all[0].path, &one);
        dc_commands_free(one, k);
    }
    dc_commands_free(all, n);
    dc_compile_db_close(db);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char dir[64], path[96];
    snprintf(dir, sizeof dir, "/tmp/fuzz_compile_db_%ld", (long)getpid());
    snprintf(path, sizeof path, "%s/compile_commands.json", dir);
    mkdir(dir, 0700);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    read_database(dir);
    translate_lines(data, size);
    unlink(path);
    rmdir(dir);
    return 0;
}
