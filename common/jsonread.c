/* JSON read strictly (jsonread.h). */
#include "jsonread.h"

#include "json.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64

bool jr_fail(json_reader *r, const char *fmt, ...)
{
    int line = 1, col = 1;
    for (const char *c = r->start; c < r->p; c++)
        if (*c == '\n')
            line++, col = 1;
        else
            col++;
    int n = snprintf(r->err, r->errlen, "%s:%d:%d: ", r->name, line, col);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < r->errlen)
        vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

int jr_peek(json_reader *r)
{
    while (r->p < r->end && *r->p && strchr(" \t\r\n", *r->p))    /* not NUL */
        r->p++;
    return r->p < r->end ? (unsigned char)*r->p : EOF;
}

bool jr_expect(json_reader *r, char c, const char *what)
{
    int got = jr_peek(r);
    if (got != c)
        return jr_fail(r, got == EOF ? "the file ends where %s is expected" : "expected %s", what);
    r->p++;
    return true;
}

static int hex4(const char *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        int c = p[i], d = c >= '0' && c <= '9' ? c - '0'
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

static void put_utf8(char *out, size_t *n, unsigned cp)
{
    if (cp < 0x80) {
        out[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*n)++] = (char)(0xc0 | cp >> 6);
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out[(*n)++] = (char)(0xe0 | cp >> 12);
        out[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    } else {
        out[(*n)++] = (char)(0xf0 | cp >> 18);
        out[(*n)++] = (char)(0x80 | (cp >> 12 & 0x3f));
        out[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    }
}

/* A \u escape at r->p (past the backslash and the u), a surrogate pair
   whole; the code point, or -1 after saying why. */
static long read_unicode(json_reader *r)
{
    int hi = r->end - r->p >= 4 ? hex4(r->p) : -1;
    if (hi < 0)
        return jr_fail(r, "\\u wants four hex digits"), -1;
    r->p += 4;
    if (hi < 0xd800 || hi > 0xdfff)
        return hi ? hi : (jr_fail(r, "a NUL character (\\u0000) in a string"), -1);
    int lo = hi < 0xdc00 && r->end - r->p >= 6 && r->p[0] == '\\' && r->p[1] == 'u'
                 ? hex4(r->p + 2) : -1;
    if (lo < 0xdc00 || lo > 0xdfff)
        return jr_fail(r, "a lone UTF-16 surrogate"), -1;
    r->p += 6;
    return 0x10000 + ((long)(hi - 0xd800) << 10) + (lo - 0xdc00);
}

/* Each escape letter, and what it stands for. */
static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";

/* One character of a string at r->p, onto s; NULL, or why not. */
static const char *read_char(json_reader *r, char *s, size_t *n)
{
    unsigned char c = (unsigned char)*r->p;
    if (c < 0x20)
        return "a control character in a string";
    if (c == '\\' && r->p + 1 < r->end && r->p[1] == 'u') {
        r->p += 2;
        long cp = read_unicode(r);
        if (cp < 0)
            return "";
        put_utf8(s, n, (unsigned)cp);
        return NULL;
    }
    if (c == '\\') {
        const char *e = r->p + 1 < r->end && r->p[1] ? strchr(escapes, r->p[1]) : NULL;
        if (!e || (e - escapes) % 2)
            return "an unknown escape in a string";
        s[(*n)++] = e[1];
        r->p += 2;
        return NULL;
    }
    size_t k = json_utf8_sequence((const unsigned char *)r->p, (size_t)(r->end - r->p));
    if (!k)
        return "not UTF-8";
    memcpy(s + *n, r->p, k);
    *n += k;
    r->p += k;
    return NULL;
}

bool jr_string(json_reader *r, char **out)
{
    if (!jr_expect(r, '"', "a string"))
        return false;
    const char *close = r->p;          /* decoded, never longer than written */
    while (close < r->end && *close != '"')
        close += *close == '\\' ? 2 : 1;
    if (close >= r->end)
        return jr_fail(r, "a string not closed");
    size_t n = 0;
    char *s = malloc((size_t)(close - r->p) + 1);
    if (!s)
        return jr_fail(r, "out of memory");
    const char *why = NULL;
    while (!why && r->p < close)
        why = read_char(r, s, &n);
    s[n] = '\0';
    if (why) {
        free(s);
        return *why ? jr_fail(r, "%s", why) : false;   /* "": said already */
    }
    r->p++;
    if (out)
        *out = s;
    else
        free(s);
    return true;
}

/* ---- values read whole ----------------------------------------------------- */

static bool read_value(json_reader *r, jv *v, int depth);

/* Room for one more item of v; NULL when memory is out. */
static jv *new_item(json_reader *r, jv *v, bool keyed)
{
    jv *items = realloc(v->items, (v->n + 1) * sizeof *items);
    char **keys = keyed ? realloc(v->keys, (v->n + 1) * sizeof *keys) : NULL;
    if (items)
        v->items = items;
    if (keys)
        v->keys = keys;
    if (!items || (keyed && !keys))
        return jr_fail(r, "out of memory"), NULL;
    v->items[v->n] = (jv){JV_NULL, NULL, 0, NULL, NULL};
    if (keyed)
        v->keys[v->n] = NULL;
    return &v->items[v->n++];
}

/* An array's or an object's items, past the opening bracket. */
static bool read_items(json_reader *r, jv *v, int depth)
{
    bool keyed = v->type == JV_OBJECT;
    char close = keyed ? '}' : ']';
    if (jr_peek(r) == close)
        return r->p++, true;
    do {
        jv *item = new_item(r, v, keyed);
        if (!item)
            return false;
        if (keyed && (!jr_string(r, &v->keys[v->n - 1]) || !jr_expect(r, ':', "':'")))
            return false;
        if (!read_value(r, item, depth + 1))
            return false;
    } while (jr_peek(r) == ',' && r->p++);
    return jr_expect(r, close, keyed ? "',' or '}'" : "',' or ']'");
}

/* Past the digits at *s; how many. */
static size_t skip_digits(const char **s, const char *end)
{
    const char *from = *s;
    while (*s < end && **s >= '0' && **s <= '9')
        ++*s;
    return (size_t)(*s - from);
}

/* A number's length as RFC 8259 writes it, -?(0|[1-9][0-9]*)(.[0-9]+)?
   ([eE][+-]?[0-9]+)?; 0 for none. */
static size_t number_length(const char *p, const char *end)
{
    const char *s = p;
    if (s < end && *s == '-')
        s++;
    if (s < end && *s == '0')
        s++;
    else if (!skip_digits(&s, end))
        return 0;
    if (s < end && *s == '.' && (s++, !skip_digits(&s, end)))
        return 0;
    if (s < end && (*s == 'e' || *s == 'E')) {
        s++;
        if (s < end && (*s == '+' || *s == '-'))
            s++;
        if (!skip_digits(&s, end))
            return 0;
    }
    return (size_t)(s - p);
}

/* The words JSON has, and what each is. */
static const struct { const char *word; jv_type type; } words[] = {
    {"null", JV_NULL}, {"false", JV_FALSE}, {"true", JV_TRUE},
};

static bool read_scalar(json_reader *r, jv *v)
{
    size_t left = (size_t)(r->end - r->p), n;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (n = strlen(words[i].word), left >= n && !memcmp(r->p, words[i].word, n)) {
            v->type = words[i].type;
            r->p += n;
            return true;
        }
    n = number_length(r->p, r->end);
    if (!n)
        return jr_fail(r, "expected a value");
    v->type = JV_NUMBER;
    v->text = strndup(r->p, n);
    r->p += n;
    return v->text || jr_fail(r, "out of memory");
}

static bool read_value(json_reader *r, jv *v, int depth)
{
    int c = jr_peek(r);
    if (depth > MAX_DEPTH)
        return jr_fail(r, "nested deeper than %d", MAX_DEPTH);
    if (c == EOF)
        return jr_fail(r, "the file ends where a value is expected");
    if (c == '"')
        return v->type = JV_STRING, jr_string(r, &v->text);
    if (c != '[' && c != '{')
        return read_scalar(r, v);
    v->type = c == '{' ? JV_OBJECT : JV_ARRAY;
    r->p++;
    return read_items(r, v, depth);
}

bool jr_document(json_reader *r, jv *out)
{
    *out = (jv){JV_NULL, NULL, 0, NULL, NULL};
    if (read_value(r, out, 0) && (jr_peek(r) == EOF || jr_fail(r, "more after the value")))
        return true;
    jv_free(out);
    return false;
}

void jv_free(jv *v)
{
    for (size_t i = 0; i < v->n; i++) {
        jv_free(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->text);
    *v = (jv){JV_NULL, NULL, 0, NULL, NULL};
}

const jv *jv_get(const jv *v, const char *key, jv_type type)
{
    if (!v || v->type != JV_OBJECT)
        return NULL;
    for (size_t i = 0; i < v->n; i++)
        if (v->keys[i] && !strcmp(v->keys[i], key))
            return v->items[i].type == type ? &v->items[i] : NULL;
    return NULL;
}
