/*
 * The preludes, precompiled.  Every .cu file begins with the same prelude:
 * clang's CUDA wrapper, which brings in the toolkit's runtime headers and
 * much of the C++ library, and devcheck/cuda/nvcc.h.  Parsed in each unit,
 * it is half of a darknet .cu file's AST and a third of its parse time,
 * kept to the end of the run with the unit.  When two or more .cu files of a
 * run share their flags, the prelude is parsed once with them, from an
 * empty file, and saved as a precompiled header in a temporary folder; each
 * of those files then reads from it lazily only the declarations it uses
 * (the indexes leave the header's declarations out of a unit's children).  A
 * prelude that does not parse cleanly is not precompiled: its files are
 * parsed whole, and say its errors.  The header is removed once the files
 * are parsed: their units keep it mapped.
 *
 * libtorch's headers are heavier still (some 15 s of CPU a file, two thirds
 * of which the header saves): a C++ or .cu file's prelude also holds the
 * libraries' headers its first lines reach (prelude_source.c), read first
 * (their guards leave the file's own includes of them empty), shared with
 * the files of its flags whose first lines reach the same.  A header
 * serves too the files whose headers begin with the headers it was made
 * of that the parse entered files for (covering, shares, kept_found):
 * their other headers are parsed with the file, as in its parse whole
 * (nothing for those the header read: torch/torch.h's serves a file of
 * torch/torch.h and <vector>, which torch's headers include).  One of
 * torch/torch.h serves a file of torch/torch.h and <cublas_v2.h> too,
 * cuBLAS's headers parsed in the file each time, rather than a header
 * made for that list alone (some 20 s of CPU and 100 MB for libtorch's):
 * a project's files begin with the same heavy headers and go on with
 * few, in lists of their own.  The longest start is taken.
 *
 * With a cache (--cache, -p's), a prelude is kept there between runs, made
 * even for one file: a libtorch file then costs a third of its parse from
 * the second run on, whichever file it is.
 */
#include "frontend.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void add_file(file_list *l, const char *path)
{
    l->v = dc_realloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
    l->v[l->n++] = dc_format("%s", path);
}

/* What a prelude's parse entered: the headers, and the last line of its
   source that entered one itself (its later lines' headers were entered
   before, through the lines above: included again, they add nothing). */
typedef struct {
    file_list *read;
    const char *source;
    unsigned last;
} entered;

static bool is_source(const entered *e, CXFile file)
{
    CXString name = clang_getFileName(file);
    const char *path = clang_getCString(name);
    bool is = path && strcmp(path, e->source) == 0;
    clang_disposeString(name);
    return is;
}

static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    entered *e = data;
    CXFile from;
    unsigned line;
    if (!is_source(e, file)) {
        CXString name = clang_getFileName(file);
        if (clang_getCString(name))
            add_file(e->read, clang_getCString(name));
        clang_disposeString(name);
    }
    if (depth != 1)
        return;
    clang_getSpellingLocation(stack[0], &from, &line, NULL, NULL);
    if (is_source(e, from) && line > e->last)
        e->last = line;
}

static void free_files(file_list *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
}

static char *joined(const command *c)
{
    size_t len = 1;
    for (int i = 0; i < c->argc; i++)
        len += strlen(c->argv[i]) + 1;
    char *s = dc_realloc(NULL, len), *end = s;
    *end = 0;
    for (int i = 0; i < c->argc; i++)
        end += sprintf(end, "%s\n", c->argv[i]);
    return s;
}

prelude *prelude_of(const preludes *ps, const command *c, const char *source)
{
    char *flags = joined(c);
    prelude *found = NULL;
    for (int i = 0; i < ps->n && !found; i++)
        if (strcmp(ps->v[i].flags, flags) == 0 && strcmp(ps->v[i].source, source) == 0)
            found = &ps->v[i];
    free(flags);
    return found;
}

static bool has_errors(CXTranslationUnit tu)
{
    bool found = false;
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n && !found; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        found = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
        clang_disposeDiagnostic(d);
    }
    return found;
}

/* The preludes' files and folder, removed when the files are parsed, or
   first by a signal that ends devcheck while they are (an interrupt, a
   CI job's timeout, a crash that could not be recovered from): the
   handler has the paths made ahead. */
