/*
 * The front end: a file and its compiler flags into a libclang translation
 * unit.  devtensor's headers, the annotations and CUDA's API are found
 * without flags: their folders (the source tree's, and an install's beside
 * the program) go last on the include path, and __DEVCHECK__ turns the
 * annotations on.  A file with errors is said and not analyzed.
 */
#define _GNU_SOURCE     /* program_invocation_name */
#include "analysis.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_ARGS 512

struct dc_run {
    CXIndex index;
    dc_model *model;
    CXTranslationUnit *units;
    int n;
};

dc_run *dc_run_new(dc_model *model)
{
    dc_run *r = dc_realloc(NULL, sizeof *r);
    *r = (dc_run){ clang_createIndex(0, 0), model, NULL, 0 };
    return r;
}

void dc_run_analyze(dc_run *r, dc_findings *out)
{
    dc_dataflow_program(r->units, r->n, r->model, out);
}

void dc_run_free(dc_run *r)
{
    for (int i = 0; i < r->n; i++)
        clang_disposeTranslationUnit(r->units[i]);
    free(r->units);
    clang_disposeIndex(r->index);
    free(r);
}

/* DEVCHECK_INCLUDES: the build's folders, ':'-separated (CMakeLists.txt). */
static int add_includes(const char **argv, int argc, char *buf, size_t size)
{
    static char install[PATH_MAX];
    const char *slash = strrchr(program_invocation_name, '/');
    snprintf(install, sizeof install, "-I%.*s/../include",
             slash ? (int)(slash - program_invocation_name) : 1,
             slash ? program_invocation_name : ".");
    argv[argc++] = install;
    snprintf(buf, size, "%s", DEVCHECK_INCLUDES);
    for (char *dir = strtok(buf, ":"); dir && argc < MAX_ARGS - 1; dir = strtok(NULL, ":"))
        argv[argc++] = "-idirafter", argv[argc++] = dir;
    return argc;
}

static void say_errors(CXTranslationUnit tu, char *err, size_t errlen, int *nerrors)
{
    size_t used = strlen(err);
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
                                                   CXDiagnostic_DisplayColumn);
            int k = snprintf(err + used, errlen - used, "%s%s", used ? "\n" : "",
                             clang_getCString(s));
            if (k > 0 && (size_t)k < errlen - used)
                used += (size_t)k;
            clang_disposeString(s);
            (*nerrors)++;
        }
        clang_disposeDiagnostic(d);
    }
}

int dc_run_add(dc_run *r, const char *path, const dc_flags *flags, char *err, size_t errlen)
{
    struct stat st;
    const char *argv[MAX_ARGS];
    char dirs[4096];
    int argc = 0, nerrors = 0;
    err[0] = 0;
    const char *why = stat(path, &st) != 0 ? (errno == ENOENT ? "no such file" : strerror(errno))
                      : S_ISDIR(st.st_mode)   ? "is a folder"
                      : !S_ISREG(st.st_mode)  ? "not a regular file"
                                              : NULL;
    if (why) {
        snprintf(err, errlen, "devcheck: %s: %s", path, why);
        return -1;
    }
    argv[argc++] = "-D__DEVCHECK__";
    if (flags && flags->directory) {    /* a compile command's relative paths are its folder's */
        argv[argc++] = "-working-directory";
        argv[argc++] = flags->directory;
    }
    for (int i = 0; flags && i < flags->nargs && argc < MAX_ARGS - 16; i++)
        argv[argc++] = flags->args[i];
    argc = add_includes(argv, argc, dirs, sizeof dirs);
    CXTranslationUnit tu;
    enum CXErrorCode rc = clang_parseTranslationUnit2(r->index, path, argv, argc, NULL, 0,
                                                      CXTranslationUnit_KeepGoing, &tu);
    if (rc != CXError_Success) {
        snprintf(err, errlen, "devcheck: %s: libclang could not parse it (error %d)", path, rc);
        return -1;
    }
    say_errors(tu, err, errlen, &nerrors);
    if (nerrors) {
        clang_disposeTranslationUnit(tu);
        return -1;
    }
    r->units = dc_realloc(r->units, (size_t)(r->n + 1) * sizeof *r->units);
    r->units[r->n++] = tu;
    return 0;
}
