/*
 * The front end: a file and its compiler flags into a libclang translation
 * unit.  devtensor's headers, the annotations and CUDA's API are found
 * without flags: their folders (the source tree's, and an install's beside
 * the program) go last on the include path, and __DEVCHECK__ turns the
 * annotations on.  A file with errors is said and not analyzed, but for
 * errors in device code, which devcheck never reads: those are a note.
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
 * cuda_runtime.h from the include path.  That prelude is precompiled once
 * for the .cu files of a run that share their flags (below), as libtorch's
 * headers are for the files that include them.  A .cu file
 * that fails because of launches spaced as nvcc reads them (`k << <grid,
 * block >> > (args)`) is read again with them closed up.
 *
 * With -j, files are parsed by as many threads, each with its own libclang
 * index; the units are kept in the order the files were given, so that the
 * analysis, on one thread after them, is the same for any -j.  The parse
 * runs on those threads, with their deep stacks, not on the 8 MiB thread
 * libclang would start for each (LIBCLANG_NOTHREADS), so that deep code
 * parses as clang parses it; a crash in one file's parse, as in its
 * analysis, is caught (recover.c) and leaves that file out.
 */
#define _GNU_SOURCE     /* program_invocation_name */
#include "flow.h"

#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct dc_run {
    dc_model *model;
    CXIndex *indexes;                   /* one per thread that parsed */
    int nindexes;
    fx_unit **units;                    /* NULL: one whose analysis crashed */
    dc_source **from;                   /* the source of each unit */
    int n;
    const char *toolkit;                /* dc_cuda_toolkit() */
    const char *cache;                  /* the cache's folder, or NULL */
    bool cache_failed;                  /* said once */
    char own[PATH_MAX];                 /* devcheck's own headers */
    double seconds;                     /* a file's budget in each phase (dc_run_budget) */
    size_t bytes;
    dc_reach *reach;                    /* dc_run_reach's, or NULL */
};

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

/* What a file is parsed as, by its name or the "-x" of its flags: a
   header too, where it is named. */
static dc_language file_language(const char *path, const dc_flags *flags)
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

/* A compile command for libclang, with the buffers its flags are made in
   (one per file parsed, so that threads share none); as many flags as the
   user's command has. */
typedef struct {
    const char **argv;
    int argc, cap;
    char dirs[4096], own[PATH_MAX + 2], cuda_path[PATH_MAX + 16], compat[PATH_MAX + 32],
        cuda_h[PATH_MAX + 64], cccl[PATH_MAX + 16], nvcc[PATH_MAX + 32];
} command;

static void add_arg(command *c, const char *arg)
{
    if (c->argc == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->argv = dc_realloc(c->argv, (size_t)c->cap * sizeof *c->argv);
    }
    c->argv[c->argc++] = arg;
}

/* The flags that read a file as the host side of CUDA, before the user's. */
static void add_cuda(const dc_run *r, command *c)
{
    add_arg(c, "-x");
    add_arg(c, "cuda");
    add_arg(c, "--cuda-host-only");
    add_arg(c, "-Wno-unknown-cuda-version");
    if (r->toolkit) {
        snprintf(c->cuda_path, sizeof c->cuda_path, "--cuda-path=%s", r->toolkit);
        snprintf(c->compat, sizeof c->compat, "-I%s/devcheck/cuda", r->own);
        snprintf(c->cuda_h, sizeof c->cuda_h, "-DDEVCHECK_TOOLKIT_CUDA_H=\"%s/include/cuda.h\"",
                 r->toolkit);
        snprintf(c->nvcc, sizeof c->nvcc, "%s/devcheck/cuda/nvcc.h", r->own);
        add_arg(c, c->cuda_path);
        add_arg(c, c->compat);
        add_arg(c, c->cuda_h);
        add_arg(c, "-include");
        add_arg(c, c->nvcc);
        /* CUDA 13 keeps libcu++ (<cuda/std/...>), CUB and Thrust there, and
           nvcc puts it on the path by itself */
        snprintf(c->cccl, sizeof c->cccl, "%s/include/cccl", r->toolkit);
        if (access(c->cccl, R_OK) == 0) {
            snprintf(c->cccl, sizeof c->cccl, "-I%s/include/cccl", r->toolkit);
            add_arg(c, c->cccl);
        }
        /* clang's own wrappers of <new> and the like, ahead of the C++
           library's: the driver inside libclang does not find them */
        if (DEVCHECK_CUDA_WRAPPERS[0] && access(DEVCHECK_CUDA_WRAPPERS, R_OK) == 0) {
            add_arg(c, "-isystem");
            add_arg(c, DEVCHECK_CUDA_WRAPPERS);
        }
    } else {
        add_arg(c, "-nocudainc");
        add_arg(c, "-include");
        add_arg(c, "devcheck/cuda/host.h");
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
static void add_includes(const dc_run *r, command *c)
{
    snprintf(c->own, sizeof c->own, "-I%s", r->own);
    add_arg(c, c->own);
    snprintf(c->dirs, sizeof c->dirs, "%s", DEVCHECK_INCLUDES);
    char *save;
    for (char *dir = strtok_r(c->dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
        add_arg(c, "-idirafter");
        add_arg(c, dir);
    }
}

/* ---- errors ---------------------------------------------------------------------
 * clang's host-side parse still checks the bodies of kernels and __device__
 * functions, which devcheck never reads, and some of what nvcc takes there
 * clang does not (a __shared__ object with a constructor, such as
 * cuda::barrier; dynamic parallelism).  An error inside device code is
 * no reason to leave the host side unread: it is said, as a note, and the
 * file analyzed.  An error in host code leaves unread the function it is
 * in (unread.c), and the file's other functions are analyzed: what was
 * left unread is listed, each function with its first error, and each
 * error outside a function (a header not found, a global of an unknown
 * type).  An error with no place (a flag clang rejects) leaves the file
 * out.
 */
typedef struct {
    CXFile file;
    unsigned offset;
    CXCursor fn;                /* the function it is in, or a null cursor */
    bool device;
} error_place;

static enum CXChildVisitResult enclosing_function(CXCursor c, CXCursor parent,
                                                  CXClientData data)
{
    error_place *at = data;
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (kind_holds_definitions(k))
        return cursor_holds_place(c, at->file, at->offset) ? CXChildVisit_Recurse
                                                           : CXChildVisit_Continue;
    if (!kind_has_code(k) || !cursor_holds_place(c, at->file, at->offset))
        return CXChildVisit_Continue;
    at->fn = c;
    at->device = !cursor_runs_on_host(c);
    return CXChildVisit_Break;
}

static error_place place_of(CXDiagnostic d)
{
    error_place at = { .fn = clang_getNullCursor(), .device = false };
    clang_getExpansionLocation(clang_getDiagnosticLocation(d), &at.file, NULL, NULL, &at.offset);
    return at;
}

/* Where an error is, and the function it is in. */
static error_place enclosing(CXTranslationUnit tu, CXDiagnostic d)
{
    error_place at = place_of(d);
    if (at.file)
        clang_visitChildren(clang_getTranslationUnitCursor(tu), enclosing_function, &at);
    return at;
}

static bool in_device_code(CXTranslationUnit tu, CXDiagnostic d)
{
    return enclosing(tu, d).device;
}

/* A unit's errors, by kind. */
typedef struct {
    char text[16384];           /* those with no place, one a line: the file left out */
    int n;
    char device[1024];          /* the first in device code */
    int ndevice;
    int host;                   /* in host code: what they are in left unread */
} unit_errors;

static void count_error(CXTranslationUnit tu, const char *path, CXDiagnostic d, unit_errors *e)
{
    size_t used = strlen(e->text);
    CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
                                           CXDiagnostic_DisplayColumn);
    if (!place_of(d).file) {    /* a flag clang rejects: said for the file */
        int k = snprintf(e->text + used, sizeof e->text - used, "%sdevcheck: %s: %s",
                         used ? "\n" : "", path, clang_getCString(s));
        if (k < 0 || (size_t)k >= sizeof e->text - used)
            e->text[used] = '\0';      /* no room: the lines before it stay whole */
        e->n++;
    } else if (in_device_code(tu, d)) {
        if (e->ndevice++ == 0)
            snprintf(e->device, sizeof e->device, "%s", clang_getCString(s));
    } else {
        e->host++;
    }
    clang_disposeString(s);
}

static void count_errors(CXTranslationUnit tu, const char *path, unit_errors *e)
{
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
            count_error(tu, path, d, e);
        clang_disposeDiagnostic(d);
    }
}

/* What a unit's host errors leave unread, as its source's skipped. */
typedef struct {
    dc_source *src;
    CXCursor *fns;              /* the functions left unread */
    int n;
} unread;

/* One note a place: a template's error is said again for each of its
   instantiations, one function each to libclang. */
static void add_skipped(dc_source *src, dc_note note)
{
    for (int i = 0; i < src->nskipped; i++)
        if (src->skipped[i].loc.file == note.loc.file && src->skipped[i].loc.line == note.loc.line &&
            src->skipped[i].loc.column == note.loc.column) {
            free(note.message);
            return;
        }
    src->skipped = dc_realloc(src->skipped, (size_t)(src->nskipped + 1) * sizeof *src->skipped);
    src->skipped[src->nskipped++] = note;
}

static void skip(unread *u, CXCursor fn, dc_note why)
{
    char name[256];
    cx_spelling(fn, name, sizeof name);
    add_skipped(u->src, (dc_note){ why.loc, dc_format("'%s' not analyzed: error: %s", name,
                                                      why.message) });
    free(why.message);
    u->fns = dc_realloc(u->fns, (size_t)(u->n + 1) * sizeof *u->fns);
    u->fns[u->n++] = fn;
}

/* The file's own functions with errors, or that use a declaration with one. */
static enum CXChildVisitResult skip_function(CXCursor c, CXCursor parent, CXClientData data)
{
    dc_note why;
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (kind_holds_definitions(k))
        return CXChildVisit_Recurse;
    if (kind_has_code(k) && clang_isCursorDefinition(c) && cursor_runs_on_host(c) &&
        cx_own_definition(c) && cursor_has_errors(c, &why))
        skip(data, c, why);
    return CXChildVisit_Continue;
}

/* A host error in none of the functions listed: in a header's function,
   which is listed then, or outside any, which is said alone. */
static void skip_rest(CXTranslationUnit tu, CXDiagnostic d, unread *u)
{
    error_place at = enclosing(tu, d);
    if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error || !at.file || at.device)
        return;
    for (int i = 0; i < u->n; i++)
        if (cursor_holds_place(u->fns[i], at.file, at.offset))
            return;
    dc_note note = diagnostic_note(d);
    if (!clang_Cursor_isNull(at.fn)) {
        skip(u, at.fn, note);
        return;
    }
    add_skipped(u->src, (dc_note){ note.loc, dc_format("left aside: error: %s", note.message) });
    free(note.message);
}

