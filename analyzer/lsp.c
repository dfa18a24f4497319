/*
 * devcheck lsp [ARGS...]: a Language Server Protocol 3.17 server on stdin
 * and stdout, for editors.  Each analysis is a child devcheck, run on the
 * editor's text (--contents, from a private temporary file) with
 * --format sarif and the server's ARGS: a crash or a hang in libclang ends
 * the child, never the server, and the message loop stays free while it
 * runs.  A newer text of a document kills the analysis of the older one,
 * and the newer's starts once the typing pauses (initializationOptions.
 * debounce, 300 ms), or at once on a save.  The child's SARIF (read with
 * jsonread.h) becomes the document's diagnostics, its errors (a file that
 * does not parse) too, and its fixes and an ignore comment the code
 * actions.
 *
 * A file's flags: -p BUILD where BUILD/compile_commands.json names it
 * (BUILD: initializationOptions.build, else the workspace's folder or its
 * build/ folder), with -p's cache, so that the other files' facts are
 * parsed once and a call into them is known; else devcheck's plain flags.
 * Every request is answered at once, so $/cancelRequest has nothing to
 * cancel.  Nothing but protocol goes to stdout; what goes wrong is said
 * on stderr, which editors keep as the server's log.
 */
#define _GNU_SOURCE     /* pipe2 */
#include "devcheck.h"
#include "json.h"
#include "jsonread.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* JSON-RPC's and LSP's error codes */
enum {
    PARSE_ERROR = -32700, INVALID_REQUEST = -32600, METHOD_NOT_FOUND = -32601,
    INVALID_PARAMS = -32602, SERVER_NOT_INITIALIZED = -32002
};

/* The units LSP positions count characters in, in the client's order of
   preference when it offers several (general.positionEncodings). */
typedef enum { ENC_UTF8, ENC_UTF16, ENC_UTF32 } encoding;
static const char *const encoding_names[] = { "utf-8", "utf-16", "utf-32" };

typedef struct {
    char *v;
    size_t n, cap;
} buffer;

typedef struct {
    char *uri;                          /* as the client names it */
    char *path;                         /* the file it names, absolute */
    char *text;                         /* the editor's */
    size_t len;
    pid_t child;                        /* its analysis, or 0 */
    int out;                            /* the child's stdout, or -1 */
    buffer sarif;                       /* what the child wrote so far */
    char *temp;                         /* the text as the child reads it, or NULL */
    jv found;                           /* the last analysis's SARIF (JV_NULL: none) */
    bool stale;                         /* the text changed since found was made */
    long long due;                      /* when a changed text's analysis starts
                                           (now_ms's), or 0 */
} document;

typedef struct {
    char *exe;                          /* devcheck itself */
    char **args;                        /* devcheck lsp's arguments, for each analysis */
    int nargs;
    char *root;                         /* the workspace's folder, or NULL */
    char *build;                        /* initializationOptions.build, or NULL */
    encoding enc;
    long debounce;                      /* ms from a change to its analysis */
    bool initialized, shut_down, exiting;
    document **docs;
    int ndocs;
    buffer in;                          /* stdin, not yet read as messages */
    size_t skip;                        /* bytes of a too large body yet to come */
} server;

static void buffer_add(buffer *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap)
        b->v = dc_realloc(b->v, b->cap = 2 * (b->n + n + 1));
    memcpy(b->v + b->n, s, n);
    b->n += n;
    b->v[b->n] = '\0';
}

/* ---- JSON values in ------------------------------------------------------------ */

/* The member key of object v of any type, or NULL. */
static const jv *member(const jv *v, const char *key)
{
    for (size_t i = 0; v && v->type == JV_OBJECT && i < v->n; i++)
        if (strcmp(v->keys[i], key) == 0)
            return &v->items[i];
    return NULL;
}

/* The string at a path of members ("a", "b", NULL), or NULL. */
static const char *string_at(const jv *v, ...)
{
    va_list ap;
    va_start(ap, v);
    for (const char *key; v && (key = va_arg(ap, const char *));)
        v = member(v, key);
    va_end(ap);
    return v && v->type == JV_STRING ? v->text : NULL;
}

static unsigned long number_of(const jv *v)
{
    return v && v->type == JV_NUMBER ? strtoul(v->text, NULL, 10) : 0;
}

/* The path a file: URI names (percent-decoded; fresh), or NULL. */
static char *uri_path(const char *uri)
{
    if (!uri || strncmp(uri, "file://", 7) != 0 || uri[7] != '/')
        return NULL;
    char *path = dc_realloc(NULL, strlen(uri)), *o = path;
    for (const char *p = uri + 7; *p; p++) {
        unsigned hex;
        if (*p == '%' && isxdigit((unsigned char)p[1]) && isxdigit((unsigned char)p[2]) &&
            sscanf(p + 1, "%2x", &hex) == 1) {
            *o++ = (char)hex;
            p += 2;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
    return path;
}

static char *path_uri(const char *path)
{
    char *uri = dc_realloc(NULL, json_uri_size("file://", path));
    json_uri_encode(uri, "file://", path);
    return uri;
}

/* ---- messages out ---------------------------------------------------------------- */

typedef struct {
    json j;
    char *body;
    size_t len;
} message;

static void message_begin(message *m)
{
    *m = (message){ .body = NULL };
    m->j = (json){ .out = open_memstream(&m->body, &m->len), .first = true };
    if (!m->j.out)
        dc_realloc(NULL, SIZE_MAX);     /* out of memory: the end, as dc_realloc's */
    j_open(&m->j, NULL, '{');
    j_string(&m->j, "jsonrpc", "2.0");
}

static void write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, s, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            exit(1);                    /* the client is gone */
        s += k;
        n -= (size_t)k;
    }
}

