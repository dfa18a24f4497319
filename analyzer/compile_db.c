/*
 * Compilation databases (-p BUILD_DIR): compile_commands.json read strictly,
 * and each compile command's arguments made into the flags devcheck parses
 * its file with.
 *
 * libclang reads the commands (splitting "command" strings as the tools do,
 * and expanding "@FILE" response files against each command's directory),
 * but its reader is lenient: it takes a file cut short, and for a file the
 * database lacks it guesses a command from a similar one.  So the file is
 * first checked here, as JSON and as a database (RFC 8259; clang's "JSON
 * Compilation Database Format"), with the place of the first error said,
 * and the files it names are kept: a file asked for that is not among them
 * is said to be missing, never analyzed with guessed flags.
 */
#include "devcheck.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "json.h"
#include "jsonread.h"

struct dc_compile_db {
    CXCompilationDatabase db;
    char **files;                       /* each command's file, absolute */
    int nfiles;
};

/* ---- the database's entries ------------------------------------------------------ */

/* The keys of a compile command that devcheck reads. */
enum { K_DIRECTORY, K_FILE, K_COMMAND, K_ARGUMENTS, K_OUTPUT, NKEYS };
static const char *const keys[NKEYS] = {"directory", "file", "command", "arguments", "output"};

/* "arguments": strings, into *joined with a newline after each (grown
   twofold: a command of 40,000 arguments is read in linear time). */
static bool read_arguments(json_reader *r, char **joined)
{
    if (jr_peek(r) != '[')
        return jr_fail(r, "\"arguments\" wants an array of strings");
    r->p++;
    if (jr_peek(r) == ']')
        return jr_fail(r, "\"arguments\" is empty: it needs the compiler at least");
    size_t len = 0, cap = 256;
    *joined = dc_realloc(NULL, cap);
    do {
        char *arg;
        if (!jr_string(r, &arg))
            return false;
        size_t n = strlen(arg);
        while (len + n + 2 > cap)
            cap *= 2;
        *joined = dc_realloc(*joined, cap);
        memcpy(*joined + len, arg, n);
        len += n;
        (*joined)[len++] = '\n';
        (*joined)[len] = '\0';
        free(arg);
    } while (jr_peek(r) == ',' && r->p++);
    return jr_expect(r, ']', "',' or ']'");
}

/* ---- response files ------------------------------------------------------------ */

#define RESPONSE_MAX (1 << 20)
#define RESPONSE_DEPTH 8
#define RESPONSE_TOTAL (16 << 20)
#define RESPONSE_READS 1024
#define BLANKS " \t\r\n"

/* text cut into arguments at any of seps, fresh in *argv; with quotes, ' and
   " group what they hold and are dropped (a "command", a response file). */
static int split_args(const char *text, const char *seps, bool quotes, char ***argv)
{
    int n = 0, cap = 0;
    char *arg = dc_realloc(NULL, strlen(text) + 1);
    *argv = NULL;
    for (const char *p = text + strspn(text, seps); *p; p += strspn(p, seps)) {
        size_t k = 0;
        for (char q = 0; *p && (q || !strchr(seps, *p)); p++) {
            if (quotes && (*p == '"' || *p == '\'') && (!q || q == *p))
                q = q ? 0 : *p;
            else
                arg[k++] = *p;
        }
        arg[k] = '\0';
        GROW(*argv, n, cap, 16, dc_realloc);
        (*argv)[n++] = dc_format("%s", arg);
    }
    free(arg);
    return n;
}

static void free_args(char **argv, int argc)
{
    for (int i = 0; i < argc; i++)
        free(argv[i]);
    free(argv);
}

/* nvcc's response files, "--options-file F" or "-optf F" (or with '='),
   where CMake puts a CUDA target's include folders. */
static const char *const options_flags[] = {"--options-file", "-optf"};

/* The file an nvcc options flag at argv[*i] names, *i moved to its last
   argument; NULL when argv[*i] is none. */