static int by_place(const void *a, const void *b)
{
    const dc_loc *x = &((const dc_note *)a)->loc, *y = &((const dc_note *)b)->loc;
    int files = strcmp(x->file ? x->file : "", y->file ? y->file : "");
    return files ? files : x->line != y->line ? (x->line > y->line) - (x->line < y->line)
                                              : (x->column > y->column) - (x->column < y->column);
}

static void list_unread(CXTranslationUnit tu, dc_source *src)
{
    unread u = { src, NULL, 0 };
    clang_visitChildren(clang_getTranslationUnitCursor(tu), skip_function, &u);
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        skip_rest(tu, d, &u);
        clang_disposeDiagnostic(d);
    }
    qsort(src->skipped, (size_t)src->nskipped, sizeof *src->skipped, by_place);
    free(u.fns);
}

/* The command that parses a file of language lang with its flags (its
   path aside). */
static void command_for(const dc_run *r, const dc_flags *flags, dc_language lang, command *c)
{
    c->argc = 0;
    add_arg(c, "-D__DEVCHECK__");
    add_arg(c, "-ferror-limit=0");      /* every error, each function it is in unread */
    if (flags->directory) {             /* a compile command's relative paths are its folder's */
        add_arg(c, "-working-directory");
        add_arg(c, flags->directory);
    }
    if (lang == DC_LANG_CUDA)
        add_cuda(r, c);
    for (int i = 0; i < flags->nargs; i++) {
        const char *arg = translate(flags->args[i], i ? flags->args[i - 1] : NULL, lang);
        if (arg)
            add_arg(c, arg);
    }
    /* No warnings, whatever the flags ask: devcheck reads none, -Werror=X
       would make one an error that leaves a function unread, and libclang
       renders a unit's whole set of diagnostics again at each one asked
       when some have notes: -Wall over torch's headers, a build's flags
       (BuildExtension's), took minutes. */
    add_arg(c, "-w");
    add_includes(r, c);
}

/* ---- a prelude's headers: the libraries' a file's first lines reach ------------
 * A file's prelude holds the libraries' headers it includes before
 * anything else, itself or through headers of the project's own (mmcv's
 * ops include "pytorch_cpp_helper.hpp", which includes <torch/types.h>):
 * the lines are read as the preprocessor reads them, the project's headers
 * entered, up to the first that is none of an #include, a #pragma once,
 * an #ifdef or #ifndef (and their #else and #endif) and an include guard's
 * #define.  So the prelude is the very start of the unit, a library's
 * headers alone, and nothing the project defines comes before any of them
 * (a file that defines a macro before its first include has none; the
 * guards' macros are left undefined in it, as no library reads them).  The
 * project's headers are never in it, as a precompiled header's functions
 * are out of the walk: a library's header is one on -isystem or
 * -idirafter, one under an installed library's root (dc_library_path),
 * libtorch's by its folders, or one the flags' folders do not hold (the
 * compiler's own, or one not there: included where __has_include finds
 * it, the file saying the error).  An #ifdef is taken as the flags' -D
 * say, and the prelude checks it (an #error where a header says otherwise:
 * a prelude with errors is none).  It includes each header twice, so that
 * it has errors unless a header can be included again, as the file does
 * after it (glibc's <stdlib.h> is not guarded as clang sees guards, but
 * harmless again; a header of definitions with no guard is not).
 */
static const char *const torch_folders[] = { "torch/", "ATen/", "c10/" };

/* A folder an #include is looked for in: kind 'q' (-iquote), 'I' (-I) or
   's' (a library's: -isystem, -idirafter). */
typedef struct {
    const char *dir;
    char kind;
} search_dir;

static const struct {
    const char *flag;
    char kind;
} include_flags[] = {
    { "-iquote", 'q' }, { "-I", 'I' }, { "-isystem", 's' }, { "-idirafter", 's' },
};

typedef struct {
    search_dir *dirs;
    int ndirs;
    const char *cwd;                    /* -working-directory's, or NULL */
    char **defined, **guards;           /* macros the flags define; the guards read */
    int ndefined, nguards;
    char **entered;                     /* the project's headers read, real paths */
    int nentered;
    char *text;                         /* the prelude's source so far */
    size_t end;                         /* where its last #include ends (the checks after go) */
    bool ended;                         /* a line that ends the prelude was read */
} prelude_scan;

#define MAX_CONDITIONALS 32
#define MAX_INCLUDE_DEPTH 32

/* The conditionals open in a file: whether each one's lines are read, and
   whether one of its branches was. */
typedef struct {
    bool reading[MAX_CONDITIONALS], taken[MAX_CONDITIONALS];
    int n;
    char guard[128];                    /* what the file's first line's #ifndef tested */
    size_t guard_at;                    /* where the prelude's check of it begins */
    bool started;                       /* a line of the file read */
} conditionals;

static void add_name(char ***v, int *n, const char *name, size_t len)
{
    *v = dc_realloc(*v, (size_t)(*n + 1) * sizeof **v);
    (*v)[(*n)++] = dc_format("%.*s", (int)len, name);
}

static bool named(char *const *v, int n, const char *name, size_t len)
{
    for (int i = 0; i < n; i++)
        if (strlen(v[i]) == len && strncmp(v[i], name, len) == 0)
            return true;
    return false;
}