static void message_send(message *m)
{
    j_close(&m->j, '}');
    fclose(m->j.out);
    char header[64];
    int n = snprintf(header, sizeof header, "Content-Length: %zu\r\n\r\n", m->len);
    write_all(STDOUT_FILENO, header, (size_t)n);
    write_all(STDOUT_FILENO, m->body, m->len);
    free(m->body);
}

static void j_raw(json *j, const char *key, const char *text)
{
    j_item(j, key);
    fputs(text, j->out);
}

/* A request's id as it came (a number or a string), or null. */
static void j_id(json *j, const jv *id)
{
    if (id && id->type == JV_STRING)
        j_string(j, "id", id->text);
    else
        j_raw(j, "id", id && id->type == JV_NUMBER ? id->text : "null");
}

static void send_error(const jv *id, int code, const char *text)
{
    message m;
    message_begin(&m);
    j_id(&m.j, id);
    j_open(&m.j, "error", '{');
    char number[16];
    snprintf(number, sizeof number, "%d", code);
    j_raw(&m.j, "code", number);
    j_string(&m.j, "message", text);
    j_close(&m.j, '}');
    message_send(&m);
}

/* A response: its result is what the caller writes between these two. */
static void result_begin(message *m, const jv *id)
{
    message_begin(m);
    j_id(&m->j, id);
}

/* ---- positions -------------------------------------------------------------------- */

/* The units of encoding e that the UTF-8 sequence of n bytes takes. */
static unsigned long units_of(size_t n, encoding e)
{
    return e == ENC_UTF8 ? n : e == ENC_UTF16 && n == 4 ? 2 : 1;
}

/* The byte offset in line of its units-th unit of encoding e (past its end:
   one byte a unit). */
static size_t bytes_at(const char *line, size_t len, unsigned long units, encoding e)
{
    size_t i = 0;
    while (units > 0 && i < len) {
        size_t n = json_utf8_sequence((const unsigned char *)line + i, len - i);
        n = n ? n : 1;
        if (units_of(n, e) > units)
            break;
        units -= units_of(n, e);
        i += n;
    }
    return i + (i == len ? units : 0);
}

/* The units of encoding e in line's first bytes bytes. */
static unsigned long units_at(const char *line, size_t len, size_t bytes, encoding e)
{
    unsigned long units = 0;
    size_t i = 0;
    while (i < bytes && i < len) {
        size_t n = json_utf8_sequence((const unsigned char *)line + i, len - i);
        n = n ? n : 1;
        units += units_of(n, e);
        i += n;
    }
    return units + (bytes > i ? bytes - i : 0);
}

/* Line (1-based) of text, its length in *len; NULL past the end. */
static const char *nth_line(const char *text, size_t size, unsigned long line, size_t *len)
{
    const char *p = text, *end = text + size;
    while (--line > 0 && p) {
        p = memchr(p, '\n', (size_t)(end - p));
        p = p ? p + 1 : NULL;
    }
    if (!p || line != 0)
        return NULL;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *len = (size_t)((nl ? nl : end) - p);
    return p;
}

static document *document_at(server *s, const char *path)
{
    for (int i = 0; i < s->ndocs; i++)
        if (strcmp(s->docs[i]->path, path) == 0)
            return s->docs[i];
    return NULL;
}

/* A file's text as the editor has it where it is open, else as saved
   (*own: the copy read, for the caller to free). */
static const char *text_of(server *s, const char *path, size_t *size, char **own)
{
    document *d = document_at(s, path);
    *own = NULL;
    if (d) {
        *size = d->len;
        return d->text;
    }
    return *own = dc_read_file(path, size);
}

/* An LSP position of SARIF's (1-based line, UTF-16 column) in path, and
   with a word's end the end of the identifier there (the callee of a
   call), in the client's units. */
static void j_position(server *s, const char *path, unsigned long line, unsigned long column,
                       bool word_end, json *j, const char *key)
{
    size_t size, len;
    char *own;
    const char *text = text_of(s, path, &size, &own);
    const char *at = text ? nth_line(text, size, line, &len) : NULL;
    unsigned long character = column > 0 ? column - 1 : 0;
    if (at) {
        size_t b = bytes_at(at, len, character, ENC_UTF16);
        while (word_end && b < len && (at[b] == '_' || isalnum((unsigned char)at[b])))
            b++;
        character = units_at(at, len, b, s->enc);
    }
    free(own);
    j_open(j, key, '{');
    j_uint(j, "line", line > 0 ? line - 1 : 0);
    j_uint(j, "character", character);
    j_close(j, '}');
}

/* ---- SARIF's findings ----------------------------------------------------------------- */

