/*
 * Output: rows as an aligned table for people, or as CSV (RFC 4180) and JSON
 * for programs.  JSON keeps numbers as numbers and NULL as null; strings go
 * out as SQLite holds them, except that bytes which are not UTF-8 become
 * U+FFFD in JSON, since a JSON document must be Unicode.
 */
#include "report.h"
#include "json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *printable(const char *str, size_t n, bool keep_tabs)
{
    const unsigned char *s = (const unsigned char *)str;
    char *out = xmalloc(4 * n + 1), *o = out;
    for (size_t i = 0, len; i < n; i += len) {
        len = json_utf8_sequence(s + i, n - i);
        bool c1 = len == 2 && s[i] == 0xc2 && s[i + 1] < 0xa0;     /* U+0080..U+009F */
        if (len == 0 || c1 || s[i] < 0x20 || s[i] == 0x7f) {
            if (s[i] == '\t' && keep_tabs)
                *o++ = '\t';
            else if (json_short_escape(s[i]))
                o += sprintf(o, "\\%c", json_short_escape(s[i]));
            else
                o += sprintf(o, c1 ? "\\u%04x" : "\\x%02x", c1 ? s[i + 1] : s[i]);
            len = len ? len : 1;
        } else {
            memcpy(o, s + i, len);
            o += len;
        }
    }
    *o = '\0';
    return out;
}

/* The text of a cell for humans: "-" for NULL; malloc'd. */
static char *cell_text(sqlite3_value *v)
{
    if (sqlite3_value_type(v) == SQLITE_NULL)
        return xstrdup("-");
    const char *s = (const char *)sqlite3_value_text(v);
    return printable(s ? s : "", (size_t)sqlite3_value_bytes(v), false);
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

/* A column of numbers (and NULLs) lines up on the right. */
static bool numeric_column(const rows *rs, int col)
{
    bool any = false;
    for (size_t i = 0; i < rs->nrows; i++) {
        int type = sqlite3_value_type(rows_cell(rs, i, col));
        if (type == SQLITE_TEXT || type == SQLITE_BLOB)
            return false;
        any |= type != SQLITE_NULL;
    }
    return any;
}

static void print_row(const char *indent, char *const *text, int ncols, const size_t *width,
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

static void print_one_table(const rows *rs, const char *indent)
{
    if (rs->nrows == 0) {
        printf("%s(none)\n", indent);
        return;
    }
    int ncols = rs->ncols;
    size_t ncells = rs->nrows * (size_t)ncols;
    size_t *width = xmalloc((size_t)ncols * sizeof *width);
    bool *right = xmalloc((size_t)ncols * sizeof *right);
    char **text = xmalloc(ncells * sizeof *text);
    for (int c = 0; c < ncols; c++) {
        width[c] = display_width(rs->cols[c]);
        right[c] = numeric_column(rs, c);
    }
    for (size_t i = 0; i < ncells; i++) {
        text[i] = cell_text(rs->cells[i]);
        size_t w = display_width(text[i]);
        if (w > width[i % (size_t)ncols])
            width[i % (size_t)ncols] = w;
    }
    print_row(indent, rs->cols, ncols, width, right);
    for (size_t r = 0; r < rs->nrows; r++)
        print_row(indent, text + r * (size_t)ncols, ncols, width, right);
    for (size_t i = 0; i < ncells; i++)
        free(text[i]);
    free(text);
    free(right);
    free(width);
}

void print_table(const rows *parts, int nparts)
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

static void put_csv_field(const char *s, size_t n)
{
    bool quote = false;
    for (size_t i = 0; i < n && !quote; i++)
        quote = memchr(",\"\r\n", s[i], 4) != NULL;
    if (!quote) {
        fwrite(s, 1, n, stdout);
        return;
    }
    putchar('"');
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"')
            putchar('"');
        putchar(s[i]);
    }
    putchar('"');
}

static void put_csv_value(sqlite3_value *v)
{
    const char *s = (const char *)sqlite3_value_text(v);    /* NULL for NULL */
    if (s)
        put_csv_field(s, (size_t)sqlite3_value_bytes(v));
}

static void print_csv_block(const rows *rs)
{
    for (int c = 0; c < rs->ncols; c++) {
        put_csv_field(rs->cols[c], strlen(rs->cols[c]));
        fputs(c + 1 < rs->ncols ? "," : "\r\n", stdout);
    }
    for (size_t r = 0; r < rs->nrows; r++)
        for (int c = 0; c < rs->ncols; c++) {
            put_csv_value(rows_cell(rs, r, c));
            fputs(c + 1 < rs->ncols ? "," : "\r\n", stdout);
        }
}

void print_csv(const rows *parts, int nparts)
{
    for (int i = 0; i < nparts; i++) {
        if (i)
            fputs("\r\n", stdout);
        print_csv_block(&parts[i]);
    }
}

/* ---- JSON ---------------------------------------------------------------- */

static void put_json_value(sqlite3_value *v)
{
    int type = sqlite3_value_type(v);
    if (type == SQLITE_NULL || (type == SQLITE_FLOAT && !isfinite(sqlite3_value_double(v)))) {
        fputs("null", stdout);
        return;
    }
    const char *s = (const char *)sqlite3_value_text(v);
    size_t n = (size_t)sqlite3_value_bytes(v);
    if (type == SQLITE_INTEGER || type == SQLITE_FLOAT)
        fwrite(s, 1, n, stdout);
    else
        json_put_string(stdout, s, n);
}

static void print_json_array(const rows *rs, const char *indent)
{
    if (rs->nrows == 0) {
        fputs("[]", stdout);
        return;
    }
    fputs("[\n", stdout);
    for (size_t r = 0; r < rs->nrows; r++) {
        printf("%s  {", indent);
        for (int c = 0; c < rs->ncols; c++) {
            json_put_string(stdout, rs->cols[c], strlen(rs->cols[c]));
            fputs(": ", stdout);
            put_json_value(rows_cell(rs, r, c));
            if (c + 1 < rs->ncols)
                fputs(", ", stdout);
        }
        printf("}%s\n", r + 1 < rs->nrows ? "," : "");
    }
    printf("%s]", indent);
}

void print_json(const rows *parts, int nparts)
{
    if (nparts == 1) {
        print_json_array(parts, "");
        putchar('\n');
        return;
    }
    fputs("{\n", stdout);
    for (int i = 0; i < nparts; i++) {
        fputs("  ", stdout);
        json_put_string(stdout, parts[i].name, strlen(parts[i].name));
        fputs(": ", stdout);
        print_json_array(&parts[i], "  ");
        fputs(i + 1 < nparts ? ",\n" : "\n", stdout);
    }
    fputs("}\n", stdout);
}