static void free_names(char **v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* What a flag of c gives: a folder, a macro (-D; -U takes it back), the
   folder of relative paths. */
static void scan_flag(prelude_scan *s, const command *c, int *i)
{
    const char *arg = c->argv[*i], *next = *i + 1 < c->argc ? c->argv[*i + 1] : NULL;
    if (arg[0] != '-' || !arg[1])
        return;
    if (strcmp(arg, "-working-directory") == 0 && next) {
        s->cwd = next;
        ++*i;
        return;
    }
    if ((arg[1] == 'D' || arg[1] == 'U') && (arg[2] || next)) {
        const char *name = arg[2] ? arg + 2 : c->argv[++*i];
        size_t len = strcspn(name, "=");
        for (int k = 0; k < s->ndefined; k++)  /* -U, or -D again: the last one says */
            if (named(&s->defined[k], 1, name, len))
                s->defined[k][0] = 0;
        if (arg[1] == 'D')
            add_name(&s->defined, &s->ndefined, name, len);
        return;
    }
    for (size_t k = 0; k < sizeof include_flags / sizeof *include_flags; k++) {
        size_t len = strlen(include_flags[k].flag);
        if (strncmp(arg, include_flags[k].flag, len) != 0 || (!arg[len] && !next))
            continue;
        s->dirs = dc_realloc(s->dirs, (size_t)(s->ndirs + 1) * sizeof *s->dirs);
        s->dirs[s->ndirs++] = (search_dir){ arg[len] ? arg + len : c->argv[++*i],
                                            include_flags[k].kind };
        break;
    }
}

/* The readable file dir/name (dir, where relative, the compile command's
   folder's when it is a flag's, the current one's when the includer's),
   or NULL. */
static char *found_in(const prelude_scan *s, const char *dir, const char *name, bool flag)
{
    char *path = flag && s->cwd && dir[0] != '/' ? dc_format("%s/%s/%s", s->cwd, dir, name)
                                                 : dc_format("%s/%s", dir, name);
    if (access(path, R_OK) == 0)
        return path;
    free(path);
    return NULL;
}

/* The project's header an #include names, from the file in folder dir:
   its real path, or NULL for a library's (found as the compiler would,
   `"..."` from dir first; *found: on the flags' path). */
static char *project_header(const prelude_scan *s, const char *dir, const char *name, bool quoted,
                            bool *found)
{
    char *path = name[0] == '/' ? found_in(s, "", name, false)
                 : quoted       ? found_in(s, dir, name, false)
                                : NULL;
    char kind = path ? 'q' : 0;
    for (const char *k = quoted ? "qIs" : "Is"; *k && !path; k++)
        for (int i = 0; i < s->ndirs && !path; i++)
            if (s->dirs[i].kind == *k && (path = found_in(s, s->dirs[i].dir, name, true)))
                kind = *k;
    bool torch = false;
    for (size_t i = 0; i < sizeof torch_folders / sizeof *torch_folders; i++)
        torch = torch || strncmp(name, torch_folders[i], strlen(torch_folders[i])) == 0;
    char *real = path && kind != 's' && !torch ? realpath(path, NULL) : NULL;
    *found = path != NULL;
    free(path);
    if (real && dc_library_path(real)) {
        free(real);
        real = NULL;
    }
    return real;
}

/* The comments of a line blanked, from *in_comment on (a block comment
   open from the line before). */
static void uncomment(char *line, bool *in_comment)
{
    for (char *p = line; *p; p++) {
        if (*in_comment) {
            *in_comment = !(p[0] == '*' && p[1] == '/');
            if (!*in_comment)
                *p++ = ' ';
            *p = ' ';
        } else if (p[0] == '/' && p[1] == '/') {
            *p = 0;
            break;
        } else if (p[0] == '/' && p[1] == '*') {
            *in_comment = true;
            *p++ = ' ';
            *p = ' ';
        }
    }
}

static void scan_file(prelude_scan *s, const char *path, int depth);

/* An #include's rest: a library's header into the prelude, a project's
   read in its place; anything else (a macro's name) ends it. */
static void scan_include(prelude_scan *s, const char *dir, const char *rest, int depth)
{
    char close = rest[0] == '<' ? '>' : rest[0] == '"' ? '"' : 0;
    const char *end = close ? strchr(rest + 1, close) : NULL;
    if (!end || end == rest + 1) {
        s->ended = true;
        return;
    }
    char *name = dc_format("%.*s", (int)(end - rest - 1), rest + 1);
    bool found;
    char *own = project_header(s, dir, name, close == '"', &found);
    if (own && !named(s->entered, s->nentered, own, strlen(own))) {
        add_name(&s->entered, &s->nentered, own, strlen(own));
        scan_file(s, own, depth + 1);
    } else if (!own) {
        char *line = dc_format("#include <%s>\n", name);
        if (!strstr(s->text, line)) {   /* one not found may be the compiler's, or not there */
            char *more = found ? dc_format("%s%s%s", s->text, line, line)
                               : dc_format("%s#if __has_include(<%s>)\n%s%s#endif\n", s->text,
                                           name, line, line);
            free(s->text);
            s->text = more;
            s->end = strlen(more);
        }
        free(line);
    }
    free(own);
    free(name);
}

/* An #ifdef (defined: whether it asks for the macro) taken as the flags
   and the guards read say, and checked in the prelude where a header
   could say otherwise. */
static void scan_ifdef(prelude_scan *s, conditionals *c, const char *name, size_t len,
                       bool defined)
{
    bool guard = named(s->guards, s->nguards, name, len);
    bool known = guard || named(s->defined, s->ndefined, name, len);
    c->guard_at = strlen(s->text);
    if (!guard) {
        char *more = dc_format("%s#if%sdef %.*s\n#error \"devcheck: the prelude took %.*s as %s\"\n"
                               "#endif\n", s->text, known ? "n" : "", (int)len, name, (int)len,
                               name, known ? "defined" : "undefined");
        free(s->text);
        s->text = more;
    }
    c->reading[c->n] = c->taken[c->n] = known == defined;
    c->n++;
    if (!defined && !c->started)        /* an include guard's, if the next line defines it */
        snprintf(c->guard, sizeof c->guard, "%.*s", (int)len, name);
}

static bool all_read(const conditionals *c)
{
    bool read = true;
    for (int i = 0; i < c->n; i++)
        read = read && c->reading[i];
    return read;
}

/* The directives a prelude's lines can hold, and what ends it (D_OTHER). */
enum directive { D_INCLUDE, D_PRAGMA, D_IFDEF, D_IFNDEF, D_IF, D_ELIF, D_ELSE, D_ENDIF, D_DEFINE,
                 D_OTHER };
static const char *const directive_names[] = { "include", "pragma", "ifdef", "ifndef", "if",
                                               "elif", "else", "endif", "define" };

static enum directive directive_of(const char *word, size_t len)
{
    for (int d = 0; d < D_OTHER; d++)
        if (strlen(directive_names[d]) == len && strncmp(word, directive_names[d], len) == 0)
            return (enum directive)d;
    return D_OTHER;
}

/* A directive in lines skipped: only the conditionals count. */
static void skip_directive(prelude_scan *s, conditionals *c, enum directive d)
{
    bool innermost = !c->reading[c->n - 1];    /* the one that skips, the others read */
    for (int i = 0; i + 1 < c->n; i++)
        innermost = innermost && c->reading[i];
    if ((d == D_IF || d == D_IFDEF || d == D_IFNDEF) && c->n < MAX_CONDITIONALS) {
        c->reading[c->n] = false;
        c->taken[c->n++] = true;
    } else if (d == D_IF || d == D_IFDEF || d == D_IFNDEF) {
        s->ended = true;
    } else if (d == D_ENDIF) {
        c->n--;
    } else if (innermost && d == D_ELSE) {
        c->reading[c->n - 1] = !c->taken[c->n - 1];
    } else if (innermost && d == D_ELIF && !c->taken[c->n - 1]) {
        s->ended = true;                /* not weighed */
    }
}

/* A directive in lines read, and its rest. */
static void read_directive(prelude_scan *s, conditionals *c, const char *dir, enum directive d,
                           const char *rest, int depth)
{
    size_t name = strcspn(rest, " \t\r\n(");
    char guard[sizeof c->guard];
    snprintf(guard, sizeof guard, "%s", c->guard);
    c->guard[0] = 0;
    bool opens = (d == D_IFDEF || d == D_IFNDEF) && c->n < MAX_CONDITIONALS && name;
    bool closes = (d == D_ELSE || d == D_ELIF || d == D_ENDIF) && c->n;
    if (d == D_INCLUDE) {
        scan_include(s, dir, rest, depth);
    } else if (opens) {
        scan_ifdef(s, c, rest, name, d == D_IFDEF);
    } else if (closes) {
        c->reading[c->n - 1] = false;   /* a branch was read: the others are not */
        c->n -= d == D_ENDIF;
    } else if (d == D_DEFINE && name && strlen(guard) == name && strncmp(rest, guard, name) == 0 &&
               !rest[name + strspn(rest + name, " \t\r\n")]) {
        add_name(&s->guards, &s->nguards, rest, name);
        s->text[c->guard_at] = 0;       /* a guard: its check goes */
    } else {
        s->ended = !(d == D_PRAGMA && strncmp(rest, "once", 4) == 0);
    }
}

/* A line, its comments blanked: blank, a directive, or what ends the
   prelude. */
static void scan_line(prelude_scan *s, conditionals *c, const char *dir, const char *line,
                      int depth)
{
    const char *t = line + strspn(line, " \t\r\n");
    if (!*t)
        return;
    if (*t != '#') {
        s->ended = all_read(c);
        c->guard[0] = 0;
    } else {
        t += 1 + strspn(t + 1, " \t");
        size_t len = strspn(t, "abcdefghijklmnopqrstuvwxyz_");
        const char *rest = t + len + strspn(t + len, " \t");
        if (all_read(c))
            read_directive(s, c, dir, directive_of(t, len), rest, depth);
        else
            skip_directive(s, c, directive_of(t, len));
    }
    c->started = true;
}

/* The lines of the project's file at path read into s, until one ends
   the prelude; a file not read ends it. */
static void scan_file(prelude_scan *s, const char *path, int depth)
{
    FILE *f = depth < MAX_INCLUDE_DEPTH ? fopen(path, "r") : NULL;
    const char *slash = strrchr(path, '/');
    char *dir = slash ? dc_format("%.*s", (int)(slash - path), path) : dc_format(".");
    conditionals c = { .n = 0 };
    char *line = NULL;
    size_t cap = 0;
    bool in_comment = false;
    s->ended = !f;
    while (!s->ended && getline(&line, &cap, f) > 0) {
        uncomment(line, &in_comment);
        scan_line(s, &c, dir, line, depth);
    }
    free(line);
    free(dir);
    if (f)
        fclose(f);
}

/* The prelude's source for the file at path read with command c: the
   libraries' headers its first lines reach, and the checks of what the
   lines were read as; fresh, "" for none. */
static char *prelude_source(const char *path, const command *c)
{
    prelude_scan s = { .text = dc_format("%s", "") };
    for (int i = 0; i < c->argc; i++)
        scan_flag(&s, c, &i);
    scan_file(&s, path, 0);
    s.text[s.end] = 0;
    free(s.dirs);
    free_names(s.defined, s.ndefined);
    free_names(s.guards, s.nguards);
    free_names(s.entered, s.nentered);
    return s.text;
}

/* Whether a file of language lang, read with command c, has a prelude,
   and its source (fresh; "" for a .cu file's that is CUDA's alone). */
static bool prelude_wanted(const char *path, dc_language lang, const command *c, char **source)
{
    *source = lang == DC_LANG_C ? dc_format("%s", "") : prelude_source(path, c);
    return lang == DC_LANG_CUDA || **source;
}

/* ---- the CUDA prelude, precompiled ---------------------------------------------
 * Every .cu file begins with the same prelude: clang's CUDA wrapper, which
 * brings in the toolkit's runtime headers and much of the C++ library, and
 * devcheck/cuda/nvcc.h.  Parsed in each unit, it is half of a darknet .cu
 * file's AST and a third of its parse time, kept to the end of the run
 * with the unit.  When two or more .cu files of a run share their flags,
 * the prelude is parsed once with them, from an empty file, and saved as a
 * precompiled header in a temporary folder; each of those files then reads
 * from it lazily only the declarations it uses (the indexes leave the
 * header's declarations out of a unit's children).  A prelude that does
 * not parse cleanly is not precompiled: its files are parsed whole, and say
 * its errors.  The header is removed once the files are parsed: their
 * units keep it mapped.
 *
 * libtorch's headers are heavier still (some 15 s of CPU a file, two
 * thirds of which the header saves): a C++ or .cu file's prelude also
 * holds the libraries' headers its first lines reach (above), read first
 * (their guards leave the file's own includes of them empty), shared with
 * the files of its flags whose first lines reach the same.
 *
 * With a cache (--cache, -p's), a prelude is kept there between runs, made
 * even for one file: a libtorch file then costs a third of its parse from
 * the second run on, whichever file it is.
 */
/* The headers a parse read, fresh paths (not its own source: a prelude's
   is made of its key). */
typedef struct {
    char **v;
    int n;
    const char *source;
} file_list;

static void add_file(file_list *l, const char *path)
{
    l->v = dc_realloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
    l->v[l->n++] = dc_format("%s", path);
}

static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    (void)stack, (void)depth;
    file_list *l = data;
    CXString name = clang_getFileName(file);
    const char *path = clang_getCString(name);
    if (path && strcmp(path, l->source) != 0)
        add_file(l, path);
    clang_disposeString(name);
}