/* The path a SARIF artifactLocation names, absolute (fresh), or NULL. */
static char *artifact_path(const jv *run, const jv *artifact)
{
    const char *uri = string_at(artifact, "uri", NULL);
    const char *base = string_at(artifact, "uriBaseId", NULL);
    const char *prefix = base ? string_at(run, "originalUriBaseIds", base, "uri", NULL) : "";
    if (!uri || !prefix)
        return NULL;
    char *full = dc_format("%s%s", prefix, uri), *path = uri_path(full);
    free(full);
    if (!path)
        return NULL;
    char *real = dc_absolute_path(path);
    free(path);
    return real;
}

typedef struct {
    char *path;
    unsigned long line, column, end_line, end_column;
} place;

/* A SARIF physicalLocation's file and region; false where it has none. */
static bool place_of(const jv *run, const jv *physical, const char *region, place *p)
{
    const jv *r = member(physical, region);
    p->path = artifact_path(run, member(physical, "artifactLocation"));
    p->line = number_of(member(r, "startLine"));
    p->column = number_of(member(r, "startColumn"));
    p->end_line = number_of(member(r, "endLine"));
    p->end_column = number_of(member(r, "endColumn"));
    if (p->path && p->line)
        return true;
    free(p->path);
    return false;
}

/* A result's first location, when it is in path. */
static bool result_in(const jv *run, const jv *result, const char *path, place *p)
{
    const jv *locations = member(result, "locations");
    if (!locations || locations->type != JV_ARRAY || locations->n == 0 ||
        !place_of(run, member(&locations->items[0], "physicalLocation"), "region", p))
        return false;
    if (strcmp(p->path, path) == 0)
        return true;
    free(p->path);
    return false;
}

static void j_range(server *s, json *j, const char *key, const place *p, bool region)
{
    j_open(j, key, '{');
    j_position(s, p->path, p->line, p->column, false, j, "start");
    if (region)
        j_position(s, p->path, p->end_line, p->end_column, false, j, "end");
    else
        j_position(s, p->path, p->line, p->column, true, j, "end");
    j_close(j, '}');
}

/* A file's URI as the client spells it where the file is open. */
static char *uri_for(server *s, const char *path)
{
    document *d = document_at(s, path);
    return d ? dc_format("%s", d->uri) : path_uri(path);
}

static void j_location(server *s, json *j, const char *key, const place *p)
{
    char *uri = uri_for(s, p->path);
    j_open(j, key, '{');
    j_string(j, "uri", uri);
    j_range(s, j, "range", p, false);
    j_close(j, '}');
    free(uri);
}

/* A finding as an LSP Diagnostic: its rule as code, with the rule's page,
   and its notes as related information; or what the run said of the file
   (a notification: an error that kept it from being read), with its
   level. */
static void j_diagnostic(server *s, json *j, const jv *run, const jv *result, const place *at)
{
    const char *rule = string_at(result, "ruleId", NULL);
    const mistake *m = rule ? mistake_named(rule, strlen(rule)) : NULL;
    const char *level = m ? m->severity : string_at(result, "level", NULL);
    j_open(j, NULL, '{');
    j_range(s, j, "range", at, false);
    j_uint(j, "severity", level && strcmp(level, "warning") == 0 ? 2 : 1);
    j_string(j, "source", "devcheck");
    if (rule) {
        char *href = dc_format("file://%s/%s.md", DEVCHECK_RULE_DOCS, rule);
        j_string(j, "code", rule);
        j_open(j, "codeDescription", '{');
        j_string(j, "href", href);
        j_close(j, '}');
        free(href);
    }
    const char *text = string_at(result, "message", "text", NULL);
    j_string(j, "message", text ? text : "");
    j_open(j, "relatedInformation", '[');
    const jv *notes = member(result, "relatedLocations");
    for (size_t i = 0; notes && notes->type == JV_ARRAY && i < notes->n; i++) {
        place p;
        const char *text = string_at(&notes->items[i], "message", "text", NULL);
        if (!text || !place_of(run, member(&notes->items[i], "physicalLocation"), "region", &p))
            continue;
        j_open(j, NULL, '{');
        j_location(s, j, "location", &p);
        j_string(j, "message", text);
        j_close(j, '}');
        free(p.path);
    }
    j_close(j, ']');
    j_close(j, '}');
}

static const jv *first_run(const jv *sarif)
{
    const jv *runs = member(sarif, "runs");
    return runs && runs->type == JV_ARRAY && runs->n ? &runs->items[0] : NULL;
}

static const jv *results_of(const jv *run)
{
    const jv *results = member(run, "results");
    return results && results->type == JV_ARRAY ? results : NULL;
}

/* What the run said of its files: the errors that kept them from being
   read, in whole or in part. */
static const jv *notifications_of(const jv *run)
{
    const jv *invocations = member(run, "invocations");
    const jv *said = invocations && invocations->type == JV_ARRAY && invocations->n
                         ? member(&invocations->items[0], "toolExecutionNotifications")
                         : NULL;
    return said && said->type == JV_ARRAY ? said : NULL;
}

/* The diagnostics in d of a list of results or notifications. */
static void j_diagnostics_in(server *s, json *j, const document *d, const jv *run,
                             const jv *list)
{
    for (size_t i = 0; list && i < list->n; i++) {
        place at;
        if (result_in(run, &list->items[i], d->path, &at)) {
            j_diagnostic(s, j, run, &list->items[i], &at);
            free(at.path);
        }
    }
}

