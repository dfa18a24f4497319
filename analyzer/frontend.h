/*
 * The front end's own: what its files share, a file and its flags on the
 * way to a libclang translation unit.  run.c drives them (devcheck.h's
 * dc_run), as dataflow.c drives flow.h's stages.
 *
 *   command.c    the command a file is parsed with: its language, the
 *                toolkit's and devcheck's own headers, the user's flags
 *   frontend.c   a file parsed into a translation unit, over its prelude
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

void command_paths_find(command_paths *paths);
void command_add(command *c, const char *arg);
/* What a file is parsed as, by its name or the "-x" of its flags: a
   header too, where it is named. */
dc_language file_language(const char *path, const dc_flags *flags);
/* The command that parses a file of language lang with its flags (its
   path aside). */
void command_for(const command_paths *paths, const dc_flags *flags, dc_language lang, command *c);

#endif /* DEVCHECK_FRONTEND_H */
