/* devtrace's main: the subcommands, their usage, and fatal errors. */
#include "report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fatal_status = EXIT_USAGE;
const char *program_name = "devtrace";

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *synopsis;
} commands[] = {
    {"report", cmd_report, "report [FILE...] [VIEW] [--format FORMAT] [-o FILE]\n"
                           "                  [--fail-on error|warning] [--kinds LIST] [--suppressions FILE]\n"
                           "                  [--static FILE.sarif]..."},
    {"run", cmd_run, "run [-o FILE] [--error-exitcode N] [--kinds LIST] [--suppressions FILE]\n"
                     "               -- PROGRAM [ARGS...]"},
    {"merge", cmd_merge, "merge OUT IN..."},
};

static void print_usage(FILE *to)
{
    fputs("usage:\n", to);
    for (size_t i = 0; i < COUNT(commands); i++)
        fprintf(to, "  devtrace %s\n", commands[i].synopsis);
    fputs("  devtrace --version\n"
          "  devtrace --lib\n"
          "\n'devtrace COMMAND --help' tells more about each.\n", to);
}

static void vsay(const char *fmt, va_list ap)
{
    fputs("devtrace: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(fmt, ap);
    va_end(ap);
    exit(fatal_status);
}

/* The message and the command's synopsis, the usage text up to its first
   empty line: the rest is --help's, and would bury the message. */
void usage_error(const char *usage, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(fmt, ap);
    va_end(ap);
    const char *end = strstr(usage, "\n\n");
    int n = end ? (int)(end - usage) + 1 : (int)strlen(usage);
    fprintf(stderr, "%.*s(--help says more)\n", n, usage);
    exit(EXIT_USAGE);
}

int main(int argc, char **argv)
{
    if (argc > 0)
        program_name = argv[0];
    if (argc < 2) {
        print_usage(stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        print_usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        puts("devtrace " DEVTRACE_VERSION);
        return 0;
    }
    if (!strcmp(argv[1], "--lib")) {
        char *shim = find_shim();
        puts(shim);
        free(shim);
        return 0;
    }
    for (size_t i = 0; i < COUNT(commands); i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "devtrace: unknown command '%s'\n", argv[1]);
    print_usage(stderr);
    return EXIT_USAGE;
}