static const char *options_file(char *const *argv, int argc, int *i)
{
    for (size_t k = 0; k < sizeof options_flags / sizeof *options_flags; k++) {
        size_t n = strlen(options_flags[k]);
        if (strncmp(argv[*i], options_flags[k], n) != 0)
            continue;
        if (argv[*i][n] == '=')
            return argv[*i] + n + 1;
        if (argv[*i][n] == '\0' && *i + 1 < argc)
            return argv[++*i];
    }
    return NULL;
}

/* The response file named by argv[*i] ("@F", or nvcc's flag and F), F
   relative to dir (NULL: as it is), into path; false when argv[*i] names
   none. */
static bool response_file(char *const *argv, int argc, int *i, const char *dir, char *path,
                          size_t pathlen)
{
    const char *file = argv[*i][0] == '@' ? argv[*i] + 1 : options_file(argv, argc, i);
    if (!file || !*file)
        return false;
    bool absolute = file[0] == '/' || !dir;
    snprintf(path, pathlen, "%s%s%s", absolute ? "" : dir, absolute ? "" : "/", file);
    return true;
}

/* A response file's text; NULL when there is no such file (*why NULL: the
   argument is no response file, and stays as it is) or when it may not be
   read (*why says why): it must be a regular file, and not large, as a
   FIFO or /dev/zero would hang whatever reads it. */
static char *read_response_file(const char *path, const char **why)
{
    struct stat st;
    size_t n;
    *why = NULL;
    if (stat(path, &st) != 0)
        return NULL;
    *why = !S_ISREG(st.st_mode) ? "not a regular file"
           : st.st_size > RESPONSE_MAX ? "larger than 1 MiB" : NULL;
    char *text = *why ? NULL : dc_read_file(path, &n);
    if (!text && !*why)
        *why = strerror(errno);
    return text;
}

/* ---- a command as its compiler reads it ---------------------------------------- */

/* text cut into arguments as gcc cuts a response file (libiberty's
   buildargv): at blanks, ' and " grouping what they hold, and a backslash
   taking the character after it as it is, in quotes too; fresh in *argv. */
static int split_gnu(const char *text, char ***argv)
{
    int n = 0;
    char *arg = dc_realloc(NULL, strlen(text) + 1);
    *argv = NULL;
    for (const char *p = text + strspn(text, BLANKS); *p; p += strspn(p, BLANKS)) {
        size_t k = 0;
        for (char q = 0; *p && (q || !strchr(BLANKS, *p)); p++) {
            if (*p == '\\' && p[1])
                arg[k++] = *++p;
            else if ((*p == '"' || *p == '\'') && (!q || q == *p))
                q = q ? 0 : *p;
            else
                arg[k++] = *p;
        }
        arg[k] = '\0';
        *argv = dc_realloc(*argv, (size_t)(n + 1) * sizeof **argv);
        (*argv)[n++] = dc_format("%s", arg);
    }
    free(arg);
    return n;
}

/* A command's arguments being expanded, and how far. */
typedef struct {
    char **v;
    int n;
    size_t size, reads;
    char *why;                          /* why it stopped, fresh */
} expansion;

static void expand_args(expansion *e, char *const *argv, int argc, int depth);

/* The response file at path, read in place; at is the argument that named
   it, kept as it is where gcc keeps it ("@F" with no F). */
static void expand_file(expansion *e, const char *path, const char *at, int depth)
{
    const char *why;
    char *text = read_response_file(path, &why), **inner;
    if (!text && !why && at[0] == '@') {
        e->v = dc_realloc(e->v, (size_t)(e->n + 1) * sizeof *e->v);
        e->v[e->n++] = dc_format("%s", at);
        return;
    }
    why = !text ? (why ? why : "no such file")
          : depth == RESPONSE_DEPTH ? "response files nested too deep"
          : (e->size += strlen(text)) > RESPONSE_TOTAL ? "the response files expand to more than 16 MiB"
          : ++e->reads > RESPONSE_READS ? "more than 1,024 response files read"
                                        : NULL;
    if (why) {
        e->why = dc_format("response file %s: %s", path, why);
    } else {
        int n = split_gnu(text, &inner);
        expand_args(e, inner, n, depth + 1);
        free_args(inner, n);
    }
    free(text);
}

