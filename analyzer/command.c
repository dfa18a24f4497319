/*
 * The command a file is parsed with.  devtensor's headers, the
 * annotations and CUDA's API are found without flags: their folders (the
 * source tree's, and an install's beside the program) go last on the
 * include path, and __DEVCHECK__ turns the annotations on.
 *
 * A .cu file (or one that -x cu or -x cuda names) is read for its host side:
 * clang's CUDA mode, host only.  With a CUDA toolkit (the one the build found,
 * when it is still there) clang's own CUDA headers are used, with
 * include/devcheck/cuda first on the path: it stands in for what clang 19
 * needs and CUDA 13 removed, keeps a project's cuda.h from shadowing the
 * toolkit's, and declares what nvcc's headers give a .cu file and clang's
 * do not (devcheck/cuda/nvcc.h); clang's CUDA wrappers of C++ headers are
 * named (the build found them beside libclang).  Without one,
 * devcheck/cuda/host.h declares what the host side needs, over
 * cuda_runtime.h from the include path.
 */
#define _GNU_SOURCE     /* program_invocation_name */
#include "frontend.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The folder devcheck's own headers are in: an install's, beside the
   program, else the source tree's. */
static void find_own_includes(char *dir, size_t size)
{
    const char *slash = strrchr(program_invocation_name, '/');
    snprintf(dir, size, "%.*s/../include", slash ? (int)(slash - program_invocation_name) : 1,
             slash ? program_invocation_name : ".");
    char probe[PATH_MAX + 32];
    snprintf(probe, sizeof probe, "%s/devcheck/cuda/host.h", dir);
    if (access(probe, R_OK) != 0)
        snprintf(dir, size, "%s", DEVCHECK_OWN_INCLUDE);
}