/* d's findings, and the errors that kept it from being read (a file that
   stops parsing says why its findings are gone, rather than nothing). */
static void publish(server *s, document *d)
{
    message m;
    message_begin(&m);
    j_string(&m.j, "method", "textDocument/publishDiagnostics");
    j_open(&m.j, "params", '{');
    j_string(&m.j, "uri", d->uri);
    j_open(&m.j, "diagnostics", '[');
    const jv *run = first_run(&d->found);
    j_diagnostics_in(s, &m.j, d, run, results_of(run));
    j_diagnostics_in(s, &m.j, d, run, notifications_of(run));
    j_close(&m.j, ']');
    j_close(&m.j, '}');
    message_send(&m);
}

/* ---- analyses: a child devcheck each ----------------------------------------------------- */

static void analysis_stop(document *d)
{
    if (d->child > 0) {
        kill(d->child, SIGKILL);
        waitpid(d->child, NULL, 0);
        close(d->out);
    }
    d->child = 0;
    d->out = -1;
    d->sarif.n = 0;
    if (d->temp)
        unlink(d->temp);
    free(d->temp);
    d->temp = NULL;
}

/* The folder of the compile_commands.json that names path, or NULL:
   initializationOptions.build's, else the workspace's, else its build/. */
static char *build_folder(const server *s, const char *path)
{
    char *tries[3] = { NULL };
    int n = 0;
    if (s->build)
        tries[n++] = s->build[0] == '/' || !s->root ? dc_format("%s", s->build)
                                                     : dc_format("%s/%s", s->root, s->build);
    else if (s->root) {
        tries[n++] = dc_format("%s", s->root);
        tries[n++] = dc_format("%s/build", s->root);
    }
    char *found = NULL, err[256];
    for (int i = 0; i < n; i++) {
        dc_compile_db *db = found ? NULL : dc_compile_db_open(tries[i], err, sizeof err);
        dc_command *cmds;
        int k = db ? dc_compile_db_commands(db, path, &cmds) : 0;
        if (db)
            dc_commands_free(cmds, k);
        dc_compile_db_close(db);
        if (k > 0)
            found = tries[i];
        else
            free(tries[i]);
    }
    return found;
}

/* The editor's text in a private temporary file, for --contents. */
static char *write_temp(const document *d)
{
    const char *dir = getenv("TMPDIR");
    char *name = dc_format("%s/devcheck-lsp-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(name);
    bool ok = fd >= 0;
    for (size_t done = 0; ok && done < d->len;) {
        ssize_t k = write(fd, d->text + done, d->len - done);
        ok = k > 0 || (k < 0 && errno == EINTR);
        done += k > 0 ? (size_t)k : 0;
    }
    if (fd >= 0 && (close(fd) != 0 || !ok))
        unlink(name);
    if (fd < 0 || !ok) {
        fprintf(stderr, "devcheck lsp: %s: %s\n", name, strerror(errno));
        free(name);
        return NULL;
    }
    return name;
}

/* Runs the analysis of d's text: a source's with --contents; a header's
   as saved (where its includers' parse finds it). */
static void analysis_start(server *s, document *d)
{
    analysis_stop(d);
    d->stale = true;
    d->due = 0;
    bool source = dc_language_of(d->path) != DC_LANG_NONE;
    if (source && !(d->temp = write_temp(d)))
        return;
    char *build = build_folder(s, d->path);
    char *contents = source ? dc_format("%s=%s", d->path, d->temp) : NULL;
    const char **argv = dc_realloc(NULL, (size_t)(s->nargs + 10) * sizeof *argv);
    int n = 0;
    argv[n++] = s->exe;
    argv[n++] = "--format";
    argv[n++] = "sarif";
    if (contents) {
        argv[n++] = "--contents";
        argv[n++] = contents;
    }
    if (build) {
        argv[n++] = "-p";
        argv[n++] = build;
    }
    argv[n++] = d->path;
    for (int i = 0; i < s->nargs; i++)
        argv[n++] = s->args[i];
    argv[n] = NULL;
    /* run in the workspace's folder, else the file's: SARIF's paths are
       relative to it */
    int slash = (int)(strrchr(d->path, '/') - d->path);
    char *dir = s->root ? dc_format("%s", s->root) : dc_format("%.*s", slash ? slash : 1, d->path);
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0 || (d->child = fork()) < 0) {
        fprintf(stderr, "devcheck lsp: %s: no analysis: %s\n", d->path, strerror(errno));
        d->child = 0;
    } else if (d->child == 0) {
        int null = open("/dev/null", O_RDONLY);
        if (dup2(p[1], STDOUT_FILENO) < 0 || dup2(null, STDIN_FILENO) < 0 || chdir(dir) != 0)
            _exit(127);
        execv(s->exe, (char *const *)argv);
        _exit(127);
    } else {
        d->out = p[0];
        p[0] = -1;
    }
    if (p[0] >= 0)
        close(p[0]);
    close(p[1]);
    free(argv);
    free(dir);
    free(contents);
    free(build);
}