static void free_files(file_list *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
}

typedef struct {
    char *flags;                        /* the command's arguments, one a line */
    char *source;                       /* its source (prelude_source), "" for CUDA's alone */
    const char *made;                   /* the source precompiled: source, or "" (below) */
    int first;                          /* the first file with them */
    int files;                          /* how many have them */
    char *pch;                          /* the precompiled prelude, or NULL */
    bool kept;                          /* pch is the cache's */
    file_list read;                     /* the headers it read, which a unit's facts depend on */
} prelude;

typedef struct {
    prelude *v;
    int n;
    char dir[PATH_MAX];                 /* the temporary folder, or "" */
} preludes;

static char *joined(const command *c)
{
    size_t len = 1;
    for (int i = 0; i < c->argc; i++)
        len += strlen(c->argv[i]) + 1;
    char *s = dc_realloc(NULL, len), *end = s;
    *end = 0;
    for (int i = 0; i < c->argc; i++)
        end += sprintf(end, "%s\n", c->argv[i]);
    return s;
}

static prelude *prelude_of(const preludes *ps, const command *c, const char *source)
{
    char *flags = joined(c);
    prelude *found = NULL;
    for (int i = 0; i < ps->n && !found; i++)
        if (strcmp(ps->v[i].flags, flags) == 0 && strcmp(ps->v[i].source, source) == 0)
            found = &ps->v[i];
    free(flags);
    return found;
}

static bool has_errors(CXTranslationUnit tu)
{
    bool found = false;
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n && !found; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        found = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
        clang_disposeDiagnostic(d);
    }
    return found;
}

/* The preludes' files and folder, removed when the files are parsed, or
   first by a signal that ends devcheck while they are (an interrupt, a
   CI job's timeout, a crash that could not be recovered from): the
   handler has the paths made ahead. */
#define MAX_TEMPORARY 64
static const int ending_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGBUS, SIGFPE, SIGILL,
                                      SIGABRT };
static struct {
    char path[MAX_TEMPORARY][PATH_MAX + 32];
    volatile sig_atomic_t n;
    char dir[PATH_MAX];
    struct sigaction before[sizeof ending_signals / sizeof *ending_signals];
} temporary;

static void remove_temporary(void)
{
    for (int i = 0; i < temporary.n; i++)
        unlink(temporary.path[i]);
    if (temporary.dir[0])
        rmdir(temporary.dir);
}

static void end_on_signal(int sig)
{
    remove_temporary();
    for (size_t i = 0; i < sizeof ending_signals / sizeof *ending_signals; i++)
        if (ending_signals[i] == sig)
            sigaction(sig, &temporary.before[i], NULL);
    raise(sig);
}

static void temporary_begin(const char *dir)
{
    struct sigaction sa = { .sa_handler = end_on_signal };
    sigemptyset(&sa.sa_mask);
    snprintf(temporary.dir, sizeof temporary.dir, "%s", dir);
    for (size_t i = 0; i < sizeof ending_signals / sizeof *ending_signals; i++) {
        sigaction(ending_signals[i], NULL, &temporary.before[i]);
        if (temporary.before[i].sa_handler != SIG_IGN)    /* nohup's, a shell's & */
            sigaction(ending_signals[i], &sa, NULL);
    }
}

static bool temporary_add(const char *path)
{
    if (temporary.n == MAX_TEMPORARY)
        return false;
    snprintf(temporary.path[temporary.n], sizeof temporary.path[0], "%s", path);
    temporary.n++;
    return true;
}

static void temporary_end(void)
{
    if (!temporary.dir[0])
        return;
    for (size_t i = 0; i < sizeof ending_signals / sizeof *ending_signals; i++)
        sigaction(ending_signals[i], &temporary.before[i], NULL);
    remove_temporary();
    temporary.n = 0;
    temporary.dir[0] = 0;
}

/* Prelude k's files in the folder: its source (.cu, or .cpp for C++: empty
   or its libtorch include), which reading its header checks, and the
   header (.pch). */
static void prelude_file(const preludes *ps, int k, const char *ext, char *path, size_t size)
{
    snprintf(path, size, "%s/prelude-%d.%s", ps->dir, k, ext);
}

static const char *prelude_ext(dc_language lang)
{
    return lang == DC_LANG_CUDA ? "cu" : "cpp";
}

static bool write_source(FILE *f, const char *text)
{
    bool written = f && fputs(text, f) >= 0;
    return f && fclose(f) == 0 && written;
}

/* The prelude whose source is at source, precompiled with command c into
   pch, and the headers it read in read: whether it was (a prelude with
   errors is not). */
static bool precompile(const command *c, const char *source, const char *pch, file_list *read)
{
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu;
    bool saved = clang_parseTranslationUnit2(index, source, c->argv, c->argc, NULL, 0,
                                             CXTranslationUnit_Incomplete, &tu) ==
                 CXError_Success;
    if (saved) {
        saved = !has_errors(tu) && clang_saveTranslationUnit(tu, pch, 0) == CXSaveError_None;
        read->source = source;
        if (saved)
            clang_getInclusions(tu, add_inclusion, read);
        read->source = NULL;
        clang_disposeTranslationUnit(tu);
    }
    clang_disposeIndex(index);
    return saved;
}

/* Prelude k (language lang) of command c, saved in the run's temporary
   folder. */
static void precompile_temporary(const preludes *ps, prelude *p, const command *c, int k,
                                 dc_language lang)
{
    char source[PATH_MAX + 32], pch[PATH_MAX + 32];
    prelude_file(ps, k, prelude_ext(lang), source, sizeof source);
    prelude_file(ps, k, "pch", pch, sizeof pch);
    if (temporary_add(source) && temporary_add(pch) &&
        write_source(fopen(source, "w"), p->made) && precompile(c, source, pch, &p->read))
        p->pch = dc_format("%s", pch);
}

