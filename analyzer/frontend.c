/*
 * The front end: a file and its compiler flags into a libclang translation
 * unit.  devtensor's headers, the annotations and CUDA's API are found
 * without flags: their folders (the source tree's, and an install's beside
 * the program) go last on the include path, and __DEVCHECK__ turns the
 * annotations on.  A file with errors is said and not analyzed.
 *
 * A .cu file (or one that -x cu or -x cuda names) is read for its host side:
 * clang's CUDA mode, host only.  With a CUDA toolkit (the one the build found,
 * when it is still there) clang's own CUDA headers are used, with
 * include/devcheck/cuda first on the path: it stands in for what clang 19
 * needs and CUDA 13 removed, and keeps a project's cuda.h from shadowing the
 * toolkit's.  Without one, devcheck/cuda/host.h declares what the host side
 * needs, over cuda_runtime.h from the include path.
 */
#define _GNU_SOURCE     /* program_invocation_name */
#include "analysis.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The folder devcheck's own headers are in: an install's, beside the
   program, else the source tree's. */
static const char *own_includes(void)
{
    static char dir[PATH_MAX];
    if (!dir[0]) {
        const char *slash = strrchr(program_invocation_name, '/');
        snprintf(dir, sizeof dir, "%.*s/../include",
                 slash ? (int)(slash - program_invocation_name) : 1,
                 slash ? program_invocation_name : ".");
        char probe[PATH_MAX + 32];
        snprintf(probe, sizeof probe, "%s/devcheck/cuda/host.h", dir);
        if (access(probe, R_OK) != 0)
            snprintf(dir, sizeof dir, "%s", DEVCHECK_OWN_INCLUDE);
    }
    return dir;
}

/* $DEVCHECK_CUDA_PATH, when set, names the toolkit (empty: none). */
const char *dc_cuda_toolkit(void)
{
    static char cuda_h[PATH_MAX];
    const char *dir = getenv("DEVCHECK_CUDA_PATH");
    if (!dir)
        dir = DEVCHECK_CUDA_PATH;
    snprintf(cuda_h, sizeof cuda_h, "%s/include/cuda.h", dir);
    return dir[0] && access(cuda_h, R_OK) == 0 ? dir : NULL;
}

/* The language a compile command's "-x" names, as clang spells it: nvcc's
   "cu" is clang's "cuda". */
static const char *language_named(const char *x)
{
    return strcmp(x, "cu") == 0 ? "cuda" : x;
}

/* What a file is, by its name or the "-x" of its flags. */
typedef enum { LANG_C, LANG_CXX, LANG_CUDA, LANG_OTHER } language;

static const struct {
    const char *name;               /* an extension, and clang's -x */
    language lang;
} languages[] = {
    {"c", LANG_C}, {"h", LANG_C}, {"cuda", LANG_CUDA}, {"cu", LANG_CUDA}, {"c++", LANG_CXX},
    {"cpp", LANG_CXX}, {"cc", LANG_CXX}, {"cxx", LANG_CXX}, {"C", LANG_CXX}, {"hpp", LANG_CXX},
};

static language language_of(const char *name)
{
    for (size_t i = 0; i < sizeof languages / sizeof languages[0]; i++)
        if (strcmp(name, languages[i].name) == 0)
            return languages[i].lang;
    return LANG_OTHER;
}

static language file_language(const char *path, const dc_flags *flags)
{
    const char *dot = strrchr(path, '.');
    language lang = dot ? language_of(dot + 1) : LANG_OTHER;
    for (int i = 0; flags && i < flags->nargs; i++) {
        const char *a = flags->args[i], *x = strcmp(a, "-x") == 0 && i + 1 < flags->nargs
                                                 ? flags->args[i + 1]
                                             : strncmp(a, "-x", 2) == 0 ? a + 2
                                                                        : NULL;
        if (x && *x)
            lang = language_of(x);
    }
    return lang;
}

