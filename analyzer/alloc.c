/*
 * Memory the analyzer allocates: running out of it ends the run (exit
 * status 2), so no caller checks; and formatted strings made with it.
 */
#include "devcheck.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void *dc_realloc(void *p, size_t size)
{
    p = realloc(p, size ? size : 1);
    if (!p) {
        fputs("devcheck: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

char *dc_vformat(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = dc_realloc(NULL, (size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

char *dc_format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = dc_vformat(fmt, ap);
    va_end(ap);
    return s;
}