/* The cache's prelude source at path, written once and never again: a
   precompiled header checks its source's time, so a rewrite by another
   run would spoil the headers made from it.  Made beside and linked, so
   that no run sees half of it. */
static bool source_written_once(const char *path, const char *text)
{
    if (access(path, R_OK) == 0)
        return true;
    char *made = dc_format("%s.XXXXXX", path);
    int fd = mkstemp(made);
    bool ok = fd >= 0 && write_source(fdopen(fd, "w"), text) &&
              (link(made, path) == 0 || errno == EEXIST);
    if (fd >= 0)
        unlink(made);
    free(made);
    return ok;
}

/* The headers a kept prelude read, from its entry: paths ended by NULs;
   false for an entry whose last path is not ended (a miss). */
static bool files_of_entry(file_list *l, const char *data, size_t len)
{
    if (len && data[len - 1])
        return false;
    for (const char *end = data + len; data < end; data += strlen(data) + 1)
        add_file(l, data);
    return true;
}

/* Its entry's data: the headers it read, each ended by a NUL. */
static char *entry_of_files(const file_list *l, size_t *len)
{
    *len = 0;
    for (int i = 0; i < l->n; i++)
        *len += strlen(l->v[i]) + 1;
    char *data = dc_realloc(NULL, *len + 1), *end = data;
    for (int i = 0; i < l->n; i++)
        end = stpcpy(end, l->v[i]) + 1;
    return data;
}

/* Prelude p of command c (language lang) kept in the run's cache: taken
   from it while every header its parse read is as it was, else
   precompiled there (the headers' parse is the same for any devcheck of
   this version and libclang).  Left unmade where the cache cannot hold
   it. */
static void cached_prelude(const dc_run *r, prelude *p, const command *c, dc_language lang)
{
    char *dir = dc_absolute_path(r->cache);
    char *name = dc_format("prelude %s %s", prelude_ext(lang), p->made);
    char *source = dc_cache_file(dir, name, prelude_ext(lang));
    CXString parser = clang_getClangVersion();
    char *key = source ? dc_prelude_key(source, (const char *const *)c->argv, c->argc,
                                        clang_getCString(parser))
                       : NULL;
    clang_disposeString(parser);
    char *pch = key ? dc_cache_file(dir, key, "pch") : NULL;
    size_t len;
    char *entry = pch ? dc_cache_get(dir, key, &len) : NULL;
    int64_t since = 0;
    if (entry && access(pch, R_OK) == 0 && files_of_entry(&p->read, entry, len)) {
        p->pch = pch;
    } else if (pch && source_written_once(source, p->made) && (since = dc_cache_clock()) &&
               precompile(c, source, pch, &p->read)) {
        free(entry);
        entry = entry_of_files(&p->read, &len);
        dc_cache_put(dir, key, (const char *const *)p->read.v, p->read.n, since, entry, len);
        p->pch = pch;
    } else {
        free(pch);
    }
    p->kept = p->pch != NULL;
    free(entry);
    free(key);
    free(source);
    free(name);
    free(dir);
}

/* Made once, and named from the root: a compile command's
   -working-directory would otherwise move a relative $TMPDIR. */
static bool temporary_folder(preludes *ps)
{
    const char *tmp = getenv("TMPDIR");
    char made[PATH_MAX];
    if (!ps->dir[0]) {
        snprintf(made, sizeof made, "%s/devcheck-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (mkdtemp(made) && !realpath(made, ps->dir)) {
            rmdir(made);
            ps->dir[0] = 0;
        }
        if (ps->dir[0])
            temporary_begin(ps->dir);
    }
    return ps->dir[0] != 0;
}

/* Prelude p (language lang) of command c made, in the cache or the
   temporary folder. */
static void prelude_made(const dc_run *r, preludes *ps, prelude *p, int k, const command *c,
                         dc_language lang)
{
    if (r->cache)
        cached_prelude(r, p, c, lang);
    if (!p->pch && p->files > 1 && temporary_folder(ps))
        precompile_temporary(ps, p, c, k, lang);
}

/* The preludes of the run's files, each precompiled that two share; a .cu
   file's whose libraries' headers have errors with its flags (Debian's
   libtorch without -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE) is CUDA's alone. */
static void preludes_make(const dc_run *r, preludes *ps, const dc_source *v, int n,
                          const bool *known)
{
    command *c = dc_realloc(NULL, sizeof *c);
    *c = (command){ .argv = NULL };
    for (int i = 0; i < n; i++) {
        dc_language lang = file_language(v[i].path, &v[i].flags);
        char *source = NULL;
        if (known[i] || lang == DC_LANG_NONE || access(v[i].path, R_OK) != 0)
            continue;
        command_for(r, &v[i].flags, lang, c);
        bool wanted = prelude_wanted(v[i].path, lang, c, &source);
        prelude *p = wanted ? prelude_of(ps, c, source) : NULL;
        if (p) {
            p->files++;
        } else if (wanted) {
            ps->v = dc_realloc(ps->v, (size_t)(ps->n + 1) * sizeof *ps->v);
            ps->v[ps->n++] = (prelude){ joined(c), source, source, i, 1, NULL, false,
                                        { NULL, 0, NULL } };
            source = NULL;
        }
        free(source);
    }
    for (int k = 0; k < ps->n; k++) {
        prelude *p = &ps->v[k];
        const dc_source *first = &v[p->first];
        dc_language lang = file_language(first->path, &first->flags);
        if (p->files < 2 && !r->cache)
            continue;
        command_for(r, &first->flags, lang, c);
        prelude_made(r, ps, p, k, c, lang);
        if (!p->pch && lang == DC_LANG_CUDA && p->made[0]) {
            free_files(&p->read);
            p->read = (file_list){ NULL, 0, NULL };
            p->made = "";
            prelude_made(r, ps, p, k + ps->n, c, lang);     /* files of another name */
        }
    }
    free(c->argv);
    free(c);
}

static void preludes_remove(preludes *ps)
{
    temporary_end();
    for (int k = 0; k < ps->n; k++) {
        free(ps->v[k].pch);
        free(ps->v[k].flags);
        free(ps->v[k].source);
        free_files(&ps->v[k].read);
    }
    free(ps->v);
}

static enum CXErrorCode parse_command(CXIndex index, const char *path, const command *c,
                                      struct CXUnsavedFile *unsaved, int nunsaved,
                                      CXTranslationUnit *tu)
{
    return clang_parseTranslationUnit2(index, path, c->argv, c->argc, unsaved,
                                       (unsigned)nunsaved, CXTranslationUnit_KeepGoing, tu);
}

/* ---- nvcc's spaced launches ------------------------------------------------
 * nvcc reads `k << <grid, block >> > (args)`, a launch as Visual Studio's
 * formatter spaces it, as `k<<<grid, block>>>(args)`; clang reads `<< <`
 * as a shift and fails.  The files a unit failed in are read again with
 * each such launch's brackets closed up in place (`<<< ` and `>>> `, so
 * every line and column stays), outside comments and literals, and handed
 * to libclang in place of the files.
 */

#define MAX_REWRITTEN 16

/* The end of the comment or literal that starts at p, or p if none does. */
static const char *past_comment_or_literal(const char *p, const char *end)
{
    if (p + 1 < end && p[0] == '/' && p[1] == '/') {
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        return newline ? newline : end;
    }
    if (p + 1 < end && p[0] == '/' && p[1] == '*') {
        for (p += 2; p + 1 < end && !(p[0] == '*' && p[1] == '/'); p++)
            ;
        return p + 1 < end ? p + 2 : end;
    }
    if (*p == '"' || *p == '\'') {
        char quote = *p;
        for (p++; p < end && *p != quote && *p != '\n'; p++)
            if (*p == '\\' && p + 1 < end)
                p++;
        return p < end ? p + 1 : end;
    }
    return p;
}

/* At p, `<<` and spaces then `<` (c '<'), or `>>` and spaces then `>`:
   closed up, the spaces after the three; false if not there. */
static bool close_up(char *p, const char *end, char c)
{
    if (end - p < 3 || p[0] != c || p[1] != c)
        return false;
    char *q = p + 2;
    while (q < end && (*q == ' ' || *q == '\t'))
        q++;
    if (q == p + 2 || q == end || *q != c || (q + 1 < end && q[1] == c))
        return false;
    memmove(p + 3, p + 2, (size_t)(q - (p + 2)));
    p[2] = c;
    return true;
}

