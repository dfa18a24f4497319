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

static CXIndex shared_index;

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

int dc_analyze_file(const char *path, const dc_flags *flags, dc_model *model, dc_findings *out,
                    char *err, size_t errlen)
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
    if (!shared_index)
        shared_index = clang_createIndex(0, 0);
    argv[argc++] = "-D__DEVCHECK__";
    if (flags && flags->directory) {    /* a compile command's relative paths are its folder's */
        argv[argc++] = "-working-directory";
        argv[argc++] = flags->directory;
    }
    for (int i = 0; flags && i < flags->nargs && argc < MAX_ARGS - 16; i++)
        argv[argc++] = flags->args[i];
    argc = add_includes(argv, argc, dirs, sizeof dirs);
    CXTranslationUnit tu;
    enum CXErrorCode rc = clang_parseTranslationUnit2(shared_index, path, argv, argc, NULL, 0,
                                                      CXTranslationUnit_KeepGoing, &tu);
    if (rc != CXError_Success) {
        snprintf(err, errlen, "devcheck: %s: libclang could not parse it (error %d)", path, rc);
        return -1;
    }
    say_errors(tu, err, errlen, &nerrors);
    if (nerrors == 0)
        dc_dataflow_unit(tu, model, out);
    clang_disposeTranslationUnit(tu);
    return nerrors ? -1 : 0;
}
