/*
 * Source files, as a report names them: the shim records the paths that the
 * debug information holds (mostly absolute) or that devtensor's macros
 * passed (__FILE__, as the compiler was given it), and the folder each run's
 * program ran in.  Paths are shown relative to that folder, as a compiler
 * prints them, whoever reads the report and wherever; a relative one is
 * read from there.  A site in code built without
 * debug information is recorded as its object and offset, and looked up
 * here, in the object as it is now: rebuilt with -g (which moves no code),
 * or with its debug information beside it (a .debug file by debuglink or
 * build id, where gdb finds it).
 */
#include "report.h"
#include "lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_OBJECTS 32

static const char *working_directory(void)
{
    static bool looked;
    static char *cwd;           /* NULL when it cannot be had: paths stay as they are */
    if (!looked) {
        cwd = getcwd(NULL, 0);
        looked = true;
    }
    return cwd;
}

/* The folder each run's program ran in (runs.cwd), NULL where unknown. */
static struct { sqlite3_int64 run; char *cwd; } *run_dirs;
static size_t nrun_dirs;

static const char *run_directory(sqlite3_int64 run)
{
    for (size_t i = 0; i < nrun_dirs; i++)
        if (run_dirs[i].run == run)
            return run_dirs[i].cwd;
    return NULL;
}

static void read_run_directories(const report *r)
{
    cursor c;
    query_open(&c, r, "folders", Q_RUN_FOLDERS);
    while (cursor_next(&c)) {
        const char *cwd = cursor_text(&c, 1);
        run_dirs = xrealloc(run_dirs, (nrun_dirs + 1) * sizeof *run_dirs);
        run_dirs[nrun_dirs].run = cursor_int(&c, 0);
        run_dirs[nrun_dirs++].cwd = cwd ? xstrdup(cwd) : NULL;
    }
    cursor_close(&c);
}

const char *path_shown(const char *path, sqlite3_int64 run)
{
    const char *base = run_directory(run);
    if (!base)
        base = working_directory();
    size_t n = base ? strlen(base) : 0;
    /* n > 1: beneath "/" a path is clearer absolute */
    if (n > 1 && !strncmp(path, base, n) && path[n] == '/' && path[n + 1])
        return path + n + 1;
    return path;
}

static void relpath(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *path = (const char *)sqlite3_value_text(argv[0]);
    if (path)                   /* else the result stays NULL */
        sqlite3_result_text(ctx, path_shown(path, sqlite3_value_int64(argv[1])), -1,
                            SQLITE_TRANSIENT);
}

/* A report from before a column was added (devtrace_added_columns) reads
   as having it, NULL: each table that lacks one is read through its view
   (made again for each other it lacks, the same view). */
static void add_missing_columns(const report *r)
{
    for (int i = 0; i < devtrace_nadded_columns; i++) {
        const char *table = devtrace_added_columns[i].table;
        if (report_has_table(r, table) &&
            !report_has_column(r, table, devtrace_added_columns[i].column))
            report_view(r, table, NULL);
    }
}

/* demangle(name): a kernel's C++ name as people write it (the report keeps
   the name CUDA gave, _Z5scalePfif). */
static void demangle(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    const char *name = (const char *)sqlite3_value_text(argv[0]);
    char shown[1024];
    (void)argc;
    if (!name)
        return;                 /* the result stays NULL */
    dv_demangle(shown, sizeof shown, name);
    sqlite3_result_text(ctx, shown, -1, SQLITE_TRANSIENT);
}

static void define_source_of(const report *r);

void define_source(const report *r)
{
    add_missing_columns(r);
    read_run_directories(r);
    if (sqlite3_create_function(r->db, "relpath", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                relpath, NULL, NULL) != SQLITE_OK ||
        sqlite3_create_function(r->db, "demangle", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                demangle, NULL, NULL) != SQLITE_OK)
        report_fail(r);
    define_source_of(r);
}

char *path_absolute(const char *path, sqlite3_int64 run)
{
    const char *base = path[0] == '/' ? NULL : run_directory(run);
    if (!base && path[0] != '/')
        base = working_directory();
    if (!base)
        return xstrdup(path);
    return xasprintf("%s%s%s", base, strcmp(base, "/") ? "/" : "", path);
}

/* A relative path is the run's folder's, else ours. */
static char *source_path(const char *file, sqlite3_int64 run)
{
    const char *base = file[0] == '/' ? NULL : run_directory(run);
    char *path = base ? xasprintf("%s/%s", base, file) : NULL;
    if (path && access(path, R_OK) == 0)
        return path;
    free(path);
    return xstrdup(file);
}