#define MAX_TEMPORARY 64
static const int ending_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGBUS, SIGFPE, SIGILL,
                                      SIGABRT };
static struct {
    char path[MAX_TEMPORARY][PATH_MAX + 32];
    volatile sig_atomic_t n;
    char dir[PATH_MAX];
    struct sigaction before[sizeof ending_signals / sizeof *ending_signals];
} temporary;

static void remove_temporary(void)
{
    for (int i = 0; i < temporary.n; i++)
        unlink(temporary.path[i]);
    if (temporary.dir[0])
        rmdir(temporary.dir);
}

static void end_on_signal(int sig)
{
    remove_temporary();
    for (size_t i = 0; i < sizeof ending_signals / sizeof *ending_signals; i++)
        if (ending_signals[i] == sig)
            sigaction(sig, &temporary.before[i], NULL);
    raise(sig);
}

static void temporary_begin(const char *dir)
{
    struct sigaction sa = { .sa_handler = end_on_signal };
    sigemptyset(&sa.sa_mask);
    snprintf(temporary.dir, sizeof temporary.dir, "%s", dir);
    for (size_t i = 0; i < sizeof ending_signals / sizeof *ending_signals; i++) {
        sigaction(ending_signals[i], NULL, &temporary.before[i]);
        if (temporary.before[i].sa_handler != SIG_IGN)    /* nohup's, a shell's & */
            sigaction(ending_signals[i], &sa, NULL);
    }
}

static bool temporary_add(const char *path)
{
    if (temporary.n == MAX_TEMPORARY)
        return false;
    snprintf(temporary.path[temporary.n], sizeof temporary.path[0], "%s", path);
    temporary.n++;
    return true;
}

static void temporary_end(void)
{
    if (!temporary.dir[0])
        return;
    for (size_t i = 0; i < sizeof ending_signals / sizeof *ending_signals; i++)
        sigaction(ending_signals[i], &temporary.before[i], NULL);
    remove_temporary();
    temporary.n = 0;
    temporary.dir[0] = 0;
}

/* Prelude k's files in the folder: its source (.cu, or .cpp for C++: empty
   or its libtorch include), which reading its header checks, and the
   header (.pch). */
static void prelude_file(const preludes *ps, int k, const char *ext, char *path, size_t size)
{
    snprintf(path, size, "%s/prelude-%d.%s", ps->dir, k, ext);
}

static const char *prelude_ext(dc_language lang)
{
    return lang == DC_LANG_CUDA ? "cu" : "cpp";
}

static bool write_source(FILE *f, const char *text)
{
    bool written = f && fputs(text, f) >= 0;
    return f && fclose(f) == 0 && written;
}

/* The prelude whose source is at source, precompiled with command c into
   pch, the headers it read in read and the last line of source that
   entered one in *last: whether it was (a prelude with errors is not). */
static bool precompile(const command *c, const char *source, const char *pch, file_list *read,
                       unsigned *last)
{
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu;
    const char **argv = dc_realloc(NULL, (size_t)(c->argc + 1) * sizeof *argv);
    memcpy(argv, c->argv, (size_t)c->argc * sizeof *argv);
    /* The templates the headers use, instantiated once here rather than in
       every file that reads the prelude: a libtorch file's parse over
       <torch/torch.h>'s prelude 7.8 -> 2.8 s. */
    argv[c->argc] = "-fpch-instantiate-templates";
    bool saved = clang_parseTranslationUnit2(index, source, argv, c->argc + 1, NULL, 0,
                                             CXTranslationUnit_Incomplete, &tu) ==
                 CXError_Success;
    free(argv);
    if (saved) {
        entered e = { read, source, 0 };
        saved = !has_errors(tu) && clang_saveTranslationUnit(tu, pch, 0) == CXSaveError_None;
        if (saved)
            clang_getInclusions(tu, add_inclusion, &e);
        *last = e.last;
        clang_disposeTranslationUnit(tu);
    }
    clang_disposeIndex(index);
    return saved;
}

/* A header's lines in a prelude's source (prelude_source.c): its two
   #includes, in an #if __has_include where the flags' folders lack it. */
