/*
 * A prelude's source: the libraries' headers a file's first lines reach.
 * A file's prelude holds the libraries' headers it includes before
 * anything else, itself or through headers of the project's own (mmcv's
 * ops include "pytorch_cpp_helper.hpp", which includes <torch/types.h>):
 * the lines are read as the preprocessor reads them, the project's headers
 * entered, up to the first that is none of an #include, a #pragma once,
 * an #ifdef or #ifndef (and their #else and #endif), a #define or #undef
 * of one line, and an #if block of these (pytorch_scatter's macros.h).
 * So the prelude is the very start of the unit, libraries' headers and the
 * macros the project sets among them, copied where the lines set them (an
 * #if block as written, the preprocessor to weigh it), and checked at the
 * prelude's end: the file's parse reads the lines again after it, which
 * must change nothing (macro_checks).  The guards' macros are left
 * undefined in it, as no library reads them.  The project's headers are
 * never in it, as a precompiled header's functions are out of the walk: a
 * library's header is one on -isystem or
 * -idirafter, one under an installed library's root (dc_library_path),
 * libtorch's by its folders, or one the flags' folders do not hold (the
 * compiler's own, or one not there: included where __has_include finds
 * it, the file saying the error).  An #ifdef is taken as the flags' -D
 * say, and the prelude checks it (an #error where a header says otherwise:
 * a prelude with errors is none).  It includes each header twice, so that
 * it has errors unless a header can be included again, as the file does
 * after it (glibc's <stdlib.h> is not guarded as clang sees guards, but
 * harmless again; a header of definitions with no guard is not).
 */
#include "frontend.h"
#include "grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const torch_folders[] = { "torch/", "ATen/", "c10/" };

/* A folder an #include is looked for in: kind 'q' (-iquote), 'I' (-I) or
   's' (a library's: -isystem, -idirafter). */
typedef struct {
    const char *dir;
    char kind;
} search_dir;

static const struct {
    const char *flag;
    char kind;
} include_flags[] = {
    { "-iquote", 'q' }, { "-I", 'I' }, { "-isystem", 's' }, { "-idirafter", 's' },
};

/* The directives a prelude's lines can hold, and what ends it (D_OTHER). */
enum directive { D_INCLUDE, D_PRAGMA, D_IFDEF, D_IFNDEF, D_IF, D_ELIF, D_ELSE, D_ENDIF, D_DEFINE,
                 D_UNDEF, D_OTHER };
static const char *const directive_names[] = { "include", "pragma", "ifdef", "ifndef", "if",
                                               "elif", "else", "endif", "define", "undef" };

static enum directive directive_of(const char *word, size_t len)
{
    for (int d = 0; d < D_OTHER; d++)
        if (strlen(directive_names[d]) == len && strncmp(word, directive_names[d], len) == 0)
            return (enum directive)d;
    return D_OTHER;
}

/* A line of a prelude's source that its checks repeat: a #define or an
   #undef, or a conditional of an #if's block (d); where it begins; and
   its stretch of lines with no conditional between (0: outside blocks,
   where a line always runs). */
typedef struct {
    char *line;
    size_t at;
    int stretch;
    enum directive d;
} kept_line;

typedef struct {
    search_dir *dirs;
    int ndirs;
    const char *cwd;                    /* -working-directory's, or NULL */
    char **defined, **guards;           /* macros the flags define; the guards read */
    int ndefined, nguards;
    char **entered;                     /* the project's headers read, real paths */
    int nentered;
    char *text;                         /* the prelude's source so far */
    kept_line *kept;                    /* its macros' lines, its blocks' conditionals */
    int nkept, capkept;
    char *block;                        /* an #if's lines read so far, or NULL */
    int block_depth;                    /* the conditionals open in it */
    int stretch;                        /* the last stretch of a block's lines */
    bool block_includes;                /* the block includes a library's header */
    size_t end;                         /* where its last #include ends (the checks after go) */
    bool ended;                         /* a line that ends the prelude was read */
    bool cuda;                          /* a .cu file's: nvcc.h's headers come first */
} prelude_scan;

/* The headers devcheck/cuda/nvcc.h includes, as nvcc's own headers do: a
   .cu file has read them before its first line, so its includes of them
   are nothing, and left out of its prelude (whose list is then that of
   the files that do not name them: mmcv's ops that include <stdio.h> and
   <math.h> first share the others' prelude). */