static void expand_args(expansion *e, char *const *argv, int argc, int depth)
{
    char path[4096];
    for (int i = 0; i < argc && !e->why; i++) {
        int first = i;
        if (!response_file(argv, argc, &i, NULL, path, sizeof path)) {
            e->v = dc_realloc(e->v, (size_t)(e->n + 1) * sizeof *e->v);
            e->v[e->n++] = dc_format("%s", argv[i]);
            continue;
        }
        /* nvcc's flag names a list: --options-file a.rsp,b.rsp */
        char *list = dc_format("%s", path), *rest = list;
        for (char *one; !e->why && (one = strsep(&rest, argv[first][0] == '@' ? "" : ","));)
            if (*one)
                expand_file(e, one, argv[first], depth);
        free(list);
    }
}

int dc_command_expand(char *const *argv, int argc, char ***out, char **why)
{
    expansion e = { NULL, 0, 0, 0, NULL };
    expand_args(&e, argv, argc, 0);
    *why = e.why;
    if (e.why) {
        free_args(e.v, e.n);
        e.v = NULL, e.n = -1;
    }
    *out = e.v;
    return e.n;
}

/* The response files of one command, each read and expanded once however
   often the command's files name it: what it expands to (in bytes, the
   files it names expanded, and how many times libclang reads a response
   file doing so: once each time one is named), or why it may not be
   read.  So files that name each other are said at once (a cycle), and
   files that name the next ones K times each, whose expansion grows as
   K^depth, are measured in a read of each, and refused past 16 MiB or
   1,024 reads, before libclang expands them. */
typedef struct {
    char *path;
    size_t size, reads;
    const char *why;
    int fault;                          /* the one at fault: itself, or one inside */
    bool open;                          /* being expanded: met again, it names itself */
} response;

typedef struct {
    response *v;
    int n;
    const char *dir;                    /* relative names are the command's folder's */
} responses;

static int expand_responses(responses *rs, char **argv, int argc, int depth, size_t *size,
                            size_t *reads);

/* The response file at path, expanded (an index into rs), or -1 when there
   is none: the argument stays as it is. */
static int response_read(responses *rs, const char *path, int depth)
{
    for (int k = 0; k < rs->n; k++) {
        if (strcmp(rs->v[k].path, path) != 0)
            continue;
        if (rs->v[k].open && !rs->v[k].why)
            rs->v[k] = (response){ rs->v[k].path, 0, 0, "names itself, through the response "
                                                        "files it names", k, true };
        return k;
    }
    const char *why;
    char *text = read_response_file(path, &why);
    if (!text && !why)
        return -1;
    int k = rs->n++;
    rs->v = dc_realloc(rs->v, (size_t)rs->n * sizeof *rs->v);
    rs->v[k] = (response){ dc_format("%s", path), 0, 1, why, k, true };
    if (text && depth == RESPONSE_DEPTH) {
        rs->v[k].why = "response files nested too deep";
    } else if (text) {
        char **inner;
        int n = split_args(text, BLANKS, true, &inner);
        size_t size = 0, reads = 1;
        int fault = expand_responses(rs, inner, n, depth + 1, &size, &reads);
        free_args(inner, n);
        if (fault >= 0 && !rs->v[k].why)
            rs->v[k].why = rs->v[fault].why, rs->v[k].fault = fault;
        rs->v[k].size = size;
        rs->v[k].reads = reads;
    }
    rs->v[k].open = false;
    free(text);
    return k;
}

/* What argv expands to, added to *size and *reads; the response file at
   fault when one may not be read, or where the command's expansion passes
   a limit (a file is at most 1 MiB: only the files it names take it
   there); -1 when none is. */
