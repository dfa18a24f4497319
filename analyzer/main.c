/*
 * The command line:
 *
 *   devcheck [options] FILE|DIR... [-- COMPILER-FLAGS...]
 *   devcheck -p BUILD_DIR [options] [FILE...] [-- COMPILER-FLAGS...]
 *
 * Every file is analyzed even when another one fails; the findings of all
 * of them are then sorted and filtered (suppression comments, the rules
 * that are on, a baseline), fixed when asked, and printed.  A name in a
 * suppression comment that is no rule is an input error, at its place.
 * Exit status: 2 after any usage or input error, else 1 when something was
 * found, else 0.
 */
#include "devcheck.h"

#include <clang-c/Index.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage[] =
    "usage: devcheck [options] FILE|DIR... [-- COMPILER-FLAGS...]\n"
    "       devcheck -p BUILD_DIR [options] [FILE...] [-- COMPILER-FLAGS...]\n"
    "       devcheck analyze [options] DIR...\n"
    "       devcheck capture [-v] [--cache DIR] [--] COMPILER ARGS...\n"
    "       devcheck lsp [options] [-- COMPILER-FLAGS...]\n"
    "\n"
    "Finds host/device mix-ups in C, C++ and CUDA programs (the host side of .cu\n"
    "files): tensors and pointers used on a device they are not on.  A DIR\n"
    "stands for its C, C++ and CUDA sources, below it.\n"
    "\n"
    "options:\n"
    "  -p BUILD_DIR          each file's flags from BUILD_DIR/compile_commands.json;\n"
    "                        with no FILE, every file it names; with FILEs, their\n"
    "                        findings, with the facts of every file it names;\n"
    "                        the cache is BUILD_DIR/.devcheck-cache unless --cache\n"
    "                        or --no-cache says otherwise\n"
    "  --cache DIR           keep each file's facts in DIR, and parse only the files\n"
    "                        that changed (or whose headers or flags did) since\n"
    "  --no-cache            no cache, with -p too\n"
    "  analyze DIR...        the facts `devcheck capture` left under each DIR\n"
    "                        (*.dcfacts), analyzed together, with no parse\n"
    "  capture [--] CC ARGS  run the compile command CC ARGS unchanged, and leave\n"
    "                        the file's facts beside its object (OBJECT.dcfacts):\n"
    "                        a compiler launcher for CMake, make or any build;\n"
    "                        capture --cache DIR also keeps them in DIR, where\n"
    "                        -p --cache DIR (BUILD_DIR/.devcheck-cache) finds them;\n"
    "                        devcheck-cc, devcheck-c++, devcheck-nvcc are capture\n"
    "                        as one program (CXX=devcheck-c++), cache DEVCHECK_CACHE\n"
    "  lsp [OPTIONS]         a language server on stdin and stdout, for editors\n"
    "                        (docs/editors.md): each file's findings as it is\n"
    "                        edited, analyzed with OPTIONS (and -p's folder where\n"
    "                        the workspace's compile_commands.json names the file)\n"
    "  --torch               add torch's include folders (python3's torch.utils.\n"
    "                        cpp_extension.include_paths(), else libtorch-dev's) and\n"
    "                        Python's: a PyTorch extension's files with no other flag\n"
    "  -v                    say what devcheck found to use (--torch: which torch)\n"
    "  -j N                  parse N files at once (default: the number of cores);\n"
    "                        the output is the same for any N\n"
    "  --timeout SECONDS     each file's analysis at most SECONDS of processor time\n"
    "                        (default 60; 0: no end); a file that takes longer is\n"
    "                        said and left out, and the others are reported\n"
    "  --memory MIB          each file's analysis at most MIB mebibytes of devcheck's\n"
    "                        own structures (default 4096; 0: no end); the same\n"
    "                        as --timeout for a file that takes more\n"
    "  --format text|sarif|codequality\n"
    "                        compiler-style lines (the default), SARIF 2.1.0, or\n"
    "                        GitLab's Code Quality JSON\n"
    "  --model FILE          add a model file's entries to the API model (repeatable)\n"
    "  --rules LIST          only these rules (comma-separated ids; see --list-rules)\n"
    "  --disable LIST        not these rules\n"
    "  --baseline FILE       report only findings not in FILE (a baseline, or SARIF\n"
    "                        devcheck wrote)\n"
    "  --write-baseline FILE write the findings to FILE as a baseline; exit 0\n"
    "  --fix                 apply the findings' fix-its to the files, in place\n"
    "  --contents FILE=TEXT  read FILE's text from the file TEXT, as if FILE held it\n"
    "                        (an editor's unsaved text; repeatable); FILE's facts\n"
    "                        are not cached, and --fix is refused\n"
    "  --runtime REPORT      say under each finding what the runs in devtrace's\n"
    "                        REPORT did at its line: confirmed, ran clean, not\n"
    "                        reached, or not shown (a mistake no run can see there)\n"
    "  --stats               after the findings, on stderr, the analysis's reach: the\n"
    "                        modelled calls it walked, their pointer arguments\n"
    "                        found host, device or unknown, and why each unknown is\n"
    "  --list-rules          the rules: what each finds, its severity, and devtrace's\n"
    "                        kinds for the same mistake\n"
    "  -h, --help            this text\n"
    "  --version             devcheck's version, and libclang's\n"
    "\n"
    "A comment `// devcheck-ignore` or `// devcheck-ignore(RULE,...)` on a finding's\n"
    "line, or alone on the line above it, silences it; a RULE may be devtrace's\n"
    "kind for the same mistake (memcpy_direction), and one that names no rule is\n"
    "an error.  A `.devcheck` file in a folder or above it says which rules are on\n"
    "there (`rules: A, B`, `disable: C`).\n"
    "Exit status: 0 nothing found, 1 findings, 2 a usage or input error.\n";

