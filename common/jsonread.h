/*
 * JSON into C, strictly (RFC 8259): the place of the first error is said
 * as "NAME:LINE:COL: why", and nothing past the text is read.  The reader's
 * steps (jr_*) serve a reader that checks a format as it goes (devcheck's
 * compile_commands.json); jr_document reads a whole text into values
 * (devtrace's --static SARIF).
 */
#ifndef DEVTRACE_JSONREAD_H
#define DEVTRACE_JSONREAD_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *start, *p, *end;
    const char *name;                   /* the file, for messages */
    char *err;
    size_t errlen;
} json_reader;

/* "NAME:LINE:COL: why" into r->err, for the place r is at; returns false. */
bool jr_fail(json_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The next character past blanks, or EOF. */
int jr_peek(json_reader *r);
/* The character c next (what, for the error); false after saying so. */
bool jr_expect(json_reader *r, char c, const char *what);
/* A string, decoded into *out (malloc'd; NULL: not kept). */
bool jr_string(json_reader *r, char **out);

/* A value read whole.  Numbers are kept as their text. */
typedef enum { JV_NULL, JV_FALSE, JV_TRUE, JV_NUMBER, JV_STRING, JV_ARRAY, JV_OBJECT } jv_type;
typedef struct jv {
    jv_type type;
    char *text;                 /* a string's, a number's; an object's member: NULL */
    size_t n;                   /* an array's or object's items */
    struct jv *items;
    char **keys;                /* an object's, one per item */
} jv;

/* The whole text as one value, nothing after it; false (r->err says why)
   when it is not JSON or nests deeper than 64. */
bool jr_document(json_reader *r, jv *out);
void jv_free(jv *v);
/* The member key of object v when it is of that type; NULL otherwise. */
const jv *jv_get(const jv *v, const char *key, jv_type type);

#endif /* DEVTRACE_JSONREAD_H */