typedef struct {
    size_t start, end;                  /* its first #include, the end of its lines */
    const char *name;
    size_t len;
} header_lines;

/* The lines of the first header of text at or after at: false for none. */
static bool next_header(const char *text, size_t at, header_lines *h)
{
    const char *first = strstr(text + at, "#include <"), *end;
    if (!first)
        return false;
    h->name = first + strlen("#include <");
    h->len = strcspn(h->name, ">");
    end = strchr(strchr(first, '\n') + 1, '\n') + 1;
    if (strncmp(end, "#endif\n", 7) == 0)     /* a check's #endif never follows them */
        end += 7;
    h->start = (size_t)(first - text);
    h->end = (size_t)(end - text);
    return true;
}

/* Whether a prelude's source defines or undefines a macro after from:
   its header, made of all of it, holds the macro, so it is not that of a
   start before (a file of that start has not set it). */
static bool defines_after(const char *text, size_t from)
{
    return strstr(text + from, "#define ") || strstr(text + from, "#undef ");
}

/* The start of a prelude's source whose headers the parse entered (up to
   line last): the later ones it includes again, for nothing.  A prelude's
   header is that of this start, the files whose headers begin so share it
   (shares, kept_found), and it is kept under its key (kept_made).  All of
   it where no line is known to have entered one (the source's name not
   clang's). */
static size_t covering(const char *text, unsigned last)
{
    header_lines h;
    size_t covers = 0, counted = 0;
    unsigned line = 1;
    for (size_t at = 0; last && next_header(text, at, &h); at = h.end) {
        for (; counted < h.start; counted++)
            line += text[counted] == '\n';
        if (!covers || line <= last)
            covers = h.end;
    }
    return last && !defines_after(text, covers) ? covers : strlen(text);
}

/* Prelude k (language lang) of command c, saved in the run's temporary
   folder. */
static void precompile_temporary(const preludes *ps, prelude *p, const command *c, int k,
                                 dc_language lang)
{
    char source[PATH_MAX + 32], pch[PATH_MAX + 32];
    unsigned last;
    prelude_file(ps, k, prelude_ext(lang), source, sizeof source);
    prelude_file(ps, k, "pch", pch, sizeof pch);
    if (temporary_add(source) && temporary_add(pch) &&
        write_source(fopen(source, "w"), p->made) && precompile(c, source, pch, &p->read, &last)) {
        p->pch = dc_format("%s", pch);
        p->covers = covering(p->made, last);
    }
}

/* The cache's prelude source at path, written once and never again: a
   precompiled header checks its source's time, so a rewrite by another
   run would spoil the headers made from it.  Made beside and linked, so
   that no run sees half of it. */
static bool source_written_once(const char *path, const char *text)
{
    if (access(path, R_OK) == 0)
        return true;
    char *made = dc_format("%s.XXXXXX", path);
    int fd = mkstemp(made);
    bool ok = fd >= 0 && write_source(fdopen(fd, "w"), text) &&
              (link(made, path) == 0 || errno == EEXIST);
    if (fd >= 0)
        unlink(made);
    free(made);
    return ok;
}

/* The headers a kept prelude read, from its entry: paths ended by NULs;
   false for an entry whose last path is not ended (a miss). */
static bool files_of_entry(file_list *l, const char *data, size_t len)
{
    if (len && data[len - 1])
        return false;
    for (const char *end = data + len; data < end; data += strlen(data) + 1)
        add_file(l, data);
    return true;
}

/* Its entry's data: the headers it read, each ended by a NUL. */
static char *entry_of_files(const file_list *l, size_t *len)
{
    *len = 0;
    for (int i = 0; i < l->n; i++)
        *len += strlen(l->v[i]) + 1;
    char *data = dc_realloc(NULL, *len + 1), *end = data;
    for (int i = 0; i < l->n; i++)
        end = stpcpy(end, l->v[i]) + 1;
    return data;
}

/* The key the start (len bytes) of a prelude's source text is kept under
   in the cache at dir, with command c (language lang); fresh, and the
   path of that source there in *source; NULL where the cache cannot hold
   it. */