static int expand_responses(responses *rs, char **argv, int argc, int depth, size_t *size,
                            size_t *reads)
{
    char path[4096];
    for (int i = 0; i < argc; i++) {
        int first = i, k = response_file(argv, argc, &i, rs->dir, path, sizeof path)
                               ? response_read(rs, path, depth) : -1;
        if (k >= 0 && rs->v[k].why)
            return rs->v[k].fault;
        for (int j = first; k < 0 && j <= i; j++)
            *size += strlen(argv[j]) + 1;
        if (k < 0)
            continue;
        *size += rs->v[k].size;
        *reads += rs->v[k].reads;
        rs->v[k].why = *size > RESPONSE_TOTAL
                           ? "the command's response files expand to more than 16 MiB here"
                       : *reads > RESPONSE_READS ? "the command's response files name response "
                                                   "files more than 1,024 times here"
                                                 : NULL;
        if (rs->v[k].why)
            return k;
    }
    return -1;
}

/* Why a command's response files may not be read, or NULL; path: the one
   at fault. */
static const char *bad_response_file(const char *dir, char **argv, int argc, char *path,
                                     size_t pathlen)
{
    responses rs = { NULL, 0, dir };
    size_t size = 0, reads = 0;
    int fault = expand_responses(&rs, argv, argc, 0, &size, &reads);
    const char *why = fault >= 0 ? rs.v[fault].why : NULL;
    if (fault >= 0)
        snprintf(path, pathlen, "%s", rs.v[fault].path);
    for (int k = 0; k < rs.n; k++)
        free(rs.v[k].path);
    free(rs.v);
    return why;
}

/* A command's arguments with nvcc's response files read in place of the
   flags that name them (libclang's reader reads only "@F" ones); one that
   cannot be read is left for dc_command_flags to drop. */
static int expand_options_files(char ***argv, int argc, const char *dir)
{
    char **out = NULL, path[4096];
    int n = 0;
    for (int i = 0; i < argc; i++) {
        int first = i;
        const char *why;
        char *text = (*argv)[i][0] != '@' && response_file(*argv, argc, &i, dir, path, sizeof path)
                         ? read_response_file(path, &why) : NULL;
        char **inner = NULL;
        int k = text ? split_args(text, BLANKS, true, &inner) : 0;
        out = dc_realloc(out, (size_t)(n + k + i - first + 2) * sizeof *out);
        for (int j = 0; j < k; j++)
            out[n++] = inner[j];
        for (int j = first; !text && j <= i; j++)
            out[n++] = dc_format("%s", (*argv)[j]);
        free(inner);
        free(text);
    }
    free_args(*argv, argc);
    *argv = out;
    return n;
}

/* The absolute path of a command's file: its directory's when relative,
   with links resolved when it exists. */
static char *entry_path(const char *directory, const char *file)
{
    char *joined = file[0] == '/' ? dc_format("%s", file) : dc_format("%s/%s", directory, file);
    char *real = realpath(joined, NULL);
    if (!real)
        return joined;
    free(joined);
    return real;
}

/* One "key": value of a compile command, into value[k] (seen[k] says it
   came).  Another key is an error, as libclang's reader has it. */
static bool read_member(json_reader *r, char **value, bool *seen)
{
    char *key = NULL;
    if (!jr_string(r, &key) || !jr_expect(r, ':', "':'")) {
        free(key);
        return false;
    }
    int k = 0;
    while (k < NKEYS && strcmp(keys[k], key) != 0)
        k++;
    bool ok = k == NKEYS         ? jr_fail(r, "unknown key \"%s\" (a compile command has \"directory\", "
                                        "\"file\", \"command\" or \"arguments\", \"output\")", key)
              : seen[k]          ? jr_fail(r, "\"%s\" given twice", key)
              : k == K_ARGUMENTS ? read_arguments(r, &value[k])
              : jr_peek(r) != '"'   ? jr_fail(r, "\"%s\" wants a string", key)
                                 : jr_string(r, &value[k]);
    if (k < NKEYS)
        seen[k] = true;
    free(key);
    return ok;
}

