/*
 * devcheck-cc, devcheck-c++ and devcheck-nvcc: devcheck capture as one
 * program, for the builds that take a compiler as one word (CC=, CXX=,
 * setuptools, torch's BuildExtension, autoconf) and run it as it is, to
 * compile and to probe it (-v, --version, -dumpversion).  devcheck
 * installs them as links to itself, and knows the compiler each stands
 * for by its name, as ccache does; a link named for the compiler itself
 * (a CUDA_HOME's bin/nvcc) is that launcher too.  The compiler is the one
 * an environment variable names (DEVCHECK_CXX=clang++), else the first of
 * its name on PATH that is not devcheck; as CMake's
 * CMAKE_<LANG>_COMPILER_LAUNCHER, the compiler CMake gives it first.  A
 * launcher takes no options: its cache comes from DEVCHECK_CACHE, else
 * from a .devcheck's `cache: DIR`.
 */
#include "devcheck.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct {
    const char *name, *compiler, *variable;
} launchers[] = {
    {"devcheck-cc", "cc", "DEVCHECK_CC"},
    {"devcheck-c++", "c++", "DEVCHECK_CXX"},
    {"devcheck-nvcc", "nvcc", "DEVCHECK_NVCC"},
};

#define NLAUNCHERS (sizeof launchers / sizeof *launchers)

static int launcher_index(const char *name)
{
    for (size_t i = 0; i < NLAUNCHERS; i++)
        if (strcmp(name, launchers[i].name) == 0 || strcmp(name, launchers[i].compiler) == 0)
            return (int)i;
    return -1;
}

bool dc_launcher(const char *name)
{
    return launcher_index(name) >= 0;
}

/* Whether path is devcheck itself (a link to it): running it as the
   compiler would run the launcher again, without end. */
static bool is_devcheck(const char *path)
{
    struct stat self, st;
    return stat("/proc/self/exe", &self) == 0 && stat(path, &st) == 0 &&
           self.st_dev == st.st_dev && self.st_ino == st.st_ino;
}

static bool executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* The file execvp runs for name, or with others_only the first there
   that is not devcheck; fresh, or NULL. */
static char *program(const char *name, bool others_only)
{
    if (strchr(name, '/'))
        return executable(name) && !(others_only && is_devcheck(name)) ? dc_format("%s", name)
                                                                       : NULL;
    const char *path = getenv("PATH");
    for (const char *p = path ? path : "/usr/bin:/bin";; p++) {
        size_t n = strcspn(p, ":");     /* an empty entry: the current folder */
        char *file = n ? dc_format("%.*s/%s", (int)n, p, name) : dc_format("%s", name);
        if (executable(file) && !(others_only && is_devcheck(file)))
            return file;
        free(file);
        p += n;
        if (!*p)
            return NULL;
    }
}

/* Link inputs, which a compiler may be given first (`cc main.o -o
   prog`), where a launcher of CMake's is given the compiler: never one. */
static bool link_input(const char *arg)
{
    static const char *const suffixes[] = {".o", ".a", ".so", ".lo", ".obj"};
    const char *base = strrchr(arg, '/'), *dot;
    base = base ? base + 1 : arg;
    dot = strrchr(base, '.');
    if (strstr(base, ".so."))           /* libfoo.so.1 */
        return true;
    for (size_t i = 0; dot && i < sizeof suffixes / sizeof *suffixes; i++)
        if (strcmp(dot, suffixes[i]) == 0)
            return true;
    return false;
}

/* Whether a launcher's first argument is the compiler, as CMake gives a
   launcher it (devcheck-c++ /usr/bin/c++ -c a.cpp): a program there is,
   no flag, response file, source or link input. */
static bool names_compiler(const char *arg)
{
    if (*arg == '-' || *arg == '@' || dc_language_of(arg) != DC_LANG_NONE || link_input(arg))
        return false;
    char *found = program(arg, false);
    free(found);
    return found != NULL;
}

/* The compiler to run for name: name itself when execvp finds it and it
   is not devcheck (its argv[0] as when it is run by hand: gcc -v says
   it), else the next of that name on PATH, in full; fresh, or NULL
   (said). */
static char *compiler_named(int k, const char *name)
{
    char *first = program(name, false), *other = program(name, true);
    const char *named = getenv(launchers[k].variable);
    if (!other && first)
        fprintf(stderr, "%s: %s is devcheck itself (%s%s%s): name the compiler\n",
                launchers[k].name, name, launchers[k].variable,
                named && *named ? "=" : " names one", named && *named ? named : "");
    else if (!other)
        fprintf(stderr, "%s: no compiler %s %s (%s names one)\n", launchers[k].name, name,
                strchr(name, '/') ? "there" : "on PATH", launchers[k].variable);
    char *compiler = other && strcmp(first, other) == 0 ? dc_format("%s", name) : other;
    if (compiler != other)
        free(other);
    free(first);
    return compiler;
}

/* The cache the launcher keeps the facts in: DEVCHECK_CACHE, else a
   .devcheck's; fresh, or NULL (none); *bad when it is relative (said). */
static char *cache_of(bool *bad)
{
    const char *env = getenv("DEVCHECK_CACHE");
    *bad = false;
    if (!env || !*env)
        return dc_config_cache();
    *bad = !dc_capture_cache_absolute("DEVCHECK_CACHE", env);
    return *bad ? NULL : dc_format("%s", env);
}

int dc_launch(const char *name, int argc, char **argv)
{
    int k = launcher_index(name);
    const char *named = getenv(launchers[k].variable);
    bool given = argc > 1 && names_compiler(argv[1]);
    if (given)
        argv++, argc--;                 /* CMake's: the compiler comes first */
    char *compiler = compiler_named(k, given ? argv[0] : named && *named ? named : launchers[k].compiler);
    if (!compiler)
        return 127;
    argv[0] = compiler;
    bool bad;
    char *cache = cache_of(&bad);
    int status = bad ? 2 : dc_capture_command(argc, argv, false, cache);
    free(cache);
    free(compiler);
    return status;
}
