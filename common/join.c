/* devcheck's findings joined with a report's (join.h). */
#include "join.h"

#include "mistakes.h"

#include <stdbool.h>
#include <string.h>
#include <unistd.h>

const join_state join_states[] = {
    {"confirmed", "a run found the same mistake at the line"},
    {"ran-clean", "the line's calls ran, and no mistake showed there"},
    {"unknown", "a run cannot show this mistake: it makes no call, or devtrace has no kind for it"},
    {"not-reached", "no run made a call from the line: untested code"},
    {"runtime-only", "a run found it, devcheck did not"},
    {"also-static", "a run found it, and devcheck reported it too"},
};
const int join_nstates = sizeof join_states / sizeof *join_states;

/* ---- the SQL functions ------------------------------------------------------- */

/* "./a.c" is "a.c". */
static const char *skip_dot(const char *p)
{
    while (p[0] == '.' && p[1] == '/')
        p += 2;
    return p;
}

/* Whether a ends with the relative path b, whole segments of it. */
static bool ends_with_path(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    return b[0] != '/' && na > nb && a[na - nb - 1] == '/' && !strcmp(a + na - nb, b);
}

/* The folder this process runs in, where a run does not say its own (a
   report from before runs.cwd), as devtrace shows paths. */
static const char *working_folder(void)
{
    static char *cwd;
    if (!cwd)
        cwd = getcwd(NULL, 0);
    return cwd;
}

/* path relative to folder (NULL: the working folder) when it lies beneath
   it, else path. */
static const char *relative(const char *path, const char *folder)
{
    if (!folder)
        folder = working_folder();
    size_t n = folder ? strlen(folder) : 0;
    if (n > 1 && folder[n - 1] == '/')
        n--;
    return n && !strncmp(path, folder, n) && path[n] == '/' ? path + n + 1 : path;
}

/* join_same_file(FILE, PATH, RFILE, CWD): devcheck's FILE (PATH absolute,
   or NULL) and a run's RFILE, the run in CWD, name one file. */
static bool same_file(const char *file, const char *path, const char *rfile, const char *cwd)
{
    const char *rrel = skip_dot(relative(rfile, cwd));
    file = skip_dot(file);
    return (path && !strcmp(path, rfile)) || !strcmp(file, rrel) || ends_with_path(rfile, file)
           || ends_with_path(file, rrel) || (path && ends_with_path(path, rrel));
}

static const char *text_arg(sqlite3_value **argv, int i)
{
    return (const char *)sqlite3_value_text(argv[i]);
}

static void same_file_sql(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *file = text_arg(argv, 0), *rfile = text_arg(argv, 2);
    sqlite3_result_int(ctx, file && rfile && same_file(file, text_arg(argv, 1), rfile,
                                                       text_arg(argv, 3)));
}

/* join_relpath(FILE, CWD): as a run's path is shown. */
static void relpath_sql(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *file = text_arg(argv, 0);
    if (file)
        sqlite3_result_text(ctx, relative(file, text_arg(argv, 1)), -1, SQLITE_TRANSIENT);
}

static const mistake *mistake_arg(sqlite3_value **argv)
{
    const char *name = text_arg(argv, 0);
    return name ? mistake_named(name, strlen(name)) : NULL;
}

/* join_same_mistake(RULE, KIND): whether a run's KIND can be RULE's
   mistake (mistakes.h: a row, or a pair of two). */
static void same_mistake_sql(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    sqlite3_result_int(ctx, mistake_same(mistake_arg(argv), mistake_arg(argv + 1)));
}

/* join_runs_show(RULE): whether a run can show the rule's mistake at its
   line: devtrace has a kind for it, and the line makes a call. */
static void runs_show_sql(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const mistake *m = mistake_arg(argv);
    sqlite3_result_int(ctx, mistake_run_shows(m) && !m->no_call);
}

/* join_state_rank(STATE): its place in join_states. */
static void state_rank_sql(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *state = text_arg(argv, 0);
    int i = 0;
    while (state && i < join_nstates && strcmp(join_states[i].name, state))
        i++;
    sqlite3_result_int(ctx, i);
}