/* What a whole compile command lacks, or NULL. */
static const char *lacks(char **value, const bool *seen)
{
    return !seen[K_DIRECTORY] ? "a compile command without \"directory\""
           : !seen[K_FILE]    ? "a compile command without \"file\""
           : !seen[K_COMMAND] && !seen[K_ARGUMENTS]
               ? "a compile command without \"command\" or \"arguments\""
           : value[K_DIRECTORY][0] != '/' ? "\"directory\" is not an absolute path"
           : !value[K_FILE][0]            ? "\"file\" is empty"
                                          : NULL;
}

/* One compile command, into db->files. */
static bool read_entry(json_reader *r, dc_compile_db *db)
{
    char *value[NKEYS] = {0};
    bool seen[NKEYS] = {0}, ok = true;
    if (jr_peek(r) != '{')
        return jr_fail(r, "expected a compile command: an object");
    const char *at = r->p++;
    if (jr_peek(r) != '}') {
        do
            ok = read_member(r, value, seen);
        while (ok && jr_peek(r) == ',' && r->p++);
    }
    ok = ok && jr_expect(r, '}', "',' or '}'");
    char path[4096], **argv;
    const char *why = ok ? lacks(value, seen) : NULL, *bad = NULL;
    if (ok && !why) {
        bool command = !value[K_ARGUMENTS];     /* "arguments" first, as libclang */
        int argc = split_args(command ? value[K_COMMAND] : value[K_ARGUMENTS],
                              command ? BLANKS : "\n", command, &argv);
        bad = bad_response_file(value[K_DIRECTORY], argv, argc, path, sizeof path);
        free_args(argv, argc);
    }
    r->p = why || bad ? at : r->p;      /* said at the command's start */
    if (why)
        ok = jr_fail(r, "%s", why);
    else if (bad)
        ok = jr_fail(r, "response file %s: %s", path, bad);
    if (ok) {
        db->files = dc_realloc(db->files, (size_t)(db->nfiles + 1) * sizeof *db->files);
        db->files[db->nfiles++] = entry_path(value[K_DIRECTORY], value[K_FILE]);
    }
    for (int k = 0; k < NKEYS; k++)
        free(value[k]);
    return ok;
}

/* The whole text: an array of compile commands and nothing after it. */
static bool read_database(json_reader *r, dc_compile_db *db)
{
    if (jr_peek(r) != '[')
        return jr_fail(r, "expected an array of compile commands");
    r->p++;
    if (jr_peek(r) != ']') {
        do {
            if (!read_entry(r, db))
                return false;
        } while (jr_peek(r) == ',' && r->p++);
    }
    if (!jr_expect(r, ']', "',' or ']'"))
        return false;
    return jr_peek(r) == EOF || jr_fail(r, "more after the array of compile commands");
}

void dc_compile_db_close(dc_compile_db *db)
{
    if (!db)
        return;
    for (int i = 0; i < db->nfiles; i++)
        free(db->files[i]);
    free(db->files);
    if (db->db)
        clang_CompilationDatabase_dispose(db->db);
    free(db);
}

dc_compile_db *dc_compile_db_open(const char *dir, char *err, size_t errlen)
{
    char *name = dc_format("%s/compile_commands.json", dir);
    size_t len = 0;
    char *text = dc_read_file(name, &len);
    dc_compile_db *db = dc_realloc(NULL, sizeof *db);
    *db = (dc_compile_db){0};
    json_reader r = {text, text, text + len, name, err, errlen};
    bool ok = text && read_database(&r, db);
    if (!text) {
        int e = errno;
        snprintf(err, errlen, "%s: %s%s", name, strerror(e),
                 e == ENOENT ? " (CMake writes it when configured with "
                               "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON; a build of another kind "
                               "can leave devcheck its facts with devcheck capture: see --help)"
                             : "");
    }
    if (ok) {
        CXCompilationDatabase_Error error;
        db->db = clang_CompilationDatabase_fromDirectory(dir, &error);
        ok = error == CXCompilationDatabase_NoError;
        if (!ok)
            snprintf(err, errlen, "%s: libclang cannot read it", name);
    }
    free(text);
    free(name);
    if (!ok) {
        dc_compile_db_close(db);
        return NULL;
    }
    return db;
}