/* The file read last, kept open at the line after `read`: a listing asks
   for lines in order, file by file, and each is then read once, however
   many are asked for.  A file that cannot be read is remembered too (f
   NULL), so that it is looked for once. */
static struct {
    char *path;
    FILE *f;
    sqlite3_int64 read;
} last;

static FILE *open_source(const char *path)
{
    /* Only a regular file: a report naming a fifo or a tty must not hang us. */
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? fopen(path, "r") : NULL;
}

/* last.f at line `line` (its file is `path`), or NULL */
static FILE *source_at(char *path, sqlite3_int64 line)
{
    if (!last.path || strcmp(last.path, path) != 0 || (last.f && last.read >= line)) {
        if (last.f)
            fclose(last.f);
        free(last.path);
        last.path = path;
        last.f = open_source(path);
        last.read = 0;
    } else {
        free(path);
    }
    return last.f;
}

char *source_line(const char *shown, sqlite3_int64 run, sqlite3_int64 line)
{
    FILE *f = line >= 1 ? source_at(source_path(shown, run), line) : NULL;
    if (!f)
        return NULL;
    char *text = NULL;
    size_t room = 0;
    ssize_t len = -1;
    while (last.read < line && (len = getline(&text, &room, f)) >= 0)
        last.read++;
    if (len < 0) {
        free(text);
        return NULL;
    }
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;
    text[len] = '\0';
    return text;
}

/* ---- sites without debug information -------------------------------------- */

/* The object files looked at so far, each once (m NULL: no use). */
static struct { char *path; Dwfl *dwfl; Dwfl_Module *m; } objects[MAX_OBJECTS];
static int nobjects;

static Dwfl_Module *open_object(const char *path)
{
    static const Dwfl_Callbacks callbacks = {
        .find_elf = dwfl_build_id_find_elf,
        .find_debuginfo = dwfl_standard_find_debuginfo,
        .section_address = dwfl_offline_section_address,
    };
    struct stat st;
    Dwfl *dwfl = stat(path, &st) == 0 && S_ISREG(st.st_mode) ? dwfl_begin(&callbacks) : NULL;
    Dwfl_Module *m = NULL;
    if (dwfl) {
        dwfl_report_begin(dwfl);
        m = dwfl_report_elf(dwfl, path, path, -1, 0, false);    /* at its own addresses */
        dwfl_report_end(dwfl, NULL, NULL);
    }
    if (nobjects < MAX_OBJECTS)
        objects[nobjects++] = (__typeof__(*objects)){ xstrdup(path), dwfl, m };
    else if (dwfl)
        dwfl_end(dwfl);
    return nobjects <= MAX_OBJECTS ? m : NULL;
}

static Dwfl_Module *object_module(const char *path)
{
    for (int i = 0; i < nobjects; i++)
        if (!strcmp(objects[i].path, path))
            return objects[i].m;
    return open_object(path);
}

/* srcfile(object, offset), srcline(...), srcfunction(...): which one is
   the function's user data.  The three come one after another for a row,
   so the last answer is kept. */
enum { SRC_FILE, SRC_LINE, SRC_FUNCTION };

static void source_of(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    static char *object;
    static sqlite3_int64 offset;
    static dv_symbol s;
    (void)argc;
    const char *o = (const char *)sqlite3_value_text(argv[0]);
    if (!o || sqlite3_value_type(argv[1]) != SQLITE_INTEGER)
        return;
    sqlite3_int64 at = sqlite3_value_int64(argv[1]);
    if (!object || strcmp(object, o) != 0 || offset != at) {
        free(object);
        object = xstrdup(o);
        offset = at;
        Dwfl_Module *m = object_module(o);
        dv_module_symbol(m, m ? (Dwarf_Addr)at : 0, &s);
    }
    switch ((intptr_t)sqlite3_user_data(ctx)) {
    case SRC_FILE:
        if (*s.file)
            sqlite3_result_text(ctx, s.file, -1, SQLITE_TRANSIENT);
        break;
    case SRC_LINE:
        if (*s.file)
            sqlite3_result_int(ctx, s.line);
        break;
    default:
        if (*s.function)
            sqlite3_result_text(ctx, s.function, -1, SQLITE_TRANSIENT);
    }
}

static void define_source_of(const report *r)
{
    static const char *const names[] = { [SRC_FILE] = "srcfile", [SRC_LINE] = "srcline",
                                         [SRC_FUNCTION] = "srcfunction" };
    for (intptr_t i = 0; i < (intptr_t)COUNT(names); i++)
        if (sqlite3_create_function(r->db, names[i], 2, SQLITE_UTF8, (void *)i, source_of, NULL,
                                    NULL) != SQLITE_OK)
            report_fail(r);
}