static const struct {
    const char *name;
    int nargs;
    void (*fn)(sqlite3_context *, int, sqlite3_value **);
} functions[] = {
    {"join_same_file", 4, same_file_sql},         {"join_relpath", 2, relpath_sql},
    {"join_same_mistake", 2, same_mistake_sql}, {"join_runs_show", 1, runs_show_sql},
    {"join_state_rank", 1, state_rank_sql},
};

/* ---- the views ------------------------------------------------------------------ */

static const char prepare_sql[] =
    "CREATE TEMP TABLE static_findings (\n"
    "  id INTEGER PRIMARY KEY, file TEXT NOT NULL, path TEXT, line INTEGER NOT NULL,\n"
    "  rule TEXT NOT NULL, severity TEXT, message TEXT);\n"
    /* every line a finding was reached through: its own, and each frame of
       its chain out to main (one that is not JSON has none), read once and
       indexed, so that devcheck's findings are looked up by line */
    "CREATE TEMP TABLE join_frames AS\n"
    "  SELECT f.run, f.id AS finding, f.file, f.line, r.cwd\n"
    "  FROM findings f LEFT JOIN runs r ON r.id = f.run WHERE f.line IS NOT NULL\n"
    "  UNION SELECT f.run, f.id, json_extract(c.value, '$.file'), json_extract(c.value, '$.line'),\n"
    "         r.cwd\n"
    "  FROM findings f LEFT JOIN runs r ON r.id = f.run,\n"
    "       json_each(CASE WHEN json_valid(f.chain) THEN f.chain ELSE '[]' END) c\n"
    "  WHERE c.type = 'object';\n"
    "CREATE INDEX temp.join_frames_by_line ON join_frames (line);\n"
    /* which run's finding confirms which of devcheck's */
    "CREATE TEMP VIEW join_pairs AS\n"
    "  SELECT DISTINCT s.id AS static, f.run, f.id AS finding, f.count, f.site\n"
    "  FROM static_findings s\n"
    "  JOIN join_frames g ON g.line = s.line AND join_same_file(s.file, s.path, g.file, g.cwd)\n"
    "  JOIN findings f ON f.run = g.run AND f.id = g.finding\n"
    "  WHERE join_same_mistake(s.rule, f.kind);\n"
    "CREATE TEMP VIEW join_runtime AS\n"
    "  SELECT f.run, f.id, f.kind, f.severity, f.message, f.file, f.line, f.count, r.cwd\n"
    "  FROM findings f LEFT JOIN runs r ON r.id = f.run;\n"
    /* the calls each of devcheck's lines made */
    "CREATE TEMP VIEW join_calls AS\n"
    "  SELECT s.id AS static, c.run, c.id AS site, a.calls\n"
    "  FROM static_findings s JOIN call_sites c ON c.line = s.line\n"
    "  JOIN api_calls a ON a.run = c.run AND a.site = c.id\n"
    "  LEFT JOIN runs r ON r.id = c.run\n"
    "  WHERE join_same_file(s.file, s.path, c.file, r.cwd);\n"
    /* the GPUs each site's calls used */
    "CREATE TEMP VIEW join_devices AS\n"
    "  SELECT run, site, device FROM launches\n"
    "  UNION SELECT run, site, src_device FROM transfers WHERE src_device >= 0\n"
    "  UNION SELECT run, site, dst_device FROM transfers WHERE dst_device >= 0\n"
    "  UNION SELECT run, site, device FROM allocations WHERE device >= 0;\n"
    "CREATE TEMP VIEW joined_static AS\n"
    "  SELECT 'static' AS origin,\n"
    "    CASE WHEN EXISTS (SELECT 1 FROM join_pairs p WHERE p.static = s.id) THEN 'confirmed'\n"
    "         WHEN NOT join_runs_show(s.rule) THEN 'unknown'\n"
    "         WHEN EXISTS (SELECT 1 FROM join_calls j WHERE j.static = s.id) THEN 'ran-clean'\n"
    "         ELSE 'not-reached' END AS state,\n"
    "    s.file, s.line, s.rule AS mistake, s.severity, s.message,\n"
    "    (SELECT count(*) FROM (SELECT run FROM join_pairs WHERE static = s.id\n"
    "                           UNION SELECT run FROM join_calls WHERE static = s.id)) AS runs,\n"
    "    (SELECT coalesce(sum(calls), 0) FROM join_calls WHERE static = s.id) AS calls,\n"
    "    (SELECT coalesce(sum(count), 0) FROM join_pairs WHERE static = s.id) AS found,\n"
    "    (SELECT group_concat('cuda:' || device, ', ') FROM (\n"
    "       SELECT DISTINCT d.device FROM join_devices d\n"
    "       WHERE EXISTS (SELECT 1 FROM join_calls j WHERE j.static = s.id\n"
    "                     AND j.run = d.run AND j.site = d.site)\n"
    "          OR EXISTS (SELECT 1 FROM join_pairs p WHERE p.static = s.id\n"
    "                     AND p.run = d.run AND p.site = d.site)\n"
    "       ORDER BY d.device)) AS devices,\n"
    "    s.id AS static\n"
    "  FROM static_findings s;\n"
    "CREATE TEMP VIEW joined_runtime AS\n"
    "  SELECT 'runtime' AS origin,\n"
    "    CASE WHEN max(paired) THEN 'also-static' ELSE 'runtime-only' END AS state,\n"
    "    shown AS file, line, kind AS mistake, severity, min(message) AS message,\n"
    "    count(DISTINCT run) AS runs, NULL AS calls, sum(count) AS found, NULL AS devices,\n"
    "    NULL AS static\n"
    "  FROM (SELECT f.*, join_relpath(f.file, f.cwd) AS shown, p.finding IS NOT NULL AS paired\n"
    "        FROM join_runtime f\n"
    "        LEFT JOIN (SELECT DISTINCT run, finding FROM join_pairs) p\n"
    "          ON p.run = f.run AND p.finding = f.id)\n"
    "  GROUP BY shown, line, kind, severity;\n";

