/*
 * devcheck capture: a compiler launcher.  It runs the compile command as
 * it is given (its output, diagnostics and exit status are the
 * compiler's), and when the compiler made an object of one C, C++ or CUDA
 * source, parses that source with the same flags and leaves its facts
 * beside the object (OBJECT.dcfacts), for `devcheck analyze` to read with
 * the rest of the build's.  A build engine runs it per file, so make,
 * ninja and remote-execution engines spread the parsing as they spread
 * the compiles.  devcheck's own trouble never fails the build: it is said
 * in one line, and the facts are missing.
 */
#include "devcheck.h"
#include "analysis.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* What a flag says the command makes: an object (nvcc's -dc a relocatable
   one), or something else, even with -c, or nothing (-c -E preprocesses;
   --version answers): the greater of the flags' says it. */
typedef enum { MAKES_OBJECT = 1, MAKES_OTHER } making;

static const struct {
    const char *flag;
    making makes;
} makers[] = {
    {"-c", MAKES_OBJECT}, {"--compile", MAKES_OBJECT},
    {"-dc", MAKES_OBJECT}, {"--device-c", MAKES_OBJECT},
    {"-E", MAKES_OTHER}, {"--preprocess", MAKES_OTHER}, {"-M", MAKES_OTHER},
    {"-MM", MAKES_OTHER}, {"--generate-dependencies", MAKES_OTHER}, {"-S", MAKES_OTHER},
    {"-fsyntax-only", MAKES_OTHER}, {"-ptx", MAKES_OTHER}, {"--ptx", MAKES_OTHER},
    {"-cubin", MAKES_OTHER}, {"--cubin", MAKES_OTHER}, {"-fatbin", MAKES_OTHER},
    {"--fatbin", MAKES_OTHER}, {"--version", MAKES_OTHER}, {"--help", MAKES_OTHER},
    {"-###", MAKES_OTHER},
};

/* The flags whose value comes apart, next, and names a file that is not
   the source (a file after -x is a source whatever its name). */
static const char *const file_values[] = {
    "-o", "--output", "--output-file", "-MF", "-MT", "-MQ", "-include", "-imacros", "-x",
    "-odir", "--output-directory", "-keep-dir", "--keep-dir",
};

/* The flags that name the object: gcc's and clang's (-oF is F, -o=F is
   "=F"), nvcc's (-o=F is F); the last one given says it, as with both. */
static const char *const gnu_outputs[] = {"-o", "--output"};
static const char *const nvcc_outputs[] = {"-o", "--output-file"};

static bool one_of(const char *arg, const char *const *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(arg, v[i]) == 0)
            return true;
    return false;
}

#define ONE_OF(arg, v) one_of(arg, v, sizeof v / sizeof *v)

static making made_by(const char *arg)
{
    for (size_t i = 0; i < sizeof makers / sizeof *makers; i++)
        if (strcmp(arg, makers[i].flag) == 0)
            return makers[i].makes;
    return 0;
}

/* What a compile command compiles, once its response files are read. */
typedef struct {
    char **args;                        /* the command as its compiler reads it */
    int nargs;
    bool nvcc;                          /* the compiler (or the one a launcher runs) is nvcc */
    const char *source;                 /* the one source it compiles to an object, or NULL */
    const char *x;                      /* the -x language it is compiled as; NULL: by its name */
    bool x_moved;                       /* another -x after it: the parse's differs */
    char *object;                       /* where the object goes, or NULL */
    char *why;                          /* why it gets no facts, or NULL (fresh) */
} compile;

/* Whether the compiler is nvcc: the command's first word, or one a
   launcher (ccache, distcc) runs, before the first flag. */
static bool runs_nvcc(char **argv, int argc)
{
    for (int i = 0; i < argc && argv[i][0] != '-'; i++) {
        const char *base = strrchr(argv[i], '/');
        if (strcmp(base ? base + 1 : argv[i], "nvcc") == 0)
            return true;
    }
    return false;
}

/* The -x value of arg (with next after it), or NULL when arg is no -x. */
static const char *x_of(const char *arg, const char *next)
{
    if (strcmp(arg, "-x") == 0)
        return next;
    return strncmp(arg, "-x", 2) == 0 && arg[2] ? arg + 2 : NULL;
}

/* Whether arg, with the -x in force (NULL or "none": by its name), names
   a C, C++ or CUDA source there is: a file after "-x assembler" or
   "-x c-header" is none, whatever its name. */
static bool is_source(const char *arg, const char *x)
{
    bool by_name = !x || strcmp(x, "none") == 0;
    if (*arg == '-' || (by_name ? dc_language_of(arg) : dc_language_of_x(x)) == DC_LANG_NONE)
        return false;
    return access(arg, R_OK) == 0;
}