static char *kept_key(const char *dir, const char *text, size_t len, const command *c,
                      dc_language lang, char **source)
{
    char *name = dc_format("prelude %s %.*s", prelude_ext(lang), (int)len, text);
    CXString parser = clang_getClangVersion();
    *source = dc_cache_file(dir, name, prelude_ext(lang));
    char *key = *source ? dc_prelude_key(*source, (const char *const *)c->argv, c->argc,
                                         clang_getCString(parser))
                        : NULL;
    clang_disposeString(parser);
    free(name);
    return key;
}

/* The header of the start (len bytes) of p's source kept in the cache at
   dir, taken for p: whether it was. */
static bool kept_taken(const char *dir, prelude *p, size_t len, const command *c,
                       dc_language lang)
{
    char *source, *key = kept_key(dir, p->made, len, c, lang, &source);
    char *pch = key ? dc_cache_file(dir, key, "pch") : NULL;
    size_t n;
    char *entry = pch ? dc_cache_get(dir, key, &n) : NULL;
    file_list read = { NULL, 0 };
    bool taken = entry && access(pch, R_OK) == 0 && files_of_entry(&read, entry, n);
    if (taken) {
        p->pch = pch;
        p->read = read;
        p->covers = len;
    } else {
        free_files(&read);
        free(pch);
    }
    free(entry);
    free(key);
    free(source);
    return taken;
}

/* A header kept in the cache at dir that p's files can be parsed over:
   that of p's headers or of their first ones, the longest first (their
   headers are the start of the files'). */
static bool kept_found(const char *dir, prelude *p, const command *c, dc_language lang)
{
    header_lines h;
    size_t *ends = NULL;
    int n = 0;
    for (size_t at = 0; next_header(p->made, at, &h); at = h.end) {
        ends = dc_realloc(ends, (size_t)(n + 1) * sizeof *ends);
        ends[n++] = h.end;
    }
    bool found = n ? false : kept_taken(dir, p, 0, c, lang);     /* CUDA's alone */
    while (n > 0 && !found)
        found = kept_taken(dir, p, ends[--n], c, lang);
    free(ends);
    return found;
}

/* Prelude p precompiled into the cache at dir, and kept under the key of
   the start of its source its headers reach (the parse read the same as
   that start's would: the other headers add nothing); false where the
   cache cannot hold it. */
static bool kept_made(const char *dir, prelude *p, const command *c, dc_language lang)
{
    char *source, *key = kept_key(dir, p->made, strlen(p->made), c, lang, &source);
    char *pch = key ? dc_cache_file(dir, key, "pch") : NULL;
    int64_t since = 0;
    unsigned last;
    bool made = pch && source_written_once(source, p->made) && (since = dc_cache_clock()) &&
                precompile(c, source, pch, &p->read, &last);
    if (made && (p->covers = covering(p->made, last)) < strlen(p->made)) {
        char *start, *start_key = kept_key(dir, p->made, p->covers, c, lang, &start);
        char *start_pch = start_key ? dc_cache_file(dir, start_key, "pch") : NULL;
        bool moved = start_pch && rename(pch, start_pch) == 0;
        free(moved ? pch : start_pch);
        free(moved ? key : start_key);
        pch = moved ? start_pch : pch;
        key = moved ? start_key : key;
        free(start);
    }
    if (made) {
        size_t len;
        char *entry = entry_of_files(&p->read, &len);
        dc_cache_put(dir, key, (const char *const *)p->read.v, p->read.n, since, entry, len);
        free(entry);
        p->pch = pch;
    } else {
        free(pch);
    }
    free(key);
    free(source);
    return made;
}

/* Prelude p of command c (language lang) kept in the run's cache: taken
   from it while every header its parse read is as it was, else
   precompiled there (the headers' parse is the same for any devcheck of
   this version and libclang).  Left unmade where the cache cannot hold
   it. */
static void cached_prelude(const char *cache, prelude *p, const command *c, dc_language lang)
{
    char *dir = dc_absolute_path(cache);
    p->kept = kept_found(dir, p, c, lang) || kept_made(dir, p, c, lang);
    free(dir);
}

/* Made once, and named from the root: a compile command's
   -working-directory would otherwise move a relative $TMPDIR. */