int dc_compile_db_size(const dc_compile_db *db)
{
    return db->nfiles;
}

/* ---- a command's arguments into devcheck's flags ------------------------------------- */

/* The arguments clang must not see, each dropped with the values it takes
   ("-o FILE"; "-arch=sm_90" is one argument): what says where to write;
   "--", which libclang's guessed commands put before the file; and nvcc's
   own flags, which clang does not know (as clang-tidy users drop them).
   -Xcompiler hands its value, the host compiler's flags, to clang instead. */
static const struct {
    const char *flag;
    int values;
    bool host;                      /* its value: flags for the host compiler */
} foreign_flags[] = {
    {"-c", 0, false}, {"-o", 1, false}, {"-MD", 0, false}, {"-MMD", 0, false},
    {"-MF", 1, false}, {"-MT", 1, false}, {"-MQ", 1, false}, {"--", 0, false},
    {"-forward-unknown-to-host-compiler", 0, false},
    {"--forward-unknown-to-host-compiler", 0, false},
    {"-gencode", 1, false}, {"--generate-code", 1, false}, {"-arch", 1, false},
    {"--gpu-architecture", 1, false}, {"-code", 1, false}, {"--gpu-code", 1, false},
    {"-rdc", 1, false}, {"--relocatable-device-code", 1, false}, {"-dc", 0, false},
    {"--device-c", 0, false}, {"-dlink", 0, false}, {"--device-link", 0, false},
    {"--expt-relaxed-constexpr", 0, false}, {"--expt-extended-lambda", 0, false},
    {"--extended-lambda", 0, false}, {"-ccbin", 1, false}, {"--compiler-bindir", 1, false},
    {"-Xptxas", 1, false}, {"--ptxas-options", 1, false}, {"-Xnvlink", 1, false},
    {"-Xcudafe", 1, false}, {"-lineinfo", 0, false}, {"--generate-line-info", 0, false},
    {"-G", 0, false}, {"--device-debug", 0, false}, {"-use_fast_math", 0, false},
    {"--use_fast_math", 0, false}, {"-maxrregcount", 1, false}, {"--maxrregcount", 1, false},
    {"-diag-suppress", 1, false}, {"--diag-suppress", 1, false}, {"-cudart", 1, false},
    {"--cudart", 1, false}, {"-t", 1, false}, {"--threads", 1, false},
    {"--default-stream", 1, false}, {"-Wno-deprecated-gpu-targets", 0, false},
    {"--display-error-number", 0, false}, {"-Xcompiler", 1, true},
    {"--compiler-options", 1, true}, {"--options-file", 1, false}, {"-optf", 1, false},
    /* where to write, in gcc's and nvcc's other words */
    {"--output", 1, false}, {"--output-file", 1, false}, {"-odir", 1, false},
    {"--output-directory", 1, false},
    /* intermediate files kept: to libclang, more than the one job it runs */
    {"-save-temps", 0, false}, {"-save-temps=cwd", 0, false}, {"-save-temps=obj", 0, false},
    {"--save-temps", 0, false}, {"-keep", 0, false}, {"--keep", 0, false},
    {"-keep-dir", 1, false}, {"--keep-dir", 1, false},
};

/* The entry arg names, alone ("-arch", its value next) or with its value
   ("-arch=sm_90", *joined set); -1 when none. */
