#define _GNU_SOURCE     /* vasprintf */
/* What every subcommand uses: options read the same way, memory that never
   fails (or ends the command), and the report a command reads by default. */
#include "report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int next_option(int argc, char **argv, const char *shorts, const struct option *longs,
                const char *usage)
{
    opterr = 0;
    int c = getopt_long(argc, argv, shorts, longs, NULL);
    switch (c) {
    case 'h':
        fputs(usage, stdout);
        exit(0);
    case '?':
        if (optopt)
            usage_error(usage, "unknown option '-%c'", optopt);
        usage_error(usage, "unknown option '%s'", argv[optind - 1]);
    case ':':
        usage_error(usage, "option '%s' needs a value", argv[optind - 1]);
    }
    return c;
}

void *xmalloc(size_t n)
{
    return xrealloc(NULL, n);
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        die("out of memory");
    return p;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    char *s;
    va_start(ap, fmt);
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (n < 0)
        die("out of memory");
    return s;
}

const char *default_report(void)
{
    const char *env = getenv("DEVTRACE_DB");
    return env && *env && !strstr(env, "%p") ? env : "devtrace.db";
}

void refuse_output_among(const char *out, char *const *inputs, int ninputs)
{
    struct stat o, in;
    if (stat(out, &o) != 0)
        return;                 /* a new file: none of the inputs */
    for (int i = 0; i < ninputs; i++)
        if (stat(inputs[i], &in) == 0 && o.st_dev == in.st_dev && o.st_ino == in.st_ino)
            die("%s: the output cannot also be an input", inputs[i]);
}
