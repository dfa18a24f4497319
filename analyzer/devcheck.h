/*
 * devcheck: the static analyzer.  It reads C (and C++, and the host side of
 * CUDA) with libclang and flags tensor and pointer uses that lack a device
 * transfer.
 *
 * The data path:  model (loaded first) -> sources -> parse -> lower (each
 * unit to its facts, the unit then disposed of) -> dataflow (on the facts
 * of all; the rules check as the walk meets each call and use) ->
 * findings -> output.
 *
 *   main.c       the command line: files, flags, -p, formats; the other
 *                files are the library devcheck-core, which the unit
 *                tests and the fuzz targets link too
 *   alloc.c      memory: running out ends the run; formatted strings
 *   files.c      files read whole, written beside and renamed over, and
 *                paths made absolute
 *   capture.c    devcheck capture, a compiler launcher that leaves each
 *                object's facts beside it, and devcheck analyze over them
 *   launch.c     devcheck-cc, devcheck-c++, devcheck-nvcc: capture as one
 *                program, known by its name
 *   torch.c      --torch: a PyTorch extension's include folders
 *   compile_db.c compile_commands.json (-p), read strictly, and its
 *                commands' arguments as the flags a file is parsed with
 *   command.c    the command a file is parsed with: its language, the
 *                toolkit's headers and devcheck's own, the user's flags
 *   prelude_source.c a prelude's source: the libraries' headers (libtorch's,
 *                CUDA's) a file's first lines reach, read as the
 *                preprocessor reads them
 *   prelude.c    the preludes precompiled once for the files that share
 *                them, in a temporary folder (removed, even on a signal)
 *                or kept in the cache
 *   parse_errors.c a unit's errors by kind: those in device code a note,
 *                those in host code what they leave unread listed
 *   respace.c    nvcc's spaced launches (`k << <grid, block >> >`)
 *                closed up, for a .cu file that failed on them
 *   frontend.c   libclang: a file and its flags into a translation unit,
 *                with errors said: C, C++, the host side of .cu files
 *                (include/devcheck/cuda), over their prelude
 *   run.c        the run: its files parsed and lowered on -j's threads,
 *                then analyzed together, on threads with deep stacks; a
 *                crash in one file's parse or analysis leaves that file
 *                out
 *   facts_cache.c facts made before: a source's from its facts file or the
 *                cache, and a parse's kept there
 *   lower.c      a parsed unit lowered into its facts (facts.h): what the
 *                analysis reads of it, as arrays, with no libclang after
 *   kernel_reads.c what a kernel reads before writing, from its body as
 *                the lowering has it (device code is not lowered)
 *   clang_cursor.c a libclang cursor's place and name, for lower.c and
 *                unread.c
 *   facts.c      the facts as the analysis reads them
 *   facts_file.c a unit's facts as a file: what capture leaves beside an
 *                object file and the cache keeps, trusted only when all of
 *                it checks
 *   cache.c      each unit's facts kept between runs, under a key of its
 *                file, folder, flags and devcheck's version, while the
 *                files its parse read are unchanged
 *   model.c      the API model: what each function does to devices, from
 *                annotations in headers (devcheck/annotations.h),
 *                model files (--model), and the built-in CUDA runtime model
 *   dataflow.c   each function body, statement by statement: the device of
 *                every tensor, module, list and pointer, and where it came
 *                from, for every function of the run, callees first; in
 *                stages that flow.h names (cursor.c, env.c, value.c, walk.c,
 *                call.c, lambda.c, fnptr.c, virtual.c, effects.c, guards.c,
 *                fields.c, uses.c, samebuf.c, unwritten.c, summary.c)
 *   place.c      the lattice of places: join, differ, their names in words
 *   rules.c      the rules (docs/rules/): each check decides on places,
 *                and says its finding with notes and fixes
 *   findings.c   findings with their notes and fixes, in a list that owns
 *                its strings; file names interned
 *   output.c     findings in the compilers' format
 *   sarif.c      findings as SARIF 2.1.0
 *   codequality.c findings as GitLab's Code Quality report
 *   reach.c      --stats: how much of a run the analysis could judge
 *   runtime.c    --runtime: what devtrace's report says the runs did at
 *                each finding's line (common/join.h)
 *   sources.c    the files findings are in, each read once, its lines
 *                indexed and kept: suppressions', SARIF's, baselines' lines
 *   suppress.c   `// devcheck-ignore` and `// devcheck-ignore(rule)`
 *   config.c     which rules are on: --rules, --disable, `.devcheck` files
 *   baseline.c   findings' fingerprints, and baselines of known findings
 *   fixes.c      --fix: fix-its applied to the files
 *   recover.c    a crash caught on the thread it happens on
 *   opens.c      the files a parse opens: a device or a FIFO reads as empty
 *   unread.c     the functions a file's errors leave unread, its other
 *                functions analyzed
 *   lsp.c        devcheck lsp: a language server for editors, each
 *                analysis a child devcheck on the editor's text
 */