enum {
    OPT_FORMAT = 256, OPT_MODEL, OPT_LIST_RULES, OPT_VERSION, OPT_RULES, OPT_DISABLE,
    OPT_BASELINE, OPT_WRITE_BASELINE, OPT_FIX, OPT_TIMEOUT, OPT_MEMORY, OPT_RUNTIME, OPT_CACHE, OPT_NO_CACHE,
    OPT_MODEL_DUMP, OPT_STATS, OPT_TORCH, OPT_CONTENTS
};

static const struct option long_options[] = {
    {"format", required_argument, NULL, OPT_FORMAT},
    {"model", required_argument, NULL, OPT_MODEL},
    {"rules", required_argument, NULL, OPT_RULES},
    {"disable", required_argument, NULL, OPT_DISABLE},
    {"baseline", required_argument, NULL, OPT_BASELINE},
    {"write-baseline", required_argument, NULL, OPT_WRITE_BASELINE},
    {"fix", no_argument, NULL, OPT_FIX},
    {"contents", required_argument, NULL, OPT_CONTENTS},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"memory", required_argument, NULL, OPT_MEMORY},
    {"runtime", required_argument, NULL, OPT_RUNTIME},
    {"cache", required_argument, NULL, OPT_CACHE},
    {"no-cache", no_argument, NULL, OPT_NO_CACHE},
    {"stats", no_argument, NULL, OPT_STATS},
    {"torch", no_argument, NULL, OPT_TORCH},
    {"list-rules", no_argument, NULL, OPT_LIST_RULES},
    /* hidden: the built-in model's text, which tests/analyzer/libtables.py
       holds against the libraries' headers */
    {"model-dump", no_argument, NULL, OPT_MODEL_DUMP},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

typedef enum { FORMAT_TEXT, FORMAT_SARIF, FORMAT_CODEQUALITY } output_format;
static const char *const format_names[] = { "text", "sarif", "codequality" };

/* What the command line asks for. */
typedef struct {
    output_format format;
    bool fix;
    bool contents;                  /* --contents: a file's text is not the file's */
    int jobs;                       /* -j */
    double timeout;                 /* --timeout: seconds a file's analysis; 0: no end */
    size_t memory;                  /* --memory: bytes a file's analysis; 0: no end */
    const char *build_dir;
    const char *baseline, *write_baseline;
    const char *runtime;            /* --runtime REPORT */
    const char *cache;              /* --cache DIR, or -p's */
    char *default_cache;            /* -p's: BUILD_DIR/.devcheck-cache */
    bool no_cache;
    bool stats;                     /* --stats: the reach after the findings */
    bool verbose;                   /* -v */
    bool torch;                     /* --torch */
    dc_torch torch_flags;           /* its flags, after the "--" ones */
    bool facts;                     /* analyze DIR...: the files are folders of facts */
    char **models;                  /* the --model files, in their order */
    int nmodels;
    char **files;
    int nfiles;
    char **extra;                   /* the compiler flags after "--" */
    int nextra;
} request;

/* One file to analyze, with the flags to parse it with. */
typedef struct {
    char *path;
    char **args;
    int nargs;
    char *directory;                /* NULL: the current one */
    bool named;                     /* on the command line, not found in a folder */
    bool facts;                     /* path is a facts file, read for its unit */
    bool context;                   /* -p BUILD FILE: another file, for the program's facts */
    bool failed;                    /* missing, did not parse, or crashed the analysis; or
                                       named, and not C, C++ or CUDA */
    char *why;                      /* the first line of what was said of it, or NULL */
    dc_note *skipped;               /* what its errors left unread (dc_source) */
    int nskipped;
    bool cuda;                      /* CUDA is in it (dc_source) */
} job;

typedef struct {
    job *v;
    int n;
    int errors;                     /* files that could not be given flags */
    dc_snapshot *seen;              /* the files parsed, as they were then (for --fix) */
    int nseen;
    char **headers;                 /* -p BUILD HEADER: real paths, analyzed through the
                                       files that include them */
    int nheaders;
} jobs;

__attribute__((format(printf, 1, 2))) static _Noreturn void usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("devcheck: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\n", stderr);
    va_end(ap);
    fputs("Try 'devcheck --help' for more information.\n", stderr);
    exit(2);
}

/* Each rule: its id, severity and summary, and devtrace's kinds for it. */
static void list_rules(void)
{
    for (const mistake *m = mistakes; m < mistakes + nmistakes; m++) {
        if (!m->rule)
            continue;
        printf("%-20s %-8s %s", m->rule, m->severity, m->summary);
        for (size_t k = 0; k < sizeof m->kinds / sizeof *m->kinds && m->kinds[k]; k++)
            printf("%s%s", k ? ", " : " (devtrace: ", m->kinds[k]);
        puts(m->kinds[0] ? ")" : "");
    }
}

static void print_version(void)
{
    CXString clang = clang_getClangVersion();
    const char *toolkit = dc_cuda_toolkit();
    printf("devcheck %s (libclang: %s)\n", DEVCHECK_VERSION, clang_getCString(clang));
    printf(".cu files: the host side, with %s%s\n",
           toolkit ? "the CUDA toolkit in " : "devcheck's own CUDA declarations (no toolkit)",
           toolkit ? toolkit : "");
    clang_disposeString(clang);
}

/* The option that getopt stopped at, as the user wrote it: a letter, or the
   word (a long option's optopt is its value, not a letter). */