const char join_ran_none_sql[] =
    "SELECT EXISTS (SELECT 1 FROM static_findings) AND NOT EXISTS (SELECT 1\n"
    "  FROM (SELECT DISTINCT file, path FROM static_findings) s,\n"
    "       (SELECT DISTINCT c.file, r.cwd FROM call_sites c LEFT JOIN runs r ON r.id = c.run\n"
    "        UNION SELECT file, cwd FROM join_frames) g\n"
    "  WHERE join_same_file(s.file, s.path, g.file, g.cwd))";

const char join_sql[] =
    "SELECT * FROM (SELECT * FROM joined_static UNION ALL SELECT * FROM joined_runtime)\n"
    "ORDER BY join_state_rank(state), file IS NULL, file, line, mistake, static";

int join_prepare(sqlite3 *db)
{
    for (size_t i = 0; i < sizeof functions / sizeof *functions; i++) {
        int rc = sqlite3_create_function(db, functions[i].name, functions[i].nargs,
                                         SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                         functions[i].fn, NULL, NULL);
        if (rc != SQLITE_OK)
            return rc;
    }
    return sqlite3_exec(db, prepare_sql, NULL, NULL, NULL);
}

int join_add(sqlite3 *db, const join_static *s)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db, "INSERT INTO static_findings (file, path, line, rule, "
                                    "severity, message) VALUES (?, ?, ?, ?, ?, ?)", -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    /* a text past the connection's limit is refused, not stored as NULL */
    const char *texts[] = {s->file, s->path, NULL, s->rule, s->severity, s->message};
    for (int i = 0; rc == SQLITE_OK && i < 6; i++)
        rc = texts[i] ? sqlite3_bind_text(st, i + 1, texts[i], -1, SQLITE_STATIC) : SQLITE_OK;
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64(st, 3, s->line);
        rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode(db);
    }
    sqlite3_finalize(st);
    return rc;
}