/* $DEVCHECK_CUDA_PATH, when set, names the toolkit (empty: none). */
const char *dc_cuda_toolkit(void)
{
    char cuda_h[PATH_MAX];
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

/* The names of the languages, each read as an extension and as -x (a
   named .h is parsed as C).  A source is a file that a compiler compiles
   alone, by its extension or by -x: what a folder stands for, and what a
   compile command compiles; a header is none, nor is -x cuda's name as an
   extension (no compiler takes a .cuda file for CUDA). */
enum { SOURCE_BY_NAME = 1, SOURCE_BY_X = 2 };

static const struct {
    const char *name;               /* an extension, and clang's -x */
    dc_language lang;
    unsigned source;                /* SOURCE_BY_NAME, SOURCE_BY_X */
} languages[] = {
    {"c", DC_LANG_C, SOURCE_BY_NAME | SOURCE_BY_X}, {"h", DC_LANG_C, 0},
    {"c-header", DC_LANG_C, 0}, {"cuda", DC_LANG_CUDA, SOURCE_BY_X},
    {"cu", DC_LANG_CUDA, SOURCE_BY_NAME | SOURCE_BY_X},
    {"c++", DC_LANG_CXX, SOURCE_BY_NAME | SOURCE_BY_X}, {"c++-header", DC_LANG_CXX, 0},
    {"cpp", DC_LANG_CXX, SOURCE_BY_NAME}, {"cc", DC_LANG_CXX, SOURCE_BY_NAME},
    {"cxx", DC_LANG_CXX, SOURCE_BY_NAME}, {"C", DC_LANG_CXX, SOURCE_BY_NAME},
    {"hpp", DC_LANG_CXX, 0}, {"cuh", DC_LANG_CUDA, 0},
};

/* The language name stands for, among the names that are sources in the
   ways source asks (0: any name). */
static dc_language language_of(const char *name, unsigned source)
{
    for (size_t i = 0; i < sizeof languages / sizeof languages[0]; i++)
        if ((languages[i].source & source) == source && strcmp(name, languages[i].name) == 0)
            return languages[i].lang;
    return DC_LANG_NONE;
}

static dc_language extension_language(const char *path, unsigned source)
{
    const char *dot = strrchr(path, '.');
    return dot ? language_of(dot + 1, source) : DC_LANG_NONE;
}

dc_language dc_language_of(const char *name)
{
    return extension_language(name, SOURCE_BY_NAME);
}

dc_language dc_language_named(const char *name)
{
    return extension_language(name, 0);
}

dc_language dc_language_of_x(const char *x)
{
    return language_of(x, SOURCE_BY_X);
}

dc_language file_language(const char *path, const dc_flags *flags)
{
    dc_language lang = extension_language(path, 0);
    for (int i = 0; flags && i < flags->nargs; i++) {
        const char *a = flags->args[i], *x = strcmp(a, "-x") == 0 && i + 1 < flags->nargs
                                                 ? flags->args[i + 1]
                                             : strncmp(a, "-x", 2) == 0 ? a + 2
                                                                        : NULL;
        if (x && *x)            /* -x none: by the name again */
            lang = strcmp(x, "none") == 0 ? extension_language(path, 0) : language_of(x, 0);
    }
    return lang;
}

void command_add(command *c, const char *arg)
{
    GROW(c->argv, c->argc, c->cap, 64, dc_realloc);
    c->argv[c->argc++] = arg;
}

/* The flags that read a file as the host side of CUDA, before the user's. */
static void add_cuda(const command_paths *paths, command *c)
{
    command_add(c, "-x");
    command_add(c, "cuda");
    command_add(c, "--cuda-host-only");
    command_add(c, "-Wno-unknown-cuda-version");
    if (paths->toolkit) {
        snprintf(c->cuda_path, sizeof c->cuda_path, "--cuda-path=%s", paths->toolkit);
        snprintf(c->compat, sizeof c->compat, "-I%s/devcheck/cuda", paths->own);
        snprintf(c->cuda_h, sizeof c->cuda_h, "-DDEVCHECK_TOOLKIT_CUDA_H=\"%s/include/cuda.h\"",
                 paths->toolkit);
        snprintf(c->nvcc, sizeof c->nvcc, "%s/devcheck/cuda/nvcc.h", paths->own);
        command_add(c, c->cuda_path);
        command_add(c, c->compat);
        command_add(c, c->cuda_h);
        command_add(c, "-include");
        command_add(c, c->nvcc);
        /* CUDA 13 keeps libcu++ (<cuda/std/...>), CUB and Thrust there, and
           nvcc puts it on the path by itself */
        snprintf(c->cccl, sizeof c->cccl, "%s/include/cccl", paths->toolkit);
        if (access(c->cccl, R_OK) == 0) {
            snprintf(c->cccl, sizeof c->cccl, "-I%s/include/cccl", paths->toolkit);
            command_add(c, c->cccl);
        }
        /* clang's own wrappers of <new> and the like, ahead of the C++
           library's: the driver inside libclang does not find them */
        if (DEVCHECK_CUDA_WRAPPERS[0] && access(DEVCHECK_CUDA_WRAPPERS, R_OK) == 0) {
            command_add(c, "-isystem");
            command_add(c, DEVCHECK_CUDA_WRAPPERS);
        }
    } else {
        command_add(c, "-nocudainc");
        command_add(c, "-include");
        command_add(c, "devcheck/cuda/host.h");
    }
}

/* A user's flag as clang reads it for this file: "-x cu" is "-x cuda", and
   a C standard (the same flags given for every file) is no C++ one. */
static const char *translate(const char *arg, const char *prev, dc_language lang)
{
    if (prev && strcmp(prev, "-x") == 0)
        return language_named(arg);
    if (strcmp(arg, "-xcu") == 0)
        return "-xcuda";
    if (lang != DC_LANG_C && strncmp(arg, "-std=", 5) == 0 && !strstr(arg, "++"))
        return NULL;
    return arg;
}

/* DEVCHECK_INCLUDES: the build's folders, ':'-separated (CMakeLists.txt). */
static void add_includes(const command_paths *paths, command *c)
{
    snprintf(c->own, sizeof c->own, "-I%s", paths->own);
    command_add(c, c->own);
    snprintf(c->dirs, sizeof c->dirs, "%s", DEVCHECK_INCLUDES);
    char *save;
    for (char *dir = strtok_r(c->dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
        command_add(c, "-idirafter");
        command_add(c, dir);
    }
}
void command_for(const command_paths *paths, const dc_flags *flags, dc_language lang, command *c)
{
    c->argc = 0;
    command_add(c, "-D__DEVCHECK__");
    command_add(c, "-ferror-limit=0");      /* every error, each function it is in unread */
    if (flags->directory) {             /* a compile command's relative paths are its folder's */
        command_add(c, "-working-directory");
        command_add(c, flags->directory);
    }
    if (lang == DC_LANG_CUDA)
        add_cuda(paths, c);
    for (int i = 0; i < flags->nargs; i++) {
        const char *arg = translate(flags->args[i], i ? flags->args[i - 1] : NULL, lang);
        if (arg)
            command_add(c, arg);
    }
    /* No warnings, whatever the flags ask: devcheck reads none, -Werror=X
       would make one an error that leaves a function unread, and libclang
       renders a unit's whole set of diagnostics again at each one asked
       when some have notes: -Wall over torch's headers, a build's flags
       (BuildExtension's), took minutes. */
    command_add(c, "-w");
    add_includes(paths, c);
}

void command_paths_find(command_paths *paths)
{
    paths->toolkit = dc_cuda_toolkit();
    find_own_includes(paths->own, sizeof paths->own);
}