/* The child's output so far; at its end, the findings published. */
static void analysis_read(server *s, document *d)
{
    char chunk[65536];
    ssize_t k = read(d->out, chunk, sizeof chunk);
    if (k > 0 || (k < 0 && errno == EINTR)) {
        buffer_add(&d->sarif, chunk, k > 0 ? (size_t)k : 0);
        return;
    }
    int status = 0;
    close(d->out);
    waitpid(d->child, &status, 0);
    d->child = 0;
    d->out = -1;
    char err[256];
    json_reader r = { d->sarif.v, d->sarif.v, d->sarif.v + d->sarif.n, d->path, err, sizeof err };
    jv found;
    if (d->sarif.n && jr_document(&r, &found) && first_run(&found)) {
        jv_free(&d->found);
        d->found = found;
        d->stale = false;
        publish(s, d);
    } else {
        if (d->sarif.n)
            jv_free(&found);
        fprintf(stderr, "devcheck lsp: %s: the analysis ended with no findings to read (%s %d)\n",
                d->path, WIFSIGNALED(status) ? "signal" : "status",
                WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    }
    analysis_stop(d);
}

/* ---- documents ------------------------------------------------------------------------- */

static document *document_named(server *s, const jv *params)
{
    const char *uri = string_at(params, "textDocument", "uri", NULL);
    for (int i = 0; uri && i < s->ndocs; i++)
        if (strcmp(s->docs[i]->uri, uri) == 0)
            return s->docs[i];
    return NULL;
}

static void document_set_text(document *d, const char *text)
{
    free(d->text);
    d->len = strlen(text);
    d->text = dc_format("%s", text);
}

static void document_free(document *d)
{
    analysis_stop(d);
    jv_free(&d->found);
    free(d->uri);
    free(d->path);
    free(d->text);
    free(d->sarif.v);
    free(d);
}

/* Each handler is given the message's params and id (NULL: a notification)
   and answers a request itself; it returns NULL, or why the params are not
   the method's (said as InvalidParams to a request). */
typedef const char *handler(server *s, const jv *params, const jv *id);

static const char *on_open(server *s, const jv *params, const jv *id)
{
    (void)id;
    const char *uri = string_at(params, "textDocument", "uri", NULL);
    const char *text = string_at(params, "textDocument", "text", NULL);
    char *path = uri_path(uri);
    if (!path || !text) {
        free(path);
        return "didOpen wants a textDocument with a file: uri and its text";
    }
    document *d = document_named(s, params);
    if (!d) {
        d = dc_realloc(NULL, sizeof *d);
        *d = (document){ .uri = dc_format("%s", uri), .path = dc_absolute_path(path), .out = -1 };
        s->docs = dc_realloc(s->docs, (size_t)(s->ndocs + 1) * sizeof *s->docs);
        s->docs[s->ndocs++] = d;
    }
    free(path);
    document_set_text(d, text);
    analysis_start(s, d);
    return NULL;
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Full sync: the last change's text is the document's, analyzed when the
   typing pauses: each keystroke's analysis would be killed by the next
   before it says anything. */
static const char *on_change(server *s, const jv *params, const jv *id)
{
    (void)id;
    document *d = document_named(s, params);
    const jv *changes = member(params, "contentChanges");
    if (!d || !changes || changes->type != JV_ARRAY || !changes->n)
        return "didChange wants an open document and its changes";
    const char *text = string_at(&changes->items[changes->n - 1], "text", NULL);
    if (!text)
        return "didChange wants the whole text (full sync)";
    document_set_text(d, text);
    d->stale = true;
    if (dc_language_of(d->path) != DC_LANG_NONE) {
        analysis_stop(d);
        d->due = now_ms() + s->debounce;
    }   /* else a header: analyzed as saved, by what runs */
    return NULL;
}

/* A save may change what every other open file's analysis reads (its
   facts, under -p): each is analyzed again. */
static const char *on_save(server *s, const jv *params, const jv *id)
{
    (void)id;
    document *d = document_named(s, params);
    if (!d)
        return "didSave wants an open document";
    const char *text = string_at(params, "text", NULL);
    if (text)
        document_set_text(d, text);
    for (int i = 0; i < s->ndocs; i++)
        analysis_start(s, s->docs[i]);
    return NULL;
}

static const char *on_close(server *s, const jv *params, const jv *id)
{
    (void)id;
    document *d = document_named(s, params);
    if (!d)
        return "didClose wants an open document";
    jv_free(&d->found);
    d->found = (jv){ .type = JV_NULL };
    publish(s, d);                  /* none: the editor's list of problems forgets it */
    int i = 0;
    while (s->docs[i] != d)
        i++;
    s->docs[i] = s->docs[--s->ndocs];
    document_free(d);
    return NULL;
}

/* The first encoding the client offers that the server knows; UTF-16, the
   protocol's own, where it offers none. */
static encoding encoding_offered(const jv *offered)
{
    for (size_t i = 0; offered && offered->type == JV_ARRAY && i < offered->n; i++)
        for (int e = ENC_UTF8; e <= ENC_UTF32; e++)
            if (offered->items[i].type == JV_STRING &&
                strcmp(offered->items[i].text, encoding_names[e]) == 0)
                return (encoding)e;
    return ENC_UTF16;
}

/* The workspace's folder, the encoding of positions, and what the server
   does. */
static const char *on_initialize(server *s, const jv *params, const jv *id)
{
    const char *root = string_at(params, "rootUri", NULL);
    const jv *folders = member(params, "workspaceFolders");
    if (!root && folders && folders->type == JV_ARRAY && folders->n)
        root = string_at(&folders->items[0], "uri", NULL);
    char *path = uri_path(root);
    if (!path && string_at(params, "rootPath", NULL))
        path = dc_format("%s", string_at(params, "rootPath", NULL));
    s->root = path ? dc_absolute_path(path) : NULL;
    free(path);
    const char *build = string_at(params, "initializationOptions", "build", NULL);
    s->build = build ? dc_format("%s", build) : NULL;
    const jv *debounce = member(member(params, "initializationOptions"), "debounce");
    unsigned long day = 86400000;
    if (debounce && debounce->type == JV_NUMBER)
        s->debounce = (long)(number_of(debounce) < day ? number_of(debounce) : day);
    s->enc = encoding_offered(member(member(member(params, "capabilities"), "general"),
                                     "positionEncodings"));
    s->initialized = true;
    message m;
    result_begin(&m, id);
    json *j = &m.j;
    j_open(j, "result", '{');
    j_open(j, "capabilities", '{');
    j_string(j, "positionEncoding", encoding_names[s->enc]);
    j_open(j, "textDocumentSync", '{');
    j_bool(j, "openClose", true);
    j_uint(j, "change", 1);         /* full */
    j_bool(j, "save", true);
    j_close(j, '}');
    j_open(j, "codeActionProvider", '{');
    j_open(j, "codeActionKinds", '[');
    j_string(j, NULL, "quickfix");
    j_close(j, ']');
    j_close(j, '}');
    j_close(j, '}');
    j_open(j, "serverInfo", '{');
    j_string(j, "name", "devcheck");
    j_string(j, "version", DEVCHECK_VERSION);
    j_close(j, '}');
    j_close(j, '}');
    message_send(&m);
    return NULL;
}

static const char *on_shutdown(server *s, const jv *params, const jv *id)
{
    (void)params;
    for (int i = 0; i < s->ndocs; i++)
        analysis_stop(s->docs[i]);
    s->shut_down = true;
    message m;
    result_begin(&m, id);
    j_raw(&m.j, "result", "null");
    message_send(&m);
    return NULL;
}

static const char *on_exit_notice(server *s, const jv *params, const jv *id)
{
    (void)params, (void)id;
    s->exiting = true;
    return NULL;
}

/* Requests are answered as they come, so none is left to cancel; and the
   notifications a server may leave alone. */
static const char *on_nothing(server *s, const jv *params, const jv *id)
{
    (void)s, (void)params, (void)id;
    return NULL;
}

/* ---- code actions ------------------------------------------------------------------------ */

/* A quick fix's start, up to its WorkspaceEdit's changes (a file's URI to
   its edits), and its end. */
static void action_begin(json *j, const char *title)
{
    j_open(j, NULL, '{');
    j_string(j, "title", title);
    j_string(j, "kind", "quickfix");
    j_open(j, "edit", '{');
    j_open(j, "changes", '{');
}

static void action_end(json *j)
{
    j_close(j, '}');
    j_close(j, '}');
    j_close(j, '}');
}

/* A SARIF fix's changes as a WorkspaceEdit's: each file's edits. */
static void j_fix_changes(server *s, json *j, const jv *run, const jv *fix)
{
    const jv *changes = member(fix, "artifactChanges");
    for (size_t c = 0; changes && changes->type == JV_ARRAY && c < changes->n; c++) {
        char *path = artifact_path(run, member(&changes->items[c], "artifactLocation"));
        const jv *reps = member(&changes->items[c], "replacements");
        if (!path)
            continue;
        char *uri = uri_for(s, path);
        j_open(j, uri, '[');
        for (size_t k = 0; reps && reps->type == JV_ARRAY && k < reps->n; k++) {
            const jv *region = member(&reps->items[k], "deletedRegion");
            const char *text = string_at(&reps->items[k], "insertedContent", "text", NULL);
            place p = { path, number_of(member(region, "startLine")),
                        number_of(member(region, "startColumn")),
                        number_of(member(region, "endLine")),
                        number_of(member(region, "endColumn")) };
            j_open(j, NULL, '{');
            j_range(s, j, "range", &p, true);
            j_string(j, "newText", text ? text : "");
            j_close(j, '}');
        }
        j_close(j, ']');
        free(uri);
        free(path);
    }
}

/* An edit that inserts text at the start of line (0-based) of d. */
static void j_insert_at_line(json *j, const document *d, unsigned long line, const char *text)
{
    j_open(j, d->uri, '[');
    j_open(j, NULL, '{');
    j_open(j, "range", '{');
    for (int end = 0; end < 2; end++) {
        j_open(j, end ? "end" : "start", '{');
        j_uint(j, "line", line);
        j_uint(j, "character", 0);
        j_close(j, '}');
    }
    j_close(j, '}');
    j_string(j, "newText", text);
    j_close(j, '}');
    j_close(j, ']');
}

/* The quick fixes of the finding: its fix-its (the edits --fix makes), then
   "suppress here", an ignore comment alone on the line above it, indented
   as the line is. */
static void j_actions(server *s, json *j, const document *d, const jv *run, const jv *result,
                      const place *at)
{
    const char *rule = string_at(result, "ruleId", NULL);
    const jv *fixes = member(result, "fixes");
    for (size_t i = 0; fixes && fixes->type == JV_ARRAY && i < fixes->n; i++) {
        const char *what = string_at(&fixes->items[i], "description", "text", NULL);
        char *title = dc_format("devcheck: %s", what ? what : "fix");
        action_begin(j, title);
        j_fix_changes(s, j, run, &fixes->items[i]);
        action_end(j);
        free(title);
    }
    size_t len = 0, indent = 0;
    const char *line = nth_line(d->text, d->len, at->line, &len);
    while (line && indent < len && (line[indent] == ' ' || line[indent] == '\t'))
        indent++;
    char *title = dc_format("devcheck: suppress %s here", rule ? rule : "it");
    char *comment = dc_format("%.*s// devcheck-ignore%s%s%s\n", (int)indent, line ? line : "",
                              rule ? "(" : "", rule ? rule : "", rule ? ")" : "");
    action_begin(j, title);
    j_insert_at_line(j, d, at->line - 1, comment);
    action_end(j);
    free(title);
    free(comment);
}

/* The quick fixes of the findings on the lines of the range asked about;
   none while the text has changed since its analysis (its places may be
   gone). */
static const char *on_code_action(server *s, const jv *params, const jv *id)
{
    document *d = document_named(s, params);
    const jv *range = member(params, "range");
    if (!d || !range)
        return "codeAction wants an open document and a range";
    unsigned long first = number_of(member(member(range, "start"), "line")) + 1;
    unsigned long last = number_of(member(member(range, "end"), "line")) + 1;
    message m;
    result_begin(&m, id);
    j_open(&m.j, "result", '[');
    const jv *run = first_run(&d->found), *results = d->stale ? NULL : results_of(run);
    for (size_t i = 0; results && i < results->n; i++) {
        place at;
        if (!result_in(run, &results->items[i], d->path, &at))
            continue;
        if (at.line >= first && at.line <= last)
            j_actions(s, &m.j, d, run, &results->items[i], &at);
        free(at.path);
    }
    j_close(&m.j, ']');
    message_send(&m);
    return NULL;
}

/* ---- the loop ------------------------------------------------------------------------------ */

static const struct {
    const char *method;
    handler *handle;
    bool before_initialize;             /* allowed before initialize */
} methods[] = {
    { "initialize", on_initialize, true },
    { "initialized", on_nothing, false },
    { "shutdown", on_shutdown, false },
    { "exit", on_exit_notice, true },
    { "textDocument/didOpen", on_open, false },
    { "textDocument/didChange", on_change, false },
    { "textDocument/didSave", on_save, false },
    { "textDocument/didClose", on_close, false },
    { "textDocument/codeAction", on_code_action, false },
    { "$/cancelRequest", on_nothing, true },
    { "$/setTrace", on_nothing, true },
    { "workspace/didChangeConfiguration", on_nothing, false },
};

/* One message's body: a request is answered, with an error where it cannot
   be; a notification is done, or said on stderr where it cannot be. */
static void handle(server *s, const char *body, size_t len)
{
    char err[256];
    json_reader r = { body, body, body + len, "message", err, sizeof err };
    jv msg;
    if (!jr_document(&r, &msg)) {
        send_error(NULL, PARSE_ERROR, err);
        return;
    }
    const jv *id = member(&msg, "id");
    const char *method = string_at(&msg, "method", NULL);
    size_t i = 0;
    while (method && i < sizeof methods / sizeof *methods && strcmp(methods[i].method, method) != 0)
        i++;
    bool known = method && i < sizeof methods / sizeof *methods;
    const char *why = NULL;
    if (msg.type != JV_OBJECT || (!method && !member(&msg, "result") && !member(&msg, "error")))
        send_error(id, INVALID_REQUEST, "not a JSON-RPC request, notification or response");
    else if (!method)
        ;                               /* a response: the server asks nothing */
    else if (!s->initialized && !(known && methods[i].before_initialize) && id)
        send_error(id, SERVER_NOT_INITIALIZED, "initialize first");
    else if (!known && id)
        send_error(id, METHOD_NOT_FOUND, method);
    else if (known && s->shut_down && id)
        send_error(id, INVALID_REQUEST, "the server is shut down");
    else if (s->shut_down && !(known && methods[i].handle == on_exit_notice))
        ;                               /* shut down: only exit is heard */
    else if (known && (s->initialized || methods[i].before_initialize))
        why = methods[i].handle(s, member(&msg, "params"), id);
    if (why && id)
        send_error(id, INVALID_PARAMS, why);
    else if (why)
        fprintf(stderr, "devcheck lsp: %s: %s\n", method, why);
    jv_free(&msg);
}

/* The input's first n bytes dropped. */
static void buffer_drop(buffer *b, size_t n)
{
    memmove(b->v, b->v + n, b->n - n + 1);
    b->n -= n;
}

/* The largest message read: an editor's file is far smaller; a length
   past it is a broken or hostile client, whose body would be held whole. */
#define MAX_MESSAGE ((size_t)64 << 20)

/* A header's Content-Length (its lines end at end); false where it has
   none, or one that is not a number (a number too large for size_t is
   SIZE_MAX, over MAX_MESSAGE). */
static bool content_length(const char *p, const char *end, size_t *len)
{
    for (; p < end; p += 2) {
        if ((size_t)(end - p) > 15 && strncasecmp(p, "Content-Length:", 15) == 0) {
            const char *digits = p + 15 + strspn(p + 15, " \t");
            const char *eol = memmem(p, (size_t)(end - p), "\r\n", 2);
            char *after;
            unsigned long long n = strtoull(digits, &after, 10);
            *len = n > SIZE_MAX ? SIZE_MAX : (size_t)n;
            return isdigit((unsigned char)*digits) && after + strspn(after, " \t") == eol;
        }
        const char *eol = memmem(p, (size_t)(end - p), "\r\n", 2);
        p = eol ? eol : end;
    }
    return false;
}

/* The next message's body in the input, or NULL while it is not all there.
   A header without a Content-Length, or 64 KiB with no header's end, is
   answered as a parse error and dropped; so is a body over MAX_MESSAGE,
   dropped as it comes (*skip: what is still to come), never held. */
static const char *next_message(buffer *in, size_t *skip, size_t *start, size_t *len)
{
    for (;;) {
        size_t gone = *skip < in->n ? *skip : in->n;
        buffer_drop(in, gone);
        *skip -= gone;
        if (*skip)
            return NULL;
        const char *end = in->n ? memmem(in->v, in->n, "\r\n\r\n", 4) : NULL;
        if (!end && in->n < 65536)
            return NULL;
        size_t header = end ? (size_t)(end - in->v) + 4 : in->n;
        bool framed = end && content_length(in->v, end + 2, len);
        if (framed && *len <= MAX_MESSAGE) {
            if (in->n - header < *len)
                return NULL;
            *start = header;
            return in->v + header;
        }
        send_error(NULL, PARSE_ERROR, framed ? "a message over 64 MiB" :
                                               "a message header without Content-Length");
        buffer_drop(in, header);
        *skip = framed ? *len : 0;
    }
}

/* What came on stdin; false at its end. */
static bool read_client(server *s)
{
    char chunk[65536];
    ssize_t k = read(STDIN_FILENO, chunk, sizeof chunk);
    if (k < 0 && errno == EINTR)
        return true;
    if (k <= 0)
        return false;
    buffer_add(&s->in, chunk, (size_t)k);
    size_t start, len;
    for (const char *body; !s->exiting && (body = next_message(&s->in, &s->skip, &start, &len));) {
        char *copy = dc_realloc(NULL, len + 1);        /* the buffer moves on */
        memcpy(copy, body, len);
        copy[len] = '\0';
        buffer_drop(&s->in, start + len);
        handle(s, copy, len);
        free(copy);
    }
    return true;
}

/* How long poll may wait: until the first changed text is due (ms), or
   for ever (-1). */
static int wait_for_due(const server *s)
{
    long long first = 0;
    for (int i = 0; i < s->ndocs; i++)
        if (s->docs[i]->due && (!first || s->docs[i]->due < first))
            first = s->docs[i]->due;
    if (!first)
        return -1;
    long long left = first - now_ms();
    return left <= 0 ? 0 : left > INT_MAX ? INT_MAX : (int)left;
}

static void start_due(server *s)
{
    long long now = now_ms();
    for (int i = 0; i < s->ndocs; i++)
        if (s->docs[i]->due && s->docs[i]->due <= now)
            analysis_start(s, s->docs[i]);
}

static void serve(server *s)
{
    struct pollfd *fds = NULL;
    while (!s->exiting) {
        fds = dc_realloc(fds, (size_t)(s->ndocs + 1) * sizeof *fds);
        int n = 0;
        fds[n++] = (struct pollfd){ STDIN_FILENO, POLLIN, 0 };
        for (int i = 0; i < s->ndocs; i++)
            fds[n++] = (struct pollfd){ s->docs[i]->out, POLLIN, 0 };  /* -1: none, skipped */
        if (poll(fds, (nfds_t)n, wait_for_due(s)) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        start_due(s);
        for (int i = 0; i < s->ndocs; i++)  /* before the client's, which may end them */
            if (fds[i + 1].revents && s->docs[i]->out >= 0)
                analysis_read(s, s->docs[i]);
        if (fds[0].revents && !read_client(s))
            break;
    }
    free(fds);
}

int dc_lsp(int argc, char **argv)
{
    server s = { .args = argv, .nargs = argc, .enc = ENC_UTF16, .debounce = 300 };
    s.exe = realpath("/proc/self/exe", NULL);
    if (!s.exe) {
        fprintf(stderr, "devcheck lsp: cannot find devcheck itself: %s\n", strerror(errno));
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    serve(&s);
    for (int i = 0; i < s.ndocs; i++)
        document_free(s.docs[i]);
    free(s.docs);
    free(s.in.v);
    free(s.root);
    free(s.build);
    free(s.exe);
    return s.exiting && s.shut_down ? 0 : 1;
}