#ifndef DEVCHECK_H
#define DEVCHECK_H

#include "grow.h"
#include "mistakes.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

/* ---- memory (alloc.c) and files (files.c) ----------------------------------- */

/* printf into a fresh string */
char *dc_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *dc_vformat(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
/* realloc that ends the program, with exit status 2, when memory runs out */
void *dc_realloc(void *p, size_t size);
/* All of a stream, or of a file, with a NUL after it (len leaves it out);
   NULL when it cannot be read (errno says why). */
char *dc_read_stream(FILE *in, size_t *len);
char *dc_read_file(const char *path, size_t *len);
/* The absolute path of a file, symbolic links resolved (as getcwd resolves
   the current folder) so that the two compare; fresh string. */
char *dc_absolute_path(const char *path);
/* A new file beside path, for what will be renamed over it: mkstemp's, so
   that no link planted at a name known before can stand in for it (mode
   0600).  Its descriptor, with its name in *tmp (fresh); -1 with errno. */
int dc_create_beside(const char *path, char **tmp);
/* data written to a file beside path, then renamed over it, with the mode
   a new file gets (0666 less the umask, not mkstemp's 0600: a group may
   share a cache or a build's facts): 0, or -1 with errno (and nothing
   left behind). */
int dc_write_atomic(const char *path, const void *data, size_t len);
/* --contents FILE=TEXT: the text of file TEXT read in place of FILE's (an
   editor's unsaved text), by the parse, the ignore comments and the source
   lines; 0, or -1 with why (fresh) where TEXT cannot be read. */
int dc_contents_add(const char *spec, char **err);
/* The text standing in for the file at path, its length in *len; NULL: none. */
const char *dc_contents_of(const char *path, size_t *len);
/* dc_read_file, through --contents. */
char *dc_read_source(const char *path, size_t *len);

/* ---- findings ------------------------------------------------------------ */

typedef struct {
    char *file;                 /* as the translation unit names it */
    unsigned line, column;      /* 1-based; column in bytes */
} dc_loc;

typedef struct {
    dc_loc loc;
    char *message;
} dc_note;

/* Frees n notes' messages and the array that holds them. */
void dc_notes_free(dc_note *v, int n);

/* Replace the source from begin up to (not including) end with text. */
typedef struct {
    dc_loc begin, end;
    char *text;
} dc_fix;

typedef struct {
    const char *rule;           /* the rule id, without "devcheck-": "device-mismatch" */
    dc_loc loc;
    char *message;
    dc_note *notes;
    int nnotes;
    dc_fix *fixes;
    int nfixes;
} dc_finding;

typedef struct {
    dc_finding *v;
    int n, cap;
} dc_findings;

/* The rules are the mistakes of mistakes.h that have a rule id, and a set
   of them a bit per mistakes[] row.  The bit of the rule that name (len
   bytes) stands for, in devcheck's words or devtrace's (mistake_named): 0
   when it names no rule of devcheck's. */
unsigned dc_rule_bit(const char *name, size_t len);
/* A rule's severity: "error" or "warning", as devtrace gives the mistake. */
const char *dc_severity(const char *rule);

/* The file name is interned (kept once for the whole run): a dc_loc is a
   plain value, to copy freely, and nothing frees its file. */
dc_loc dc_loc_make(const char *file, unsigned line, unsigned column);
/* Appends a finding (copies nothing: the strings become the list's). */
dc_finding *dc_findings_add(dc_findings *f, const char *rule, dc_loc loc, char *message);
void dc_finding_note(dc_finding *f, dc_loc loc, char *message);
void dc_finding_fix(dc_finding *f, dc_loc begin, dc_loc end, char *text);
/* Appends from's findings to to, leaving from empty. */
void dc_findings_take(dc_findings *to, dc_findings *from);
/* Sorts by file, line, column, rule, and drops exact repeats. */
void dc_findings_sort(dc_findings *f);
void dc_findings_free(dc_findings *f);
/* Removes (and frees) the findings for which drop(finding, ctx) says true,
   asked in their order; returns how many. */
int dc_findings_drop(dc_findings *f, bool (*drop)(const dc_finding *, void *), void *ctx);

/* ---- the cache (cache.c) ---------------------------------------------------- */

/* XXH64 of n bytes: the checksums of facts and entries, and (two seeds)
   the 128-bit names of entries. */
uint64_t dc_hash64(const void *data, size_t n, uint64_t seed);
/* The key a unit's facts are kept under: its file, the folder its command
   runs in, its flags, devcheck's version and build, and the parser's
   version (libclang's); fresh string. */
char *dc_cache_key(const char *file, const char *directory, const char *const *flags,
                   int nflags, const char *parser);
/* The key a precompiled prelude is kept under: its source, the flags, and
   the versions (not devcheck's build); fresh string. */
char *dc_prelude_key(const char *source, const char *const *flags, int nflags,
                     const char *parser);
/* The file beside key's entry in dir, named with ext, that holds what the
   entry does not (a precompiled prelude), its folder made; fresh path, or
   NULL with errno. */
char *dc_cache_file(const char *dir, const char *key, const char *ext);
/* The facts the cache in dir keeps under key, fresh in *len bytes; NULL:
   a miss (no entry, one of another key, or one whose files changed since;
   one that does not check, truncated, damaged or foreign, is removed). */
void *dc_cache_get(const char *dir, const char *key, size_t *len);
/* The clock file systems stamp changes with (ns): read before a parse,
   no file changed after it has an older time. */
int64_t dc_cache_clock(void);
/* What a file held when a parse read it, to tell later whether it still
   does: its size, its time of change (ns; -1 where the time cannot be
   trusted: a change in the last seconds, or a time in the future), and
   XXH64 of its bytes. */
typedef struct {
    uint64_t size;
    int64_t mtime;
    uint64_t hash;
} dc_stamp;
/* The stamp of a file a parse begun at since read (INT64_MAX: any time);
   false when it is gone, or changed since the parse began: its time is
   after since and not in the future (a time ahead of the clock, from an
   archive or another machine's, says nothing of when the file changed). */
bool dc_stamp_file(const char *path, int64_t since, dc_stamp *s);
/* Whether a file still holds what its stamp says: the same size and time,
   or the same bytes. */
bool dc_stamp_unchanged(const char *path, const dc_stamp *s);
/* Keeps a unit's facts under key, with the files its parse read (deps:
   absolute paths, the source and every header), written beside the entry
   and renamed over it, dir made if missing (entries and folders with the
   modes the umask gives); 0; 1, nothing kept, where a file changed or
   went after the parse began at since (dc_cache_clock, dc_stamp_file);
   or -1 with errno (a cache that cannot be written is no error of the
   run's). */
int dc_cache_put(const char *dir, const char *key, const char *const *deps, int ndeps,
                 int64_t since, const void *data, size_t len);

/* ---- the files findings are in (sources.c) ---------------------------------- */

typedef struct {
    unsigned line;
    unsigned rules;                 /* a set of dc_rule_bit; every bit: every rule */
} dc_marker;

typedef struct {
    char *name;
    char *text;                     /* NUL-terminated; NULL when the file cannot be read */
    size_t size;
    size_t *starts;                 /* where line i+1 begins; starts[nlines] is size + 1 */
    unsigned nlines;
    dc_marker *markers;             /* its ignore comments, in the order of their lines */
    int nmarkers;
    bool *code;                     /* code[i]: line i holds code (not only comments) */
} dc_source_file;

/* A file read, its lines indexed and its ignore comments found; NULL text
   when it cannot be read.  Not kept: dc_source_free's. */
dc_source_file *dc_source_load(const char *path);
void dc_source_free(dc_source_file *s);
/* The file as kept: NULL when it was not read yet (find); read on first use
   (get), and kept until dc_sources_reset. */
dc_source_file *dc_source_find(const char *path);
dc_source_file *dc_source_get(const char *path);
/* The text of a line of a source file (1-based), without its line break, from
   the files kept; NULL when the file cannot be read or is shorter. */
const char *dc_source_line(const char *file, unsigned line, size_t *len);
void dc_sources_reset(void);

/* ---- suppression (suppress.c) --------------------------------------------- */

/* Whether a `// devcheck-ignore` comment on the finding's line, or alone on
   the line above it, silences it.  Reads (and caches) the file. */
bool dc_suppressed(const dc_finding *f);
/* Reads the ignore comments of a file, for their errors, as dc_suppressed
   reads those of a finding's file. */
void dc_ignores_read(const char *path);
/* The names in the ignore comments read so far that are no rule of
   devcheck's, each once, in the order read: where the name is, and why. */
const dc_note *dc_ignore_errors(int *n);
/* The files kept (dc_sources_reset) and the errors read forgotten. */
void dc_suppress_reset(void);
/* A file's ignore comments found, and which lines hold code (as it is read). */
void dc_ignores_find(dc_source_file *s);

/* Whether a header at path (real) is an installed library's, however the
   build puts it on the path (lower.c): its functions are not the project's. */
bool dc_library_path(const char *path);

/* ---- teams: fingerprints, baselines, rule selection, fixes ----------------- */

/* Each finding's fingerprint (baseline.c says what it is), with file names
   relative to base (absolute, with a trailing slash). */
char **dc_fingerprints(const dc_findings *f, const char *base);
void dc_fingerprints_free(char **print, int n);

typedef struct dc_baseline dc_baseline;
/* The fingerprints in a baseline or SARIF file; NULL with err when it cannot
   be read. */
dc_baseline *dc_baseline_read(const char *path, char *err, size_t errlen);
bool dc_baseline_has(const dc_baseline *b, const char *print);
void dc_baseline_free(dc_baseline *b);
/* Writes the findings' fingerprints to path, atomically; 0, or -1 with err. */
int dc_baseline_write(const char *path, const dc_findings *f, char **print, char *err,
                      size_t errlen);

/* The command line's --rules and --disable (NULL: not given); 0, or -1 with err. */
int dc_config_command_line(const char *only, const char *off, char *err, size_t errlen);
/* The rules on for a file (a set of dc_rule_bit): its folder's nearest
   .devcheck, then the command line; 0, or -1 with err for a bad .devcheck. */
int dc_config_rules(const char *file, unsigned *on, char *err, size_t errlen);
bool dc_rule_on(unsigned on, const char *rule);
void dc_config_reset(void);
/* The launchers' cache folder: `cache: DIR` in the nearest .devcheck at or
   above the current folder that has one (DIR relative to that file's
   folder); fresh, or NULL. */
char *dc_config_cache(void);

/* What a file held when it was read, to know whether it still does: its
   device and inode, size, time of change, and a hash of its bytes. */
typedef struct {
    unsigned long long dev, ino;        /* 0, 0: none taken */
    long long size, mtime_ns;
    uint64_t hash;
} dc_snapshot;
/* The snapshot of a file whose stat is st and whose bytes are text[0..len). */
dc_snapshot dc_snapshot_of(const struct stat *st, const char *text, size_t len);

/* Applies the findings' fix-its to their files (fixes.c); what it did and
   did not do goes to log.  A file is fixed only while it holds what was
   analyzed: one of seen[0..nseen), the snapshots of the files as they were
   parsed.  Returns how many files could not be fixed. */
int dc_apply_fixes(const dc_findings *f, const dc_snapshot *seen, int nseen, FILE *log);

/* ---- output (output.c, sarif.c, codequality.c) ------------------------------------------- */

/* notes: a line to say under each finding (NULL: none). */
void dc_print_text(FILE *out, const dc_findings *f, char *const *notes);
/* s (n bytes) with its control characters and the bytes that are not
   UTF-8 as escapes (json_printable), for a line of text; fresh. */
char *dc_printable(const char *s, size_t n);
/* Each line of text (a file's errors), printable, ending in a new line. */
void dc_print_lines(FILE *out, const char *text);
/* "FILE:LINE:COL: note: MESSAGE", its text printable (dc_printable). */
void dc_print_note(FILE *out, const dc_note *note);
/* What a file's errors left unread (dc_source's skipped, "WHAT: error:
   WHY"): "FILE:LINE:COL: error: WHY", then the note "WHAT" there. */
void dc_print_unread(FILE *out, const dc_note *note);
/* What a fix does, in words: "replace 'a' with 'b'", "insert 'b'"; fresh string. */
char *dc_fix_summary(const dc_fix *fix);
/* What a run said of a file, for SARIF's invocation: why it was left out
   (its first error), what its errors left unread (a function, at the
   error), or a name in an ignore comment that is no rule (an error, at its
   line); and whether that is an error (missing, did not parse, left
   unread, crashed the analysis, a bad name) or a word only (not C, C++ or
   CUDA; read in its includer). */
typedef struct {
    const char *path, *why;
    bool error;
    unsigned line, column;      /* where in path; 0: the file as a whole */
} dc_left_out;

/* base: the folder paths are made relative to (SARIF's %SRCROOT%); the
   files left out become the invocation's notifications, and an error
   among them makes it unsuccessful. */
void dc_print_sarif(FILE *out, const dc_findings *f, const char *base, const dc_left_out *left,
                    int nleft);
/* The findings as GitLab Code Quality issues, their paths relative to base. */
void dc_print_codequality(FILE *out, const dc_findings *f, const char *base);

/* ---- what the runs did (runtime.c) ------------------------------------------ */

/* --runtime REPORT: for each finding, what devtrace's report says the runs
   did at its line (common/join.h), as a note's words; NULL with err when
   the report cannot be read. */
char **dc_runtime_notes(const char *report, const dc_findings *f, char *err, size_t errlen);
void dc_runtime_notes_free(char **notes, int n);

/* ---- the model (model.c) --------------------------------------------------- */

typedef struct dc_model dc_model;

/* A model with the built-in CUDA runtime and C library entries; never NULL
   (out of memory ends the run, as dc_realloc does). */
dc_model *dc_model_new(void);
/* The built-in model's text, in the model-file format (devcheck --model-dump). */
const char *dc_model_builtin(void);
void dc_model_free(dc_model *m);
/* Adds a model file's entries; 0, or -1 with a message in err. */
int dc_model_load(dc_model *m, const char *path, char *err, size_t errlen);

/* ---- compilation databases (compile_db.c) ---------------------------------- */

typedef struct dc_compile_db dc_compile_db;

/* DIR/compile_commands.json, read strictly: JSON (RFC 8259) that is an
   array of compile commands, each an object with "directory" (an absolute
   path), "file", and "command" or "arguments" (not empty), and maybe
   "output", whose response files ("@FILE", and theirs) are regular files
   of 1 MiB at most, none inside itself, expanding to 16 MiB at most with
   at most 1,024 reads of a response file; NULL otherwise, with err
   ("FILE:LINE:COLUMN: why"). */
dc_compile_db *dc_compile_db_open(const char *dir, char *err, size_t errlen);
void dc_compile_db_close(dc_compile_db *db);
/* How many compile commands it holds. */
int dc_compile_db_size(const dc_compile_db *db);

/* A compile command as devcheck parses its file: the file (absolute, or
   relative to the current folder), the folder its relative paths are in,
   and the flags (dc_command_flags'). */
typedef struct {
    char *path, *directory;
    char **args;
    int nargs;
} dc_command;

/* The commands for file (NULL: every one), fresh in *out; how many.  A file
   the database does not name has none: no command is guessed for it.
   nvcc's response files ("--options-file F", "-optf F") are read in place
   of the flags that name them, as libclang reads "@F" ones. */
int dc_compile_db_commands(dc_compile_db *db, const char *file, dc_command **out);
void dc_commands_free(dc_command *v, int n);

/* A compile command's arguments as its compiler reads them: each response
   file read in place of what names it, "@F" as gcc reads it (split at
   blanks; ' and " quote, a backslash escapes any character; "@F" kept as
   it is where there is no F) and nvcc's --options-file/-optf F,G (apart
   or with '='), F and those they name relative to the current folder;
   fresh in *out, how many; -1 and why (fresh) where one cannot be read (not
   a regular file, over 1 MiB, nested 8 deep, 16 MiB or 1,024 files in
   all, an nvcc options file missing). */
int dc_command_expand(char *const *argv, int argc, char ***out, char **why);
/* A compile command's arguments (argv[0] the compiler, "@FILE" response
   files already expanded, as libclang's reader does) as the flags devcheck
   parses its file with: fresh strings in *flags, how many returned.
     - argv[0] is dropped, and every argument equal to file or path (the
       source, as the command or the database's "file" names it);
     - what says where and what to write (-c, -o F, --output F,
       --output-file F, -MD, -MMD, -MF F, -MT T, -MQ T) is dropped, with its
       value, and what keeps intermediate files (-save-temps, nvcc's -keep);
     - "--", which libclang puts before the file in a guessed command, too;
     - nvcc's own flags, unknown to clang, are dropped with their values,
       given apart ("-arch sm_90") or joined ("-arch=sm_90"), its response
       files' flags too (--options-file F, -optf F: those not read);
     - -Xcompiler A,B and --compiler-options A,B (apart or joined with '='):
       the host compiler's flags A and B are kept, the empty ones dropped;
     - a flag whose value should come next but does not: dropped;
     - everything else is kept as it is, in its order. */
int dc_command_flags(const char *const *argv, int argc, const char *file, const char *path,
                     char ***flags);

/* ---- analysis (command.c, run.c, dataflow.c) ----------------------------------- */

/* What a file is: C, C++ or CUDA (its host side), by its name or -x. */
typedef enum { DC_LANG_NONE, DC_LANG_C, DC_LANG_CXX, DC_LANG_CUDA } dc_language;
/* The language of a source by its name's extension (.c, .cc, .cpp, .cxx,
   .C, .c++, .cu), a file a compiler compiles alone: what a folder stands
   for, what a compile command compiles.  DC_LANG_NONE for a header (read
   where it is included; parsed where it is named all the same) and for
   any other file. */
dc_language dc_language_of(const char *name);
/* The language of a source or a header by its name's extension. */
dc_language dc_language_named(const char *name);
/* The language "-x x" makes any file that follows a source of (c, c++,
   nvcc's cu, clang's cuda); DC_LANG_NONE for a header's or another. */
dc_language dc_language_of_x(const char *x);

typedef struct {
    const char *const *args;    /* compiler flags, without the file */
    int nargs;
    const char *directory;      /* to run the compiler in, or NULL */
} dc_flags;

/* A run: every file parsed first, then analyzed together, so that a call
   into another file sees what the callee does (its summary). */
typedef struct dc_run dc_run;

dc_run *dc_run_new(dc_model *model);
/* What one file may take, in its parse (with its lowering to facts) and
   again in its analysis: processor seconds, and bytes of devcheck's own
   structures (its facts; the analysis's paths and environments); 0: no
   end.  A file past either is said and left out.  libclang's own parse
   cannot be stopped midway: the seconds count from its end, in the
   lowering to facts.  DC_SECONDS and DC_MIB unless set. */
#define DC_SECONDS 60
#define DC_MIB 4096
void dc_run_budget(dc_run *r, double seconds, size_t bytes);
/* What became of a file to parse (dc_source's status); an error's is
   negative. */
typedef enum {
    DC_SOURCE_READ = 0,         /* parsed (or its facts read), to analyze */
    DC_SOURCE_INCLUDED = 1,     /* left out with no error: it does not parse
                                   alone, and another file of the run
                                   includes it */
    DC_SOURCE_NOT_C = 2,        /* not C, C++ or CUDA (by its name or -x),
                                   left out (an error where the user named
                                   it) */
    DC_SOURCE_UNREAD = -1,      /* missing, or does not parse: left out */
    DC_SOURCE_ENDED = -2,       /* its parse (dc_run_parse) or its analysis
                                   (dc_run_analyze) crashed, or went past
                                   its budget: left out */
} dc_source_status;

/* A file to parse into a run, with its flags; status and err are set. */
typedef struct {
    const char *path;
    dc_flags flags;
    dc_source_status status;
    char *err;          /* why not 0, fresh (one line per error,
                           "FILE:LINE:COL: error: ..."), or NULL */
    dc_snapshot seen;   /* DC_SOURCE_READ: the file as it was parsed */
    const char *facts;  /* a facts file (devcheck capture's) to read the
                           unit from, not the source; NULL: parse it */
    bool context;       /* read for the program's facts only (-p BUILD
                           FILE: the other files): its findings unsaid */
    dc_note *skipped;   /* DC_SOURCE_READ: what its errors left unread, each
                           function with its first error ("'f' not
                           analyzed: error: WHY"), and each error outside
                           a function ("left aside: error: WHY") (fresh);
                           said after the findings (dc_print_unread) */
    int nskipped;
    bool cuda;          /* its language is CUDA, or it read CUDA's headers
                           (the toolkit's): its errors may be theirs */
} dc_source;

/* Keeps each unit's facts in the cache folder dir (cache.c), and takes
   them from it where they are there: a file found there is not parsed. */
void dc_run_cache(dc_run *r, const char *dir);
/* Parses the sources into the run, up to jobs at once (threads).  The
   units are kept in the sources' order whatever order they finish in.
   The sources must last until dc_run_analyze has returned. */
void dc_run_parse(dc_run *r, dc_source *v, int n, int jobs);
/* Whether the unit parsed from src (dc_run_parse's) read the file whose
   real path is real: a header it includes. */
bool dc_run_reads(const dc_run *r, const dc_source *src, const char *real);
/* Analyzes every function of the files added, adding the findings.  A file
   whose analysis crashes, or takes more than budget seconds (0: no end),
   gets status DC_SOURCE_ENDED and err, and is left out: the findings are those of the
   others analyzed without it. */
void dc_run_analyze(dc_run *r, double budget, dc_findings *out);
void dc_run_free(dc_run *r);
/* Reach (reach.c, --stats): how much of a run the analysis could judge.
   A pointer argument of a call the model knows is host memory, device
   memory, or unknown for one of these reasons, decided where its value
   was made (or by its place). */
typedef enum {
    DC_WHY_UNTRACKED,       /* no step of the walk gave it a place */
    DC_WHY_PARAMETER,       /* the walked function's parameter: checked at each call */
    DC_WHY_FIELD,           /* a struct field (or a static pointer) with no one fact */
    DC_WHY_EITHER,          /* host memory on one path, device memory on another */
    DC_WHY_PARTLY,          /* unknown on one path, known on another */
    DC_WHY_NO_BODY,         /* from a function with neither a model entry nor a body */
    DC_WHY_PARSE_ERROR,     /* from a function its errors left unread */
    DC_WHY_DEPTH,           /* from a function past the nesting limit */
    DC_WHY_TEMPLATE,        /* from a call with no callee: a template's dependent call */
    DC_WHY_POINTER_CALL,    /* from a call through a function pointer */
    DC_WHY_LAMBDA,          /* a lambda's parameter */
    DC_WHY_MODEL_SILENT,    /* from a modelled call whose model says nothing of it */
    DC_WHY_MIXED,           /* joined from two values that do not join: two kinds, or
                               the addresses of two things */
    DC_WHY_COUNT
} dc_why;

typedef struct {
    long sites;                 /* calls the model knows, and <<<>>> launches */
    long host, device, unknown; /* their pointer arguments */
    long why[DC_WHY_COUNT];     /* the unknown ones, by reason */
    int files, left_out;        /* the files of the run, those not analyzed */
    int unread;                 /* the functions (and errors outside one) errors left unread */
} dc_reach;

/* Counts the reach of dc_run_analyze's analysis into *out (sites,
   arguments and reasons; the files' counts are the caller's). */
void dc_run_reach(dc_run *r, dc_reach *out);
/* The reach as an aligned table, a line for each count. */
void dc_print_reach(FILE *out, const dc_reach *reach);
/* devcheck capture [--cache DIR] [--]: runs the compile command
   argv[0..argc) and, when it compiled one source to an object, leaves the
   source's facts beside it (and in the cache DIR); the compiler's exit
   status (capture.c). */
int dc_capture(int argc, char **argv);
/* devcheck lsp ARGS: a language server on stdin and stdout (lsp.c), each
   analysis devcheck with ARGS; 0 after shutdown and exit, else 1. */
int dc_lsp(int argc, char **argv);
/* Runs and captures the compile command argv[0..argc) (argv[argc] NULL):
   the capture's work once its options are read; verbose says why a
   command gets no facts; cache may be NULL. */
int dc_capture_command(int argc, char **argv, bool verbose, const char *cache);
/* Whether a cache folder, named by who (--cache, DEVCHECK_CACHE), is
   absolute; false said on stderr. */
bool dc_capture_cache_absolute(const char *who, const char *cache);
/* devcheck-cc, devcheck-c++, devcheck-nvcc (launch.c): whether name (a
   program's name, without folder) is one; and the launcher's run. */
bool dc_launcher(const char *name);
int dc_launch(const char *name, int argc, char **argv);
/* Parses file with the compile command's flags (argv, the compiler's own:
   dc_command_flags says which are kept), in the current folder, and
   writes its facts to out; with a cache (or NULL), takes them from it or
   keeps them in it, under the key a compile database's command for the
   file in this folder has; 0, or -1 with why in *err (fresh). */
int dc_capture_unit(const char *file, const char *const *argv, int argc, const char *out,
                    const char *cache, char **err);
/* --torch's flags (torch.c): -I of torch's include folders and Python's,
   and which torch they are of, in words. */
typedef struct {
    char **flags;
    int n;
    char *which;
} dc_torch;
/* Finds them: 0, or -1 with why in *err (fresh). */
int dc_torch_flags(dc_torch *t, char **err);
void dc_torch_free(dc_torch *t);
/* The CUDA toolkit .cu files are read with, or NULL: devcheck's own
   declarations over cuda_runtime.h from the include path. */
const char *dc_cuda_toolkit(void);

#endif /* DEVCHECK_H */
