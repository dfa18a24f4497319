/*
 * Output: rows as an aligned table for people, or as CSV (RFC 4180) and JSON
 * for programs, each row printed as it is read.  JSON keeps numbers as
 * numbers and NULL as null; strings go out as SQLite holds them, except
 * that bytes which are not UTF-8 become U+FFFD in JSON, since a JSON
 * document must be Unicode, and that no format lets a control character
 * through (JSON's escapes, printable()'s elsewhere).  A column whose text a
 * view makes JSON (json_columns: the findings' chains) is a JSON value
 * there, and its JSON text in CSV.  A CSV text cell that a spreadsheet
 * would run as a formula is made text for it (put_csv_field).
 */
#define _GNU_SOURCE     /* the _unlocked stdio: only this thread writes stdout */
#include "report.h"
#include "json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *printable(const char *s, size_t n, bool keep_tabs)
{
    char *out = xmalloc(4 * n + 1);
    json_printable(out, s, n, keep_tabs);
    return out;
}

bool is_plain(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f)
            return false;
    return true;
}

/* The text of a cell for humans: "-" for NULL; malloc'd. */
static char *cell_shown(sqlite3_value *v)
{
    if (cell_null(v))
        return xstrdup("-");
    const char *s = cell_text(v);
    return printable(s ? s : "", cell_bytes(v), false);
}

/* ---- table --------------------------------------------------------------- */

/* Columns on a terminal: one per UTF-8 character, whatever its bytes. */
static size_t display_width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xc0) != 0x80;
    return w;
}

static void print_row(const char *indent, const char *const *text, int ncols, const size_t *width,
                      const bool *right)
{
    fputs(indent, stdout);
    for (int i = 0; i < ncols; i++) {
        int pad = (int)(width[i] - display_width(text[i]));
        bool last = i == ncols - 1;
        if (right[i])
            printf("%*s%s", pad, "", text[i]);
        else
            printf("%s%*s", text[i], last ? 0 : pad, "");
        fputs(last ? "\n" : "  ", stdout);
    }
}

/* The columns' widths, and which line up on the right: those of numbers
   (and NULLs), not all NULL.  The first pass over the rows; false when
   there are none. */
static bool measure(cursor *c, size_t *width, bool *right)
{
    int ncols = cursor_ncols(c);
    bool any_row = false, *text_seen = xmalloc((size_t)ncols * sizeof *text_seen);
    for (int i = 0; i < ncols; i++) {
        width[i] = display_width(cursor_column(c, i));
        right[i] = text_seen[i] = false;
    }
    for (; cursor_next(c); any_row = true)
        for (int i = 0; i < ncols; i++) {
            int type = cell_type(cursor_cell(c, i));      /* before it is made text */
            char *text = cell_shown(cursor_cell(c, i));
            size_t w = display_width(text);
            free(text);
            if (w > width[i])
                width[i] = w;
            text_seen[i] |= type == SQLITE_TEXT || type == SQLITE_BLOB;
            right[i] |= type != SQLITE_NULL;
        }
    for (int i = 0; i < ncols; i++)
        right[i] = right[i] && !text_seen[i];
    free(text_seen);
    return any_row;
}

static void print_one_table(cursor *c, const char *indent)
{
    int ncols = cursor_ncols(c);
    size_t *width = xmalloc((size_t)ncols * sizeof *width);
    bool *right = xmalloc((size_t)ncols * sizeof *right);
    const char **names = xmalloc((size_t)ncols * sizeof *names);
    char **text = xmalloc((size_t)ncols * sizeof *text);
    if (!measure(c, width, right)) {
        printf("%s(none)\n", indent);
    } else {
        for (int i = 0; i < ncols; i++)
            names[i] = cursor_column(c, i);
        print_row(indent, names, ncols, width, right);
        cursor_rewind(c);
        while (cursor_next(c)) {
            for (int i = 0; i < ncols; i++)
                text[i] = cell_shown(cursor_cell(c, i));
            print_row(indent, (const char *const *)text, ncols, width, right);
            for (int i = 0; i < ncols; i++)
                free(text[i]);
        }
    }
    free(text);
    free(names);
    free(right);
    free(width);
}

void print_table(cursor *parts, int nparts)
{
    if (nparts == 1) {
        print_one_table(parts, "");
        return;
    }
    for (int i = 0; i < nparts; i++) {
        printf("%s%s:\n", i ? "\n" : "", parts[i].name);
        print_one_table(&parts[i], "  ");
    }
}

/* ---- CSV ----------------------------------------------------------------- */

/* A text field that a spreadsheet would take for a formula (it begins with
   =, +, -, @, a tab or a carriage return: formula injection) is written as
   OWASP advises, quoted and after an apostrophe, which makes it text there
   ('=1+2 shows as =1+2); and one with a semicolon is quoted, where a
   spreadsheet that splits at semicolons would start a cell. */
static bool like_formula(const char *s, size_t n)
{
    return n > 0 && memchr("=+-@\t\r", s[0], 6);
}

static void put_csv_field(const char *s, size_t n, bool text)
{
    bool formula = text && like_formula(s, n);
    if (!formula && strcspn(s, ",\";") >= n) {
        fwrite_unlocked(s, 1, n, stdout);
        return;
    }
    putchar_unlocked('"');
    if (formula)
        putchar_unlocked('\'');
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"')
            putchar_unlocked('"');
        putchar_unlocked(s[i]);
    }
    putchar_unlocked('"');
}

/* Text as printable() spells it: no control character (a tab aside) can
   reach a terminal or a spreadsheet, and a record is one line. */