static const char *bad_option(char **argv)
{
    static char letter[3] = "-?";
    if (optopt > 0 && optopt < OPT_FORMAT) {
        letter[1] = (char)optopt;
        return letter;
    }
    return argv[optind - 1];
}

/* -j's value: 1 to 1024 files at once. */
static int jobs_count(const char *text)
{
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (errno || end == text || *end || n < 1 || n > 1024)
        usage_error("-j wants a number of files from 1 to 1024, not '%s'", text);
    return (int)n;
}

static output_format format_named(const char *name)
{
    for (size_t i = 0; i < sizeof format_names / sizeof *format_names; i++)
        if (strcmp(format_names[i], name) == 0)
            return (output_format)i;
    usage_error("unknown format '%s' (text, sarif or codequality)", name);
}

/* --timeout's value: seconds, 0 for no end, up to a day. */
static double timeout_seconds(const char *text)
{
    char *end;
    errno = 0;
    double s = strtod(text, &end);
    if (errno || end == text || *end || !(s >= 0 && s <= 86400))
        usage_error("--timeout wants seconds from 0 (no end) to 86400, not '%s'", text);
    return s;
}

/* --memory's value: mebibytes, 0 for no end, up to a tebibyte. */
static size_t memory_bytes(const char *text)
{
    char *end;
    errno = 0;
    unsigned long long mib = strtoull(text, &end, 10);
    if (errno || end == text || *end || *text == '-' || mib > (1ull << 20))
        usage_error("--memory wants mebibytes from 0 (no end) to 1048576, not '%s'", text);
    return (size_t)mib << 20;
}

/* --torch's flags, and with -v which torch they are of; none is an
   input error. */
static void find_torch(request *r)
{
    char *err = NULL;
    if (dc_torch_flags(&r->torch_flags, &err) != 0) {
        fprintf(stderr, "devcheck: %s\n", err);
        free(err);
        exit(2);
    }
    if (r->verbose)
        fprintf(stderr, "devcheck: --torch: %s\n", r->torch_flags.which);
}

/* Reads the options; --help, --version and --list-rules answer at once.  The
   flags after "--" are the compiler's, and getopt never sees them.  Files
   and options mix in any order (getopt's "-": files come as 1, in order,
   whatever POSIXLY_CORRECT says). */
static void parse_request(int argc, char **argv, request *r)
{
    int dashes = 1;
    while (dashes < argc && strcmp(argv[dashes], "--") != 0)
        dashes++;
    if (dashes < argc) {
        r->extra = argv + dashes + 1;
        r->nextra = argc - dashes - 1;
    }
    r->models = dc_realloc(NULL, (size_t)argc * sizeof *r->models);
    r->files = dc_realloc(NULL, (size_t)argc * sizeof *r->files);
    opterr = 0;
    for (int opt; (opt = getopt_long(dashes, argv, "-:p:j:hv", long_options, NULL)) != -1;) {
        switch (opt) {
        case 1:
            r->files[r->nfiles++] = optarg;
            break;
        case 'p':
            r->build_dir = optarg;
            break;
        case 'j':
            r->jobs = jobs_count(optarg);
            break;
        case OPT_TIMEOUT:
            r->timeout = timeout_seconds(optarg);
            break;
        case OPT_MEMORY:
            r->memory = memory_bytes(optarg);
            break;
        case OPT_FORMAT:
            r->format = format_named(optarg);
            break;
        case OPT_MODEL:
            r->models[r->nmodels++] = optarg;
            break;
        case OPT_RULES:
        case OPT_DISABLE: {
            char err[256];
            if (dc_config_command_line(opt == OPT_RULES ? optarg : NULL,
                                       opt == OPT_DISABLE ? optarg : NULL, err, sizeof err) != 0)
                usage_error("%s", err);
            break;
        }
        case OPT_BASELINE:
            r->baseline = optarg;
            break;
        case OPT_WRITE_BASELINE:
            r->write_baseline = optarg;
            break;
        case OPT_FIX:
            r->fix = true;
            break;
        case OPT_CONTENTS: {
            char *err;
            if (dc_contents_add(optarg, &err) != 0)
                usage_error("%s", err);
            r->contents = true;
            break;
        }
        case OPT_RUNTIME:
            r->runtime = optarg;
            break;
        case OPT_CACHE:
            r->cache = optarg;
            break;
        case OPT_NO_CACHE:
            r->no_cache = true;
            break;
        case OPT_STATS:
            r->stats = true;
            break;
        case OPT_TORCH:
            r->torch = true;
            break;
        case 'v':
            r->verbose = true;
            break;
        case OPT_LIST_RULES:
            list_rules();
            exit(0);
        case OPT_MODEL_DUMP:
            fputs(dc_model_builtin(), stdout);
            exit(0);
        case 'h':
            fputs(usage, stdout);
            exit(0);
        case OPT_VERSION:
            print_version();
            exit(0);
        case ':':
            usage_error("option '%s' needs an argument", bad_option(argv));
        default:
            usage_error("unknown option '%s'", bad_option(argv));
        }
    }
    if (r->nfiles > 0 && strcmp(r->files[0], "analyze") == 0 && strcmp(argv[1], "analyze") == 0) {
        r->facts = true;
        memmove(r->files, r->files + 1, (size_t)--r->nfiles * sizeof *r->files);
        if (r->nfiles == 0 || r->build_dir || r->nextra)
            usage_error("analyze wants the folders of a build's facts, and no -p or flags");
        if (r->fix)
            usage_error("--fix edits the sources a run parsed: analyze reads only facts "
                        "(run devcheck -p BUILD --fix)");
    }
    if (r->nfiles == 0 && !r->build_dir)
        usage_error("no file to analyze");
    if (r->fix && r->contents)          /* the fixes are of a text the file does not hold */
        usage_error("--fix edits files, and --contents analyzes a text no file holds");
    if (r->build_dir && !r->cache && !r->no_cache)
        r->cache = r->default_cache = dc_format("%s/.devcheck-cache", r->build_dir);
    if (r->no_cache)
        r->cache = NULL;
    if (r->torch)
        find_torch(r);
    if (r->runtime && r->format != FORMAT_TEXT)     /* its notes are lines of text */
        usage_error("--runtime says the runs' states under each finding in text; for SARIF "
                    "with them: devtrace report REPORT --static FILE.sarif --format sarif");
}