/* The one source the command compiles, and what it makes, into c; or why not. */
static void find_source(compile *c)
{
    const char *x = NULL, *maker = NULL;
    making makes = 0;
    for (int i = 1; i < c->nargs && !c->why; i++) {
        const char *a = c->args[i], *v = x_of(a, i + 1 < c->nargs ? c->args[i + 1] : NULL);
        x = v ? v : x;
        if (made_by(a) > makes)
            makes = made_by(a), maker = a;
        if (ONE_OF(a, file_values))
            i++;
        else if (!is_source(a, x))
            continue;
        else if (c->source)
            c->why = dc_format("it compiles more than one source (%s, %s)", c->source, a);
        else
            c->source = a, c->x = x && strcmp(x, "none") != 0 ? x : NULL;
    }
    x = x && strcmp(x, "none") != 0 ? x : NULL;
    c->x_moved = c->source && (!x != !c->x || (x && strcmp(x, c->x) != 0));
    if (!c->why && makes != MAKES_OBJECT)
        c->why = makes ? dc_format("it makes no object (%s)", maker)
                       : dc_format("it compiles no object (no -c: a link?)");
    else if (!c->why && !c->source)
        c->why = dc_format("it names no C, C++ or CUDA source there is");
}

/* The object a compile command writes: the last of its output flags, else
   the source's name with .o, here. */
static char *object_of(const compile *c)
{
    const char *object = NULL;
    for (int i = 1; i < c->nargs; i++) {
        const char *a = c->args[i];
        size_t n = strcspn(a, "=");
        bool apart = c->nvcc ? ONE_OF(a, nvcc_outputs) : ONE_OF(a, gnu_outputs);
        char *name = dc_format("%.*s", (int)n, a);
        if (apart && i + 1 < c->nargs)
            object = c->args[++i];
        else if (a[n] && (c->nvcc ? ONE_OF(name, nvcc_outputs) : strcmp(name, "--output") == 0))
            object = a + n + 1;
        else if (!c->nvcc && strncmp(a, "-o", 2) == 0 && a[2])
            object = a + 2;
        free(name);
    }
    if (object)
        return dc_format("%s", object);
    const char *base = strrchr(c->source, '/'), *dot;
    base = base ? base + 1 : c->source;
    dot = strrchr(base, '.');
    return dc_format("%.*s.o", (int)(dot - base), base);
}

/* Why an object there is gets no facts beside it: a device (-o
   /dev/null), a FIFO; NULL for a file, or for none (yet). */
static char *no_facts_beside(const char *object)
{
    struct stat st;
    if (stat(object, &st) != 0 || S_ISREG(st.st_mode))
        return NULL;
    return dc_format("its object %s is not a regular file", object);
}

/* What the command compiles, with its response files read; c.why says
   why it gets no facts. */
static compile compile_of(char **argv, int argc)
{
    compile c = { .nvcc = runs_nvcc(argv, argc) };
    c.nargs = dc_command_expand(argv, argc, &c.args, &c.why);
    if (c.why)
        return c;
    find_source(&c);
    if (c.why)
        return c;
    c.object = object_of(&c);
    c.why = no_facts_beside(c.object);
    return c;
}

/* The command the source is parsed with: the compiler's reading of it.
   The parse names the source last, where the last -x applies: when that
   is not the one the source is compiled with (-x c a.inc -x none), every
   -x is taken out and the source's put in front.  (Else the command is
   left as a compile database gives it, for the cache's key.) */
static char **parse_command(const compile *c, int *argc)
{
    char **v = dc_realloc(NULL, (size_t)(c->nargs + 3) * sizeof *v);
    int n = 0;
    v[n++] = c->args[0];
    if (c->x_moved && c->x)
        v[n++] = "-x", v[n++] = (char *)c->x;
    for (int i = 1; i < c->nargs; i++) {
        if (c->x_moved && strcmp(c->args[i], "-x") == 0)
            i++;
        else if (!c->x_moved || !x_of(c->args[i], NULL))
            v[n++] = c->args[i];
    }
    v[n] = NULL;
    *argc = n;
    return v;
}

static void compile_free(compile *c)
{
    for (int i = 0; i < c->nargs; i++)
        free(c->args[i]);
    free(c->args);
    free(c->object);
    free(c->why);
}