/* Closes up text's spaced launches; how many it closed. */
static int close_spaced_launches(char *text, size_t n)
{
    const char *end = text + n;
    int closed = 0;
    bool open = false;                  /* inside a launch's <<< >>>, spaced or not */
    for (char *p = text; p < end;) {
        const char *past = past_comment_or_literal(p, end);
        if (past != p) {
            p = (char *)past;
        } else if (!open && close_up(p, end, '<')) {
            open = true;
            closed++;
            p += 3;
        } else if (!open && end - p >= 3 && !memcmp(p, "<<<", 3)) {
            open = true;
            p += 3;
        } else if (open && close_up(p, end, '>')) {
            open = false;
            closed++;
            p += 3;
        } else {
            if (*p == ';' || *p == '{' || (open && end - p >= 3 && !memcmp(p, ">>>", 3)))
                open = false;
            p++;
        }
    }
    return closed;
}

/* The files tu has errors in, each once, as their paths (dc_format'd), into
   out; how many. */
static int files_with_errors(CXTranslationUnit tu, char **out)
{
    int n = 0;
    for (unsigned i = 0, nd = clang_getNumDiagnostics(tu); i < nd && n < MAX_REWRITTEN; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        CXFile file = NULL;
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
            clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
        clang_disposeDiagnostic(d);
        CXString name = clang_getFileName(file);
        const char *path = file ? clang_getCString(name) : NULL;
        bool seen = !path;
        for (int k = 0; k < n && !seen; k++)
            seen = strcmp(out[k], path) == 0;
        if (!seen)
            out[n++] = dc_format("%s", path);
        clang_disposeString(name);
    }
    return n;
}

/* The files tu has errors in whose spaced launches were closed up, as
   libclang's unsaved files, into out; how many. */
static int rewrite_failed_files(CXTranslationUnit tu, struct CXUnsavedFile *out)
{
    char *paths[MAX_REWRITTEN];
    int n = 0;
    for (int i = 0, nfiles = files_with_errors(tu, paths); i < nfiles; i++) {
        size_t len = 0;
        char *text = dc_read_source(paths[i], &len);
        if (text && close_spaced_launches(text, len)) {
            out[n++] = (struct CXUnsavedFile){ paths[i], text, (unsigned long)len };
        } else {
            free(text);
            free(paths[i]);
        }
    }
    return n;
}

static void free_unsaved(struct CXUnsavedFile *v, int n)
{
    for (int i = 0; i < n; i++) {
        free((char *)v[i].Filename);
        free((char *)v[i].Contents);
    }
}

/* Parses one source into *tu; its status and message as devcheck.h says. */
/* The main file as the parse read it (its stat taken before): --fix
   changes it only while it is still so. */
static dc_snapshot parsed_snapshot(CXTranslationUnit tu, const char *path, const struct stat *st)
{
    size_t len = 0;
    CXFile file = clang_getFile(tu, path);
    const char *text = file ? clang_getFileContents(tu, file, &len) : NULL;
    return text ? dc_snapshot_of(st, text, len) : (dc_snapshot){ 0 };
}

/* Parses src into *tu, over its prelude where it has one precompiled
   (*used: that prelude, or NULL); 0, or its status. */
static int parse(const dc_run *r, const preludes *ps, CXIndex index, dc_source *src,
                 CXTranslationUnit *tu, const prelude **used)
{
    struct stat st;
    command c = { .argv = NULL };
    unit_errors errors = { .n = 0 };
    int status = 0;
    const char *path = src->path;
    const dc_flags *flags = &src->flags;
    dc_language lang = file_language(path, flags);
    const char *why = stat(path, &st) != 0 ? (errno == ENOENT ? "no such file" : strerror(errno))
                      : S_ISDIR(st.st_mode)   ? "is a folder"
                      : !S_ISREG(st.st_mode)  ? "not a regular file"
                                              : NULL;
    if (why || lang == DC_LANG_NONE) {
        src->err = dc_format("devcheck: %s: %s", path, why ? why : "not C, C++ or CUDA: not analyzed");
        return why ? -1 : 2;
    }
    command_for(r, flags, lang, &c);
    char *source;
    const prelude *p = prelude_wanted(path, lang, &c, &source) ? prelude_of(ps, &c, source) : NULL;
    free(source);
    *used = p && p->pch ? p : NULL;
    if (*used) {
        add_arg(&c, "-include-pch");
        add_arg(&c, p->pch);
    }
    struct CXUnsavedFile own = { path, NULL, 0 };   /* --contents' text, if any */
    own.Contents = dc_contents_of(path, &own.Length);
    int nown = own.Contents != NULL;
    enum CXErrorCode rc = parse_command(index, path, &c, &own, nown, tu);
    if (rc == CXError_ASTReadError && *used) {   /* the header unread: the prelude here */
        if (p->kept)                    /* a cache's that cannot be read: made again next run */
            unlink(p->pch);
        *used = NULL;
        c.argc -= 2;
        rc = parse_command(index, path, &c, &own, nown, tu);
    }
    struct CXUnsavedFile rewritten[MAX_REWRITTEN + 1];
    int nrewritten = 0;
    if (rc == CXError_Success && lang == DC_LANG_CUDA &&
        (nrewritten = rewrite_failed_files(*tu, rewritten)) > 0) {
        clang_disposeTranslationUnit(*tu);
        bool own_rewritten = false;     /* read through --contents already */
        for (int i = 0; i < nrewritten && nown; i++)
            own_rewritten |= dc_contents_of(rewritten[i].Filename, &(size_t){ 0 }) != NULL;
        if (nown && !own_rewritten)
            rewritten[nrewritten] = (struct CXUnsavedFile){ dc_format("%s", path),
                                                            memcpy(dc_realloc(NULL, own.Length + 1),
                                                                   own.Contents, own.Length + 1),
                                                            own.Length };
        int n = nrewritten + (nown && !own_rewritten);
        rc = parse_command(index, path, &c, rewritten, n, tu);
        free_unsaved(rewritten, n);
    }
    if (rc != CXError_Success) {
        if (rc == CXError_Crashed)  /* caught by libclang's own crash recovery */
            snprintf(errors.text, sizeof errors.text, "devcheck: %s: libclang crashed parsing it",
                     path);
        else
            snprintf(errors.text, sizeof errors.text,
                     "devcheck: %s: libclang could not parse it (error %d)", path, rc);
        status = -1;
    } else {
        count_errors(*tu, path, &errors);
        if (errors.n) {
            clang_disposeTranslationUnit(*tu);
            status = -1;
        }
    }
    free(c.argv);
    if (status) {
        src->err = dc_format("%s", errors.text);
        return status;
    }
    src->seen = parsed_snapshot(*tu, path, &st);
    if (errors.host)
        list_unread(*tu, src);
    if (errors.ndevice)
        src->err = dc_format("devcheck: %s: %d error%s in device code, which devcheck does not "
                             "read, left aside (the first: %s)", path, errors.ndevice,
                             errors.ndevice == 1 ? "" : "s", errors.device);
    return 0;
}

/* The sources parsed at once: each thread takes the next one not taken. */
typedef struct {
    dc_run *r;
    preludes preludes;
    dc_source *v;
    fx_unit **units;
    bool *known;                        /* facts read, not to parse */
    char **keys;                        /* the cache's, of those to parse */
    int n, next;
} pool;

typedef struct {
    pool *p;
    CXIndex index;
    int file;                           /* the one it parses */
} worker;

/* ---- facts made before: a facts file, the cache ---------------------------------------- */

/* The file as it is now, which is what its facts were made of when the
   cache gives them (it checked the file's bytes). */
static dc_snapshot current_snapshot(const char *path)
{
    struct stat st;
    size_t len;
    char *text = stat(path, &st) == 0 ? dc_read_file(path, &len) : NULL;
    dc_snapshot s = text ? dc_snapshot_of(&st, text, len) : (dc_snapshot){ 0 };
    free(text);
    return s;
}

/* The key a source's facts are cached under, or NULL where they are not
   (no cache, a facts file's, not C, C++ or CUDA): the whole command
   libclang would be given (the toolkit, devcheck's own headers, the
   language's flags), not only the user's flags, as what the parse reads
   depends on all of it. */
static char *cache_key(const dc_run *r, const dc_source *src)
{
    dc_language lang = file_language(src->path, &src->flags);
    size_t len;
    if (!r->cache || src->facts || lang == DC_LANG_NONE || dc_contents_of(src->path, &len))
        return NULL;                    /* --contents' text is no file's: never cached */
    command *c = dc_realloc(NULL, sizeof *c);
    *c = (command){ .argv = NULL };
    command_for(r, &src->flags, lang, c);
    CXString parser = clang_getClangVersion();
    char *key = dc_cache_key(src->path, src->flags.directory, c->argv, c->argc,
                             clang_getCString(parser));
    clang_disposeString(parser);
    free(c->argv);
    free(c);
    return key;
}

/* line (fresh) after what *err says, on a line of its own. */
static void say_also(char **err, char *line)
{
    char *both = *err ? dc_format("%s%s%s", *err, (*err)[strlen(*err) - 1] == '\n' ? "" : "\n", line)
                      : NULL;
    if (both) {
        free(*err);
        free(line);
        line = both;
    }
    *err = line;
}