static int foreign_flag(const char *arg, const char **joined)
{
    *joined = NULL;
    for (int i = 0; i < (int)(sizeof foreign_flags / sizeof foreign_flags[0]); i++) {
        const char *f = foreign_flags[i].flag;
        size_t n = strlen(f);
        if (strncmp(arg, f, n) == 0 && arg[n] == '\0')
            return i;
        if (strncmp(arg, f, n) == 0 && arg[n] == '=' && foreign_flags[i].values) {
            *joined = arg + n + 1;
            return i;
        }
    }
    return -1;
}

static void add_flag(char ***flags, int *n, const char *arg)
{
    *flags = dc_realloc(*flags, (size_t)(*n + 1) * sizeof **flags);
    (*flags)[(*n)++] = dc_format("%s", arg);
}

/* -Xcompiler's value: host compiler flags, ','-separated. */
static void add_host_flags(char ***flags, int *n, const char *value)
{
    char *list = dc_format("%s", value), *rest = list;
    for (char *arg; (arg = strsep(&rest, ",")) != NULL;)
        if (*arg)
            add_flag(flags, n, arg);
    free(list);
}

int dc_command_flags(const char *const *argv, int argc, const char *file, const char *path,
                     char ***flags)
{
    int n = 0;
    *flags = NULL;
    for (int i = 1; i < argc; i++) {
        const char *joined, *arg = argv[i];
        int f = foreign_flag(arg, &joined);
        if (f < 0) {
            if (strcmp(arg, file) != 0 && strcmp(arg, path) != 0)
                add_flag(flags, &n, arg);
        } else if (foreign_flags[f].host && (joined || i + 1 < argc)) {
            add_host_flags(flags, &n, joined ? joined : argv[++i]);
        } else if (!joined) {
            i += foreign_flags[f].values;
        }
    }
    return n;
}

/* ---- the commands, through libclang -------------------------------------------------- */

/* A copy of a libclang string, which is disposed of. */
static char *take(CXString s)
{
    const char *c = clang_getCString(s);
    char *t = dc_format("%s", c ? c : "");
    clang_disposeString(s);
    return t;
}

static void add_command(dc_command **v, int *n, CXCompileCommand cmd)
{
    char *dir = take(clang_CompileCommand_getDirectory(cmd));
    char *file = take(clang_CompileCommand_getFilename(cmd));
    unsigned argc = clang_CompileCommand_getNumArgs(cmd);
    char **argv = dc_realloc(NULL, (size_t)(argc + 1) * sizeof *argv);
    for (unsigned i = 0; i < argc; i++)
        argv[i] = take(clang_CompileCommand_getArg(cmd, i));
    int count = expand_options_files(&argv, (int)argc, dir);
    *v = dc_realloc(*v, (size_t)(*n + 1) * sizeof **v);
    dc_command *c = &(*v)[(*n)++];
    c->path = file[0] == '/' || !dir[0] ? dc_format("%s", file) : dc_format("%s/%s", dir, file);
    c->directory = dir;
    c->nargs = dc_command_flags((const char *const *)argv, count, file, c->path, &c->args);
    free_args(argv, count);
    free(file);
}

int dc_compile_db_commands(dc_compile_db *db, const char *file, dc_command **out)
{
    *out = NULL;
    int n = 0;
    char *real = file ? dc_absolute_path(file) : NULL;
    int k = 0;
    while (real && k < db->nfiles && strcmp(db->files[k], real) != 0)
        k++;
    if (!file || k < db->nfiles) {
        CXCompileCommands cmds = file ? clang_CompilationDatabase_getCompileCommands(db->db, real)
                                      : clang_CompilationDatabase_getAllCompileCommands(db->db);
        for (unsigned i = 0, size = clang_CompileCommands_getSize(cmds); i < size; i++)
            add_command(out, &n, clang_CompileCommands_getCommand(cmds, i));
        clang_CompileCommands_dispose(cmds);
    }
    free(real);
    return n;
}

void dc_commands_free(dc_command *v, int n)
{
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < v[i].nargs; k++)
            free(v[i].args[k]);
        free(v[i].args);
        free(v[i].path);
        free(v[i].directory);
    }
    free(v);
}