/* ---- jobs ----------------------------------------------------------------- */

static char *copy(const char *s)
{
    return dc_format("%s", s);
}

static job *add_job(jobs *js, const char *path, const char *directory)
{
    js->v = dc_realloc(js->v, (size_t)(js->n + 1) * sizeof *js->v);
    job *j = &js->v[js->n++];
    *j = (job){.path = copy(path), .directory = directory ? copy(directory) : NULL};
    return j;
}

static void add_arg(job *j, const char *arg)
{
    j->args = dc_realloc(j->args, (size_t)(j->nargs + 1) * sizeof *j->args);
    j->args[j->nargs++] = copy(arg);
}

static void add_extra_args(job *j, const request *r)
{
    for (int i = 0; i < r->nextra; i++)
        add_arg(j, r->extra[i]);
    for (int i = 0; i < r->torch_flags.n; i++)
        add_arg(j, r->torch_flags.flags[i]);
}

static void job_free(job *j)
{
    for (int k = 0; k < j->nargs; k++)
        free(j->args[k]);
    free(j->args);
    free(j->path);
    free(j->directory);
    free(j->why);
    dc_notes_free(j->skipped, j->nskipped);
}

static void jobs_free(jobs *js)
{
    for (int i = 0; i < js->n; i++)
        job_free(&js->v[i]);
    free(js->v);
    free(js->seen);
    for (int i = 0; i < js->nheaders; i++)
        free(js->headers[i]);
    free(js->headers);
}

/* A job for each command, with the flags after "--" after its own. */
static void add_commands(jobs *js, dc_command *cmds, int n, const request *r)
{
    for (int i = 0; i < n; i++) {
        job *j = add_job(js, cmds[i].path, cmds[i].directory);
        for (int k = 0; k < cmds[i].nargs; k++)
            add_arg(j, cmds[i].args[k]);
        add_extra_args(j, r);
    }
    dc_commands_free(cmds, n);
}

/* A header named with -p (a compile database names no header): kept, by
   its real path, to be analyzed through the files that include it; false
   if path is no header, or missing. */
static bool add_header(jobs *js, const char *path)
{
    char real[PATH_MAX];
    if (dc_language_of(path) != DC_LANG_NONE || dc_language_named(path) == DC_LANG_NONE ||
        !realpath(path, real))
        return false;
    js->headers = dc_realloc(js->headers, (size_t)(js->nheaders + 1) * sizeof *js->headers);
    js->headers[js->nheaders++] = copy(real);
    return true;
}

static jobs jobs_from_database(const request *r)
{
    char err[1024];
    dc_compile_db *db = dc_compile_db_open(r->build_dir, err, sizeof err);
    if (!db)
        usage_error("%s", err);
    if (r->nfiles == 0 && dc_compile_db_size(db) == 0)
        usage_error("%s/compile_commands.json names no file to analyze", r->build_dir);
    jobs js = {0};
    dc_command *cmds;
    if (r->nfiles == 0) {
        int n = dc_compile_db_commands(db, NULL, &cmds);
        add_commands(&js, cmds, n, r);
    }
    for (int i = 0; i < r->nfiles; i++) {
        int n = dc_compile_db_commands(db, r->files[i], &cmds);
        if (n == 0 && add_header(&js, r->files[i])) {
            continue;
        } else if (n == 0) {
            fprintf(stderr, "devcheck: %s: not in %s/compile_commands.json\n", r->files[i],
                    r->build_dir);
            js.errors++;
        }
        add_commands(&js, cmds, n, r);
    }
    if (r->nfiles > 0) {                /* the others, for the program's facts */
        int first = js.n, n = dc_compile_db_commands(db, NULL, &cmds);
        add_commands(&js, cmds, n, r);
        for (int i = first; i < js.n; i++)
            js.v[i].context = true;
    }
    dc_compile_db_close(db);
    return js;
}

/* A folder's sources are the files below it that devcheck reads (with
   analyze, the facts files), in the order of their names; hidden folders
   and links to folders are passed by. */
static bool is_facts(const char *name)
{
    size_t n = strlen(name);
    return n > 8 && strcmp(name + n - 8, ".dcfacts") == 0;
}