static bool temporary_folder(preludes *ps)
{
    const char *tmp = getenv("TMPDIR");
    char made[PATH_MAX];
    if (!ps->dir[0]) {
        snprintf(made, sizeof made, "%s/devcheck-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (mkdtemp(made) && !realpath(made, ps->dir)) {
            rmdir(made);
            ps->dir[0] = 0;
        }
        if (ps->dir[0])
            temporary_begin(ps->dir);
    }
    return ps->dir[0] != 0;
}

/* Whether a prelude after p (those before are made or served) has p's
   flags and begins with p's first header: p's header may serve both. */
static bool kin(const preludes *ps, const prelude *p)
{
    header_lines h;
    for (int k = (int)(p - ps->v) + 1; k < ps->n && next_header(p->made, 0, &h); k++)
        if (strcmp(ps->v[k].flags, p->flags) == 0 &&
            strncmp(ps->v[k].made, p->made, h.end) == 0)
            return true;
    return false;
}

/* p given the header of one made before it with its flags whose headers
   begin p's, the longest start: whether one was. */
static bool shares(const preludes *ps, prelude *p)
{
    const prelude *best = NULL;
    for (const prelude *q = ps->v; q < p; q++)
        if (q->pch && q->covers && strcmp(q->flags, p->flags) == 0 &&
            strncmp(q->made, p->made, q->covers) == 0 && (!best || q->covers > best->covers))
            best = q;
    if (!best)
        return false;
    p->pch = dc_format("%s", best->pch);
    p->covers = best->covers;
    p->kept = best->kept;
    for (int i = 0; i < best->read.n; i++)
        add_file(&p->read, best->read.v[i]);
    return true;
}

/* Prelude p (language lang) of command c made, in the cache or the
   temporary folder (where its header may serve two files or more). */
static void prelude_made(const char *cache, preludes *ps, prelude *p, int k, const command *c,
                         dc_language lang)
{
    if (cache)
        cached_prelude(cache, p, c, lang);
    if (!p->pch && (p->files > 1 || kin(ps, p)) && temporary_folder(ps))
        precompile_temporary(ps, p, c, k, lang);
}

void preludes_make(const command_paths *paths, const char *cache, preludes *ps,
                   const dc_source *v, int n, const bool *known)
{
    command *c = dc_realloc(NULL, sizeof *c);
    *c = (command){ .argv = NULL };
    for (int i = 0; i < n; i++) {
        dc_language lang = file_language(v[i].path, &v[i].flags);
        char *source = NULL;
        if (known[i] || lang == DC_LANG_NONE || access(v[i].path, R_OK) != 0)
            continue;
        command_for(paths, &v[i].flags, lang, c);
        bool wanted = prelude_wanted(v[i].path, lang, c, &source);
        prelude *p = wanted ? prelude_of(ps, c, source) : NULL;
        if (p) {
            p->files++;
        } else if (wanted) {
            ps->v = dc_realloc(ps->v, (size_t)(ps->n + 1) * sizeof *ps->v);
            ps->v[ps->n++] = (prelude){ .flags = joined(c), .source = source, .made = source,
                                        .first = i, .files = 1 };
            source = NULL;
        }
        free(source);
    }
    for (int k = 0; k < ps->n; k++) {
        prelude *p = &ps->v[k];
        const dc_source *first = &v[p->first];
        dc_language lang = file_language(first->path, &first->flags);
        if ((p->files < 2 && !cache && !kin(ps, p)) || shares(ps, p))
            continue;
        command_for(paths, &first->flags, lang, c);
        prelude_made(cache, ps, p, k, c, lang);
        if (!p->pch && lang == DC_LANG_CUDA && p->made[0]) {
            free_files(&p->read);
            p->read = (file_list){ NULL, 0 };
            p->made = "";
            prelude_made(cache, ps, p, k + ps->n, c, lang);     /* files of another name */
        }
    }
    free(c->argv);
    free(c);
}

void preludes_remove(preludes *ps)
{
    temporary_end();
    for (int k = 0; k < ps->n; k++) {
        free(ps->v[k].pch);
        free(ps->v[k].flags);
        free(ps->v[k].source);
        free_files(&ps->v[k].read);
    }
    free(ps->v);
}
