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

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const sources[] = { ".c", ".cc", ".cpp", ".cxx", ".cu", ".C" };

static bool is_source(const char *arg)
{
    const char *dot = strrchr(arg, '.');
    for (size_t i = 0; dot && i < sizeof sources / sizeof *sources; i++)
        if (strcmp(dot, sources[i]) == 0)
            return access(arg, R_OK) == 0;
    return false;
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
    bool compiles = false;
    for (int i = 1; i < argc; i++) {
        compiles |= strcmp(argv[i], "-c") == 0 || strcmp(argv[i], "--compile") == 0;
        if (is_source(argv[i])) {
            if (source)
                return NULL;
            source = argv[i];
        }
    }
    return compiles ? source : NULL;
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
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return 127;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int dc_capture(int argc, char **argv)
{
    if (argc > 0 && strcmp(argv[0], "--") == 0)
        argv++, argc--;
    if (argc == 0) {
        fputs("devcheck capture: no compile command (devcheck capture [--] COMPILER ARGS...)\n",
              stderr);
        return 2;
    }
    const char *source = compiled_source(argv, argc);
    char *object = source ? object_of(argv, argc, source) : NULL;
    char *facts = object ? dc_format("%s.dcfacts", object) : NULL;
    if (facts)
        unlink(facts);                  /* a failed compile leaves none, not an old one */
    int status = run(argv);
    const char *on = getenv("DEVCHECK_CAPTURE");
    if (status == 0 && facts && !(on && strcmp(on, "0") == 0)) {
        char *err = NULL;
        if (dc_capture_unit(source, (const char *const *)argv, argc, facts, &err) != 0)
            fprintf(stderr, "devcheck capture: %s: %s\n", source, err);
        free(err);
    }
    free(facts);
    free(object);
    return status;
}
