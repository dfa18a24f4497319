/*
 * The front end: a file and its compiler flags into a libclang translation
 * unit, with the command command.c makes.  A file with errors is said and
 * not analyzed, but for errors in device code, which devcheck never reads:
 * those are a note, and for errors in host code, which leave unread what
 * they are in (parse_errors.c).
 *
 * A file with a prelude precompiled (a .cu file's CUDA headers, the
 * libraries' headers a C++ file's first lines reach: prelude.c) is parsed
 * over it.  A .cu file that fails because of launches spaced as nvcc reads
 * them (`k << <grid, block >> > (args)`) is read again with them closed up
 * (respace.c).
 */
#include "frontend.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static enum CXErrorCode parse_command(CXIndex index, const char *path, const command *c,
                                      struct CXUnsavedFile *unsaved, int nunsaved,
                                      CXTranslationUnit *tu)
{
    return clang_parseTranslationUnit2(index, path, c->argv, c->argc, unsaved,
                                       (unsigned)nunsaved, CXTranslationUnit_KeepGoing, tu);
}

/* Parses one source into *tu; its status and message as devcheck.h says. */
/* The main file as the parse read it (its stat taken before): --fix
   changes it only while it is still so. */
static dc_snapshot parsed_snapshot(CXTranslationUnit tu, const char *path, const struct stat *st)
{
    size_t len = 0;
    CXFile file = clang_getFile(tu, path);
    const char *text = file ? clang_getFileContents(tu, file, &len) : NULL;
    return text ? dc_snapshot_of(st, text, len) : (dc_snapshot){ 0 };
}

dc_source_status parse_source(const command_paths *paths, const preludes *ps, CXIndex index,
                              dc_source *src, CXTranslationUnit *tu, const prelude **used)
{
    struct stat st;
    command c = { .argv = NULL };
    unit_errors errors = { .n = 0 };
    dc_source_status status = DC_SOURCE_READ;
    const char *path = src->path;
    const dc_flags *flags = &src->flags;
    dc_language lang = file_language(path, flags);
    const char *why = stat(path, &st) != 0 ? (errno == ENOENT ? "no such file" : strerror(errno))
                      : S_ISDIR(st.st_mode)   ? "is a folder"
                      : !S_ISREG(st.st_mode)  ? "not a regular file"
                                              : NULL;
    if (why || lang == DC_LANG_NONE) {
        src->err = dc_format("devcheck: %s: %s", path, why ? why : "not C, C++ or CUDA: not analyzed");
        return why ? DC_SOURCE_UNREAD : DC_SOURCE_NOT_C;
    }
    command_for(paths, flags, lang, &c);
    char *source;
    const prelude *p = prelude_wanted(path, lang, &c, &source) ? prelude_of(ps, &c, source) : NULL;
    free(source);
    *used = p && p->pch ? p : NULL;
    if (*used) {
        command_add(&c, "-include-pch");
        command_add(&c, p->pch);
    }
    struct CXUnsavedFile own = { path, NULL, 0 };   /* --contents' text, if any */
    own.Contents = dc_contents_of(path, &own.Length);
    int nown = own.Contents != NULL;
    enum CXErrorCode rc = parse_command(index, path, &c, &own, nown, tu);
    if (rc == CXError_ASTReadError && *used) {   /* the header unread: the prelude here */
        if (p->kept)                    /* a cache's that cannot be read: made again next run */
            unlink(p->pch);
        *used = NULL;
        c.argc -= 2;
        rc = parse_command(index, path, &c, &own, nown, tu);
    }
    struct CXUnsavedFile rewritten[MAX_REWRITTEN + 1];
    int nrewritten = 0;
    if (rc == CXError_Success && lang == DC_LANG_CUDA &&
        (nrewritten = rewrite_failed_files(*tu, rewritten)) > 0) {
        clang_disposeTranslationUnit(*tu);
        bool own_rewritten = false;     /* read through --contents already */
        for (int i = 0; i < nrewritten && nown; i++)
            own_rewritten |= dc_contents_of(rewritten[i].Filename, &(size_t){ 0 }) != NULL;
        if (nown && !own_rewritten)
            rewritten[nrewritten] = (struct CXUnsavedFile){ dc_format("%s", path),
                                                            memcpy(dc_realloc(NULL, own.Length + 1),
                                                                   own.Contents, own.Length + 1),
                                                            own.Length };
        int n = nrewritten + (nown && !own_rewritten);
        rc = parse_command(index, path, &c, rewritten, n, tu);
        free_unsaved(rewritten, n);
    }
    if (rc != CXError_Success) {
        if (rc == CXError_Crashed)  /* caught by libclang's own crash recovery */
            snprintf(errors.text, sizeof errors.text, "devcheck: %s: libclang crashed parsing it",
                     path);
        else
            snprintf(errors.text, sizeof errors.text,
                     "devcheck: %s: libclang could not parse it (error %d)", path, rc);
        status = DC_SOURCE_UNREAD;
    } else {
        count_errors(*tu, path, &errors);
        if (errors.n) {
            clang_disposeTranslationUnit(*tu);
            status = DC_SOURCE_UNREAD;
        }
    }
    free(c.argv);
    if (status != DC_SOURCE_READ) {
        src->err = dc_format("%s", errors.text);
        return status;
    }
    src->seen = parsed_snapshot(*tu, path, &st);
    if (errors.host)
        list_unread(*tu, src);
    if (errors.ndevice)
        src->err = dc_format("devcheck: %s: %d error%s in device code, which devcheck does not "
                             "read, left aside (the first: %s)", path, errors.ndevice,
                             errors.ndevice == 1 ? "" : "s", errors.device);
    return DC_SOURCE_READ;
}