/* The facts of a source that needs no parse: its facts file's (a capture's),
   or the cache's under key; NULL: none (or a facts file that cannot be
   read: then its status and err say why). */
static fx_unit *known_facts(const dc_run *r, dc_source *src, const char *key)
{
    const char *why = NULL;
    fx_unit *u = NULL;
    size_t len;
    if (src->facts) {
        if (!(u = fx_unit_read(src->facts, &why))) {
            src->status = -1;
            src->err = dc_format("devcheck: %s: %s", src->facts, why);
            return NULL;
        }
    } else if (key) {
        void *bytes = dc_cache_get(r->cache, key, &len);
        u = bytes ? fx_unit_from_bytes(bytes, len, &why) : NULL;
        free(bytes);
        if (!u)
            return NULL;
        src->seen = current_snapshot(src->path);
    } else {
        return NULL;
    }
    const char *said = fx_unit_said(u);
    char *changed = src->facts ? fx_unit_changed(u) : NULL;
    src->status = 0;
    src->err = said ? dc_format("%s", said) : NULL;
    if (changed)                        /* a capture's facts, of a file's old text */
        say_also(&src->err, dc_format("devcheck: %s: warning: %s: its findings are of the old "
                                      "text until it is built again", src->facts, changed));
    free(changed);
    src->nskipped = fx_unit_skipped(u, &src->skipped);
    return u;
}

/* A unit's facts, parsed from since (over prelude p unless NULL, whose
   headers it read too), into the cache under key; a cache that cannot be
   written is said once, and the run goes on. */
static void keep_facts(dc_run *r, const char *key, int64_t since, const fx_unit *u,
                       const prelude *p)
{
    size_t len;
    void *bytes = fx_unit_bytes(u, &len);
    int n = fx_unit_nfiles(u), more = p ? p->read.n : 0;
    const char **deps = dc_realloc(NULL, (size_t)(n + more + 1) * sizeof *deps);
    for (int i = 0; i < n; i++)
        deps[i] = fx_unit_file(u, i);
    for (int i = 0; i < more; i++)
        deps[n + i] = p->read.v[i];
    n += more;
    if (dc_cache_put(r->cache, key, deps, n, since, bytes, len) < 0 &&
        !__atomic_exchange_n(&r->cache_failed, true, __ATOMIC_RELAXED))
        fprintf(stderr, "devcheck: %s: the cache cannot be written (%s): the run goes on "
                "without it\n", r->cache, strerror(errno));
    free(deps);
    free(bytes);
}

/* The parse of a file ended early, for what (fresh): said, and the file
   left out. */
static void parse_ended(dc_source *src, char *what)
{
    free(src->err);
    src->status = -2;
    src->err = dc_format("devcheck: %s: %s in its parse: not analyzed, its functions unknown "
                         "to the other files", src->path, what);
    free(what);
}

#ifdef DEVCHECK_CRASH_HOOK
/* The test builds' hook (analysis.h): parse:NAME, once a file is parsed. */
static void crash_hook(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *what = dc_format("parse:%s", slash ? slash + 1 : path);
    dc_crash_hook(what);
    free(what);
}
#else
#define crash_hook(path) ((void)0)
#endif

/* The unit's pages, held in the heap between the facts kept, given back.
   Under AddressSanitizer glibc's heap holds none of them, and its first use
   from two parse threads at once was seen to leave its lock held. */
static void trim_heap(void)
{
#ifndef __SANITIZE_ADDRESS__
    malloc_trim(0);
#endif
}

static void parse_file(void *arg)
{
    worker *w = arg;
    dc_source *src = &w->p->v[w->file];
    CXTranslationUnit tu = NULL;
    int64_t since = dc_cache_clock();
    dc_run *r = w->p->r;
    const prelude *used = NULL;
    src->status = parse(r, &w->p->preludes, w->index, src, &tu, &used);
    if (src->status == 0) {             /* the unit's facts, and the unit is done with */
        int why = 0;
        double start = dc_thread_seconds();
        fx_unit *u = fx_lower(tu, src->err, src->skipped, src->nskipped,
                              r->seconds > 0 ? start + r->seconds : 0, r->bytes, &why);
        w->p->units[w->file] = u;
        clang_disposeTranslationUnit(tu);
        trim_heap();
        if (!u)
            parse_ended(src, dc_what_ended(why, r->seconds, r->bytes));
        else if (w->p->keys[w->file])
            keep_facts(r, w->p->keys[w->file], since, u, used);
    }
    crash_hook(src->path);
}

/* A crash in libclang's parse of a file (a bug of libclang's, or of
   devcheck's there) costs that file: it is said, and left out; what the
   parse had made is abandoned. */
static void parse_crashed(dc_source *src, fx_unit **unit, int sig)
{
    *unit = NULL;
    parse_ended(src, dc_what_ended(sig, 0, 0));
}

/* Parses files until none is left, or until one crashes: then the thread
   ends, and the pool starts another (dc_run_parse). */
static void *parse_some(void *arg)
{
    worker *w = arg;
    pool *p = w->p;
    while ((w->file = __atomic_fetch_add(&p->next, 1, __ATOMIC_RELAXED)) < p->n) {
        if (p->known[w->file])
            continue;
        p->units[w->file] = NULL;
        p->v[w->file].err = NULL;
        int sig = dc_recover(parse_file, w);
        if (sig) {
            parse_crashed(&p->v[w->file], &p->units[w->file], sig);
            break;
        }
    }
    return NULL;
}

/* The workers, each on a thread of its own with a deep stack, started
   again while files are left (a crashed parse ended its thread); one that
   cannot start leaves its share to the others, and if none can, this
   thread parses. */
static void parse_all(pool *p, worker *w, int jobs)
{
    pthread_t *threads = dc_realloc(NULL, (size_t)jobs * sizeof *threads);
    while (__atomic_load_n(&p->next, __ATOMIC_RELAXED) < p->n) {
        int started = 0;
        for (int k = 0; k < jobs; k++)
            started += dc_deep_thread(&threads[started], parse_some, &w[k]) == 0;
        if (started == 0)
            parse_some(&w[0]);
        for (int k = 0; k < started; k++)
            pthread_join(threads[k], NULL);
    }
    free(threads);
}

static void skipped_free(dc_source *src)
{
    dc_notes_free(src->skipped, src->nskipped);
    src->skipped = NULL;
    src->nskipped = 0;
}

/* A file that does not parse alone, in whole or in part, but that a unit
   of the run includes (a kernels.cu that main.cu #includes, as Rodinia's
   programs are built) is read there: it is left out with a word on
   stderr, not as an error.  A file that includes itself (X-macros,
   generated code) is no includer of its own: it is read alone, as any. */
static bool includes(const fx_unit *u, const char *path)
{
    for (int i = 1; i < fx_unit_nfiles(u); i++)
        if (strcmp(fx_unit_file(u, i), path) == 0)
            return true;
    return false;
}

static void left_to_includer(dc_source *src, fx_unit **own, const dc_source *v,
                             fx_unit *const *units, int n)
{
    char real[PATH_MAX];
    if ((src->status != -1 && !(src->status == 0 && src->nskipped)) || !realpath(src->path, real))
        return;
    for (int k = 0; k < n; k++) {
        if (&v[k] == src || v[k].status != 0 || !includes(units[k], real))
            continue;
        free(src->err);
        src->err = dc_format("devcheck: %s: does not parse alone; %s includes it, and it "
                             "is analyzed there", src->path, fx_unit_name(units[k]));
        if (src->status == 0) {
            fx_unit_free(*own);
            *own = NULL;
            skipped_free(src);
        }
        src->status = 1;
        return;
    }
}

/* Whether CUDA is in a source: CUDA by its language, or its unit read a
   header of the toolkit's (by its path as named, or its real one: a
   /usr/local/cuda that links to /usr/local/cuda-13.0). */
static bool uses_cuda(const dc_run *r, const dc_source *src, const fx_unit *u)
{
    if (file_language(src->path, &src->flags) == DC_LANG_CUDA)
        return true;
    char real[PATH_MAX];
    const char *dirs[] = { r->toolkit, r->toolkit ? realpath(r->toolkit, real) : NULL };
    for (int i = 0; u && i < fx_unit_nfiles(u); i++)
        for (size_t k = 0; k < sizeof dirs / sizeof *dirs; k++)
            if (dirs[k] && strncmp(fx_unit_file(u, i), dirs[k], strlen(dirs[k])) == 0)
                return true;
    return false;
}