static const char *const cuda_given[] = { "math.h", "new", "stdio.h", "stdlib.h", "time.h" };

static bool given(const prelude_scan *s, const char *name)
{
    for (size_t i = 0; s->cuda && i < sizeof cuda_given / sizeof *cuda_given; i++)
        if (strcmp(name, cuda_given[i]) == 0)
            return true;
    return false;
}

#define MAX_CONDITIONALS 32
#define MAX_INCLUDE_DEPTH 32

/* The conditionals open in a file: whether each one's lines are read, and
   whether one of its branches was. */
typedef struct {
    bool reading[MAX_CONDITIONALS], taken[MAX_CONDITIONALS];
    int n;
    char guard[128];                    /* what the file's first line's #ifndef tested */
    size_t guard_at;                    /* where the prelude's check of it begins */
    bool started;                       /* a line of the file read */
} conditionals;

static void add_name(char ***v, int *n, const char *name, size_t len)
{
    *v = dc_realloc(*v, (size_t)(*n + 1) * sizeof **v);
    (*v)[(*n)++] = dc_format("%.*s", (int)len, name);
}

static bool named(char *const *v, int n, const char *name, size_t len)
{
    for (int i = 0; i < n; i++)
        if (strlen(v[i]) == len && strncmp(v[i], name, len) == 0)
            return true;
    return false;
}