/* A child's exit status as a shell gives it: 128 plus a signal's number. */
static int status_of(pid_t pid)
{
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return 127;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* Runs the command; its exit status as a shell gives it. */
static int run(char **argv)
{
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "devcheck capture: %s\n", strerror(errno));
        return 127;
    }
    if (pid == 0) {
        execvp(argv[0], argv);
        fprintf(stderr, "devcheck capture: %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    return status_of(pid);
}

/* Whether a compiler is named for C++ (c++, g++-12, clang++): clang's
   compile databases give such a command --driver-mode=g++ after the
   compiler's name (a .c file is C++ to it), and so does the capture, so
   that a unit's facts have the key a -p run of the build looks for. */
static bool named_for_cxx(const char *compiler)
{
    const char *base = strrchr(compiler, '/');
    base = base ? base + 1 : compiler;
    size_t n = strlen(base);
    while (n > 0 && (isdigit((unsigned char)base[n - 1]) || base[n - 1] == '.'))
        n--;                            /* a version: g++-12, clang++-19.1 */
    if (n > 0 && base[n - 1] == '-')
        n--;
    return n >= 2 && base[n - 2] == '+' && base[n - 1] == '+';
}

/* The command as a compile database gives it to devcheck (fresh, the
   strings argv's). */
static char **as_in_database(char **argv, int *argc)
{
    bool cxx = named_for_cxx(argv[0]);
    char **v = dc_realloc(NULL, (size_t)(*argc + 2) * sizeof *v);
    v[0] = argv[0];
    if (cxx)
        v[1] = "--driver-mode=g++";
    memcpy(v + 1 + cxx, argv + 1, (size_t)*argc * sizeof *v);     /* and the NULL */
    *argc += cxx;
    return v;
}

/* Writes the source's facts in a process of its own, so that whatever
   befalls devcheck there (a crash out of the parse's recovery, memory run
   out, which exits) costs the facts only, said in a line, and never the
   build's status. */
static void write_facts(const char *source, char **argv, int argc, const char *facts,
                        const char *cache)
{
    pid_t pid = fork();
    if (pid == 0) {
        char *err = NULL;
        dc_crash_hook("capture");
        argv = as_in_database(argv, &argc);
        if (dc_capture_unit(source, (const char *const *)argv, argc, facts, cache, &err) != 0) {
            fprintf(stderr, "devcheck capture: %s: %s\n", source, err);
            _exit(1);
        }
        _exit(0);
    }
    int status = pid < 0 ? -1 : status_of(pid);
    if (pid < 0)
        fprintf(stderr, "devcheck capture: %s: %s\n", source, strerror(errno));
    else if (status > 128)
        fprintf(stderr, "devcheck capture: %s: internal error (%s): no facts\n", source,
                dc_signal_name(status - 128));
}

/* DEVCHECK_CAPTURE=0: the compiler runs, and no facts are made. */
static bool capture_off(void)
{
    const char *on = getenv("DEVCHECK_CAPTURE");
    return on && strcmp(on, "0") == 0;
}

/* Why a command that ran gets no facts, after it: NULL when it gets them. */
static char *why_after(const compile *c, int status)
{
    struct stat st;
    if (status != 0)
        return dc_format("the compile failed (exit %d)", status);
    if (capture_off())
        return dc_format("DEVCHECK_CAPTURE=0");
    /* gcc given a file it takes for a linker input makes no object, and
       says so in a warning only */
    if (stat(c->object, &st) != 0)
        return dc_format("it made no object %s", c->object);
    return no_facts_beside(c->object);
}

/* A relative cache (--cache, DEVCHECK_CACHE) is refused: a launcher's
   compile runs in the build's folder (CMake's, ninja's), not where the
   build was configured, so `--cache build/.devcheck-cache` would land in
   build/build/, where no -p run looks; and capture cannot tell which
   folder was meant. */
bool dc_capture_cache_absolute(const char *who, const char *cache)
{
    if (cache[0] == '/')
        return true;
    char *cwd = getcwd(NULL, 0);
    fprintf(stderr, "devcheck capture: %s %s is relative, and each compile runs in its "
            "build's folder (here %s), not where the build was configured: give it absolute "
            "(where you configure, %s \"$PWD/%s\")\n", who, cache, cwd ? cwd : "?",
            who, cache);
    free(cwd);
    return false;
}

/* The capture's own options, before the command: -v, --cache DIR, --;
   how many arguments they took, or -1 (said). */
static int capture_options(int argc, char **argv, bool *verbose, const char **cache)
{
    int i = 0;
    for (; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) {
            *verbose = true;
        } else if (strcmp(argv[i], "--cache") == 0) {
            if (i + 1 >= argc || !*argv[i + 1]) {
                fputs("devcheck capture: --cache needs a folder\n", stderr);
                return -1;
            }
            *cache = argv[++i];
            if (!dc_capture_cache_absolute("--cache", *cache))
                return -1;
        } else {
            break;
        }
    }
    return i < argc && strcmp(argv[i], "--") == 0 ? i + 1 : i;
}

int dc_capture(int argc, char **argv)
{
    const char *cache = NULL;
    bool verbose = false;
    int skip = capture_options(argc, argv, &verbose, &cache);
    if (skip < 0)
        return 2;
    argv += skip, argc -= skip;
    if (argc == 0) {
        fputs("devcheck capture: no compile command (devcheck capture [-v] [--cache DIR] [--] "
              "COMPILER ARGS...)\n", stderr);
        return 2;
    }
    return dc_capture_command(argc, argv, verbose, cache);
}

int dc_capture_command(int argc, char **argv, bool verbose, const char *cache)
{
    compile c = compile_of(argv, argc);
    char *facts = c.why ? NULL : dc_format("%s.dcfacts", c.object);
    if (facts)
        unlink(facts);                  /* a failed compile leaves none, not an old one */
    int status = run(argv);             /* as given, whatever devcheck makes of it */
    if (!c.why)
        c.why = why_after(&c, status);
    if (!c.why) {
        int n;
        char **parse = parse_command(&c, &n);
        write_facts(c.source, parse, n, facts, cache);
        free(parse);
    } else if (verbose) {
        fprintf(stderr, "devcheck capture: %s%sno facts: %s\n", c.source ? c.source : "",
                c.source ? ": " : "", c.why);
    }
    free(facts);
    compile_free(&c);
    return status;
}