/* The flags that read a file as the host side of CUDA, before the user's. */
static int add_cuda(const char **argv, int argc)
{
    static char path[PATH_MAX + 16], compat[PATH_MAX + 32], cuda_h[PATH_MAX + 64];
    const char *toolkit = dc_cuda_toolkit();
    argv[argc++] = "-x";
    argv[argc++] = "cuda";
    argv[argc++] = "--cuda-host-only";
    argv[argc++] = "-Wno-unknown-cuda-version";
    if (toolkit) {
        snprintf(path, sizeof path, "--cuda-path=%s", toolkit);
        snprintf(compat, sizeof compat, "-I%s/devcheck/cuda", own_includes());
        snprintf(cuda_h, sizeof cuda_h, "-DDEVCHECK_TOOLKIT_CUDA_H=\"%s/include/cuda.h\"", toolkit);
        argv[argc++] = path;
        argv[argc++] = compat;
        argv[argc++] = cuda_h;
    } else {
        argv[argc++] = "-nocudainc";
        argv[argc++] = "-include";
        argv[argc++] = "devcheck/cuda/host.h";
    }
    return argc;
}

/* A user's flag as clang reads it for this file: "-x cu" is "-x cuda", and
   a C standard (the same flags given for every file) is no C++ one. */
static const char *translate(const char *arg, const char *prev, language lang)
{
    if (prev && strcmp(prev, "-x") == 0)
        return language_named(arg);
    if (strcmp(arg, "-xcu") == 0)
        return "-xcuda";
    if (lang != LANG_C && strncmp(arg, "-std=", 5) == 0 && !strstr(arg, "++"))
        return NULL;
    return arg;
}

/* DEVCHECK_INCLUDES: the build's folders, ':'-separated (CMakeLists.txt). */
static int add_includes(const char **argv, int argc, char *buf, size_t size)
{
    static char install[PATH_MAX + 2];
    snprintf(install, sizeof install, "-I%s", own_includes());
    argv[argc++] = install;
    snprintf(buf, size, "%s", DEVCHECK_INCLUDES);
    for (char *dir = strtok(buf, ":"); dir && argc < MAX_ARGS - 1; dir = strtok(NULL, ":"))
        argv[argc++] = "-idirafter", argv[argc++] = dir;
    return argc;
}

static void say_errors(CXTranslationUnit tu, const char *path, char *err, size_t errlen,
                       int *nerrors)
{
    size_t used = strlen(err);
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            CXFile file;
            clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
            CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
                                                   CXDiagnostic_DisplayColumn);
            /* one with no place (a flag clang rejects) is said for the file */
            int k = snprintf(err + used, errlen - used, "%s%s%s%s%s", used ? "\n" : "",
                             file ? "" : "devcheck: ", file ? "" : path, file ? "" : ": ",
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
    language lang = file_language(path, flags);
    if (lang == LANG_OTHER) {
        snprintf(err, errlen, "devcheck: %s: not C, C++ or CUDA: not analyzed", path);
        return 1;
    }
    if (lang == LANG_CUDA)
        argc = add_cuda(argv, argc);
    for (int i = 0; flags && i < flags->nargs && argc < MAX_ARGS - 16; i++) {
        const char *arg = translate(flags->args[i], i ? flags->args[i - 1] : NULL, lang);
        if (arg)
            argv[argc++] = arg;
    }
    argc = add_includes(argv, argc, dirs, sizeof dirs);
    CXTranslationUnit tu;
    enum CXErrorCode rc = clang_parseTranslationUnit2(r->index, path, argv, argc, NULL, 0,
                                                      CXTranslationUnit_KeepGoing, &tu);
    if (rc != CXError_Success) {
        snprintf(err, errlen, "devcheck: %s: libclang could not parse it (error %d)", path, rc);
        return -1;
    }
    say_errors(tu, path, err, errlen, &nerrors);
    if (nerrors) {
        clang_disposeTranslationUnit(tu);
        return -1;
    }
    r->units = dc_realloc(r->units, (size_t)(r->n + 1) * sizeof *r->units);
    r->units[r->n++] = tu;
    return 0;
}
