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

/* "arguments": strings, into *joined with a newline after each. */
static bool read_arguments(json_reader *r, char **joined)
{
    if (jr_peek(r) != '[')
        return jr_fail(r, "\"arguments\" wants an array of strings");
    r->p++;
    if (jr_peek(r) == ']')
        return jr_fail(r, "\"arguments\" is empty: it needs the compiler at least");
    *joined = dc_format("%s", "");
    do {
        char *arg;
        if (!jr_string(r, &arg))
            return false;
        char *more = dc_format("%s%s\n", *joined, arg);
        free(arg);
        free(*joined);
        *joined = more;
    } while (jr_peek(r) == ',' && r->p++);
    return jr_expect(r, ']', "',' or ']'");
}

/* ---- response files ------------------------------------------------------------ */

#define RESPONSE_MAX (1 << 20)
#define RESPONSE_DEPTH 8
#define BLANKS " \t\r\n"

/* text cut into arguments at any of seps, fresh in *argv; with quotes, ' and
   " group what they hold and are dropped (a "command", a response file). */
static int split_args(const char *text, const char *seps, bool quotes, char ***argv)
{
    int n = 0;
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
        *argv = dc_realloc(*argv, (size_t)(n + 1) * sizeof **argv);
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
   relative to dir, into path; false when argv[*i] names none. */
static bool response_file(char *const *argv, int argc, int *i, const char *dir, char *path,
                          size_t pathlen)
{
    const char *file = argv[*i][0] == '@' ? argv[*i] + 1 : options_file(argv, argc, i);
    if (!file || !*file)
        return false;
    bool absolute = file[0] == '/';
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

/* Why a response file among argv, or among theirs, may not be read, or
   NULL; path: the one at fault. */
static const char *bad_response_file(const char *dir, char **argv, int argc, int depth,
                                     char *path, size_t pathlen)
{
    const char *why = NULL;
    for (int i = 0; i < argc && !why; i++) {
        if (!response_file(argv, argc, &i, dir, path, pathlen))
            continue;
        char *text = read_response_file(path, &why);
        char **inner;
        int n = text ? split_args(text, BLANKS, true, &inner) : 0;
        if (text && depth == RESPONSE_DEPTH)
            why = "response files nested too deep";
        else if (text)
            why = bad_response_file(dir, inner, n, depth + 1, path, pathlen);
        if (text)
            free_args(inner, n);
        free(text);
    }
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
        bad = bad_response_file(value[K_DIRECTORY], argv, argc, 0, path, sizeof path);
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
    size_t len;
    char *text = dc_read_file(name, &len);
    dc_compile_db *db = dc_realloc(NULL, sizeof *db);
    *db = (dc_compile_db){0};
    json_reader r = {text, text, text + len, name, err, errlen};
    bool ok = text && read_database(&r, db);
    if (!text)
        snprintf(err, errlen, "%s: %s", name, strerror(errno));
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