static void put_csv_value(sqlite3_value *v)
{
    int type = cell_type(v);      /* before it is made text */
    const char *s = cell_text(v);    /* NULL for NULL */
    if (!s)
        return;
    size_t n = cell_bytes(v);
    bool text = type == SQLITE_TEXT || type == SQLITE_BLOB;     /* -1 is a number */
    if (is_plain(s, n)) {
        put_csv_field(s, n, text);
        return;
    }
    char *shown = printable(s, n, true);
    put_csv_field(shown, strlen(shown), text);
    free(shown);
}

static void print_csv_header(cursor *c)
{
    for (int i = 0; i < cursor_ncols(c); i++) {
        put_csv_field(cursor_column(c, i), strlen(cursor_column(c, i)), true);
        fputs_unlocked(i + 1 < cursor_ncols(c) ? "," : "\r\n", stdout);
    }
}

/* Each block's header follows its first row's reading. */
void print_csv(cursor *parts, int nparts)
{
    for (int p = 0; p < nparts; p++) {
        cursor *c = &parts[p];
        bool more = cursor_next(c);
        if (p)
            fputs_unlocked("\r\n", stdout);
        print_csv_header(c);
        for (int ncols = cursor_ncols(c); more; more = cursor_next(c))
            for (int i = 0; i < ncols; i++) {
                put_csv_value(cursor_cell(c, i));
                if (i + 1 < ncols)
                    putchar_unlocked(',');
                else
                    fputs_unlocked("\r\n", stdout);
            }
    }
}

/* ---- JSON ---------------------------------------------------------------- */

/* The columns whose text is JSON that a view's SQL made (SQLite's json
   functions), by name. */
static const char *const json_columns[] = { "chain" };

static bool is_json_column(const char *name)
{
    for (size_t i = 0; i < COUNT(json_columns); i++)
        if (!strcmp(name, json_columns[i]))
            return true;
    return false;
}

/* JSON text as SQLite's functions write it, which escape what JSON must
   but pass bytes that are not UTF-8 through: those, always inside a
   string, become U+FFFD. */
static void put_json_text(const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    for (size_t i = 0, len; i < n; i += len) {
        len = json_utf8_sequence(s + i, n - i);
        if (len) {
            fwrite_unlocked(s + i, 1, len, stdout);
        } else {
            fputs_unlocked("\\ufffd", stdout);
            len = 1;
        }
    }
}

static void put_json_value(sqlite3_value *v, bool json_text)
{
    int type = cell_type(v);
    if (type == SQLITE_NULL || (type == SQLITE_FLOAT && !isfinite(cell_double(v)))) {
        fputs_unlocked("null", stdout);
        return;
    }
    const char *s = cell_text(v);
    size_t n = cell_bytes(v);
    if (type == SQLITE_INTEGER || type == SQLITE_FLOAT) {
        fwrite_unlocked(s, 1, n, stdout);
    } else if (json_text) {
        put_json_text(s, n);
    } else if (is_plain(s, n) && strcspn(s, "\"\\") >= n) {     /* JSON as it is */
        putchar_unlocked('"');
        fwrite_unlocked(s, 1, n, stdout);
        putchar_unlocked('"');
    } else {
        json_put_string(stdout, s, n);
    }
}

/* The columns' names as JSON strings, each with its ": ", made once for
   all the rows, and which are JSON text; malloc'd. */
static char **json_keys(cursor *c, bool *json_text)
{
    char **keys = xmalloc((size_t)cursor_ncols(c) * sizeof *keys);
    for (int i = 0; i < cursor_ncols(c); i++) {
        size_t size;
        FILE *f = open_memstream(&keys[i], &size);
        if (!f)
            die("out of memory");
        json_put_string(f, cursor_column(c, i), strlen(cursor_column(c, i)));
        fputs_unlocked(": ", f);
        json_text[i] = is_json_column(cursor_column(c, i));
        if (fclose(f) != 0)
            die("out of memory");
    }
    return keys;
}

static void put_json_object(cursor *c, char *const *keys, const bool *json_text,
                            const char *indent)
{
    printf("%s  {", indent);
    for (int i = 0; i < cursor_ncols(c); i++) {
        fputs_unlocked(keys[i], stdout);
        put_json_value(cursor_cell(c, i), json_text[i]);
        if (i + 1 < cursor_ncols(c))
            fputs_unlocked(", ", stdout);
    }
    putchar_unlocked('}');
}

/* more: the cursor's first row has been read (and is not yet printed). */
static void print_json_array(cursor *c, bool more, const char *indent)
{
    if (!more) {
        fputs_unlocked("[]", stdout);
        return;
    }
    bool *json_text = xmalloc((size_t)cursor_ncols(c) * sizeof *json_text);
    char **keys = json_keys(c, json_text);
    fputs_unlocked("[\n", stdout);
    for (bool first = true; more; more = cursor_next(c), first = false) {
        if (!first)
            fputs_unlocked(",\n", stdout);
        put_json_object(c, keys, json_text, indent);
    }
    printf("\n%s]", indent);
    for (int i = 0; i < cursor_ncols(c); i++)
        free(keys[i]);
    free(keys);
    free(json_text);
}

void print_json(cursor *parts, int nparts)
{
    if (nparts == 1) {
        print_json_array(parts, cursor_next(parts), "");
        putchar_unlocked('\n');
        return;
    }
    for (int i = 0; i < nparts; i++) {
        bool more = cursor_next(&parts[i]);
        fputs_unlocked(i ? "  " : "{\n  ", stdout);
        json_put_string(stdout, parts[i].name, strlen(parts[i].name));
        fputs_unlocked(": ", stdout);
        print_json_array(&parts[i], more, "  ");
        fputs_unlocked(i + 1 < nparts ? ",\n" : "\n", stdout);
    }
    fputs_unlocked("}\n", stdout);
}
