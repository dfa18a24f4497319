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
    "-o", "--output-file", "-MF", "-MT", "-MQ", "-include", "-imacros", "-x",
};

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

/* Whether arg names a source: a C, C++ or CUDA file by its name, or any
   file after -x in one of those languages. */
static bool is_source(const char *arg, bool any_name)
{
    if (*arg == '-' || (!any_name && dc_language_of(arg) == DC_LANG_NONE))
        return false;
    return access(arg, R_OK) == 0;
}

/* The object a compile command writes: -o F, -oF, nvcc's -o=F and
   --output-file F; else the source's name with .o, here. */
static char *object_of(char **argv, int argc, const char *source)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((strcmp(a, "-o") == 0 || strcmp(a, "--output-file") == 0) && i + 1 < argc)
            return dc_format("%s", argv[i + 1]);
        if (strncmp(a, "-o", 2) == 0 && a[2])
            return dc_format("%s", a + 2 + (a[2] == '='));
        if (strncmp(a, "--output-file=", 14) == 0)
            return dc_format("%s", a + 14);
    }
    const char *base = strrchr(source, '/'), *dot;
    base = base ? base + 1 : source;
    dot = strrchr(base, '.');
    return dc_format("%.*s.o", (int)(dot - base), base);
}

/* The one source a command compiles to an object (-c), or NULL: a link,
   a preprocessing, several sources. */
static const char *compiled_source(char **argv, int argc)
{
    const char *source = NULL;
    bool any_name = false;
    making makes = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-x") == 0 && i + 1 < argc)
            any_name = dc_language_of_x(argv[i + 1]) != DC_LANG_NONE;
        else if (strncmp(a, "-x", 2) == 0 && a[2])
            any_name = dc_language_of_x(a + 2) != DC_LANG_NONE;
        if (made_by(a) > makes)
            makes = made_by(a);
        if (ONE_OF(a, file_values)) {
            i++;
        } else if (is_source(a, any_name)) {
            if (source)
                return NULL;
            source = a;
        }
    }
    return makes == MAKES_OBJECT ? source : NULL;
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

int dc_capture(int argc, char **argv)
{
    const char *cache = NULL;
    if (argc > 0 && strcmp(argv[0], "--cache") == 0) {
        if (argc < 2 || !*argv[1]) {
            fputs("devcheck capture: --cache needs a folder\n", stderr);
            return 2;
        }
        cache = argv[1];
        argv += 2, argc -= 2;
    }
    if (argc > 0 && strcmp(argv[0], "--") == 0)
        argv++, argc--;
    if (argc == 0) {
        fputs("devcheck capture: no compile command (devcheck capture [--cache DIR] [--] "
              "COMPILER ARGS...)\n", stderr);
        return 2;
    }
    const char *source = compiled_source(argv, argc);
    char *object = source ? object_of(argv, argc, source) : NULL;
    char *facts = object ? dc_format("%s.dcfacts", object) : NULL;
    if (facts)
        unlink(facts);                  /* a failed compile leaves none, not an old one */
    int status = run(argv);
    /* gcc given a file it takes for a linker input makes no object, and
       says so in a warning only */
    if (status == 0 && facts && !capture_off() && access(object, F_OK) == 0)
        write_facts(source, argv, argc, facts, cache);
    free(facts);
    free(object);
    return status;
}
