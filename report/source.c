/*
 * Source files, as a report names them: the shim records the paths that the
 * debug information holds, mostly absolute, and people read them relative to
 * where they stand, as a compiler prints them.
 */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *working_directory(void)
{
    static bool looked;
    static char *cwd;           /* NULL when it cannot be had: paths stay as they are */
    if (!looked) {
        cwd = getcwd(NULL, 0);
        looked = true;
    }
    return cwd;
}

static const char *path_from_here(const char *path)
{
    const char *cwd = working_directory();
    size_t n = cwd ? strlen(cwd) : 0;
    /* n > 1: beneath "/" a path is clearer absolute */
    if (n > 1 && !strncmp(path, cwd, n) && path[n] == '/' && path[n + 1])
        return path + n + 1;
    return path;
}

static void relpath(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *path = (const char *)sqlite3_value_text(argv[0]);
    if (path)                   /* else the result stays NULL */
        sqlite3_result_text(ctx, path_from_here(path), -1, SQLITE_TRANSIENT);
}

void define_relpath(const report *r)
{
    if (sqlite3_create_function(r->db, "relpath", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                relpath, NULL, NULL) != SQLITE_OK)
        report_fail(r);
}

char *source_line(const char *file, sqlite3_int64 line)
{
    /* Only a regular file: a report naming a fifo or a tty must not hang us. */
    struct stat st;
    if (line < 1 || stat(file, &st) != 0 || !S_ISREG(st.st_mode))
        return NULL;
    FILE *f = fopen(file, "r");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t room = 0;
    ssize_t len = -1;
    for (sqlite3_int64 i = 0; i < line && (len = getline(&text, &room, f)) >= 0; i++)
        ;
    fclose(f);
    if (len < 0) {
        free(text);
        return NULL;
    }
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;
    text[len] = '\0';
    return text;
}
