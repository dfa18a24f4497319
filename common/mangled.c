/*
 * A kernel's parameters read from its C++ name.  A kernel that nvcc built
 * reaches the emulator by name alone (__cudaRegisterFunction), with no
 * body, and the shim meets kernels that no runtime it can reach describes
 * (a static cudart's, named only in CUPTI's launch callbacks); but a C++
 * name says its parameters' types (_Z5scalePfif: a float *, an int, a
 * float): enough for the sizes that cudaFuncGetParamInfo gives and the
 * pointers that a tracer checks.  This reads the part of the
 * Itanium C++ ABI's mangling that kernels' parameters use: the builtin
 * types, pointers to anything, cv-qualifiers, namespaces, function
 * templates (their return type, and T_ for their type arguments; value
 * arguments are passed over), and substitutions.  A parameter passed by value of
 * a class or enum (whose size a name does not say), a reference, a pack or
 * anything else is not read, and the whole kernel stays unknown: a wrong
 * layout would be worse than none.
 */
#include "mangled.h"

#include <string.h>

#define MAX_SUBSTITUTIONS 64
#define MAX_TEMPLATE_ARGS 16

/* What a type is, as far as a parameter's layout goes: its size, whether
   a pointer, or UNSIZED (a class, an enum, a namespace) and BAD. */
typedef struct { int size; bool pointer; } kind;
#define UNSIZED ((kind){ -1, false })
#define BAD ((kind){ -2, false })
#define IS_BAD(k) ((k).size == -2)

typedef struct {
    const char *p;
    kind subs[MAX_SUBSTITUTIONS], args[MAX_TEMPLATE_ARGS];
    int nsubs, nargs;
    bool failed, templated;             /* templated: the function's name has args */
} reader;

static const struct { const char *code; int size; } builtins[] = {
    { "v", 0 }, { "b", 1 }, { "c", 1 }, { "a", 1 }, { "h", 1 }, { "s", 2 }, { "t", 2 },
    { "i", 4 }, { "j", 4 }, { "l", 8 }, { "m", 8 }, { "x", 8 }, { "y", 8 },
    { "n", 16 }, { "o", 16 }, { "f", 4 }, { "d", 8 }, { "e", 16 }, { "g", 16 },
    { "w", 4 }, { "Ds", 2 }, { "Di", 4 }, { "Du", 1 }, { "Dh", 2 }, { "DF16_", 2 },
};

static kind fail(reader *r)
{
    r->failed = true;
    return BAD;
}

static kind substitutable(reader *r, kind k)
{
    if (r->nsubs < MAX_SUBSTITUTIONS)
        r->subs[r->nsubs++] = k;
    else
        r->failed = true;
    return k;
}

/* What S<id>_ and T<id>_ count by: "_" alone is 0, else the number in
   base 36 (digits, then capitals) plus one. */
static int seq_id(reader *r)
{
    if (*r->p == '_') {
        r->p++;
        return 0;
    }
    int n = 0;
    for (; (*r->p >= '0' && *r->p <= '9') || (*r->p >= 'A' && *r->p <= 'Z'); r->p++)
        if ((n = n * 36 + (*r->p <= '9' ? *r->p - '0' : *r->p - 'A' + 10)) > MAX_SUBSTITUTIONS)
            return fail(r), 0;
    if (*r->p++ != '_')
        return fail(r), 0;
    return n + 1;
}

static kind substitution(reader *r)
{
    r->p++;                             /* S */
    if (*r->p == 't') {                 /* std:: as a prefix */
        r->p++;
        return UNSIZED;
    }
    int i = seq_id(r);
    return !r->failed && i < r->nsubs ? r->subs[i] : fail(r);
}

static void source_name(reader *r)
{
    size_t n = 0;
    while (*r->p >= '0' && *r->p <= '9' && n <= 4096)
        n = n * 10 + (size_t)(*r->p++ - '0');
    if (n == 0 || strnlen(r->p, n) < n)
        fail(r);
    else
        r->p += n;
}

static kind type(reader *r);

/* I<arg>+E; with outermost, the args that T_ names. */
static void template_args(reader *r, bool outermost)
{
    r->p++;                             /* I */
    if (outermost)
        r->nargs = 0;
    while (!r->failed && *r->p != 'E') {
        kind k;
        if (*r->p == 'L') {             /* a value: L<type><number>E */
            const char *end = strchr(r->p, 'E');
            if (!end)
                return (void)fail(r);
            r->p = end + 1;
            k = UNSIZED;
        } else {
            k = type(r);
        }
        if (outermost && r->nargs < MAX_TEMPLATE_ARGS)
            r->args[r->nargs++] = k;
    }
    if (!r->failed)
        r->p++;
}

/* A name: N<prefix>+E, or one source name, either with template args
   after a part.  Each prefix of a nested name is a substitution, but for
   the whole; so is a name before its template args.  outermost: the
   function's own name, whose template args T_ names. */
static kind name(reader *r, bool outermost)
{
    bool nested = *r->p == 'N', args = false;
    if (nested) {
        r->p++;
        while (*r->p == 'K' || *r->p == 'V' || *r->p == 'r')
            r->p++;
    }
    do {
        bool named = *r->p >= '1' && *r->p <= '9';
        if (named)
            source_name(r);
        else if (*r->p == 'S')
            substitution(r);
        else
            return fail(r);
        args = !r->failed && *r->p == 'I';
        if (args) {
            substitutable(r, UNSIZED);
            template_args(r, outermost);
        }
        if (!r->failed && nested && *r->p != 'E' && (named || args))
            substitutable(r, UNSIZED);
    } while (!r->failed && nested && *r->p != 'E');
    if (nested && !r->failed)
        r->p++;
    if (outermost)
        r->templated = args;
    return r->failed ? BAD : UNSIZED;
}

static kind type(reader *r)
{
    for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++) {
        size_t n = strlen(builtins[i].code);
        if (!strncmp(r->p, builtins[i].code, n)) {
            r->p += n;
            return (kind){ builtins[i].size, false };
        }
    }
    char c = *r->p;
    if (c == 'K' || c == 'V' || c == 'r') {
        r->p++;
        kind k = type(r);
        return IS_BAD(k) ? k : substitutable(r, k);
    }
    if (c == 'P') {
        r->p++;
        return IS_BAD(type(r)) ? BAD : substitutable(r, (kind){ sizeof(void *), true });
    }
    if (c == 'S' && r->p[1] != 't')
        return substitution(r);
    if (c == 'T') {
        r->p++;
        int i = seq_id(r);
        if (r->failed || i >= r->nargs)
            return fail(r);
        return substitutable(r, r->args[i]);
    }
    if (c == 'N' || (c >= '1' && c <= '9') || c == 'S') {
        kind k = name(r, false);
        return IS_BAD(k) ? k : substitutable(r, k);
    }
    return fail(r);
}

int mangled_params(const char *mangled, mangled_param *params, int max)
{
    reader r = { .p = mangled };
    if (!mangled || strncmp(mangled, "_Z", 2) != 0)
        return -1;
    r.p += 2;
    name(&r, true);
    if (r.templated && !r.failed)
        type(&r);                       /* a template's return type comes first */
    if (!r.failed && !strcmp(r.p, "v"))
        return 0;
    int n = 0;
    while (!r.failed && *r.p && n < max) {
        kind k = type(&r);
        if (k.size <= 0)
            return -1;
        params[n++] = (mangled_param){ (unsigned)k.size, k.pointer };
    }
    return r.failed || *r.p ? -1 : n;
}
