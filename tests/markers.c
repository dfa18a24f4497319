/* The marker drivers' common part (markers.h). */
#define _GNU_SOURCE     /* getdelim */
#include "markers.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *marker_driver = "markers";
int marker_failures;

void marker_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", marker_driver);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

void marker_differ(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf(line ? "%s:%d: " : "%s: ", file, line);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    marker_failures++;
}

void *marker_grow(void *p, size_t n, size_t size)
{
    p = realloc(p, (n + 1) * size);
    if (!p)
        marker_die("out of memory");
    return p;
}

char *marker_trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    char *end = s + strlen(s);
    if (end - s >= 2 && strcmp(end - 2, "*/") == 0)
        end -= 2;
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    *end = '\0';
    return s;
}

int marker_options(int argc, char **argv, const marker_option *options, size_t n)
{
    int i = 1;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        size_t k = 0;
        while (k < n && strcmp(argv[i], options[k].name) != 0)
            k++;
        if (k == n)
            return -1;
        if (options[k].flag)
            *options[k].flag = true;
        else if (i + 1 < argc)
            *options[k].value = argv[++i];
        else
            return -1;
    }
    return i;
}

/* What follows tag in line, when tag opens a comment. */
static char *after_tag(char *line, const char *tag)
{
    for (char *at = strstr(line, tag); at; at = strstr(at + 1, tag)) {
        char *p = at;
        while (p > line && p[-1] == ' ')
            p--;
        if (p - line >= 2 && p[-2] == '/' && (p[-1] == '/' || p[-1] == '*'))
            return at + strlen(tag);
    }
    return NULL;
}

/* A marker's text: a copy, up to the next "//", trimmed. */
static char *marker_text(const char *rest)
{
    const char *next = strstr(rest, "//");
    char *text = strndup(rest, next ? (size_t)(next - rest) : strlen(rest));
    if (!text)
        marker_die("out of memory");
    char *t = marker_trim(text);
    memmove(text, t, strlen(t) + 1);
    return text;
}

void marker_read(const char *path, const marker_tag *tags, size_t ntags)
{
    char *line = NULL;
    size_t cap = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        marker_die("%s: %s", path, strerror(errno));
    for (int lineno = 1; getline(&line, &cap, f) >= 0; lineno++) {
        line[strcspn(line, "\n")] = '\0';
        for (size_t k = 0; k < ntags; k++) {
            char *rest = after_tag(line, tags[k].tag);
            if (rest)
                tags[k].expect(lineno, marker_text(rest));
        }
    }
    if (ferror(f))
        marker_die("%s: %s", path, strerror(errno));
    free(line);
    fclose(f);
}
