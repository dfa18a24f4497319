/*
 * The front end's own: what its files share, a file and its flags on the
 * way to a libclang translation unit.  run.c drives them (devcheck.h's
 * dc_run), as dataflow.c drives flow.h's stages.
 *
 *   run.c        the run: the files parsed and lowered on threads, then
 *                analyzed
 *   facts_cache.c facts made before, a facts file's or the cache's: a file
 *                that has them is not parsed
 *   command.c    the command a file is parsed with: its language, the
 *                toolkit's and devcheck's own headers, the user's flags
 *   prelude_source.c a prelude's source: the libraries' headers a file's
 *                first lines reach
 *   prelude.c    the preludes precompiled, in a temporary folder or kept
 *                in the cache
 *   frontend.c   a file parsed into a translation unit, over its prelude
 *   respace.c    nvcc's spaced launches (`k << <grid, block >> >`) closed up
 *   parse_errors.c a unit's errors, by kind, and what those in host code
 *                leave unread
 */
#ifndef DEVCHECK_FRONTEND_H
#define DEVCHECK_FRONTEND_H

#include "facts.h"

#include <limits.h>

/* ---- the command (command.c) --------------------------------------------------- */

/* The folders a command's own flags name, found once a run. */
typedef struct {
    const char *toolkit;                /* dc_cuda_toolkit() */
    char own[PATH_MAX];                 /* devcheck's own headers */
} command_paths;

/* A compile command for libclang, with the buffers its flags are made in
   (one per file parsed, so that threads share none); as many flags as the
   user's command has. */
typedef struct {
    const char **argv;
    int argc, cap;
    char dirs[4096], own[PATH_MAX + 2], cuda_path[PATH_MAX + 16], compat[PATH_MAX + 32],
        cuda_h[PATH_MAX + 64], cccl[PATH_MAX + 16], nvcc[PATH_MAX + 32];
} command;

/* The folders, found (dc_run_new). */
void command_paths_find(command_paths *paths);
void command_add(command *c, const char *arg);
/* What a file is parsed as, by its name or the "-x" of its flags: a
   header too, where it is named. */
dc_language file_language(const char *path, const dc_flags *flags);
/* The command that parses a file of language lang with its flags (its
   path aside). */
void command_for(const command_paths *paths, const dc_flags *flags, dc_language lang, command *c);

/* ---- preludes (prelude_source.c, prelude.c) ------------------------------------- */

/* Whether a file of language lang, read with command c, has a prelude,
   and its source (fresh; "" for a .cu file's that is CUDA's alone). */
bool prelude_wanted(const char *path, dc_language lang, const command *c, char **source);

/* The headers a parse read, fresh paths (not its own source: a prelude's
   is made of its key). */
typedef struct {
    char **v;
    int n;
} file_list;

/* A prelude: the libraries' headers of the files with a command, and what
   they are made into. */
typedef struct {
    char *flags;                        /* the command's arguments, one a line */
    char *source;                       /* its source (prelude_source), "" for CUDA's alone */
    const char *made;                   /* the source precompiled: source, or "" (preludes_make) */
    int first;                          /* the first file with them */
    int files;                          /* how many have them */
    char *pch;                          /* the precompiled prelude, or NULL */
    size_t covers;                      /* the start of made pch is of: what its headers reach */
    bool kept;                          /* pch is the cache's */
    file_list read;                     /* the headers it read, which a unit's facts depend on */
} prelude;

/* The run's preludes. */
typedef struct {
    prelude *v;
    int n;
    char dir[PATH_MAX];                 /* the temporary folder, or "" */
} preludes;

/* The prelude of command c with source, or NULL. */
prelude *prelude_of(const preludes *ps, const command *c, const char *source);
/* The preludes of the run's files, each precompiled that two share; a .cu
   file's whose libraries' headers have errors with its flags (Debian's
   libtorch without -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE) is CUDA's alone. */
void preludes_make(const command_paths *paths, const char *cache, preludes *ps,
                   const dc_source *v, int n, const bool *known);
/* The preludes forgotten, their temporary files removed. */
void preludes_remove(preludes *ps);

/* ---- errors (parse_errors.c) ---------------------------------------------------- */

/* A unit's errors, by kind. */
typedef struct {
    char text[16384];           /* those with no place, one a line: the file left out */
    int n;
    char device[1024];          /* the first in device code */
    int ndevice;
    int host;                   /* in host code: what they are in left unread */
} unit_errors;

/* Counts the errors of tu, the unit of the file at path, into e. */
void count_errors(CXTranslationUnit tu, const char *path, unit_errors *e);
/* What tu's errors in host code leave unread, listed as src's skipped,
   by place. */
void list_unread(CXTranslationUnit tu, dc_source *src);

/* ---- nvcc's spaced launches (respace.c) ---------------------------------------- */

#define MAX_REWRITTEN 16

/* The files tu has errors in whose spaced launches were closed up, as
   libclang's unsaved files, into out; how many. */
int rewrite_failed_files(CXTranslationUnit tu, struct CXUnsavedFile *out);
void free_unsaved(struct CXUnsavedFile *v, int n);

/* ---- the parse (frontend.c) ----------------------------------------------------- */

/* Parses src into *tu, over its prelude where it has one precompiled
   (*used: that prelude, or NULL); its status (dc_source's). */
dc_source_status parse_source(const command_paths *paths, const preludes *ps, CXIndex index,
                              dc_source *src, CXTranslationUnit *tu, const prelude **used);

/* ---- facts made before (facts_cache.c) ------------------------------------------ */

/* The key a source's facts are cached under, or NULL where they are not
   (no cache, a facts file's, not C, C++ or CUDA): the whole command
   libclang would be given (the toolkit, devcheck's own headers, the
   language's flags), not only the user's flags, as what the parse reads
   depends on all of it. */
char *cache_key(const command_paths *paths, const char *cache, const dc_source *src);
/* The facts of a source that needs no parse: its facts file's (a capture's),
   or the cache's under key; NULL: none (or a facts file that cannot be
   read: then its status and err say why). */
fx_unit *known_facts(const char *cache, dc_source *src, const char *key);
/* A unit's facts, parsed from since (over prelude p unless NULL, whose
   headers it read too), into the cache under key; a cache that cannot be
   written is said once (*failed), and the run goes on. */
void keep_facts(const char *cache, bool *failed, const char *key, int64_t since,
                const fx_unit *u, const prelude *p);

#endif /* DEVCHECK_FRONTEND_H */