void dc_run_parse(dc_run *r, dc_source *v, int n, int jobs)
{
    jobs = jobs < 1 ? 1 : jobs > n ? (n ? n : 1) : jobs;
    pool p = { r, { 0 }, v, dc_realloc(NULL, (size_t)(n ? n : 1) * sizeof *p.units),
               dc_realloc(NULL, (size_t)(n ? n : 1)),
               dc_realloc(NULL, (size_t)(n ? n : 1) * sizeof *p.keys), n, 0 };
    for (int i = 0; i < n; i++) {       /* each key made once: to get, and on a miss to put */
        v[i].err = NULL;
        p.keys[i] = cache_key(r, &v[i]);
        p.units[i] = known_facts(r, &v[i], p.keys[i]);
        p.known[i] = p.units[i] || v[i].facts;
        if (p.known[i]) {
            free(p.keys[i]);
            p.keys[i] = NULL;
        }
    }
    worker *w = dc_realloc(NULL, (size_t)jobs * sizeof *w);
    r->indexes = dc_realloc(r->indexes, (size_t)(r->nindexes + jobs) * sizeof *r->indexes);
    for (int k = 0; k < jobs; k++) {
        w[k] = (worker){ &p, clang_createIndex(1, 0), -1 };    /* without a PCH's declarations */
        r->indexes[r->nindexes++] = w[k].index;
    }
    dc_guard_opens(true);
    preludes_make(r, &p.preludes, v, n, p.known);
    parse_all(&p, w, jobs);
    dc_guard_opens(false);
    preludes_remove(&p.preludes);
    for (int i = 0; i < n; i++) {
        v[i].cuda = uses_cuda(r, &v[i], p.units[i]);
        left_to_includer(&v[i], &p.units[i], v, p.units, n);
    }
    r->units = dc_realloc(r->units, (size_t)(r->n + n + 1) * sizeof *r->units);
    r->from = dc_realloc(r->from, (size_t)(r->n + n + 1) * sizeof *r->from);
    for (int i = 0; i < n; i++)
        if (v[i].status == 0) {
            r->from[r->n] = &v[i];
            r->units[r->n++] = p.units[i];
        }
    for (int i = 0; i < n; i++)
        free(p.keys[i]);
    free(w);
    free(p.units);
    free(p.known);
    free(p.keys);
}

bool dc_run_reads(const dc_run *r, const dc_source *src, const char *real)
{
    for (int k = 0; k < r->n; k++)
        for (int i = 0; r->from[k] == src && r->units[k] && i < fx_unit_nfiles(r->units[k]); i++)
            if (strcmp(fx_unit_file(r->units[k], i), real) == 0)
                return true;
    return false;
}

void dc_run_cache(dc_run *r, const char *dir)
{
    r->cache = dir;
}

/* What the front end said of a source, less its "devcheck: PATH: ": the
   capture says the file in words of its own. */
static const char *reason_of(const dc_source *src)
{
    const char *e = src->err;
    size_t n = strlen(src->path);
    if (strncmp(e, "devcheck: ", 10) == 0 && strncmp(e + 10, src->path, n) == 0 &&
        strncmp(e + 10 + n, ": ", 2) == 0)
        return e + 12 + n;
    return e;
}

int dc_capture_unit(const char *file, const char *const *argv, int argc, const char *out,
                    const char *cache, char **err)
{
    char **flags, *path = dc_absolute_path(file), here[PATH_MAX];
    int n = dc_command_flags(argv, argc, file, file, &flags), rc = -1;
    dc_source src = { .path = path ? path : file,
                      .flags = { (const char *const *)flags, n, getcwd(here, sizeof here) } };
    dc_run *r = dc_run_new(NULL);
    if (cache)
        dc_run_cache(r, cache);
    dc_run_parse(r, &src, 1, 1);
    if (src.status != 0 || r->n != 1)
        *err = src.err ? dc_format("%.*s", (int)strcspn(reason_of(&src), "\n"), reason_of(&src))
                       : dc_format("not parsed");
    else if ((rc = fx_unit_write(r->units[0], out)) != 0)
        *err = dc_format("%s: %s", out, strerror(errno));
    free(src.err);
    dc_notes_free(src.skipped, src.nskipped);
    dc_run_free(r);
    for (int i = 0; i < n; i++)
        free(flags[i]);
    free(flags);
    free(path);
    return rc;
}

dc_run *dc_run_new(dc_model *model)
{
    dc_run *r = dc_realloc(NULL, sizeof *r);
    *r = (dc_run){ .model = model, .toolkit = dc_cuda_toolkit(), .seconds = DC_SECONDS,
                   .bytes = (size_t)DC_MIB << 20 };
    setenv("LIBCLANG_NOTHREADS", "1", 1);   /* before any thread: libclang reads it per parse */
    find_own_includes(r->own, sizeof r->own);
    return r;
}

/* One try at the analysis of the units not left out, with where it got. */
typedef struct {
    dc_run *r;
    fx_unit **units;
    dc_source **from;
    bool *said;                         /* by unit: its findings said (not context) */
    int n;
    dc_findings found;
    dc_progress at;
    double budget;                      /* seconds a file; 0: no end */
    int sig;                            /* the signal that ended it, DC_OUT_OF_TIME or _MEMORY, or 0 */
} attempt;

static void analyze_units(void *arg)
{
    attempt *t = arg;
    t->found = (dc_findings){ 0 };
    for (int k = 0; k < t->n; k++)
        t->said[k] = !t->from[k]->context;
    t->at = (dc_progress){ -1, "the start", fx_null() };
    dc_reach_start(t->r->reach != NULL);
    dc_dataflow_program(t->units, t->said, t->n, t->r->model, &t->found, &t->at, t->budget,
                        t->r->bytes);
}

/* The file of unit k crashed, or ran out of time: said, and left out of
   the units to analyze, and its facts freed (the analysis only reads
   them, whatever crashed). */
static void leave_out(attempt *t, int k, int sig)
{
    char name[256] = "";
    if (!fx_is_null(t->at.fn))
        snprintf(name, sizeof name, " '%s'", fx_spelling(t->at.fn));
    dc_source *src = t->from[k];
    char *what = dc_what_ended(sig, t->budget, t->r->bytes);
    src->status = -2;
    src->err = dc_format("devcheck: %s: %s in %s%s: not analyzed, its functions unknown to the "
                         "other files", src->path, what, t->at.stage, name);
    free(what);
    for (int i = 0; i < t->r->n; i++)
        if (t->r->units[i] == t->units[k])
            t->r->units[i] = NULL;
    fx_unit_free(t->units[k]);
    memmove(t->units + k, t->units + k + 1, (size_t)(t->n - k - 1) * sizeof *t->units);
    memmove(t->from + k, t->from + k + 1, (size_t)(t->n - k - 1) * sizeof *t->from);
    t->n--;
}

/* One try, on the thread that runs it. */
static void *try_analysis(void *arg)
{
    attempt *t = arg;
    t->sig = dc_recover(analyze_units, t);
    return NULL;
}

/* Each try on a thread of its own, with a deep stack (analysis.h). */
static void try_on_thread(attempt *t)
{
    pthread_t walker;
    if (dc_deep_thread(&walker, try_analysis, t) == 0)
        pthread_join(walker, NULL);
    else
        try_analysis(t);        /* no thread: this one's stack */
}

/* A crash in the analysis of one file, or its running out of time, leaves
   it out, and the others are analyzed again without it: they see its
   functions as unknown, as they would an unparsed file's, and their
   findings are those of a run without it wherever the crash came.  A
   crash in what all files share leaves out all of them. */
void dc_run_analyze(dc_run *r, double budget, dc_findings *out)
{
    attempt a = { r, dc_realloc(NULL, (size_t)(r->n + 1) * sizeof *a.units),
                  dc_realloc(NULL, (size_t)(r->n + 1) * sizeof *a.from),
                  dc_realloc(NULL, (size_t)r->n + 1), 0, { 0 }, { 0 }, budget, 0 };
    for (int i = 0; i < r->n; i++)
        if (r->units[i]) {
            a.units[a.n] = r->units[i];
            a.from[a.n++] = r->from[i];
        }
    for (try_on_thread(&a); a.sig; try_on_thread(&a)) {
        dc_findings_free(&a.found);
        dc_dataflow_reset();
        int k = a.at.unit;
        if (k >= 0)
            leave_out(&a, k, a.sig);
        while (k < 0 && a.n > 0)
            leave_out(&a, a.n - 1, a.sig);
    }
    dc_findings_take(out, &a.found);
    if (r->reach)
        dc_reach_finish(r->reach);
    free(a.units);
    free(a.from);
    free(a.said);
}

void dc_run_reach(dc_run *r, dc_reach *out)
{
    r->reach = out;
}

void dc_run_budget(dc_run *r, double seconds, size_t bytes)
{
    r->seconds = seconds;
    r->bytes = bytes;
}

void dc_run_free(dc_run *r)
{
    for (int i = 0; i < r->n; i++)
        fx_unit_free(r->units[i]);
    free(r->units);
    free(r->from);
    for (int i = 0; i < r->nindexes; i++)
        clang_disposeIndex(r->indexes[i]);
    free(r->indexes);
    free(r);
}