static void free_names(char **v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* A macro defined, or not: -D, -U, #define, #undef (the last one says). */
static void set_macro(prelude_scan *s, const char *name, size_t len, bool define)
{
    for (int k = 0; k < s->ndefined; k++)
        if (named(&s->defined[k], 1, name, len))
            s->defined[k][0] = 0;
    if (define)
        add_name(&s->defined, &s->ndefined, name, len);
}

/* What a flag of c gives: a folder, a macro (-D; -U takes it back), the
   folder of relative paths. */
static void scan_flag(prelude_scan *s, const command *c, int *i)
{
    const char *arg = c->argv[*i], *next = *i + 1 < c->argc ? c->argv[*i + 1] : NULL;
    if (arg[0] != '-' || !arg[1])
        return;
    if (strcmp(arg, "-working-directory") == 0 && next) {
        s->cwd = next;
        ++*i;
        return;
    }
    if ((arg[1] == 'D' || arg[1] == 'U') && (arg[2] || next)) {
        const char *name = arg[2] ? arg + 2 : c->argv[++*i];
        set_macro(s, name, strcspn(name, "="), arg[1] == 'D');
        return;
    }
    for (size_t k = 0; k < sizeof include_flags / sizeof *include_flags; k++) {
        size_t len = strlen(include_flags[k].flag);
        if (strncmp(arg, include_flags[k].flag, len) != 0 || (!arg[len] && !next))
            continue;
        s->dirs = dc_realloc(s->dirs, (size_t)(s->ndirs + 1) * sizeof *s->dirs);
        s->dirs[s->ndirs++] = (search_dir){ arg[len] ? arg + len : c->argv[++*i],
                                            include_flags[k].kind };
        break;
    }
}

/* The readable file dir/name (dir, where relative, the compile command's
   folder's when it is a flag's, the current one's when the includer's),
   or NULL. */
static char *found_in(const prelude_scan *s, const char *dir, const char *name, bool flag)
{
    char *path = flag && s->cwd && dir[0] != '/' ? dc_format("%s/%s/%s", s->cwd, dir, name)
                                                 : dc_format("%s/%s", dir, name);
    if (access(path, R_OK) == 0)
        return path;
    free(path);
    return NULL;
}

/* The project's header an #include names, from the file in folder dir:
   its real path, or NULL for a library's (found as the compiler would,
   `"..."` from dir first; *found: on the flags' path). */
static char *project_header(const prelude_scan *s, const char *dir, const char *name, bool quoted,
                            bool *found)
{
    char *path = name[0] == '/' ? found_in(s, "", name, false)
                 : quoted       ? found_in(s, dir, name, false)
                                : NULL;
    char kind = path ? 'q' : 0;
    for (const char *k = quoted ? "qIs" : "Is"; *k && !path; k++)
        for (int i = 0; i < s->ndirs && !path; i++)
            if (s->dirs[i].kind == *k && (path = found_in(s, s->dirs[i].dir, name, true)))
                kind = *k;
    bool torch = false;
    for (size_t i = 0; i < sizeof torch_folders / sizeof *torch_folders; i++)
        torch = torch || strncmp(name, torch_folders[i], strlen(torch_folders[i])) == 0;
    char *real = path && kind != 's' && !torch ? realpath(path, NULL) : NULL;
    *found = path != NULL;
    free(path);
    if (real && dc_library_path(real)) {
        free(real);
        real = NULL;
    }
    return real;
}

/* The comments of a line blanked, from *in_comment on (a block comment
   open from the line before). */
static void uncomment(char *line, bool *in_comment)
{
    for (char *p = line; *p; p++) {
        if (*in_comment) {
            *in_comment = !(p[0] == '*' && p[1] == '/');
            if (!*in_comment)
                *p++ = ' ';
            *p = ' ';
        } else if (p[0] == '/' && p[1] == '/') {
            *p = 0;
            break;
        } else if (p[0] == '/' && p[1] == '*') {
            *in_comment = true;
            *p++ = ' ';
            *p = ' ';
        }
    }
}

static void scan_file(prelude_scan *s, const char *path, int depth);

/* text, then a library's header included twice; one not found may be the
   compiler's, or not there. */
static char *library_include(const char *text, const char *name, bool found)
{
    return found ? dc_format("%s#include <%s>\n#include <%s>\n", text, name, name)
                 : dc_format("%s#if __has_include(<%s>)\n#include <%s>\n#include <%s>\n#endif\n",
                             text, name, name, name);
}

/* The header an #include's rest names (quoted: as "..."), or NULL: a
   macro's name. */
static char *include_name(const char *rest, bool *quoted)
{
    char close = rest[0] == '<' ? '>' : rest[0] == '"' ? '"' : 0;
    const char *end = close ? strchr(rest + 1, close) : NULL;
    *quoted = close == '"';
    return end && end > rest + 1 ? dc_format("%.*s", (int)(end - rest - 1), rest + 1) : NULL;
}

/* An #include's rest: a library's header into the prelude, a project's
   read in its place; anything else (a macro's name) ends it. */
static void scan_include(prelude_scan *s, const char *dir, const char *rest, int depth)
{
    bool quoted, found;
    char *name = include_name(rest, &quoted);
    if (!name) {
        s->ended = true;
        return;
    }
    char *own = project_header(s, dir, name, quoted, &found);
    if (own && !named(s->entered, s->nentered, own, strlen(own))) {
        add_name(&s->entered, &s->nentered, own, strlen(own));
        scan_file(s, own, depth + 1);
    } else if (!own && !given(s, name)) {
        char *line = dc_format("#include <%s>\n", name);
        if (!strstr(s->text, line)) {
            char *more = library_include(s->text, name, found);
            free(s->text);
            s->text = more;
            s->end = strlen(more);
        }
        free(line);
    }
    free(own);
    free(name);
}

/* An #ifdef (defined: whether it asks for the macro) taken as the flags
   and the guards read say, and checked in the prelude where a header
   could say otherwise. */
static void scan_ifdef(prelude_scan *s, conditionals *c, const char *name, size_t len,
                       bool defined)
{
    bool guard = named(s->guards, s->nguards, name, len);
    bool known = guard || named(s->defined, s->ndefined, name, len);
    c->guard_at = strlen(s->text);
    if (!guard) {
        char *more = dc_format("%s#if%sdef %.*s\n#error \"devcheck: the prelude took %.*s as %s\"\n"
                               "#endif\n", s->text, known ? "n" : "", (int)len, name, (int)len,
                               name, known ? "defined" : "undefined");
        free(s->text);
        s->text = more;
    }
    c->reading[c->n] = c->taken[c->n] = known == defined;
    c->n++;
    if (!defined && !c->started)        /* an include guard's, if the next line defines it */
        snprintf(c->guard, sizeof c->guard, "%.*s", (int)len, name);
}

/* line (d's, beginning at at in the prelude's source, in stretch), kept
   for the checks. */
static const char *keep_line(prelude_scan *s, enum directive d, size_t at, int stretch, char *line)
{
    GROW(s->kept, s->nkept, s->capkept, 8, dc_realloc);
    s->kept[s->nkept++] = (kept_line){ line, at, stretch, d };
    return line;
}

/* The line a #define's or #undef's rest makes ("#define X 1"), fresh;
   NULL for one continued on the next line, which the prelude does not
   follow. */
static char *macro_text(bool define, const char *rest)
{
    size_t len = strcspn(rest, "\r\n");
    while (len && (rest[len - 1] == ' ' || rest[len - 1] == '\t'))
        len--;
    return len && rest[len - 1] == '\\'
               ? NULL
               : dc_format("#%s %.*s", define ? "define" : "undef", (int)len, rest);
}

/* A macro defined or undefined on a line read: in the prelude too, where
   the headers after it read it as the file's parse does (a file defines
   NCCL_TESTS_VERSION, _GNU_SOURCE, a library's option, then includes);
   the file defines it again, the same, which is no redefinition.  One
   continued on the next line ends the prelude. */
static void scan_macro(prelude_scan *s, bool define, const char *rest, size_t name)
{
    char *line = macro_text(define, rest);
    s->ended = !line;
    if (!line)
        return;
    set_macro(s, rest, name, define);
    char *more = dc_format("%s%s\n", s->text,
                           keep_line(s, define ? D_DEFINE : D_UNDEF, strlen(s->text), 0, line));
    free(s->text);
    s->text = more;
}

/* The name a macro line sets (its length in *len). */
static const char *macro_name(const char *line, size_t *len)
{
    const char *name = line + strcspn(line, " ") + 1;
    *len = strcspn(name, " \t(");
    return name;
}

static bool same_macro(const char *a, const char *b)
{
    size_t la, lb;
    const char *na = macro_name(a, &la), *nb = macro_name(b, &lb);
    return la == lb && strncmp(na, nb, la) == 0;
}

static bool sets_macro(enum directive d)
{
    return d == D_DEFINE || d == D_UNDEF;
}

/* Whether a line of the prelude sure to run after kept line k sets its
   macro again: one outside blocks, or in k's stretch of a block (one in
   another branch, or deeper, may not run). */
static bool set_again(const prelude_scan *s, int k)
{
    for (int j = k + 1; j < s->nkept && s->kept[j].at < s->end; j++)
        if (sets_macro(s->kept[j].d) && same_macro(s->kept[k].line, s->kept[j].line) &&
            (!s->kept[j].stretch || s->kept[j].stretch == s->kept[k].stretch))
            return true;
    return false;
}

/* The check that a #define's line changes nothing at the prelude's end:
   the macro is defined, and expands as the line's body does, both
   stringified and compared (a function-like one called with its
   parameters' names).  No warning can say a redefinition: the command's
   -w silences even one a pragma makes an error. */
static char *define_check(const char *line)
{
    size_t len;
    const char *name = macro_name(line, &len);
    int params = name[len] == '(' ? (int)strcspn(name + len, ")") + 1 : 0;
    return dc_format("#ifndef %.*s\n#error \"devcheck: the prelude undefined %.*s\"\n#endif\n"
                     "#define devcheck_prelude_body%s\n"
                     "_Static_assert(__builtin_strcmp(devcheck_prelude_string(%.*s%.*s), "
                     "devcheck_prelude_string(devcheck_prelude_body%.*s)) == 0, "
                     "\"devcheck: the prelude redefined %.*s\");\n#undef devcheck_prelude_body\n",
                     (int)len, name, (int)len, name, name + len, (int)len, name, params, name + len,
                     params, name + len, (int)len, name);
}

/* Kept line k's part of the checks (*checked: a macro's check): a block's
   conditional as written (the preprocessor weighs it again, at the
   prelude's end, as the file's parse does reading the header again); a
   macro's line, the check that it changes nothing there, where no later
   line sets the macro again. */
static char *line_check(const prelude_scan *s, int k, bool *checked)
{
    const kept_line *l = &s->kept[k];
    size_t len;
    const char *name = macro_name(l->line, &len);
    *checked = sets_macro(l->d) && !set_again(s, k);
    if (!sets_macro(l->d))
        return dc_format("%s\n", l->line);
    if (!*checked)
        return dc_format("%s", "");
    return l->d == D_DEFINE ? define_check(l->line)
                            : dc_format("#ifdef %.*s\n#error \"devcheck: the prelude defined %.*s\"\n"
                                        "#endif\n", (int)len, name, (int)len, name);
}

/* The checks that each macro a prelude's lines set is still so at its end:
   the file sets it again after the prelude, which must change nothing (a
   header after an #undef that defines the macro again, or one that
   redefines or undefines it, would have the file's own line undo the
   header's: an error, and no prelude, then).  They are the prelude's
   macro lines and blocks again, each macro line its check; none where no
   line is checked (the source of a prelude of headers alone is theirs,
   its start shared: prelude.c's covering). */
static char *macro_checks(const prelude_scan *s)
{
    char *checks = dc_format("%s", "");
    bool any = false;
    for (int k = 0; k < s->nkept && s->kept[k].at < s->end; k++) {
        bool checked;
        char *check = line_check(s, k, &checked), *more = dc_format("%s%s", checks, check);
        any = any || checked;
        free(check);
        free(checks);
        checks = more;
    }
    char *all = any ? dc_format("#define devcheck_prelude_string(...) devcheck_prelude_quote(__VA_ARGS__)\n"
                                "#define devcheck_prelude_quote(...) #__VA_ARGS__\n%s"
                                "#undef devcheck_prelude_string\n#undef devcheck_prelude_quote\n", checks)
                    : dc_format("%s", "");
    free(checks);
    return all;
}

static bool all_read(const conditionals *c)
{
    bool read = true;
    for (int i = 0; i < c->n; i++)
        read = read && c->reading[i];
    return read;
}

/* A directive in lines skipped: only the conditionals count. */
static void skip_directive(prelude_scan *s, conditionals *c, enum directive d)
{
    bool innermost = !c->reading[c->n - 1];    /* the one that skips, the others read */
    for (int i = 0; i + 1 < c->n; i++)
        innermost = innermost && c->reading[i];
    if ((d == D_IF || d == D_IFDEF || d == D_IFNDEF) && c->n < MAX_CONDITIONALS) {
        c->reading[c->n] = false;
        c->taken[c->n++] = true;
    } else if (d == D_IF || d == D_IFDEF || d == D_IFNDEF) {
        s->ended = true;
    } else if (d == D_ENDIF) {
        c->n--;
    } else if (innermost && d == D_ELSE) {
        c->reading[c->n - 1] = !c->taken[c->n - 1];
    } else if (innermost && d == D_ELIF && !c->taken[c->n - 1]) {
        s->ended = true;                /* not weighed */
    }
}

/* A directive in lines read, and its rest. */
static void read_directive(prelude_scan *s, conditionals *c, const char *dir, enum directive d,
                           const char *rest, int depth)
{
    size_t name = strcspn(rest, " \t\r\n(");
    char guard[sizeof c->guard];
    snprintf(guard, sizeof guard, "%s", c->guard);
    c->guard[0] = 0;
    bool opens = (d == D_IFDEF || d == D_IFNDEF) && c->n < MAX_CONDITIONALS && name;
    bool closes = (d == D_ELSE || d == D_ELIF || d == D_ENDIF) && c->n;
    if (d == D_INCLUDE) {
        scan_include(s, dir, rest, depth);
    } else if (opens) {
        scan_ifdef(s, c, rest, name, d == D_IFDEF);
    } else if (closes) {
        c->reading[c->n - 1] = false;   /* a branch was read: the others are not */
        c->n -= d == D_ENDIF;
    } else if (d == D_DEFINE && name && strlen(guard) == name && strncmp(rest, guard, name) == 0 &&
               rest[name] != '(') {         /* `#define GUARD` or `#define GUARD 1` */
        add_name(&s->guards, &s->nguards, rest, name);
        s->text[c->guard_at] = 0;       /* a guard: its check goes */
    } else if ((d == D_DEFINE || d == D_UNDEF) && name) {
        scan_macro(s, d == D_DEFINE, rest, name);
    } else {
        s->ended = !(d == D_PRAGMA && strncmp(rest, "once", 4) == 0);
    }
}

/* A line of an #if's block: the block goes into the prelude whole, as
   written, the preprocessor to weigh its conditions (`#if
   NCCL_VERSION_CODE >= NCCL_VERSION(2,28,0)`, pytorch_scatter's macros.h's
   `#if (defined __cpp_inline_variables) || __cplusplus >= 201703L` of
   #defines), where its lines are conditionals, libraries' headers and
   one-line #defines and #undefs (checked at the prelude's end); else the
   prelude ends before it. */
static void block_line(prelude_scan *s, const char *dir, enum directive d, const char *rest)
{
    bool quoted, found = false;
    char *name = d == D_INCLUDE ? include_name(rest, &quoted) : NULL;
    char *own = name ? project_header(s, dir, name, quoted, &found) : NULL;
    size_t len = strcspn(rest, "\r\n");
    bool conditional = d >= D_IFDEF && d <= D_ENDIF;
    char *line = conditional && (!len || rest[len - 1] != '\\')
                     ? dc_format("#%s %.*s", directive_names[d], (int)len, rest)
                 : sets_macro(d) ? macro_text(d == D_DEFINE, rest)
                                 : NULL;
    char *more = NULL;
    s->stretch += conditional;
    if (d == D_INCLUDE && name && !own) {
        more = given(s, name) ? dc_format("%s", s->block) : library_include(s->block, name, found);
        s->block_includes = s->block_includes || !given(s, name);
    } else if (line) {
        more = dc_format("%s%s\n", s->block,
                         keep_line(s, d, strlen(s->text) + strlen(s->block), s->stretch, line));
    }
    s->block_depth += (d >= D_IFDEF && d <= D_IF) - (d == D_ENDIF);
    free(name);
    free(own);
    free(s->block);
    s->block = more;
    s->ended = !more;
    if (more && !s->block_depth) {      /* its #endif: the block is the prelude's */
        char *text = dc_format("%s%s", s->text, more);
        free(s->text);
        free(more);
        s->text = text;
        s->end = s->block_includes ? strlen(text) : s->end;  /* one of macros alone: none after */
        s->block = NULL;
    }
}

/* An #if read: its block is weighed as it comes (block_line). */
static void block_start(prelude_scan *s, const char *rest)
{
    s->block = dc_format("%s", "");
    s->block_depth = 0;
    s->block_includes = false;
    block_line(s, NULL, D_IF, rest);
}

/* A line, its comments blanked: blank, a directive, or what ends the
   prelude. */
static void scan_line(prelude_scan *s, conditionals *c, const char *dir, const char *line,
                      int depth)
{
    const char *t = line + strspn(line, " \t\r\n");
    if (!*t)
        return;
    if (*t != '#') {
        s->ended = all_read(c);
        c->guard[0] = 0;
    } else {
        t += 1 + strspn(t + 1, " \t");
        size_t len = strspn(t, "abcdefghijklmnopqrstuvwxyz_");
        const char *rest = t + len + strspn(t + len, " \t");
        if (s->block)
            block_line(s, dir, directive_of(t, len), rest);
        else if (all_read(c) && directive_of(t, len) == D_IF)
            block_start(s, rest);
        else if (all_read(c))
            read_directive(s, c, dir, directive_of(t, len), rest, depth);
        else
            skip_directive(s, c, directive_of(t, len));
    }
    c->started = true;
}

/* The lines of the project's file at path read into s, until one ends
   the prelude; a file not read ends it. */
static void scan_file(prelude_scan *s, const char *path, int depth)
{
    FILE *f = depth < MAX_INCLUDE_DEPTH ? fopen(path, "r") : NULL;
    const char *slash = strrchr(path, '/');
    char *dir = slash ? dc_format("%.*s", (int)(slash - path), path) : dc_format(".");
    conditionals c = { .n = 0 };
    char *line = NULL;
    size_t cap = 0;
    bool in_comment = false;
    s->ended = !f;
    while (!s->ended && getline(&line, &cap, f) > 0) {
        uncomment(line, &in_comment);
        scan_line(s, &c, dir, line, depth);
    }
    free(line);
    free(dir);
    if (f)
        fclose(f);
    if (s->block) {                     /* an #if with no #endif: not the prelude's */
        free(s->block);
        s->block = NULL;
        s->ended = true;
    }
}

/* The prelude's source for the file at path read with command c: the
   libraries' headers its first lines reach, and the checks of what the
   lines were read as; fresh, "" for none. */
static char *prelude_source(const char *path, const command *c, dc_language lang)
{
    prelude_scan s = { .text = dc_format("%s", ""), .cuda = lang == DC_LANG_CUDA };
    for (int i = 0; i < c->argc; i++)
        scan_flag(&s, c, &i);
    scan_file(&s, path, 0);
    s.text[s.end] = 0;
    if (s.end) {
        char *checks = macro_checks(&s), *text = dc_format("%s%s", s.text, checks);
        free(checks);
        free(s.text);
        s.text = text;
    }
    for (int i = 0; i < s.nkept; i++)
        free(s.kept[i].line);
    free(s.kept);
    free(s.dirs);
    free_names(s.defined, s.ndefined);
    free_names(s.guards, s.nguards);
    free_names(s.entered, s.nentered);
    return s.text;
}

bool prelude_wanted(const char *path, dc_language lang, const command *c, char **source)
{
    *source = lang == DC_LANG_C ? dc_format("%s", "") : prelude_source(path, c, lang);
    return lang == DC_LANG_CUDA || **source;
}