static int compare_names(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int visible(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

static void add_path(jobs *js, const char *path, const request *r, bool named)
{
    struct stat st;
    if ((named ? stat(path, &st) : lstat(path, &st)) != 0 || !S_ISDIR(st.st_mode)) {
        if (named || (S_ISREG(st.st_mode) && (r->facts ? is_facts(path) : dc_language_of(path) != DC_LANG_NONE))) {
            job *j = add_job(js, path, NULL);
            j->named = named;
            j->facts = r->facts;
            add_extra_args(j, r);
        }
        return;
    }
    struct dirent **names;
    int n = scandir(path, &names, visible, compare_names);
    if (n < 0) {
        fprintf(stderr, "devcheck: %s: %s\n", path, strerror(errno));
        js->errors++;
        return;
    }
    for (int i = 0; i < n; i++) {
        char *child = dc_format("%s%s%s", path, path[strlen(path) - 1] == '/' ? "" : "/",
                                names[i]->d_name);
        add_path(js, child, r, false);
        free(child);
        free(names[i]);
    }
    free(names);
}

/* The jobs of the files and folders named; a folder with nothing to
   analyze below it is said, as a file that is not a source is. */
static jobs jobs_from_command_line(const request *r)
{
    jobs js = {0};
    for (int i = 0; i < r->nfiles; i++) {
        int before = js.n, errors = js.errors;
        add_path(&js, r->files[i], r, true);
        if (js.n > before || js.errors > errors)
            continue;
        if (r->facts)
            fprintf(stderr, "devcheck: %s: no facts (*.dcfacts) below it: was the build "
                    "captured (devcheck capture)?\n", r->files[i]);
        else
            fprintf(stderr, "devcheck: %s: no C, C++ or CUDA source below it\n", r->files[i]);
        js.errors++;
    }
    return js;
}

/* A file named twice (a.c, ./a.c, its absolute path, a link to it, or in
   a folder named too) is one job: the first, under the name it had there.
   Files are the same when their device and inode are; their jobs, when
   their flags and folder are too (a database may build one file twice,
   with other flags). */
typedef struct {
    dev_t dev;
    ino_t ino;
    int job;
} identity;

static int compare_identities(const void *pa, const void *pb)
{
    const identity *a = pa, *b = pb;
    if (a->dev != b->dev)
        return a->dev < b->dev ? -1 : 1;
    if (a->ino != b->ino)
        return a->ino < b->ino ? -1 : 1;
    return (a->job > b->job) - (a->job < b->job);
}

static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static bool same_command(const job *a, const job *b)
{
    if (a->nargs != b->nargs || !same_text(a->directory, b->directory))
        return false;
    for (int k = 0; k < a->nargs; k++)
        if (strcmp(a->args[k], b->args[k]) != 0)
            return false;
    return true;
}

/* Whether ids[i]'s job repeats the command of one before it on the same
   file, ids[first..i). */
static bool repeated(const jobs *js, const identity *ids, int first, int i)
{
    for (int k = first; k < i; k++)
        if (same_command(&js->v[ids[k].job], &js->v[ids[i].job]))
            return true;
    return false;
}

static void drop_repeated_files(jobs *js)
{
    identity *ids = dc_realloc(NULL, (size_t)(js->n + 1) * sizeof *ids);
    bool *drop = dc_realloc(NULL, (size_t)js->n + 1);
    int n = 0;
    for (int i = 0; i < js->n; i++) {
        const job *j = &js->v[i];
        char *path = j->directory && j->path[0] != '/' ? dc_format("%s/%s", j->directory, j->path)
                                                        : copy(j->path);
        struct stat st;
        if (stat(path, &st) == 0)       /* one that is missing is said, each time */
            ids[n++] = (identity){ st.st_dev, st.st_ino, i };
        drop[i] = false;
        free(path);
    }
    qsort(ids, (size_t)n, sizeof *ids, compare_identities);
    for (int i = 1, first = 0; i < n; i++) {
        if (ids[i].dev != ids[first].dev || ids[i].ino != ids[first].ino)
            first = i;
        else
            drop[ids[i].job] = repeated(js, ids, first, i);
    }
    int kept = 0;
    for (int i = 0; i < js->n; i++) {
        if (drop[i])
            job_free(&js->v[i]);
        else
            js->v[kept++] = js->v[i];
    }
    js->n = kept;
    free(drop);
    free(ids);
}

/* The jobs of -p BUILD FILE's other files, which were read for their
   facts only, dropped before anything is said of the jobs; how many of
   them failed. */
static int drop_context(jobs *js)
{
    int kept = 0, failed = 0;
    for (int i = 0; i < js->n; i++) {
        if (!js->v[i].context) {
            js->v[kept++] = js->v[i];
            continue;
        }
        failed += js->v[i].failed;
        job_free(&js->v[i]);
    }
    js->n = kept;
    return failed;
}

/* ---- the run ---------------------------------------------------------------- */

/* -p BUILD HEADER: each file of the database that includes a header named
   is analyzed, its findings said, as if named; the headers none includes
   are said once, and left out (a header alone has no compile command). */
static void include_headers(jobs *js, const dc_run *run, dc_source *v, const char *build_dir)
{
    bool *included = dc_realloc(NULL, (size_t)(js->nheaders ? js->nheaders : 1) * sizeof *included);
    memset(included, 0, (size_t)js->nheaders * sizeof *included);
    for (int i = 0; i < js->n; i++) {
        bool reads = false;
        for (int h = 0; js->v[i].context && h < js->nheaders; h++)
            if (dc_run_reads(run, &v[i], js->headers[h]))
                reads = included[h] = true;
        if (reads)
            v[i].context = js->v[i].context = false;
    }
    const char *sep = "devcheck: headers that no file of the compile database includes, not "
                      "analyzed:";
    for (int h = 0; h < js->nheaders; h++)
        if (!included[h]) {
            char *shown = dc_printable(js->headers[h], strlen(js->headers[h]));
            fprintf(stderr, "%s %s", sep, shown);
            free(shown);
            sep = ",";
        }
    if (*sep == ',')
        fprintf(stderr, " (%s/compile_commands.json)\n", build_dir);
    free(included);
}

static dc_model *load_model(const request *r)
{
    dc_model *m = dc_model_new();
    char err[1024];
    for (int i = 0; i < r->nmodels; i++) {
        if (dc_model_load(m, r->models[i], err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            exit(2);
        }
    }
    return m;
}

/* Parses every job, r->jobs at once, then analyzes them together; returns
   how many failed (did not parse, or crashed the analysis), each said on
   stderr in the jobs' order (as is a file left out, not C, C++ or CUDA). */
static int analyze(jobs *js, const request *r, dc_model *model, dc_findings *found,
                   dc_reach *reach)
{
    int failed = 0;
    dc_source *v = dc_realloc(NULL, (size_t)(js->n ? js->n : 1) * sizeof *v);
    for (int i = 0; i < js->n; i++) {
        job *j = &js->v[i];
        v[i] = (dc_source){ .path = j->path,
                            .flags = { (const char *const *)j->args, j->nargs, j->directory },
                            .facts = j->facts ? j->path : NULL, .context = j->context };
    }
    dc_run *run = dc_run_new(model);
    dc_run_budget(run, r->timeout, r->memory);
    if (r->cache)
        dc_run_cache(run, r->cache);
    if (r->stats)
        dc_run_reach(run, reach);
    dc_run_parse(run, v, js->n, r->jobs);
    include_headers(js, run, v, r->build_dir);
    dc_run_analyze(run, r->timeout, found);
    dc_run_free(run);
    js->seen = dc_realloc(NULL, (size_t)(js->n ? js->n : 1) * sizeof *js->seen);
    for (int i = 0; i < js->n; i++) {
        if (v[i].status == DC_SOURCE_READ)
            js->seen[js->nseen++] = v[i].seen;
        js->v[i].skipped = v[i].skipped;
        js->v[i].nskipped = v[i].nskipped;
        js->v[i].cuda = v[i].cuda;
        if (v[i].err && js->v[i].context) {
            free(v[i].err);             /* another file's trouble: not this run's to say */
        } else if (v[i].err) {
            dc_print_lines(stderr, v[i].err);
            js->v[i].why = dc_format("%.*s", (int)strcspn(v[i].err, "\n"), v[i].err);
            free(v[i].err);
        }
        /* a file the user named that devcheck does not read is an error:
           they meant it to be analyzed */
        js->v[i].failed = v[i].status < 0 || (v[i].status == DC_SOURCE_NOT_C && js->v[i].named);
        failed += js->v[i].failed;
    }
    free(v);
    return failed - drop_context(js);
}

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* The findings made but not reported. */
typedef struct {
    int suppressed;                 /* by an ignore comment, or a rule that is off */
    int baselined;                  /* in --baseline's file */
} hidden;

/* " (1 suppressed, 2 baselined)": the counts that are not 0. */
static void print_hidden(const hidden *h)
{
    const struct {
        int n;
        const char *how;
    } counts[] = {{h->suppressed, "suppressed"}, {h->baselined, "baselined"}};
    const char *sep = " (";
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        if (counts[i].n) {
            fprintf(stderr, "%s%d %s", sep, counts[i].n, counts[i].how);
            sep = ", ";
        }
    if (*sep == ',')
        fputc(')', stderr);
}

/* "3 files analyzed: 2 errors and 1 warning in 2 files (1 suppressed)",
   or "3 files analyzed: no findings", on stderr after the text output:
   that the files were read, and how many have findings. */
static void print_summary(const dc_findings *found, const hidden *h, int analyzed)
{
    int files = 0, errors = 0;
    for (int i = 0; i < found->n; i++) {
        const char *a = found->v[i].loc.file, *b = i > 0 ? found->v[i - 1].loc.file : NULL;
        files += i == 0 || (a != b && (!a || !b || strcmp(a, b) != 0));
        errors += strcmp(dc_severity(found->v[i].rule), "error") == 0;
    }
    int warnings = found->n - errors;
    fprintf(stderr, "%d file%s analyzed: ", analyzed, plural(analyzed));
    if (found->n > 0)
        fprintf(stderr, "%d error%s and %d warning%s in %d file%s", errors, plural(errors),
                warnings, plural(warnings), files, plural(files));
    else
        fputs("no findings", stderr);
    print_hidden(h);
    fputc('\n', stderr);
}

static bool suppressed(const dc_finding *d, void *unused)
{
    (void)unused;
    return dc_suppressed(d);
}

/* Whether the finding's rule is off for its file; a .devcheck that cannot be
   read is said (once: its folder's answer is kept) and counted in *errors. */
static bool rule_off(const dc_finding *d, void *errors)
{
    char err[1024];
    unsigned on;
    if (dc_config_rules(d->loc.file ? d->loc.file : ".", &on, err, sizeof err) != 0) {
        fprintf(stderr, "devcheck: %s\n", err);
        ++*(int *)errors;
    }
    return !dc_rule_on(on, d->rule);
}

typedef struct {
    const dc_baseline *baseline;
    const dc_finding *first;
    char **print;
} known;

static bool in_baseline(const dc_finding *d, void *k)
{
    const known *kn = k;
    return dc_baseline_has(kn->baseline, kn->print[d - kn->first]);
}

/* Whether a and b are one file (by any name: a symbolic or a hard link). */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return a && b && stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev
           && sa.st_ino == sb.st_ino;
}

/* Why path cannot be a baseline, or NULL: a source by its name, or a file
   the run reads.  `--write-baseline a.c b.c`, the baseline's name
   forgotten, would write over a.c; `--baseline *.c` would read a.c as
   fingerprints and leave it unanalyzed. */
static const char *not_a_baseline(const char *path, const request *r, const jobs *js)
{
    if (dc_language_named(path) != DC_LANG_NONE)
        return "a source (by its name)";
    for (int i = 0; i < js->n; i++)
        if (same_file(path, js->v[i].path))
            return "a file to analyze";
    for (int i = 0; i < r->nmodels; i++)
        if (same_file(path, r->models[i]))
            return "a model file";
    return same_file(path, r->runtime) ? "the --runtime report" : NULL;
}

/* --baseline and --write-baseline checked before any file is read. */
static void check_baselines(const request *r, const jobs *js)
{
    const struct { const char *option, *path; } named[] = {
        {"--baseline", r->baseline}, {"--write-baseline", r->write_baseline}};
    for (size_t i = 0; i < sizeof named / sizeof *named; i++) {
        const char *why = named[i].path ? not_a_baseline(named[i].path, r, js) : NULL;
        if (why) {
            fprintf(stderr, "devcheck: %s: %s, not a baseline: %s refused\n", named[i].path,
                    why, named[i].option);
            exit(2);
        }
    }
}

/* --baseline drops the findings it holds, counted in *baselined;
   --write-baseline writes them.  Returns the errors, said on stderr. */
static int against_baseline(const request *r, dc_findings *found, int *baselined)
{
    char err[1024], cwd[PATH_MAX];
    char *abs = dc_absolute_path(getcwd(cwd, sizeof cwd) ? cwd : ".");
    char *base = dc_format("%s/", strcmp(abs, "/") ? abs : "");
    char **print = dc_fingerprints(found, base);
    int n = found->n, errors = 0;
    if (r->write_baseline && dc_baseline_write(r->write_baseline, found, print, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        errors++;
    }
    if (r->baseline) {
        dc_baseline *b = dc_baseline_read(r->baseline, err, sizeof err);
        if (b) {
            known k = {b, found->v, print};
            *baselined = dc_findings_drop(found, in_baseline, &k);
        } else {
            fprintf(stderr, "%s\n", err);
            errors++;
        }
        dc_baseline_free(b);
    }
    dc_fingerprints_free(print, n);
    free(base);
    free(abs);
    return errors;
}

/* Whether a file's errors are CUDA's words undeclared: a .cpp or .h of
   kernels that its build hands to nvcc (CUDALibrarySamples' cuFFT). */
static bool reads_cuda_as_c(const char *why)
{
    static const char *const builtins[] = {
        "identifier 'threadIdx'", "identifier 'blockIdx'", "identifier 'blockDim'",
        "unknown type name '__global__'", "unknown type name '__device__'",
        "identifier '__syncthreads'",
    };
    for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
        if (strstr(why, builtins[i]))
            return true;
    return false;
}

static bool parse_error(const char *said)
{
    return strstr(said, " error: ") != NULL;
}

/* Whether an error said of a job (why it was left out, or what its errors
   left unread) passes the test. */
static bool job_says(const job *j, bool (*test)(const char *))
{
    bool says = j->failed && j->why && test(j->why);
    for (int k = 0; k < j->nskipped && !says; k++)
        says = test(j->skipped[k].message);
    return says;
}

/* After the findings, which files they lack (each one's errors came
   before, among the others' lines), and the likely causes of the errors
   said, theirs or those of the files analyzed in part. */
static void say_failed(const jobs *js, int failed)
{
    if (failed) {
        fprintf(stderr, "devcheck: %d of %d file%s not analyzed (errors above):", failed, js->n,
                plural(js->n));
        for (int i = 0; i < js->n; i++)
            if (js->v[i].failed) {
                char *shown = dc_printable(js->v[i].path, strlen(js->v[i].path));
                fprintf(stderr, " %s", shown);
                free(shown);
            }
        fputs("\n", stderr);
    }
    /* Code written for an older CUDA calls what a newer one removed
       (cudaThreadSynchronize, texture references): the toolkit read is
       worth saying, and how to name the one the project builds with;
       not of a file CUDA is not in. */
    bool parse_errors = false;
    for (int i = 0; i < js->n; i++)
        parse_errors |= js->v[i].cuda && job_says(&js->v[i], parse_error);
    const char *toolkit = dc_cuda_toolkit();
    if (toolkit && parse_errors)
        fprintf(stderr, "devcheck: CUDA's headers were those of %s; DEVCHECK_CUDA_PATH names "
                "the toolkit the project is built with\n", toolkit);
    for (int i = 0; i < js->n; i++)
        if (job_says(&js->v[i], reads_cuda_as_c))
            fprintf(stderr, "devcheck: %s uses CUDA (its errors name CUDA's built-ins): `-- -x cu` "
                    "reads it as CUDA, as a build that compiles it with nvcc does\n",
                    js->v[i].path);
}

/* Whether an error is a torch header not found (torch/extension.h's,
   ATen/ATen.h): what --torch's folders hold. */
static bool torch_header_missing(const dc_note *e)
{
    static const char *const folders[] = {"'torch/", "'ATen/", "'c10/"};
    if (!strstr(e->message, "file not found"))
        return false;
    for (size_t i = 0; i < sizeof folders / sizeof *folders; i++)
        if (strstr(e->message, folders[i]))
            return true;
    return false;
}

/* After the findings, what the files' errors left unread, a note a line
   in the compilers' format; returns how many files it was in. */
static int say_skipped(const jobs *js, bool torch)
{
    int files = 0;
    bool hint = false;
    for (int i = 0; i < js->n; i++) {
        const job *j = &js->v[i];
        for (int k = 0; k < j->nskipped; k++) {
            dc_print_unread(stderr, &j->skipped[k]);
            hint |= !torch && torch_header_missing(&j->skipped[k]);
        }
        files += j->nskipped > 0;
    }
    if (files)
        fprintf(stderr, "devcheck: %d of %d file%s analyzed in part: their errors left unread "
                "what is above\n", files, js->n, plural(js->n));
    if (hint)
        fputs("devcheck: torch's headers were not found: devcheck --torch adds torch's include "
              "folders and Python's\n", stderr);
    return files;
}

/* --stats: the reach, with the files' counts, after all else said. */
static void say_reach(const jobs *js, int failed, dc_reach *reach)
{
    reach->files = js->n;
    reach->left_out = failed;
    for (int i = 0; i < js->n; i++)
        reach->unread += js->v[i].nskipped;
    dc_print_reach(stderr, reach);
}

/* An ignore comment's name that is no rule, as a compiler's error; fresh. */
static char *ignore_error(const dc_note *e)
{
    return dc_format("%s:%u:%u: error: %s", e->loc.file, e->loc.line, e->loc.column, e->message);
}

/* Reads the ignore comments of the run's files (those of the findings'
   files are read already) and says on stderr each name that is no rule;
   returns how many. */
static int check_ignores(const jobs *js)
{
    for (int i = 0; i < js->n; i++)
        if (!js->v[i].facts)            /* a facts file is no source: never read whole for them */
            dc_ignores_read(js->v[i].path);
    int n;
    const dc_note *bad = dc_ignore_errors(&n);
    for (int i = 0; i < n; i++) {
        char *line = ignore_error(&bad[i]);
        fprintf(stderr, "%s\n", line);
        free(line);
    }
    return n;
}

/* What was said on stderr of the files and their ignore comments, for SARIF. */
static void print_sarif(const jobs *js, const dc_findings *found)
{
    char cwd[PATH_MAX];
    int nbad;
    const dc_note *bad = dc_ignore_errors(&nbad);
    int nskipped = 0;
    for (int i = 0; i < js->n; i++)
        nskipped += js->v[i].nskipped;
    dc_left_out *left = dc_realloc(NULL, (size_t)(js->n + nskipped + nbad + 1) * sizeof *left);
    char **said = dc_realloc(NULL, (size_t)(nbad + 1) * sizeof *said);
    int n = 0;
    for (int i = 0; i < js->n; i++) {
        const job *jb = &js->v[i];
        if (jb->why)
            left[n++] = (dc_left_out){ jb->path, jb->why, jb->failed, 0, 0 };
        for (int k = 0; k < jb->nskipped; k++)
            left[n++] = (dc_left_out){ jb->skipped[k].loc.file, jb->skipped[k].message, true,
                                       jb->skipped[k].loc.line, jb->skipped[k].loc.column };
    }
    for (int i = 0; i < nbad; i++) {
        said[i] = ignore_error(&bad[i]);
        left[n++] = (dc_left_out){ bad[i].loc.file, said[i], true, 0, 0 };
    }
    dc_print_sarif(stdout, found, getcwd(cwd, sizeof cwd) ? cwd : ".", left, n);
    for (int i = 0; i < nbad; i++)
        free(said[i]);
    free(said);
    free(left);
}

/* The findings on stdout.  Returns the errors: a --runtime report that cannot be read. */
static int print_findings(const request *r, const jobs *js, const dc_findings *found)
{
    char err[512], cwd[PATH_MAX], **notes = NULL;
    if (r->runtime && !(notes = dc_runtime_notes(r->runtime, found, err, sizeof err)))
        fprintf(stderr, "devcheck: %s\n", err);
    if (r->format == FORMAT_SARIF)
        print_sarif(js, found);
    else if (r->format == FORMAT_CODEQUALITY)
        dc_print_codequality(stdout, found, getcwd(cwd, sizeof cwd) ? cwd : ".");
    else
        dc_print_text(stdout, found, notes);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("devcheck: standard output");
        exit(2);
    }
    dc_runtime_notes_free(notes, notes ? found->n : 0);
    return r->runtime && !notes;
}

int main(int argc, char **argv)
{
    const char *name = strrchr(argv[0], '/');
    name = name ? name + 1 : argv[0];
    if (dc_launcher(name))
        return dc_launch(name, argc, argv);
    if (argc > 1 && strcmp(argv[1], "capture") == 0)
        return dc_capture(argc - 2, argv + 2);
    if (argc > 1 && strcmp(argv[1], "lsp") == 0)
        return dc_lsp(argc - 2, argv + 2);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    request r = { .jobs = cores > 0 ? (int)cores : 1, .timeout = DC_SECONDS,
                   .memory = (size_t)DC_MIB << 20 };
    parse_request(argc, argv, &r);
    jobs js = r.build_dir ? jobs_from_database(&r) : jobs_from_command_line(&r);
    drop_repeated_files(&js);
    check_baselines(&r, &js);
    dc_model *model = load_model(&r);

    dc_findings found = {0};
    dc_reach reach = {0};
    int failed = analyze(&js, &r, model, &found, &reach), errors = js.errors + failed;
    dc_findings_sort(&found);
    hidden h = {0};
    h.suppressed = dc_findings_drop(&found, suppressed, NULL);
    h.suppressed += dc_findings_drop(&found, rule_off, &errors);
    errors += check_ignores(&js);
    if (r.baseline || r.write_baseline)
        errors += against_baseline(&r, &found, &h.baselined);
    if (r.fix)
        errors += dc_apply_fixes(&found, js.seen, js.nseen, stderr);
    errors += print_findings(&r, &js, &found);
    errors += say_skipped(&js, r.torch);
    say_failed(&js, failed);
    if (r.format == FORMAT_TEXT)        /* last, as compilers do */
        print_summary(&found, &h, js.n - failed);
    if (r.stats)
        say_reach(&js, failed, &reach);

    int status = errors ? 2 : found.n && !r.write_baseline ? 1 : 0;
    dc_findings_free(&found);
    dc_suppress_reset();
    dc_config_reset();
    dc_model_free(model);
    jobs_free(&js);
    free(r.default_cache);
    dc_torch_free(&r.torch_flags);
    free(r.models);
    free(r.files);
    return status;
}
